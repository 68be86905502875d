import { createHmac, randomUUID } from 'node:crypto';
import { KushkiGateway } from '@cubre/services/payments/gateway/kushki/kushkiGateway';
import { MercadoPagoGateway } from '@cubre/services/payments/gateway/mercadopago/mercadoPagoGateway';
import type { ChargeResult } from '@cubre/services/payments/gateway/port';
import { startMonthlySale, subscriptionOfSale } from '../subscriptions/support';
import pino from 'pino';
import { reconcilePendingPayments } from '@cubre/services/payments';
import type { Runtime } from '@cubre/services/runtime/runtime';
import { loadLeadsCatalogue, startLoggingRuntime, type LoggingRuntime } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';

/** Every x-signature sent, to check none reaches a log line. */
const signaturesSent: string[] = [];
import { startProviderServer, type ProviderServer } from './gateway/support/providerServer';
import { BUYER, ONE_PERSON } from './support/purchaseFixture';
import { localMercadoPago, mercadoPagoDelivery, mercadoPagoSigned } from './support/mercadoPago';

/**
 * Issue 14: providers' notifications (webhooks) over real HTTP, against a local server answering as each
 * provider documents. A notification is a signed hint: the payment is asked of the provider and its answer
 * recorded once, whatever the order or number of deliveries; a forged one stores nothing.
 */

const MP_SECRET = 'mp-webhook-secret-for-tests';
const KUSHKI_SECRET = '20000000105986396000';
const NOTIFICATIONS = '/api/pagos/notificaciones';

/** Mercado Pago's signature headers (support/mercadoPago.ts), each signature kept in `signaturesSent`. */
function mercadoPagoHeaders(dataId: string, secret = MP_SECRET) {
  const { v1, headers } = mercadoPagoSigned(dataId, secret);
  signaturesSent.push(v1);
  return headers;
}

/** A Mercado Pago webhook delivery about a payment (its status is never read). */
const mercadoPagoNotification = (
  runtime: Runtime,
  dataId: string,
  action: 'payment.created' | 'payment.updated',
  headers: Record<string, string> = mercadoPagoHeaders(dataId),
) =>
  mercadoPagoDelivery(
    runtime.url,
    { dataId, type: 'payment', action, dateCreated: '2026-11-26T10:01:08.000-03:00' },
    headers,
  );

/** Mercado Pago's GET /v1/payments/{id} answer: the payment as it is now, with the key we charged under. */
const mpPayment = (id: number, status: string, statusDetail: string, reference: string) => ({
  id,
  status,
  status_detail: statusDetail,
  external_reference: reference,
  currency_id: 'CLP',
  transaction_amount: 0,
  authorization_code: status === 'approved' ? '301299' : null,
});

async function startSale(runtime: Runtime) {
  return json(
    await postJson(`${runtime.url}/api/compra-online/ventas`, {
      session: randomUUID(),
      productCode: 'VIDA-L',
      profile: ONE_PERSON,
      ...BUYER,
    }),
  );
}

/** Pays a sale while the provider answers 503 to the charge: the payment stays PENDING (uncertain). */
async function pendingPayment(runtime: Runtime, provider: ProviderServer) {
  const sale = await startSale(runtime);
  provider.respond(() => ({ status: 503, body: { message: 'service unavailable', status: 503 } }));
  const paid = await postJson(
    `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token: 'provider-card-token-1', paymentMethodId: 'visa' },
    { 'Idempotency-Key': randomUUID() },
  );
  const body = await json(paid);
  expect(body.payment.state).toBe('PENDING');
  return { saleId: sale.id as string, paymentId: body.payment.id as string };
}

const eventsOf = async (runtime: Runtime, stream: string) =>
  (await runtime.engines.eventStore.readStream(stream)).map((event) => event.type);

async function saleView(runtime: Runtime, saleId: string) {
  await runtime.runner!.waitUntilVisible(
    { globalPosition: await runtime.engines.eventStore.headPosition(), streamId: `sale-${saleId}` },
    ['payments'],
    10_000,
  );
  return json(await fetch(`${runtime.url}/api/compra-online/ventas/${saleId}`));
}

describe('Mercado Pago notifications', () => {
  let provider: ProviderServer;
  let runtime: LoggingRuntime;
  let gateway: MercadoPagoGateway;

  beforeAll(async () => {
    provider = await startProviderServer();
    gateway = localMercadoPago(provider.url);
    runtime = await startLoggingRuntime({
      paymentGateway: gateway,
      paymentEnv: { MERCADOPAGO_WEBHOOK_SECRET: MP_SECRET },
    });
    await loadLeadsCatalogue(runtime);
  });
  afterAll(async () => {
    await runtime.dispose();
    await provider.close();
  });

  test('002-3.31 a signed notification settles a pending payment with what Mercado Pago answers, once, in any order', async () => {
    const { saleId, paymentId } = await pendingPayment(runtime, provider);
    provider.requests.splice(0);
    provider.respond(() => ({ status: 200, body: mpPayment(777001, 'approved', 'accredited', paymentId) }));

    const updated = await mercadoPagoNotification(runtime, '777001', 'payment.updated');
    expect(updated.status).toBe(200);
    expect(await json(updated)).toEqual({ received: true });
    // The provider was asked (the body's word is never taken), with our bearer token.
    expect(provider.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payments/777001',
    ]);
    expect(provider.requests[0]?.headers.authorization).toBe('Bearer TEST-access-token');
    const settled = await eventsOf(runtime, `payment-${paymentId}`);
    expect(settled).toEqual(['PaymentRequested', 'PaymentApproved']);

    // A duplicate, and the earlier "created" delivered late: acknowledged, nothing recorded again.
    expect((await mercadoPagoNotification(runtime, '777001', 'payment.updated')).status).toBe(200);
    expect((await mercadoPagoNotification(runtime, '777001', 'payment.created')).status).toBe(200);
    expect(await eventsOf(runtime, `payment-${paymentId}`)).toEqual(settled);
    const sale = await saleView(runtime, saleId);
    expect(sale).toMatchObject({ state: 'OK', lastPayment: { id: paymentId, state: 'OK' } });
  });

  test('002-8.11 a refusal is recorded with its rejection reason; a later "approved" does not undo the decider', async () => {
    const { saleId, paymentId } = await pendingPayment(runtime, provider);
    provider.respond(() => ({
      status: 200,
      body: mpPayment(777002, 'rejected', 'cc_rejected_insufficient_amount', paymentId),
    }));
    expect((await mercadoPagoNotification(runtime, '777002', 'payment.updated')).status).toBe(200);
    const sale = await saleView(runtime, saleId);
    expect(sale).toMatchObject({
      state: 'FAIL',
      lastPayment: { state: 'DECLINED', catalogueCode: 'insufficient_amount' },
    });
    const events = await eventsOf(runtime, `payment-${paymentId}`);
    // Out of order: the provider now says approved; the payment keeps its first answer (logged for staff).
    provider.respond(() => ({ status: 200, body: mpPayment(777002, 'approved', 'accredited', paymentId) }));
    expect((await mercadoPagoNotification(runtime, '777002', 'payment.updated')).status).toBe(200);
    expect(await eventsOf(runtime, `payment-${paymentId}`)).toEqual(events);
  });

  test('a forged or unsigned notification is 401 problem+json: the provider is not asked, nothing is stored', async () => {
    const { paymentId } = await pendingPayment(runtime, provider);
    provider.requests.splice(0);
    provider.respond(() => ({ status: 200, body: mpPayment(777003, 'approved', 'accredited', paymentId) }));
    for (const headers of [
      mercadoPagoHeaders('777003', 'not-the-secret'),
      // Signed for another payment id than the one it names.
      mercadoPagoHeaders('777999'),
      {},
    ]) {
      const forged = await mercadoPagoNotification(runtime, '777003', 'payment.updated', headers);
      expect(forged.status).toBe(401);
      expect(forged.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await json(forged)).toMatchObject({
        status: 401,
        errors: [expect.objectContaining({ field: 'signature', rule: 'hmac' })],
      });
    }
    expect(provider.requests).toHaveLength(0);
    expect(await eventsOf(runtime, `payment-${paymentId}`)).toEqual(['PaymentRequested']);
  });

  test('a charge that is not ours, or that Mercado Pago does not know, is acknowledged (200) and stores nothing', async () => {
    const head = await runtime.engines.eventStore.headPosition();
    provider.respond(() => ({
      status: 200,
      body: mpPayment(777004, 'approved', 'accredited', 'another-shop-key'),
    }));
    expect((await mercadoPagoNotification(runtime, '777004', 'payment.updated')).status).toBe(200);
    provider.respond(() => ({
      status: 404,
      body: { message: 'Payment not found', error: 'not_found', status: 404, cause: [] },
    }));
    expect((await mercadoPagoNotification(runtime, '777005', 'payment.updated')).status).toBe(200);
    expect(await runtime.engines.eventStore.headPosition()).toBe(head);
  });

  test('Mercado Pago unreachable (5xx) is 503, so it delivers again; the redelivery settles the payment', async () => {
    const { paymentId } = await pendingPayment(runtime, provider);
    provider.respond(() => ({ status: 500, body: { message: 'internal error', status: 500 } }));
    const failed = await mercadoPagoNotification(runtime, '777006', 'payment.updated');
    expect(failed.status).toBe(503);
    expect(await eventsOf(runtime, `payment-${paymentId}`)).toEqual(['PaymentRequested']);
    provider.respond(() => ({ status: 200, body: mpPayment(777006, 'approved', 'accredited', paymentId) }));
    expect((await mercadoPagoNotification(runtime, '777006', 'payment.updated')).status).toBe(200);
    expect(await eventsOf(runtime, `payment-${paymentId}`)).toEqual(['PaymentRequested', 'PaymentApproved']);
  });

  test('the body is bounded (413), a provider not configured or unknown is 404', async () => {
    const big = await postJson(
      `${runtime.url}${NOTIFICATIONS}/mercadopago?data.id=1&type=payment`,
      { type: 'payment', data: { id: '1' }, padding: 'x'.repeat(20_000) },
      mercadoPagoHeaders('1'),
    );
    expect(big.status).toBe(413);
    expect((await json(big)).errors).toEqual([expect.objectContaining({ field: 'body', rule: 'max_bytes' })]);
    // Sent in chunks, declaring no length: the body itself is measured.
    const chunked = await fetch(`${runtime.url}${NOTIFICATIONS}/mercadopago?data.id=1&type=payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...mercadoPagoHeaders('1') },
      body: new Blob([
        JSON.stringify({ type: 'payment', data: { id: '1' }, padding: 'x'.repeat(20_000) }),
      ]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await postJson(`${runtime.url}${NOTIFICATIONS}/kushki`, {})).status).toBe(404);
    expect((await postJson(`${runtime.url}${NOTIFICATIONS}/paypal`, {})).status).toBe(404);
  });
  test('a signed notification that names no payment is 400 naming data.id; another topic is acknowledged', async () => {
    const head = await runtime.engines.eventStore.headPosition();
    const unnamed = await postJson(
      `${runtime.url}${NOTIFICATIONS}/mercadopago?type=payment`,
      { type: 'payment', action: 'payment.updated', data: {} },
      mercadoPagoHeaders(''),
    );
    expect(unnamed.status).toBe(400);
    expect((await json(unnamed)).errors).toEqual([
      expect.objectContaining({ field: 'data.id', rule: 'required' }),
    ]);
    const order = await postJson(
      `${runtime.url}${NOTIFICATIONS}/mercadopago?data.id=5550001&type=merchant_order`,
      { type: 'merchant_order', data: { id: '5550001' } },
      mercadoPagoHeaders('5550001'),
    );
    expect(order.status).toBe(200);
    expect(await runtime.engines.eventStore.headPosition()).toBe(head);
  });

  test('the reconciliation janitor settles a payment left pending by searching Mercado Pago by its key', async () => {
    const { saleId, paymentId } = await pendingPayment(runtime, provider);
    provider.requests.splice(0);
    // Mercado Pago filters by external_reference: our payment's key finds it, another key finds nothing.
    provider.respond((request) => {
      const reference = new URL(request.path, 'http://x').searchParams.get('external_reference');
      const results = reference === paymentId ? [mpPayment(777007, 'approved', 'accredited', paymentId)] : [];
      return { status: 200, body: { paging: { total: results.length, limit: 30, offset: 0 }, results } };
    });
    const result = await reconcilePendingPayments({
      eventStore: runtime.engines.eventStore,
      readStore: runtime.engines.readStore,
      gateway,
      clock: () => new Date(Date.now() + 5 * 60_000),
      logger: pino({ level: 'silent' }),
    });
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(
      provider.requests.map((request) =>
        new URL(request.path, 'http://x').searchParams.get('external_reference'),
      ),
    ).toContain(paymentId);
    expect(await saleView(runtime, saleId)).toMatchObject({ state: 'OK', lastPayment: { state: 'OK' } });
    // The notification that follows finds it settled: nothing recorded again.
    const events = await eventsOf(runtime, `payment-${paymentId}`);
    provider.respond(() => ({ status: 200, body: mpPayment(777007, 'approved', 'accredited', paymentId) }));
    expect((await mercadoPagoNotification(runtime, '777007', 'payment.updated')).status).toBe(200);
    expect(await eventsOf(runtime, `payment-${paymentId}`)).toEqual(events);
  });

  test('the logs carry ids and outcomes: never the secret, a signature or the access token', () => {
    const logged = runtime.logged();
    expect(logged).toContain('payment notification recorded');
    expect(logged).toContain('notification for a charge we do not know');
    expect(logged).toContain('payment notification with a bad signature');
    expect(logged).toContain('provider approved a payment recorded as refused: refund it');
    expect(signaturesSent.length).toBeGreaterThan(5);
    for (const secret of [MP_SECRET, 'TEST-access-token', ...signaturesSent]) {
      expect(logged).not.toContain(secret);
    }
  });
});

describe('Kushki notifications', () => {
  let provider: ProviderServer;
  let runtime: TestRuntime;

  beforeAll(async () => {
    provider = await startProviderServer();
    const gateway = new KushkiGateway({
      baseUrl: `${provider.url}/`,
      privateMerchantId: 'private-merchant',
      timeoutMs: 2000,
    });
    runtime = await startTestRuntime(
      {},
      { paymentGateway: gateway, paymentEnv: { KUSHKI_WEBHOOK_SIGNATURE: KUSHKI_SECRET } },
    );
    await loadLeadsCatalogue(runtime);
  });
  afterAll(async () => {
    await runtime.dispose();
    await provider.close();
  });

  /** Kushki's card webhook body (docs: one-time payments, webhook-card) with our key in its metadata. */
  const kushkiBody = (paymentId: string) => ({
    ticket_number: '178475133856497393',
    transaction_id: '553467885628398585',
    transaction_reference: 'ce3bcb36-a8bd-4bd4-8a6f-8e6e6a6c9b6e',
    metadata: { saleId: 'sale', paymentId, idempotencyKey: paymentId },
    currency_code: 'CLP',
    transaction_type: 'SALE',
    transaction_status: 'APPROVAL',
    approved_transaction_amount: 15990,
  });

  /** X-Kushki-Signature: HMAC-SHA256 of `{body}.{X-Kushki-Id}` under the webhook signature. */
  function kushkiHeaders(body: unknown, secret = KUSHKI_SECRET) {
    const id = String(Date.now());
    // A string is the body's bytes as sent; anything else is sent as JSON.stringify writes it.
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return {
      'X-Kushki-Key': 'merchant-id',
      'X-Kushki-Id': id,
      'X-Kushki-Signature': createHmac('sha256', secret).update(`${text}.${id}`).digest('hex'),
      'X-Kushki-SimpleSignature': createHmac('sha256', secret).update(id).digest('hex'),
    };
  }

  test('a signed notification of our payment records nothing Kushki cannot confirm: the payment stays PENDING', async () => {
    const { paymentId } = await pendingPayment(runtime, provider);
    provider.requests.splice(0);
    const body = kushkiBody(paymentId);
    const signed = await postJson(`${runtime.url}${NOTIFICATIONS}/kushki`, body, kushkiHeaders(body));
    expect(signed.status).toBe(200);
    expect(await json(signed)).toEqual({ received: true });
    // "APPROVAL" in the body is not Kushki's answer to a query: nothing is recorded on its word.
    expect(await eventsOf(runtime, `payment-${paymentId}`)).toEqual(['PaymentRequested']);
    expect(provider.requests).toHaveLength(0);
  });

  test('a body altered after signing, or signed with another secret, is 401 and stores nothing', async () => {
    const { paymentId } = await pendingPayment(runtime, provider);
    const body = kushkiBody(paymentId);
    const headers = kushkiHeaders(body);
    const altered = await postJson(
      `${runtime.url}${NOTIFICATIONS}/kushki`,
      { ...body, approved_transaction_amount: 1 },
      headers,
    );
    expect(altered.status).toBe(401);
    const wrongKey = await postJson(
      `${runtime.url}${NOTIFICATIONS}/kushki`,
      body,
      kushkiHeaders(body, 'other'),
    );
    expect(wrongKey.status).toBe(401);
    expect(await eventsOf(runtime, `payment-${paymentId}`)).toEqual(['PaymentRequested']);
  });

  test('a body signed as Kushki sent it (spaced, its own key order) is taken; the same bytes altered by one space are 401', async () => {
    const { paymentId } = await pendingPayment(runtime, provider);
    const sent = JSON.stringify(kushkiBody(paymentId), null, 2);
    const headers = kushkiHeaders(sent);
    const taken = await postJson(`${runtime.url}${NOTIFICATIONS}/kushki`, sent, headers);
    expect(taken.status).toBe(200);
    expect(await json(taken)).toEqual({ received: true });
    const altered = await postJson(
      `${runtime.url}${NOTIFICATIONS}/kushki`,
      sent.replace(': ', ':  '),
      headers,
    );
    expect(altered.status).toBe(401);
    expect(await eventsOf(runtime, `payment-${paymentId}`)).toEqual(['PaymentRequested']);
  });

  test('a signed notification of a charge that is not ours is acknowledged (200) and stores nothing', async () => {
    const head = await runtime.engines.eventStore.headPosition();
    const body = kushkiBody('payment-of-another-shop');
    expect((await postJson(`${runtime.url}${NOTIFICATIONS}/kushki`, body, kushkiHeaders(body))).status).toBe(
      200,
    );
    const { metadata: _metadata, ...withoutKey } = body;
    expect(
      (await postJson(`${runtime.url}${NOTIFICATIONS}/kushki`, withoutKey, kushkiHeaders(withoutKey))).status,
    ).toBe(200);
    expect(await runtime.engines.eventStore.headPosition()).toBe(head);
  });
});

/**
 * A Mercado Pago gateway whose first-period charge answer is lost (a timeout after the provider took the
 * card as a preapproval): the monthly sale's payment stays PENDING, as after a process stopped mid-call.
 */
class LostAnswerMercadoPago extends MercadoPagoGateway {
  override async chargeSubscription(): Promise<ChargeResult> {
    return { outcome: 'error', gateway: 'mercadopago', kind: 'timeout', uncertain: true, detail: 'lost' };
  }
}

describe('Mercado Pago notifications of a monthly sale', () => {
  let provider: ProviderServer;
  let runtime: TestRuntime;

  beforeAll(async () => {
    provider = await startProviderServer();
    const gateway = new LostAnswerMercadoPago({
      accessToken: 'TEST-access-token',
      currency: 'CLP',
      baseUrl: provider.url,
      maxRetries: 0,
      timeoutMs: 2000,
    });
    runtime = await startTestRuntime(
      {},
      { paymentGateway: gateway, paymentEnv: { MERCADOPAGO_WEBHOOK_SECRET: MP_SECRET } },
    );
    await loadLeadsCatalogue(runtime);
  });
  afterAll(async () => {
    await runtime.dispose();
    await provider.close();
  });

  test('002-4.02 a monthly sale whose first period a notification settles gets its Subscription (SUCCESS) from the preapproval, once', async () => {
    const sale = await startMonthlySale(runtime.url);
    provider.respond((request) =>
      request.path.startsWith('/preapproval')
        ? { status: 201, body: { id: 'preapproval-2c938084', status: 'authorized' } }
        : { status: 404, body: { message: 'no route' } },
    );
    const paid = await postJson(
      `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
      { token: 'provider-card-token-2' },
      { 'Idempotency-Key': randomUUID() },
    );
    const { payment } = await json(paid);
    expect(payment.state).toBe('PENDING');
    expect(await eventsOf(runtime, `payment-${payment.id}`)).toEqual([
      'PaymentRequested',
      'PaymentSubscriptionOpened',
    ]);

    provider.respond(() => ({ status: 200, body: mpPayment(778001, 'approved', 'accredited', payment.id) }));
    expect((await mercadoPagoNotification(runtime, '778001', 'payment.updated')).status).toBe(200);
    expect((await mercadoPagoNotification(runtime, '778001', 'payment.updated')).status).toBe(200);

    expect(await eventsOf(runtime, `payment-${payment.id}`)).toEqual([
      'PaymentRequested',
      'PaymentSubscriptionOpened',
      'PaymentApproved',
    ]);
    const subscription = await subscriptionOfSale(runtime, sale.id);
    expect(subscription).toMatchObject({ saleId: sale.id, status: 'SUCCESS', gateway: 'mercadopago' });
    // Recorded once, from the preapproval the payment opened before its lost charge.
    const created = (await runtime.engines.eventStore.readStream(`subscription-${subscription._id}`)).filter(
      (event) => event.type === 'SubscriptionCreated',
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.data).toMatchObject({ gatewaySubscriptionId: 'preapproval-2c938084' });
    expect((await saleView(runtime, sale.id)).state).toBe('OK');
  });
});
