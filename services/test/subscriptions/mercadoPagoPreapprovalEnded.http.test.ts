import { createHmac, randomUUID } from 'node:crypto';
import pino from 'pino';
import { reconcilePendingPayments } from '@cubre/services/payments';
import { MercadoPagoGateway } from '@cubre/services/payments/gateway/mercadopago/mercadoPagoGateway';
import {
  recurrentPaymentIdOf,
  recurrentPaymentStream,
} from '@cubre/services/subscriptions/recurrentPaymentDecider';
import { subscriptionStream } from '@cubre/services/subscriptions/subscriptionDecider';
import { signIn } from '../identity/support';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { startMercadoPagoServer, type MercadoPagoServer } from './mercadoPagoServer';
import { BUYER, chargeRun, saleState, settableClock, settled, subscriptionOfSale } from './support';
import { ONE_PERSON } from '../payments/support/purchaseFixture';

/**
 * Issue 14/15: a monthly sale's preapproval ended on Mercado Pago's side (the buyer cancels it in their
 * account, or Mercado Pago cancels it) ends our subscription and moves the sale, once, whether its signed
 * `subscription_preapproval` notification arrives twice, late, out of order or never (then the charge run
 * finds it on the due date), and Mercado Pago is never asked to cancel what it already cancelled. Over real
 * HTTP against a local Mercado Pago that keeps preapprovals and debits.
 */
const SECRET = 'mp-webhook-secret-for-preapproval-tests';
const time = settableClock('2026-11-10T15:00:00Z');
let mp: MercadoPagoServer;
let runtime: TestRuntime;
let gateway: MercadoPagoGateway;

beforeAll(async () => {
  mp = await startMercadoPagoServer();
  gateway = new MercadoPagoGateway({
    accessToken: 'TEST-access-token',
    currency: 'CLP',
    baseUrl: mp.url,
    maxRetries: 0,
    timeoutMs: 2000,
    subscriptionBackUrl: 'https://cubre.example/Compra-Online',
  });
  runtime = await startTestRuntime(
    {},
    { clock: time.clock, paymentGateway: gateway, paymentEnv: { MERCADOPAGO_WEBHOOK_SECRET: SECRET } },
  );
  await loadLeadsCatalogue(runtime);
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
  await mp.close();
});

/** Mercado Pago's signed delivery of a topic about `dataId` (the manifest of its x-signature). */
async function notify(dataId: string | number, type: string) {
  const id = String(dataId);
  const requestId = randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = createHmac('sha256', SECRET).update(`id:${id};request-id:${requestId};ts:${ts};`).digest('hex');
  const response = await postJson(
    `${runtime.url}/api/pagos/notificaciones/mercadopago?data.id=${id}&type=${type}`,
    { type, action: 'updated', api_version: 'v1', data: { id } },
    { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
  );
  expect(response.status).toBe(200);
  expect(await json(response)).toEqual({ received: true });
  await settled(runtime);
}
const preapprovalChanged = (id: string) => notify(id, 'subscription_preapproval');
const debited = (id: number) => notify(id, 'subscription_authorized_payment');

const typesOf = async (stream: string) =>
  (await runtime.engines.eventStore.readStream(stream)).map((event) => event.type);
const cancellationsAtMercadoPago = () =>
  mp.writes().filter((request) => request.method === 'PUT' && request.path.startsWith('/preapproval/'));

/** Buys a monthly sale with a Mercado Pago card token: its preapproval made, no debit yet. */
async function buyUndebited(day: string) {
  time.set(`${day}T15:00:00Z`);
  const started = await postJson(`${runtime.url}/api/compra-online/ventas`, {
    session: randomUUID(),
    productCode: 'VIDA-L',
    profile: ONE_PERSON,
    ...BUYER,
    billing: 'monthly_subscription',
    paymentMethod: 'tdc',
  });
  expect(started.status).toBe(201);
  const sale = await json(started);
  const paid = await postJson(
    `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token: `mp-card-token-${randomUUID()}` },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(paid.status).toBe(201);
  const { payment } = await json(paid);
  const preapproval = mp.preapprovals.find((p) => p.external_reference === payment.id);
  if (!preapproval) throw new Error('no preapproval carries the payment');
  return { sale, payment, preapproval };
}

/** …and Mercado Pago's first debit pays it (notified, unless the test delivers it later). */
async function buyMonthly(day: string, options: { notifyFirstDebit?: boolean } = {}) {
  const bought = await buyUndebited(day);
  const first = mp.debit(bought.preapproval.id, day, 'approved');
  if (options.notifyFirstDebit !== false) {
    await debited(first.id);
    expect(await saleState(runtime.url, bought.sale.id)).toBe('OK');
  }
  return { ...bought, first };
}

test('002-3.30 002-4.02 a preapproval the buyer cancels in Mercado Pago ends ours once, paid up: SUBS_CANCELLED_SUCCESS_PAYMENT, from its notification delivered twice and late; Mercado Pago is never asked to cancel it, and staff cannot cancel it again', async () => {
  const { sale, preapproval, first } = await buyMonthly('2026-11-10');
  const subscription = await subscriptionOfSale(runtime, sale.id);
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
  const [, cancelled] = await runtime.engines.eventStore.readStream(subscriptionStream(subscription._id));
  expect(cancelled?.data).toMatchObject({
    outcome: 'success_payment',
    cause: 'provider_cancelled',
    finalPeriod: '2026-11',
  });
  expect(await saleState(runtime.url, sale.id)).toBe('SUBS_CANCELLED_SUCCESS_PAYMENT');
  expect(await subscriptionOfSale(runtime, sale.id)).toMatchObject({ lifecycle: 'cancelled' });

  // Late deliveries (the preapproval's, its first debit's) and the charge run on the next due date: nothing.
  await preapprovalChanged(preapproval.id);
  await debited(first.id);
  time.set('2026-12-01T15:00:00Z');
  expect((await chargeRun(runtime, gateway, time.clock)).totals).toMatchObject({ due: 0, failed: 0 });
  expect(await typesOf(subscriptionStream(subscription._id))).toHaveLength(2);

  // Staff cancelling it now are told it has ended, and Mercado Pago is asked nothing.
  const admin = await signIn(runtime.url, 'admin@demo.cl');
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
    mp.requests.filter(
      (request) => request.method === 'GET' && request.path === `/preapproval/${preapproval.id}`,
    ).length,
  ).toBeGreaterThan(0);
}, 120_000);

test('002-3.30 002-4.03 a preapproval Mercado Pago cancels with a period unpaid, notified out of order (before the sale was paid, and before the lost decline): SUBS_CANCELLED_WITHOUT_PAYMENT, the open period cancelled, nothing cancelled at Mercado Pago', async () => {
  const { sale, preapproval, first } = await buyMonthly('2027-01-05', { notifyFirstDebit: false });
  const puts = cancellationsAtMercadoPago().length;
  // The preapproval's notification overtakes its first debit's: the sale is not paid yet, nothing to end.
  await preapprovalChanged(preapproval.id);
  expect(await saleState(runtime.url, sale.id)).toBe('PENDING');
  await debited(first.id);
  expect(await saleState(runtime.url, sale.id)).toBe('OK');
  const subscription = await subscriptionOfSale(runtime, sale.id);

  // February's debit is refused (its notification lost), then Mercado Pago cancels the preapproval.
  time.set('2027-02-05T15:00:00Z');
  const refused = mp.debit(preapproval.id, '2027-02-05', 'cc_rejected_insufficient_amount', {
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
  const events = await runtime.engines.eventStore.readStream(subscriptionStream(subscription._id));
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
  expect(await saleState(runtime.url, sale.id)).toBe('SUBS_CANCELLED_WITHOUT_PAYMENT');

  // The lost decline arrives at last: nothing more.
  await debited(refused.id);
  expect(await typesOf(subscriptionStream(subscription._id))).toHaveLength(3);
  expect(cancellationsAtMercadoPago()).toHaveLength(puts);
}, 120_000);

test('002-3.30 002-4.03 Mercado Pago gives up on a debit and cancels the preapproval: ours ends once as retries exhausted (SUBS_CANCELLED_WITHOUT_PAYMENT), and Mercado Pago is not asked to cancel it again', async () => {
  const { sale, preapproval } = await buyMonthly('2027-02-12');
  const subscription = await subscriptionOfSale(runtime, sale.id);
  const puts = cancellationsAtMercadoPago().length;
  time.set('2027-03-12T15:00:00Z');
  const lastTry = mp.debit(preapproval.id, '2027-03-12', 'cc_rejected_insufficient_amount', {
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
  const events = await runtime.engines.eventStore.readStream(subscriptionStream(subscription._id));
  expect(events[2]?.data).toMatchObject({ outcome: 'without_payment', cause: 'retries_exhausted' });
  expect(await saleState(runtime.url, sale.id)).toBe('SUBS_CANCELLED_WITHOUT_PAYMENT');
  expect(cancellationsAtMercadoPago()).toHaveLength(puts);
}, 120_000);

test('002-3.31 002-3.30 a preapproval the buyer cancels before its first debit: its notification records nothing, reconciliation fails the payment and the sale (nothing was charged), and Mercado Pago is not asked to cancel it again', async () => {
  const { sale, payment, preapproval } = await buyUndebited('2027-05-10');
  const puts = cancellationsAtMercadoPago().length;
  preapproval.status = 'cancelled';
  await preapprovalChanged(preapproval.id);
  expect(await saleState(runtime.url, sale.id)).toBe('PENDING');
  time.set('2027-05-10T15:03:00Z');
  const reconciled = await reconcilePendingPayments({
    eventStore: runtime.engines.eventStore,
    readStore: runtime.engines.readStore,
    gateway,
    clock: time.clock,
    logger: pino({ level: 'silent' }),
  });
  expect(reconciled).toEqual({ looked: 1, settled: 1 });
  expect(await typesOf(`payment-${payment.id}`)).toEqual([
    'PaymentRequested',
    'PaymentSubscriptionOpened',
    'PaymentFailed',
  ]);
  await settled(runtime);
  expect(await saleState(runtime.url, sale.id)).toBe('FAIL');
  expect(cancellationsAtMercadoPago()).toHaveLength(puts);
}, 120_000);

test('002-3.30 the charge run finds a preapproval cancelled at Mercado Pago whose notification was lost, on its due date, and ends ours the same way, once', async () => {
  const { sale, preapproval } = await buyMonthly('2027-03-10');
  const subscription = await subscriptionOfSale(runtime, sale.id);
  const puts = cancellationsAtMercadoPago().length;
  preapproval.status = 'cancelled';
  time.set(`${subscription.nextOperationDate}T15:00:00Z`);
  expect((await chargeRun(runtime, gateway, time.clock)).totals).toMatchObject({ failed: 0 });
  expect(await typesOf(subscriptionStream(subscription._id))).toEqual([
    'SubscriptionCreated',
    'SubscriptionCancelled',
  ]);
  expect(await saleState(runtime.url, sale.id)).toBe('SUBS_CANCELLED_SUCCESS_PAYMENT');
  // A rerun finds nothing due; the late notification records nothing.
  expect((await chargeRun(runtime, gateway, time.clock)).totals).toMatchObject({ due: 0 });
  await preapprovalChanged(preapproval.id);
  expect(await typesOf(subscriptionStream(subscription._id))).toHaveLength(2);
  expect(cancellationsAtMercadoPago()).toHaveLength(puts);
}, 120_000);

test('002-3.30 a preapproval paused in Mercado Pago is recorded once as a cancellation request (CANCELLATION_REQUEST) for staff; nothing is ended', async () => {
  const { sale, preapproval } = await buyMonthly('2027-04-10');
  const subscription = await subscriptionOfSale(runtime, sale.id);
  preapproval.status = 'paused';
  await preapprovalChanged(preapproval.id);
  await preapprovalChanged(preapproval.id);
  expect(await typesOf(subscriptionStream(subscription._id))).toEqual([
    'SubscriptionCreated',
    'SubscriptionCancellationRequested',
  ]);
  expect(await saleState(runtime.url, sale.id)).toBe('CANCELLATION_REQUEST');
  expect(await subscriptionOfSale(runtime, sale.id)).toMatchObject({ lifecycle: 'cancellation_requested' });
}, 120_000);

test('a preapproval notification nobody signed is 401 and asks nothing; one for a preapproval not ours is acknowledged and records nothing; Mercado Pago unreachable is 503', async () => {
  const asked = mp.requests.length;
  const forged = await postJson(
    `${runtime.url}/api/pagos/notificaciones/mercadopago?data.id=abc&type=subscription_preapproval`,
    { type: 'subscription_preapproval', data: { id: 'abc' } },
    { 'x-signature': `ts=1,v1=${'0'.repeat(64)}`, 'x-request-id': randomUUID() },
  );
  expect(forged.status).toBe(401);
  expect(await json(forged)).toMatchObject({ errors: [{ field: 'signature', rule: 'hmac' }] });
  expect(mp.requests.length).toBe(asked);
  const head = await runtime.engines.eventStore.headPosition();
  await preapprovalChanged('2c9380849999notours');
  expect(await runtime.engines.eventStore.headPosition()).toBe(head);

  // Last in the file: this Mercado Pago answers 503 from here on.
  mp.respond(() => ({ status: 503, body: { message: 'unavailable', status: 503 } }));
  const id = 'abc123';
  const requestId = randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = createHmac('sha256', SECRET).update(`id:${id};request-id:${requestId};ts:${ts};`).digest('hex');
  const down = await postJson(
    `${runtime.url}/api/pagos/notificaciones/mercadopago?data.id=${id}&type=subscription_preapproval`,
    { type: 'subscription_preapproval', data: { id } },
    { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
  );
  expect(down.status).toBe(503);
  expect(down.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await json(down)).toMatchObject({ errors: [{ field: 'provider', rule: 'reachable' }] });
});
