import pino from 'pino';
import { reconcilePendingPayments } from '@cubre/services/payments';
import {
  recurrentPaymentIdOf,
  recurrentPaymentStream,
} from '@cubre/services/subscriptions/recurrentPaymentDecider';
import { subscriptionStream } from '@cubre/services/subscriptions/subscriptionDecider';
import { signIn } from '../identity/support';
import { json } from '../support/http';
import { mercadoPagoDelivery, mercadoPagoSigned } from '../payments/support/mercadoPago';
import { mercadoPagoMonthlySuite } from './mercadoPagoSuite';
import { chargeRun, saleState, settled, subscriptionOfSale } from './support';

/**
 * Issue 14/15: a monthly sale's preapproval ended on Mercado Pago's side (the buyer cancels it in their
 * account, or Mercado Pago cancels it) ends our subscription and moves the sale, once, whether its signed
 * `subscription_preapproval` notification arrives twice, late, out of order or never (then the charge run
 * finds it on the due date), and Mercado Pago is never asked to cancel what it already cancelled. Over real
 * HTTP against a local Mercado Pago that keeps preapprovals and debits.
 */
const SECRET = 'mp-webhook-secret-for-preapproval-tests';
const {
  time,
  suite,
  notify,
  typesOf,
  buyUndebited: buyNow,
} = mercadoPagoMonthlySuite(SECRET, '2026-11-10T15:00:00Z');
const preapprovalChanged = (id: string) => notify(id, 'subscription_preapproval', 'updated');
const debited = (id: number) => notify(id, 'subscription_authorized_payment', 'updated');
const cancellationsAtMercadoPago = () =>
  suite.mp.writes().filter((request) => request.method === 'PUT' && request.path.startsWith('/preapproval/'));

/** Buys a monthly sale on `day` with a Mercado Pago card token: its preapproval made, no debit yet. */
async function buyUndebited(day: string) {
  time.set(`${day}T15:00:00Z`);
  return buyNow();
}

/** …and Mercado Pago's first debit pays it (notified, unless the test delivers it later). */
async function buyMonthly(day: string, options: { notifyFirstDebit?: boolean } = {}) {
  const bought = await buyUndebited(day);
  const first = suite.mp.debit(bought.preapproval.id, day, 'approved');
  if (options.notifyFirstDebit !== false) {
    await debited(first.id);
    expect(await saleState(suite.runtime.url, bought.sale.id)).toBe('OK');
  }
  return { ...bought, first };
}

test('002-3.30 002-4.02 a preapproval the buyer cancels in Mercado Pago ends ours once, paid up: SUBS_CANCELLED_SUCCESS_PAYMENT, from its notification delivered twice and late; Mercado Pago is never asked to cancel it, and staff cannot cancel it again', async () => {
  const { sale, preapproval, first } = await buyMonthly('2026-11-10');
  const subscription = await subscriptionOfSale(suite.runtime, sale.id);
  const puts = cancellationsAtMercadoPago().length;

  // Still authorized at Mercado Pago: a notification of another change records nothing.
  await preapprovalChanged(preapproval.id);
  expect(await typesOf(subscriptionStream(subscription._id))).toEqual(['SubscriptionCreated']);

  preapproval.status = 'cancelled';
  await Promise.all([preapprovalChanged(preapproval.id), preapprovalChanged(preapproval.id)]);
  await preapprovalChanged(preapproval.id);
  expect(await typesOf(subscriptionStream(subscription._id))).toEqual([
    'SubscriptionCreated',
    'SubscriptionCancelled',
  ]);
  const [, cancelled] = await suite.runtime.engines.eventStore.readStream(
    subscriptionStream(subscription._id),
  );
  expect(cancelled?.data).toMatchObject({
    outcome: 'success_payment',
    cause: 'provider_cancelled',
    finalPeriod: '2026-11',
  });
  expect(await saleState(suite.runtime.url, sale.id)).toBe('SUBS_CANCELLED_SUCCESS_PAYMENT');
  expect(await subscriptionOfSale(suite.runtime, sale.id)).toMatchObject({ lifecycle: 'cancelled' });

  // Late deliveries (the preapproval's, its first debit's) and the charge run on the next due date: nothing.
  await preapprovalChanged(preapproval.id);
  await debited(first.id);
  time.set('2026-12-01T15:00:00Z');
  expect((await chargeRun(suite.runtime, suite.gateway, time.clock)).totals).toMatchObject({
    due: 0,
    failed: 0,
  });
  expect(await typesOf(subscriptionStream(subscription._id))).toHaveLength(2);

  // Staff cancelling it now are told it has ended, and Mercado Pago is asked nothing.
  const admin = await signIn(suite.runtime.url, 'admin@demo.cl');
  const again = await admin.post(`/api/admin/subscriptions/${subscription._id}/cancelacion`, {
    withFinalPayment: false,
    reason: 'el cliente lo pidió',
  });
  expect(again.status).toBe(409);
  expect(await json(again)).toMatchObject({
    errors: [expect.objectContaining({ field: 'subscriptionId', rule: 'subscription_cancelled' })],
  });
  expect(cancellationsAtMercadoPago()).toHaveLength(puts);
  expect(
    suite.mp.requests.filter(
      (request) => request.method === 'GET' && request.path === `/preapproval/${preapproval.id}`,
    ).length,
  ).toBeGreaterThan(0);
}, 120_000);

test('002-3.30 002-4.03 a preapproval Mercado Pago cancels with a period unpaid, notified out of order (before the sale was paid, and before the lost decline): SUBS_CANCELLED_WITHOUT_PAYMENT, the open period cancelled, nothing cancelled at Mercado Pago', async () => {
  const { sale, preapproval, first } = await buyMonthly('2027-01-05', { notifyFirstDebit: false });
  const puts = cancellationsAtMercadoPago().length;
  // The preapproval's notification overtakes its first debit's: the sale is not paid yet, nothing to end.
  await preapprovalChanged(preapproval.id);
  expect(await saleState(suite.runtime.url, sale.id)).toBe('PENDING');
  await debited(first.id);
  expect(await saleState(suite.runtime.url, sale.id)).toBe('OK');
  const subscription = await subscriptionOfSale(suite.runtime, sale.id);

  // February's debit is refused (its notification lost), then Mercado Pago cancels the preapproval.
  time.set('2027-02-05T15:00:00Z');
  const refused = suite.mp.debit(preapproval.id, '2027-02-05', 'cc_rejected_insufficient_amount', {
    nextRetryDate: '2027-02-08',
  });
  preapproval.status = 'cancelled';
  await preapprovalChanged(preapproval.id);
  await preapprovalChanged(preapproval.id);
  // The refusal Mercado Pago reports is recorded first (the period declined), then the end, once.
  expect(await typesOf(subscriptionStream(subscription._id))).toEqual([
    'SubscriptionCreated',
    'SubscriptionChargeDeclined',
    'SubscriptionCancelled',
  ]);
  const events = await suite.runtime.engines.eventStore.readStream(subscriptionStream(subscription._id));
  expect(events[2]?.data).toMatchObject({
    outcome: 'without_payment',
    cause: 'provider_cancelled',
    finalPeriod: null,
  });
  expect(await typesOf(recurrentPaymentStream(recurrentPaymentIdOf(subscription._id, '2027-02')))).toEqual([
    'RecurrentPaymentScheduled',
    'RecurrentPaymentAttemptStarted',
    'RecurrentPaymentDeclined',
    'RecurrentPaymentCancelled',
  ]);
  expect(await saleState(suite.runtime.url, sale.id)).toBe('SUBS_CANCELLED_WITHOUT_PAYMENT');

  // The lost decline arrives at last: nothing more.
  await debited(refused.id);
  expect(await typesOf(subscriptionStream(subscription._id))).toHaveLength(3);
  expect(cancellationsAtMercadoPago()).toHaveLength(puts);
}, 120_000);

test('002-3.30 002-4.03 Mercado Pago gives up on a debit and cancels the preapproval: ours ends once as retries exhausted (SUBS_CANCELLED_WITHOUT_PAYMENT), and Mercado Pago is not asked to cancel it again', async () => {
  const { sale, preapproval } = await buyMonthly('2027-02-12');
  const subscription = await subscriptionOfSale(suite.runtime, sale.id);
  const puts = cancellationsAtMercadoPago().length;
  time.set('2027-03-12T15:00:00Z');
  const lastTry = suite.mp.debit(preapproval.id, '2027-03-12', 'cc_rejected_insufficient_amount', {
    retryAttempt: 3,
    final: true,
  });
  preapproval.status = 'cancelled';
  await preapprovalChanged(preapproval.id);
  await debited(lastTry.id);
  expect(await typesOf(subscriptionStream(subscription._id))).toEqual([
    'SubscriptionCreated',
    'SubscriptionChargeDeclined',
    'SubscriptionCancelled',
  ]);
  const events = await suite.runtime.engines.eventStore.readStream(subscriptionStream(subscription._id));
  expect(events[2]?.data).toMatchObject({ outcome: 'without_payment', cause: 'retries_exhausted' });
  expect(await saleState(suite.runtime.url, sale.id)).toBe('SUBS_CANCELLED_WITHOUT_PAYMENT');
  expect(cancellationsAtMercadoPago()).toHaveLength(puts);
}, 120_000);

test('002-3.31 002-3.30 a preapproval the buyer cancels before its first debit: its notification records nothing, reconciliation fails the payment and the sale (nothing was charged), and Mercado Pago is not asked to cancel it again', async () => {
  const { sale, payment, preapproval } = await buyUndebited('2027-05-10');
  const puts = cancellationsAtMercadoPago().length;
  preapproval.status = 'cancelled';
  await preapprovalChanged(preapproval.id);
  expect(await saleState(suite.runtime.url, sale.id)).toBe('PENDING');
  time.set('2027-05-10T15:03:00Z');
  const reconciled = await reconcilePendingPayments({
    eventStore: suite.runtime.engines.eventStore,
    readStore: suite.runtime.engines.readStore,
    gateway: suite.gateway,
    clock: time.clock,
    logger: pino({ level: 'silent' }),
  });
  expect(reconciled).toEqual({ looked: 1, settled: 1 });
  expect(await typesOf(`payment-${payment.id}`)).toEqual([
    'PaymentRequested',
    'PaymentSubscriptionOpened',
    'PaymentFailed',
  ]);
  await settled(suite.runtime);
  expect(await saleState(suite.runtime.url, sale.id)).toBe('FAIL');
  expect(cancellationsAtMercadoPago()).toHaveLength(puts);
}, 120_000);

test('002-3.30 the charge run finds a preapproval cancelled at Mercado Pago whose notification was lost, on its due date, and ends ours the same way, once', async () => {
  const { sale, preapproval } = await buyMonthly('2027-03-10');
  const subscription = await subscriptionOfSale(suite.runtime, sale.id);
  const puts = cancellationsAtMercadoPago().length;
  preapproval.status = 'cancelled';
  time.set(`${subscription.nextOperationDate}T15:00:00Z`);
  expect((await chargeRun(suite.runtime, suite.gateway, time.clock)).totals).toMatchObject({ failed: 0 });
  expect(await typesOf(subscriptionStream(subscription._id))).toEqual([
    'SubscriptionCreated',
    'SubscriptionCancelled',
  ]);
  expect(await saleState(suite.runtime.url, sale.id)).toBe('SUBS_CANCELLED_SUCCESS_PAYMENT');
  // A rerun finds nothing due; the late notification records nothing.
  expect((await chargeRun(suite.runtime, suite.gateway, time.clock)).totals).toMatchObject({ due: 0 });
  await preapprovalChanged(preapproval.id);
  expect(await typesOf(subscriptionStream(subscription._id))).toHaveLength(2);
  expect(cancellationsAtMercadoPago()).toHaveLength(puts);
}, 120_000);

test('002-3.30 a preapproval paused in Mercado Pago is recorded once as a cancellation request (CANCELLATION_REQUEST) for staff; nothing is ended', async () => {
  const { sale, preapproval } = await buyMonthly('2027-04-10');
  const subscription = await subscriptionOfSale(suite.runtime, sale.id);
  preapproval.status = 'paused';
  await preapprovalChanged(preapproval.id);
  await preapprovalChanged(preapproval.id);
  expect(await typesOf(subscriptionStream(subscription._id))).toEqual([
    'SubscriptionCreated',
    'SubscriptionCancellationRequested',
  ]);
  expect(await saleState(suite.runtime.url, sale.id)).toBe('CANCELLATION_REQUEST');
  expect(await subscriptionOfSale(suite.runtime, sale.id)).toMatchObject({
    lifecycle: 'cancellation_requested',
  });
}, 120_000);

test('a preapproval notification nobody signed is 401 and asks nothing; one for a preapproval not ours is acknowledged and records nothing; Mercado Pago unreachable is 503', async () => {
  const asked = suite.mp.requests.length;
  const forged = await mercadoPagoDelivery(
    suite.runtime.url,
    {
      dataId: 'abc',
      type: 'subscription_preapproval',
      action: 'updated',
      dateCreated: time.clock().toISOString(),
    },
    { 'x-signature': `ts=1,v1=${'0'.repeat(64)}`, 'x-request-id': 'forged-request' },
  );
  expect(forged.status).toBe(401);
  expect(await json(forged)).toMatchObject({ errors: [{ field: 'signature', rule: 'hmac' }] });
  expect(suite.mp.requests.length).toBe(asked);
  const head = await suite.runtime.engines.eventStore.headPosition();
  await preapprovalChanged('2c9380849999notours');
  expect(await suite.runtime.engines.eventStore.headPosition()).toBe(head);

  // Last in the file: this Mercado Pago answers 503 from here on.
  suite.mp.respond(() => ({ status: 503, body: { message: 'unavailable', status: 503 } }));
  const id = 'abc123';
  const down = await mercadoPagoDelivery(
    suite.runtime.url,
    {
      dataId: id,
      type: 'subscription_preapproval',
      action: 'updated',
      dateCreated: time.clock().toISOString(),
    },
    mercadoPagoSigned(id, SECRET).headers,
  );
  expect(down.status).toBe(503);
  expect(down.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await json(down)).toMatchObject({ errors: [{ field: 'provider', rule: 'reachable' }] });
});
