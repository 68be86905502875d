import { randomUUID } from 'node:crypto';
import { ARREARS_COLLECTION, type ArrearsDocument } from '@cubre/projections/arrears/projection';
import {
  recurrentPaymentIdOf,
  recurrentPaymentStream,
} from '@cubre/services/subscriptions/recurrentPaymentDecider';
import { subscriptionStream } from '@cubre/services/subscriptions/subscriptionDecider';
import { signIn } from '../identity/support';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import { mercadoPagoMonthlySuite } from './mercadoPagoSuite';
import { BUYER, chargeRun, saleState, settled, subscriptionOfSale } from './support';

/**
 * Issue 14/15 with Mercado Pago: a monthly sale is a preapproval Mercado Pago debits on its own schedule
 * (no on-demand charge). Over real HTTP against a local Mercado Pago that plays that schedule: the sale is
 * bought, each debit Mercado Pago makes is recorded as the subscription's period charged or declined, once,
 * from its signed `subscription_authorized_payment` notification (delivered twice, late, or never: then the
 * charge run finds it by asking Mercado Pago), and nothing is ever charged by us.
 */
const SECRET = 'mp-webhook-secret-for-monthly-tests';
const { time, suite, typesOf, buyUndebited, ...delivery } = mercadoPagoMonthlySuite(
  SECRET,
  '2026-11-10T15:00:00Z',
);
const notify = (dataId: string | number, type = 'subscription_authorized_payment') =>
  delivery.notify(dataId, type);
/** Buys a monthly sale with a Mercado Pago card token: the preapproval is made, its first debit awaited. */
const buyMonthly = buyUndebited;

test('002-4.02 002-4.03 002-4.17 002-3.30 002-3.24 a monthly sale on Mercado Pago: each debit recorded once as its period charged or declined, from notifications (twice, late) or the charge run when one is lost; never charged by us', async () => {
  time.set('2026-11-10T15:00:00Z');
  const { sale, payment, preapproval } = await buyMonthly();
  // Mercado Pago debits the preapproval itself: the pay call waits for its first debit.
  expect(payment.state).toBe('PENDING');
  const [created] = suite.mp.writes();
  expect(created?.path).toBe('/preapproval/');
  expect(created?.headers['x-idempotency-key']).toBe(`subscribe:${payment.id}`);
  expect(created?.headers.authorization).toBe('Bearer TEST-access-token');
  expect(created?.body).toMatchObject({
    external_reference: payment.id,
    payer_email: BUYER.email,
    back_url: 'https://cubre.example/Compra-Online',
    status: 'authorized',
    auto_recurring: {
      frequency: 1,
      frequency_type: 'months',
      transaction_amount: sale.amount.amount,
      currency_id: 'CLP',
      start_date: '2026-11-10T00:00:00.000-00:00',
    },
  });
  expect(created?.body.card_token_id).toMatch(/^mp-card-token-/);

  // Period 1 (the purchase's): Mercado Pago's first debit, notified twice, settles the sale once.
  const first = suite.mp.debit(preapproval.id, '2026-11-10', 'approved');
  await notify(first.id);
  await notify(first.id);
  expect(await typesOf(`payment-${payment.id}`)).toEqual([
    'PaymentRequested',
    'PaymentSubscriptionOpened',
    'PaymentApproved',
  ]);
  expect(await saleState(suite.runtime.url, sale.id)).toBe('OK');
  const subscription = await subscriptionOfSale(suite.runtime, sale.id);
  expect(subscription).toMatchObject({
    status: 'SUCCESS',
    gateway: 'mercadopago',
    lastPaidPeriod: '2026-11',
    nextOperationDate: '2026-12-01',
  });
  const subscriptionEvents = () => typesOf(subscriptionStream(subscription._id));
  const periodEvents = (period: string) =>
    typesOf(recurrentPaymentStream(recurrentPaymentIdOf(subscription._id, period)));

  // Its operation date comes before Mercado Pago's debit: the run asks, charges nothing, records nothing.
  time.set('2026-12-01T15:00:00Z');
  const early = await chargeRun(suite.runtime, suite.gateway, time.clock);
  expect(early.totals).toMatchObject({ due: 1, approved: 0, declined: 0, failed: 0 });
  expect(await periodEvents('2026-12')).toEqual([]);

  // Period 2: Mercado Pago debits on the 10th; the notification, delivered three times, records it once.
  time.set('2026-12-10T15:00:00Z');
  const second = suite.mp.debit(preapproval.id, '2026-12-10', 'approved');
  // Delivered twice at the same moment (Mercado Pago retries a slow answer): still one attempt, one charge.
  await Promise.all([notify(second.id), notify(second.id)]);
  await notify(second.id);
  expect(await periodEvents('2026-12')).toEqual([
    'RecurrentPaymentScheduled',
    'RecurrentPaymentAttemptStarted',
    'RecurrentPaymentProcessed',
  ]);
  expect(await subscriptionEvents()).toEqual(['SubscriptionCreated', 'SubscriptionPeriodCharged']);
  expect(await subscriptionOfSale(suite.runtime, sale.id)).toMatchObject({
    lastPaidPeriod: '2026-12',
    nextOperationDate: '2027-01-01',
  });

  // Period 3 refused (no funds): overdue with count 0 (mora_1), the sale OVERDUE; twice is still once.
  time.set('2027-01-10T15:00:00Z');
  const third = suite.mp.debit(preapproval.id, '2027-01-10', 'cc_rejected_insufficient_amount', {
    nextRetryDate: '2027-01-13',
  });
  await notify(third.id);
  await notify(third.id);
  expect(await subscriptionOfSale(suite.runtime, sale.id)).toMatchObject({
    status: 'DECLINED',
    overdueCount: 0,
  });
  expect(await saleState(suite.runtime.url, sale.id)).toBe('OVERDUE');
  // The arrears reminders see it as any overdue contract: its mora_1 is pending for the reminder job.
  expect(
    await suite.runtime.engines.readStore
      .collection<ArrearsDocument>(ARREARS_COLLECTION)
      .findOne({ _id: subscription._id }),
  ).toMatchObject({ inArrears: true, overdueCount: 0, pending: true });
  const declined = (
    await suite.runtime.engines.eventStore.readStream(subscriptionStream(subscription._id))
  ).filter((event) => event.type === 'SubscriptionChargeDeclined');
  expect(declined).toHaveLength(1);
  expect(declined[0]?.data).toMatchObject({
    period: '2027-01',
    catalogueCode: 'insufficient_amount',
    nextAttemptOn: '2027-01-13',
    overdueCount: 0,
  });

  // Mercado Pago retries on the 13th and refuses again; its notification is lost. The charge run of that
  // day asks Mercado Pago and records the retry: the overdue count rises; a rerun records nothing more.
  suite.mp.debit(preapproval.id, '2027-01-10', 'cc_rejected_insufficient_amount', {
    retryAttempt: 1,
    nextRetryDate: '2027-01-16',
  });
  time.set('2027-01-13T15:00:00Z');
  expect((await chargeRun(suite.runtime, suite.gateway, time.clock)).totals).toMatchObject({
    declined: 1,
    failed: 0,
  });
  expect(await subscriptionOfSale(suite.runtime, sale.id)).toMatchObject({
    status: 'DECLINED',
    overdueCount: 1,
  });
  expect((await chargeRun(suite.runtime, suite.gateway, time.clock)).totals).toMatchObject({
    declined: 0,
    approved: 0,
  });
  expect(await subscriptionOfSale(suite.runtime, sale.id)).toMatchObject({ overdueCount: 1 });

  // Its third try goes through, notification lost again: the run on the 16th records the period paid.
  suite.mp.debit(preapproval.id, '2027-01-10', 'approved', { retryAttempt: 2 });
  time.set('2027-01-16T15:00:00Z');
  expect((await chargeRun(suite.runtime, suite.gateway, time.clock)).totals).toMatchObject({
    approved: 1,
    failed: 0,
  });
  expect(await subscriptionOfSale(suite.runtime, sale.id)).toMatchObject({
    status: 'SUCCESS',
    overdueCount: null,
    lastPaidPeriod: '2027-01',
  });
  expect(await saleState(suite.runtime.url, sale.id)).toBe('OK');
  expect(await periodEvents('2027-01')).toEqual([
    'RecurrentPaymentScheduled',
    'RecurrentPaymentAttemptStarted',
    'RecurrentPaymentDeclined',
    'RecurrentPaymentAttemptStarted',
    'RecurrentPaymentDeclined',
    'RecurrentPaymentAttemptStarted',
    'RecurrentPaymentProcessed',
  ]);
  // The lost notifications arrive at last, late and out of order: nothing more is recorded.
  const before = await subscriptionEvents();
  await notify(third.id);
  await notify(second.id);
  await notify(first.id);
  expect(await subscriptionEvents()).toEqual(before);
  expect(before.filter((type) => type === 'SubscriptionPeriodCharged')).toHaveLength(2);

  // Never charged by us: the only write Mercado Pago received is the preapproval itself.
  expect(suite.mp.writes().map((request) => `${request.method} ${request.path}`)).toEqual([
    'POST /preapproval/',
  ]);

  const admin = await signIn(suite.runtime.url, 'admin@demo.cl');
  // 002-3.24: a forced charge is refused, naming why: Mercado Pago debits the preapproval itself.
  const forced = await admin.post(
    `/api/admin/subscriptions/${subscription._id}/cobros-forzados`,
    { reason: 'retry_failed_charges' },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(forced.status).toBe(409);
  expect(forced.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await json(forced)).toMatchObject({
    errors: [expect.objectContaining({ field: 'subscriptionId', rule: 'provider_charges_itself' })],
  });
  // 002-4.13 changeDate: refused too, Mercado Pago debits on its own dates.
  const nextCharge = subscription.nextChargeOn as string;
  const moved = await admin.post(`/api/admin/subscriptions/${subscription._id}/fecha-de-cobro`, {
    chargeOn: `${nextCharge.slice(0, 8)}20`,
    reason: 'paga el 20',
  });
  expect(moved.status).toBe(409);
  expect(await json(moved)).toMatchObject({
    errors: [expect.objectContaining({ field: 'chargeOn', rule: 'provider_charges_itself' })],
  });
  expect(suite.mp.writes()).toHaveLength(1);

  // Staff cancel it without payment: the preapproval is cancelled at Mercado Pago, once.
  const ended = await admin.post(`/api/admin/subscriptions/${subscription._id}/cancelacion`, {
    withFinalPayment: false,
    reason: 'el cliente lo pidió',
  });
  expect(ended.status).toBe(200);
  const cancelled = suite.mp.writes().filter((request) => request.method === 'PUT');
  expect(cancelled).toHaveLength(1);
  expect(cancelled[0]).toMatchObject({
    path: `/preapproval/${preapproval.id}`,
    body: { status: 'cancelled' },
  });
  expect(cancelled[0]?.headers['x-idempotency-key']).toBe(`unsubscribe:${subscription._id}`);
  expect(preapproval.status).toBe('cancelled');
  await settled(suite.runtime);
  expect(await saleState(suite.runtime.url, sale.id)).toBe('SUBS_CANCELLED_WITHOUT_PAYMENT');
}, 120_000);

test('002-3.31 002-3.30 a monthly sale whose first Mercado Pago debit is refused fails, and its preapproval is cancelled so Mercado Pago never debits a failed sale', async () => {
  time.set('2027-02-03T15:00:00Z');
  const { sale, payment, preapproval } = await buyMonthly();
  expect(payment.state).toBe('PENDING');
  const refused = suite.mp.debit(preapproval.id, '2027-02-03', 'cc_rejected_call_for_authorize', {
    nextRetryDate: '2027-02-06',
  });
  await notify(refused.id);
  await notify(refused.id);
  expect(await typesOf(`payment-${payment.id}`)).toEqual([
    'PaymentRequested',
    'PaymentSubscriptionOpened',
    'PaymentDeclined',
  ]);
  expect(await saleState(suite.runtime.url, sale.id)).toBe('FAIL');
  const cancelled = suite.mp.writes().filter((request) => request.path === `/preapproval/${preapproval.id}`);
  expect(cancelled).toHaveLength(1);
  expect(cancelled[0]).toMatchObject({ method: 'PUT', body: { status: 'cancelled' } });
  expect(cancelled[0]?.headers['x-idempotency-key']).toBe(`unsubscribe:${payment.id}`);
  expect(preapproval.status).toBe('cancelled');
});

test('a subscription debit nobody signed is refused (401) and asks nothing of Mercado Pago; one for a preapproval not ours is acknowledged and records nothing', async () => {
  const asked = suite.mp.requests.length;
  const forged = await postJson(
    `${suite.runtime.url}/api/pagos/notificaciones/mercadopago?data.id=1&type=subscription_authorized_payment`,
    { type: 'subscription_authorized_payment', data: { id: '1' } },
    { 'x-signature': `ts=1,v1=${'0'.repeat(64)}`, 'x-request-id': randomUUID() },
  );
  expect(forged.status).toBe(401);
  expect(await json(forged)).toMatchObject({ errors: [{ field: 'signature', rule: 'hmac' }] });
  expect(suite.mp.requests.length).toBe(asked);
  const head = await suite.runtime.engines.eventStore.headPosition();
  await notify(424242);
  expect(await suite.runtime.engines.eventStore.headPosition()).toBe(head);
});
