import { money } from '@cubre/schemas/payments/money';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { MercadoPagoGateway } from '@cubre/services/payments/gateway/mercadopago/mercadoPagoGateway';
import { startProviderServer, type ProviderServer } from './support/providerServer';

const ACCESS_TOKEN = 'TEST-0000000000000000-000000-00000000000000000000000000000000-000000000';
let provider: ProviderServer;
let mp: MercadoPagoGateway;

beforeAll(async () => {
  provider = await startProviderServer();
  mp = new MercadoPagoGateway({
    accessToken: ACCESS_TOKEN,
    currency: 'CLP',
    baseUrl: provider.url,
    maxRetries: 0,
    timeoutMs: 2000,
    notificationUrl: 'https://cubre.example/api/payments/notifications/mercadopago',
    subscriptionBackUrl: 'https://cubre.example/Compra-Online',
  });
});
afterAll(() => provider.close());
beforeEach(() => provider.requests.splice(0));

/** POST /v1/payments answers as Mercado Pago's reference shows (fields we read, and a few we do not). */
const paymentAnswer = (status: string, statusDetail: string, extra: Record<string, unknown> = {}) => ({
  status: 201,
  body: {
    id: 1318524231,
    status,
    status_detail: statusDetail,
    currency_id: 'CLP',
    transaction_amount: 15990,
    installments: 1,
    payment_method_id: 'visa',
    authorization_code: status === 'approved' ? '301299' : null,
    ...extra,
  },
});

const charge = (idempotencyKey: string, amount = money(15990, 'CLP')) =>
  mp.charge({
    token: 'ff8080814c11e237014c1ff593b57b4d',
    amount,
    idempotencyKey,
    installments: 1,
    paymentMethodId: 'visa',
    metadata: { saleId: 'sale-9' },
    payer: { email: 'ana@example.cl', documentType: 'RUT', documentNumber: '111111111' },
  });

describe('Mercado Pago adapter through the mercadopago SDK', () => {
  test('a charge is POST /v1/payments with the bearer token, X-Idempotency-Key and the amount in major units', async () => {
    provider.respond(() => paymentAnswer('approved', 'accredited'));
    const result = await charge('mp-approved');
    expect(result).toEqual({
      outcome: 'approved',
      gateway: 'mercadopago',
      chargeId: '1318524231',
      amount: { amount: 15990, currency: 'CLP' },
      authorizationCode: '301299',
    });
    const [request] = provider.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payments');
    expect(request?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(request?.headers['x-idempotency-key']).toBe('mp-approved');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['user-agent']).toMatch(/^MercadoPago Node\.js SDK v3\.6\.1/);
    expect(request?.body).toEqual({
      transaction_amount: 15990,
      token: 'ff8080814c11e237014c1ff593b57b4d',
      installments: 1,
      payment_method_id: 'visa',
      payer: { email: 'ana@example.cl', identification: { type: 'RUT', number: '111111111' } },
      // Our key: findCharge searches by it.
      external_reference: 'mp-approved',
      metadata: { saleId: 'sale-9' },
      notification_url: 'https://cubre.example/api/payments/notifications/mercadopago',
    });
  });

  test('each call carries its own idempotency key (the SDK would otherwise keep the previous one)', async () => {
    provider.respond(() => paymentAnswer('approved', 'accredited'));
    await charge('mp-key-1');
    await charge('mp-key-2');
    await mp.getCharge('1318524231');
    expect(provider.requests.map((request) => request.headers['x-idempotency-key'])).toEqual([
      'mp-key-1',
      'mp-key-2',
      undefined,
    ]);
  });

  test('002-8.11 a rejected payment is declined with its status detail, mapped to the catalogue', async () => {
    provider.respond(() => paymentAnswer('rejected', 'cc_rejected_insufficient_amount'));
    const result = await charge('mp-funds');
    expect(result).toEqual({
      outcome: 'declined',
      gateway: 'mercadopago',
      providerCode: 'cc_rejected_insufficient_amount',
      catalogueCode: 'insufficient_amount',
      chargeId: '1318524231',
    });
    expect(messageFor('insufficient_amount')).toMatch(/fondos suficientes/);
    provider.respond(() => paymentAnswer('rejected', 'cc_rejected_high_risk'));
    expect(await charge('mp-risk')).toMatchObject({ catalogueCode: 'high_risk' });
  });

  test('a payment in process is pending, with its id for reconciliation', async () => {
    provider.respond(() => paymentAnswer('in_process', 'pending_contingency'));
    expect(await charge('mp-pending')).toEqual({
      outcome: 'pending',
      gateway: 'mercadopago',
      chargeId: '1318524231',
      providerCode: 'pending_contingency',
    });
  });

  test('002-8.09 a 400 with cause [{code}] is declined with the provider code, whose message is the catalogue\u2019s', async () => {
    provider.respond(() => ({
      status: 400,
      body: {
        message: 'Invalid transaction_amount.',
        error: 'bad_request',
        status: 400,
        cause: [{ code: 4037, description: 'Invalid transaction_amount.' }],
      },
    }));
    expect(await charge('mp-400')).toEqual({
      outcome: 'declined',
      gateway: 'mercadopago',
      providerCode: '4037',
      providerMessage: 'Invalid transaction_amount.',
      catalogueCode: '4037',
    });
  });

  test('a charge in another currency than the account\u2019s is refused before any request', async () => {
    expect(await charge('mp-usd', money(1999, 'USD'))).toMatchObject({
      outcome: 'error',
      kind: 'unsupported',
    });
    expect(provider.requests).toHaveLength(0);
  });

  test('errors are typed: 401 unauthorized, 500 unavailable and uncertain, a cut connection uncertain', async () => {
    provider.respond(() => ({
      status: 401,
      body: { message: 'invalid access token', error: 'unauthorized', status: 401 },
    }));
    expect(await charge('mp-401')).toMatchObject({
      outcome: 'error',
      kind: 'unauthorized',
      uncertain: false,
    });
    provider.respond(() => ({ status: 500, body: { message: 'internal_error', status: 500 } }));
    expect(await charge('mp-500')).toMatchObject({
      outcome: 'error',
      kind: 'provider_unavailable',
      uncertain: true,
    });
    provider.respond(() => 'drop');
    expect(await charge('mp-drop')).toMatchObject({ outcome: 'error', kind: 'network', uncertain: true });
  });

  test('void cancels (PUT status cancelled), refund posts to /refunds with its key, getCharge reads the payment', async () => {
    provider.respond((request) => {
      if (request.method === 'PUT')
        return { status: 200, body: { id: 1318524231, status: 'cancelled', status_detail: 'by_collector' } };
      if (request.path.endsWith('/refunds'))
        return {
          status: 201,
          body: { id: 99887766, payment_id: 1318524231, amount: 15990, status: 'approved' },
        };
      if (request.path === '/v1/payments/404')
        return {
          status: 404,
          body: { message: 'Payment not found', error: 'not_found', status: 404, cause: [{ code: 2000 }] },
        };
      return paymentAnswer('refunded', 'refunded');
    });
    expect(await mp.void('1318524231', 'mp-void')).toEqual({
      outcome: 'approved',
      gateway: 'mercadopago',
      chargeId: '1318524231',
    });
    expect(await mp.refund('1318524231', money(15990, 'CLP'), 'mp-refund')).toEqual({
      outcome: 'approved',
      gateway: 'mercadopago',
      chargeId: '1318524231',
      reversalId: '99887766',
    });
    expect(await mp.getCharge('1318524231')).toMatchObject({
      outcome: 'reversed',
      reversal: 'refund',
      amount: { amount: 15990 },
    });
    expect(await mp.getCharge('404')).toEqual({ outcome: 'not_found', gateway: 'mercadopago' });
    expect(
      provider.requests.map((request) => [
        request.method,
        request.path,
        request.body,
        request.headers['x-idempotency-key'],
      ]),
    ).toEqual([
      ['PUT', '/v1/payments/1318524231', { status: 'cancelled' }, 'mp-void'],
      ['POST', '/v1/payments/1318524231/refunds', { amount: 15990 }, 'mp-refund'],
      ['GET', '/v1/payments/1318524231', undefined, undefined],
      ['GET', '/v1/payments/404', undefined, undefined],
    ]);
  });

  test('002-9.03 a subscription is a preapproval every n months carrying our first payment\u2019s id; cancelling sets it cancelled', async () => {
    provider.respond((request) =>
      request.method === 'POST'
        ? { status: 201, body: { id: '2c938084726fca480172750000000000', status: 'authorized' } }
        : { status: 200, body: { id: '2c938084726fca480172750000000000', status: 'cancelled' } },
    );
    const created = await mp.createSubscription({
      token: 'card-token',
      amount: money(15990, 'CLP'),
      periodicity: 3,
      startDate: '2026-12-01',
      idempotencyKey: 'mp-sub',
      payer: { email: 'ana@example.cl' },
      metadata: { planName: 'Plan Salud', saleId: 'sale-9', paymentId: 'payment-9' },
    });
    expect(created).toEqual({
      outcome: 'approved',
      gateway: 'mercadopago',
      subscriptionId: '2c938084726fca480172750000000000',
    });
    expect(provider.requests[0]?.path).toBe('/preapproval/');
    expect(provider.requests[0]?.headers['x-idempotency-key']).toBe('mp-sub');
    expect(provider.requests[0]?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(provider.requests[0]?.body).toEqual({
      reason: 'Plan Salud',
      // The sale's first payment: every debit of the preapproval maps back to it (and its sale).
      external_reference: 'payment-9',
      payer_email: 'ana@example.cl',
      card_token_id: 'card-token',
      back_url: 'https://cubre.example/Compra-Online',
      auto_recurring: {
        frequency: 3,
        frequency_type: 'months',
        transaction_amount: 15990,
        currency_id: 'CLP',
        start_date: '2026-12-01T00:00:00.000-00:00',
      },
      status: 'authorized',
    });
    expect(await mp.cancelSubscription('2c938084726fca480172750000000000', 'mp-unsub')).toMatchObject({
      outcome: 'approved',
    });
    expect(provider.requests[1]).toMatchObject({
      method: 'PUT',
      path: '/preapproval/2c938084726fca480172750000000000',
      body: { status: 'cancelled' },
    });
    expect(provider.requests[1]?.headers['x-idempotency-key']).toBe('mp-unsub');
  });
});

describe('Mercado Pago findCharge: the payment held under our key (reconciliation)', () => {
  const searchAnswer = (results: unknown[]) => ({
    status: 200,
    body: { paging: { total: results.length, limit: 30, offset: 0 }, results },
  });
  const found = (id: number, status: string, statusDetail: string, reference = 'payment-key-1') => ({
    id,
    status,
    status_detail: statusDetail,
    external_reference: reference,
    transaction_amount: 15990,
    currency_id: 'CLP',
    date_created: '2026-11-26T10:00:00.000-03:00',
    authorization_code: status === 'approved' ? '301299' : null,
  });

  test('GET /v1/payments/search by external_reference with the bearer token; an approved payment settles it', async () => {
    provider.respond(() =>
      searchAnswer([found(11, 'rejected', 'cc_rejected_other_reason'), found(12, 'approved', 'accredited')]),
    );
    expect(await mp.findCharge('payment-key-1')).toEqual({
      outcome: 'approved',
      gateway: 'mercadopago',
      chargeId: '12',
      amount: { amount: 15990, currency: 'CLP' },
      authorizationCode: '301299',
      reference: 'payment-key-1',
    });
    const [request] = provider.requests;
    expect(request?.method).toBe('GET');
    const url = new URL(request!.path, 'http://x');
    expect(url.pathname).toBe('/v1/payments/search');
    expect(url.searchParams.get('external_reference')).toBe('payment-key-1');
    expect(url.searchParams.get('sort')).toBe('date_created');
    expect(url.searchParams.get('criteria')).toBe('desc');
    expect(request?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  test('002-8.11 a rejected payment is declined with its rejection reason', async () => {
    provider.respond(() => searchAnswer([found(13, 'rejected', 'cc_rejected_insufficient_amount')]));
    expect(await mp.findCharge('payment-key-1')).toMatchObject({
      outcome: 'declined',
      providerCode: 'cc_rejected_insufficient_amount',
      catalogueCode: 'insufficient_amount',
      chargeId: '13',
      reference: 'payment-key-1',
    });
  });

  test('no payment under the key is not_found (nothing was charged); another reference is not ours', async () => {
    provider.respond(() => searchAnswer([]));
    expect(await mp.findCharge('payment-key-1')).toEqual({ outcome: 'not_found', gateway: 'mercadopago' });
    provider.respond(() => searchAnswer([found(14, 'approved', 'accredited', 'someone-else')]));
    expect(await mp.findCharge('payment-key-1')).toEqual({ outcome: 'not_found', gateway: 'mercadopago' });
  });

  test('a 5xx is an uncertain provider_unavailable error, never not_found', async () => {
    provider.respond(() => ({ status: 503, body: { message: 'service unavailable', status: 503 } }));
    expect(await mp.findCharge('payment-key-1')).toMatchObject({
      outcome: 'error',
      gateway: 'mercadopago',
      kind: 'provider_unavailable',
      uncertain: true,
    });
  });

  test('getCharge names the key the payment was charged under (a notification identifies our payment by it)', async () => {
    provider.respond(() => ({ status: 200, body: found(15, 'in_process', 'pending_contingency') }));
    expect(await mp.getCharge('15')).toEqual({
      outcome: 'pending',
      gateway: 'mercadopago',
      chargeId: '15',
      providerCode: 'pending_contingency',
      reference: 'payment-key-1',
    });
    expect(provider.requests[0]?.path).toBe('/v1/payments/15');
  });
});

/**
 * GET /authorized_payments/{id} and /authorized_payments/search as Mercado Pago's reference shows them: a
 * debit the subscription engine made (or will make) for a preapproval, its last try's payment inside.
 */
const PREAPPROVAL = '2c938084726fca480172750000000000';
const authorizedPayment = (
  id: number,
  status: 'scheduled' | 'processed' | 'recycling' | 'cancelled',
  extra: Record<string, unknown> = {},
) => ({
  id,
  type: 'recurring',
  date_created: '2026-12-26T09:00:00.000-04:00',
  last_modified: '2026-12-26T09:10:00.000-04:00',
  preapproval_id: PREAPPROVAL,
  reason: 'Plan Salud',
  external_reference: 'payment-9',
  currency_id: 'CLP',
  transaction_amount: 15990,
  debit_date: '2026-12-26T09:00:00.000-04:00',
  retry_attempt: 0,
  status,
  summarized: status === 'processed' ? 'approved' : 'pending',
  ...extra,
});

describe('Mercado Pago preapprovals: the debits it makes itself (authorized payments)', () => {
  test('a debit is GET /authorized_payments/{id} with the bearer token; processed and approved is the period paid, through its payment', async () => {
    provider.respond(() => ({
      status: 200,
      body: authorizedPayment(6114264375, 'processed', {
        payment: { id: 19951521071, status: 'approved', status_detail: 'accredited' },
      }),
    }));
    expect(await mp.automaticCharges.getAutomaticCharge('6114264375')).toEqual({
      gateway: 'mercadopago',
      chargeId: '6114264375',
      gatewaySubscriptionId: PREAPPROVAL,
      reference: 'payment-9',
      debitDate: '2026-12-26',
      attempt: 1,
      amount: { amount: 15990, currency: 'CLP' },
      result: {
        outcome: 'approved',
        gateway: 'mercadopago',
        chargeId: '19951521071',
        amount: { amount: 15990, currency: 'CLP' },
      },
    });
    const [request] = provider.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/authorized_payments/6114264375' });
    expect(request?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    // A read moves no money: nothing to make idempotent, and nothing is sent.
    expect(request?.body).toBeUndefined();
  });

  test('002-8.11 a recycling debit is declined with its rejection reason, Mercado Pago\u2019s next try and its try number; cancelled is final', async () => {
    provider.respond(() => ({
      status: 200,
      body: authorizedPayment(6114264376, 'recycling', {
        retry_attempt: 1,
        next_retry_date: '2026-12-29T09:00:00.000-04:00',
        payment: { id: 19951521072, status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
      }),
    }));
    expect(await mp.automaticCharges.getAutomaticCharge('6114264376')).toMatchObject({
      attempt: 2,
      result: {
        outcome: 'declined',
        providerCode: 'cc_rejected_insufficient_amount',
        catalogueCode: 'insufficient_amount',
        chargeId: '19951521072',
        final: false,
        nextRetryDate: '2026-12-29',
      },
    });
    expect(messageFor('insufficient_amount')).toMatch(/fondos suficientes/);
    provider.respond(() => ({
      status: 200,
      body: authorizedPayment(6114264376, 'cancelled', {
        retry_attempt: 3,
        payment: { id: 19951521074, status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
      }),
    }));
    expect(await mp.automaticCharges.getAutomaticCharge('6114264376')).toMatchObject({
      attempt: 4,
      result: { outcome: 'declined', final: true, nextRetryDate: null },
    });
  });

  test('a scheduled debit is pending; an unknown one not_found; a 5xx an uncertain provider_unavailable', async () => {
    provider.respond(() => ({ status: 200, body: authorizedPayment(6114264377, 'scheduled') }));
    expect(await mp.automaticCharges.getAutomaticCharge('6114264377')).toMatchObject({
      result: { outcome: 'pending', chargeId: '6114264377' },
    });
    provider.respond(() => ({
      status: 404,
      body: { message: 'not found', error: 'not_found', status: 404 },
    }));
    expect(await mp.automaticCharges.getAutomaticCharge('1')).toEqual({
      outcome: 'not_found',
      gateway: 'mercadopago',
    });
    provider.respond(() => ({ status: 500, body: { message: 'internal error', status: 500 } }));
    expect(await mp.automaticCharges.getAutomaticCharge('1')).toMatchObject({
      outcome: 'error',
      kind: 'provider_unavailable',
      uncertain: true,
    });
  });

  test('a preapproval\u2019s debits are GET /authorized_payments/search?preapproval_id={id}, oldest debit first, another preapproval\u2019s left out', async () => {
    provider.respond(() => ({
      status: 200,
      body: {
        paging: { offset: 0, limit: 100, total: 3 },
        results: [
          authorizedPayment(3, 'scheduled', { debit_date: '2027-01-26T09:00:00.000-04:00' }),
          authorizedPayment(1, 'processed', {
            debit_date: '2026-11-26T09:00:00.000-04:00',
            payment: { id: 11, status: 'approved', status_detail: 'accredited' },
          }),
          authorizedPayment(9, 'processed', { preapproval_id: 'another' }),
        ],
      },
    }));
    const debits = await mp.automaticCharges.listAutomaticCharges(PREAPPROVAL);
    expect(Array.isArray(debits) && debits.map((debit) => [debit.chargeId, debit.debitDate])).toEqual([
      ['1', '2026-11-26'],
      ['3', '2027-01-26'],
    ]);
    const [request] = provider.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe(`/authorized_payments/search?preapproval_id=${PREAPPROVAL}&limit=100`);
    expect(request?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  test('chargeSubscription charges nothing: it answers the preapproval\u2019s first debit (the purchase\u2019s period), pending until Mercado Pago made it', async () => {
    provider.respond(() => ({ status: 200, body: { paging: { total: 0 }, results: [] } }));
    const asked = () =>
      mp.chargeSubscription({
        subscriptionId: PREAPPROVAL,
        amount: money(15990, 'CLP'),
        idempotencyKey: 'payment-9',
      });
    expect(await asked()).toEqual({ outcome: 'pending', gateway: 'mercadopago', chargeId: PREAPPROVAL });
    provider.respond(() => ({
      status: 200,
      body: {
        results: [
          authorizedPayment(1, 'processed', {
            payment: { id: 11, status: 'approved', status_detail: 'accredited' },
          }),
        ],
      },
    }));
    expect(await asked()).toEqual({
      outcome: 'approved',
      gateway: 'mercadopago',
      chargeId: '11',
      amount: { amount: 15990, currency: 'CLP' },
      reference: 'payment-9',
    });
    expect(provider.requests.every((request) => request.method === 'GET')).toBe(true);
  });

  test('findCharge of a monthly sale\u2019s payment: no payment under the key, so the preapproval carrying it is found and its first debit answers', async () => {
    provider.respond((request) => {
      if (request.path.startsWith('/v1/payments/search')) return { status: 200, body: { results: [] } };
      if (request.path.startsWith('/preapproval/search'))
        return request.path.includes('external_reference=payment-9')
          ? {
              status: 200,
              body: { results: [{ id: PREAPPROVAL, external_reference: 'payment-9', status: 'authorized' }] },
            }
          : { status: 200, body: { results: [] } };
      return {
        status: 200,
        body: {
          results: [
            authorizedPayment(1, 'recycling', {
              payment: { id: 12, status: 'rejected', status_detail: 'cc_rejected_call_for_authorize' },
            }),
          ],
        },
      };
    });
    expect(await mp.findCharge('payment-9')).toMatchObject({
      outcome: 'declined',
      providerCode: 'cc_rejected_call_for_authorize',
      chargeId: '12',
      reference: 'payment-9',
    });
    expect(provider.requests.map((request) => request.path.split('?')[0])).toEqual([
      '/v1/payments/search',
      '/preapproval/search',
      '/authorized_payments/search',
    ]);
    expect(provider.requests[1]?.path).toBe('/preapproval/search?external_reference=payment-9');
    // No payment and no preapproval under the key: Mercado Pago charged nothing under it.
    expect(await mp.findCharge('payment-unknown')).toEqual({ outcome: 'not_found', gateway: 'mercadopago' });
  });
});

test('findCharge of a monthly sale\u2019s payment whose preapproval was cancelled before any debit is not_found (nothing was or will be charged); one still authorized is pending', async () => {
  for (const [status, outcome] of [
    ['cancelled', 'not_found'],
    ['authorized', 'pending'],
  ] as const) {
    provider.respond((request) => {
      if (request.path.startsWith('/preapproval/search'))
        return {
          status: 200,
          body: { results: [{ id: PREAPPROVAL, external_reference: 'payment-9', status }] },
        };
      return { status: 200, body: { results: [] } };
    });
    expect(await mp.findCharge('payment-9')).toMatchObject({ outcome, gateway: 'mercadopago' });
  }
});

describe('Mercado Pago preapprovals: the preapproval itself (ended or paused on its side)', () => {
  const preapproval = (status: string) => ({
    id: PREAPPROVAL,
    payer_id: 123456,
    status,
    reason: 'Plan Salud',
    external_reference: 'payment-9',
    date_created: '2026-11-26T09:00:00.000-04:00',
    last_modified: '2026-12-02T10:00:00.000-04:00',
    auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 15990, currency_id: 'CLP' },
  });

  test('a preapproval is GET /preapproval/{id} with the bearer token; authorized is active, paused and cancelled as they are, with the key it carries', async () => {
    for (const [status, ours] of [
      ['authorized', 'active'],
      ['paused', 'paused'],
      ['cancelled', 'cancelled'],
      ['pending', 'pending'],
    ] as const) {
      provider.requests.splice(0);
      provider.respond(() => ({ status: 200, body: preapproval(status) }));
      expect(await mp.automaticCharges.getSubscription(PREAPPROVAL)).toEqual({
        gateway: 'mercadopago',
        gatewaySubscriptionId: PREAPPROVAL,
        reference: 'payment-9',
        status: ours,
      });
      const [request] = provider.requests;
      expect(request).toMatchObject({ method: 'GET', path: `/preapproval/${PREAPPROVAL}` });
      expect(request?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
      expect(request?.body).toBeUndefined();
    }
  });

  test('an unknown preapproval is not_found; a 5xx an uncertain provider_unavailable', async () => {
    provider.respond(() => ({ status: 404, body: { message: 'not found', status: 404 } }));
    expect(await mp.automaticCharges.getSubscription('nope')).toEqual({
      outcome: 'not_found',
      gateway: 'mercadopago',
    });
    provider.respond(() => ({ status: 500, body: { message: 'internal', status: 500 } }));
    expect(await mp.automaticCharges.getSubscription(PREAPPROVAL)).toMatchObject({
      outcome: 'error',
      kind: 'provider_unavailable',
      uncertain: true,
    });
  });
});
