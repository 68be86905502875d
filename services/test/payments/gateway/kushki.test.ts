import { money } from '@cubre/schemas/payments/money';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { KushkiGateway } from '@cubre/services/payments/gateway/kushki/kushkiGateway';
import { startProviderServer, type ProviderServer } from './support/providerServer';

const PRIVATE_ID = '10000001837138390991147925549896';
let provider: ProviderServer;
let kushki: KushkiGateway;

beforeAll(async () => {
  provider = await startProviderServer();
  kushki = new KushkiGateway({ baseUrl: `${provider.url}/`, privateMerchantId: PRIVATE_ID, timeoutMs: 2000 });
});
afterAll(() => provider.close());
beforeEach(() => provider.requests.splice(0));

const charge = (idempotencyKey: string, amount = money(15990, 'CLP'), installments?: number) =>
  kushki.charge({
    token: 'BeWb3z100000UXANj0018371b8iPZHYq',
    amount,
    idempotencyKey,
    metadata: { saleId: 'sale-7' },
    ...(installments ? { installments } : {}),
  });

describe('Kushki adapter over its REST API', () => {
  test('a charge posts the token and the amount to card/v1/charges with Private-Merchant-Id; approved answers the ticket', async () => {
    provider.respond(() => ({ status: 201, body: { ticketNumber: '170384522771700083' } }));
    const result = await charge('k-approved');
    expect(result).toEqual({
      outcome: 'approved',
      gateway: 'kushki',
      chargeId: '170384522771700083',
      amount: { amount: 15990, currency: 'CLP' },
    });
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/card/v1/charges');
    expect(request?.headers['private-merchant-id']).toBe(PRIVATE_ID);
    expect(request?.headers['public-merchant-id']).toBeUndefined();
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      token: 'BeWb3z100000UXANj0018371b8iPZHYq',
      amount: { subtotalIva: 0, subtotalIva0: 15990, ice: 0, iva: 0, currency: 'CLP' },
      metadata: { saleId: 'sale-7', idempotencyKey: 'k-approved' },
      fullResponse: true,
    });
  });

  test('two-decimal currencies travel in major units, instalments as months', async () => {
    provider.respond(() => ({ status: 201, body: { ticketNumber: '1' } }));
    await charge('k-usd', money(1999, 'USD'), 3);
    expect(provider.requests[0]?.body.amount).toEqual({
      subtotalIva: 0,
      subtotalIva0: 19.99,
      ice: 0,
      iva: 0,
      currency: 'USD',
    });
    expect(provider.requests[0]?.body.months).toBe(3);
  });

  test('002-8.14 a refusal {code, message} is a declined result mapped to the catalogue, never a throw', async () => {
    provider.respond(() => ({ status: 402, body: { code: '021', message: 'Fondos insuficientes' } }));
    const result = await charge('k-funds');
    expect(result).toEqual({
      outcome: 'declined',
      gateway: 'kushki',
      providerCode: '021',
      providerMessage: 'Fondos insuficientes',
      catalogueCode: 'insufficient_funds',
    });
    provider.respond(() => ({ status: 400, body: { code: 'K322', message: 'Transacción declinada' } }));
    const security = await charge('k-security');
    expect(security).toMatchObject({ outcome: 'declined', catalogueCode: 'K322' });
    expect(messageFor('K322')).toMatch(/regla de seguridad/);
    provider.respond(() => ({
      status: 400,
      body: { code: '220', message: 'Monto de la transacción es diferente al monto de la venta inicial' },
    }));
    expect(await charge('k-220')).toMatchObject({ catalogueCode: 'invalid_amount' });
    provider.respond(() => ({ status: 400, body: { code: 'K999', message: '?' } }));
    expect(await charge('k-unknown')).toMatchObject({ catalogueCode: 'K505' });
  });

  test('a retry with the same key answers the first result without a second request; other parameters give 4292', async () => {
    provider.respond(() => ({ status: 201, body: { ticketNumber: '555' } }));
    const first = await charge('k-once');
    expect(await charge('k-once')).toEqual(first);
    expect(provider.requests).toHaveLength(1);
    expect(await charge('k-once', money(1, 'CLP'))).toMatchObject({
      outcome: 'declined',
      catalogueCode: '4292',
    });
    expect(provider.requests).toHaveLength(1);
  });

  test('network failures are typed: a 5xx and a cut connection are uncertain, a refused connection is not', async () => {
    provider.respond(() => ({ status: 503, body: {} }));
    expect(await charge('k-503')).toMatchObject({
      outcome: 'error',
      kind: 'provider_unavailable',
      uncertain: true,
    });
    provider.respond(() => 'drop');
    expect(await charge('k-drop')).toMatchObject({ outcome: 'error', kind: 'network', uncertain: true });
    provider.respond(() => ({
      status: 401,
      body: { code: 'K004', message: 'ID de comercio o credencial no válido' },
    }));
    expect(await charge('k-401')).toMatchObject({ outcome: 'error', kind: 'unauthorized', uncertain: false });
    const closed = await startProviderServer();
    const url = closed.url;
    await closed.close();
    const nowhere = new KushkiGateway({ baseUrl: `${url}/`, privateMerchantId: PRIVATE_ID, timeoutMs: 2000 });
    expect(
      await nowhere.charge({ token: 't', amount: money(1, 'CLP'), idempotencyKey: 'k-refused' }),
    ).toMatchObject({
      outcome: 'error',
      kind: 'network',
      uncertain: false,
      detail: 'ECONNREFUSED',
    });
  });

  test('a charge that gets no answer before the deadline is a timeout, uncertain', async () => {
    const slow = new KushkiGateway({
      baseUrl: `${provider.url}/`,
      privateMerchantId: PRIVATE_ID,
      timeoutMs: 200,
    });
    provider.respond(() => 'hang');
    expect(
      await slow.charge({ token: 't', amount: money(1, 'CLP'), idempotencyKey: 'k-hang' }),
    ).toMatchObject({
      outcome: 'error',
      kind: 'timeout',
      uncertain: true,
    });
  });

  test('void is DELETE v1/charges/{ticket}; refund is DELETE v1/refund/{ticket} answering K000', async () => {
    provider.respond((request) =>
      request.path.startsWith('/v1/refund/')
        ? { status: 200, body: { code: 'K000', message: 'El reembolso solicitado se realizó con éxito.' } }
        : { status: 200, body: { ticketNumber: '170384634023500095' } },
    );
    expect(await kushki.void('170384522771700083', 'void-1')).toEqual({
      outcome: 'approved',
      gateway: 'kushki',
      chargeId: '170384522771700083',
      reversalId: '170384634023500095',
    });
    expect(await kushki.refund('170384522771700083', money(15990, 'CLP'), 'refund-1')).toEqual({
      outcome: 'approved',
      gateway: 'kushki',
      chargeId: '170384522771700083',
    });
    expect(provider.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'DELETE /v1/charges/170384522771700083',
      'DELETE /v1/refund/170384522771700083',
    ]);
    expect(provider.requests.every((request) => request.headers['private-merchant-id'] === PRIVATE_ID)).toBe(
      true,
    );
    provider.respond(() => ({ status: 400, body: { code: 'K010', message: 'Ticket number inválido' } }));
    expect(await kushki.refund('x', money(1, 'CLP'), 'refund-2')).toMatchObject({
      outcome: 'declined',
      providerCode: 'K010',
      catalogueCode: 'invalid_transaction',
    });
  });

  test('002-9.03 subscriptions: created on demand (Kushki\u2019s `custom`, so Kushki never charges on a schedule of its own beside ours), charged on demand, cancelled', async () => {
    provider.respond((request) => {
      if (request.method === 'POST' && request.path === '/subscriptions/v1/card') {
        return { status: 201, body: { subscriptionId: '1589312345678000' } };
      }
      if (request.method === 'POST') return { status: 201, body: { ticketNumber: '900' } };
      return { status: 200, body: {} };
    });
    const created = await kushki.createSubscription({
      token: 'sub-token',
      amount: money(15990, 'CLP'),
      periodicity: 6,
      startDate: '2026-12-01',
      idempotencyKey: 'sub-1',
      payer: { email: 'ana@example.cl', name: 'Ana' },
      metadata: { planName: 'Plan Salud' },
    });
    expect(created).toEqual({ outcome: 'approved', gateway: 'kushki', subscriptionId: '1589312345678000' });
    expect(provider.requests[0]?.body).toEqual({
      token: 'sub-token',
      planName: 'Plan Salud',
      periodicity: 'custom',
      contactDetails: { email: 'ana@example.cl', firstName: 'Ana' },
      amount: { subtotalIva: 0, subtotalIva0: 15990, ice: 0, iva: 0, currency: 'CLP' },
      startDate: '2026-12-01',
      metadata: { planName: 'Plan Salud', periodicityMonths: 6, idempotencyKey: 'sub-1' },
    });
    const charged = await kushki.chargeSubscription({
      subscriptionId: '1589312345678000',
      amount: money(15990, 'CLP'),
      idempotencyKey: 'sub-1-2026-12',
    });
    expect(charged).toMatchObject({ outcome: 'approved', chargeId: '900' });
    expect(await kushki.cancelSubscription('1589312345678000', 'cancel-1')).toMatchObject({
      outcome: 'approved',
    });
    expect(provider.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /subscriptions/v1/card',
      'POST /subscriptions/v1/card/1589312345678000',
      'DELETE /subscriptions/v1/card/1589312345678000',
    ]);
  });

  test('getCharge answers a typed unsupported error: no documented Kushki charge query', async () => {
    expect(await kushki.getCharge('1')).toMatchObject({
      outcome: 'error',
      kind: 'unsupported',
      uncertain: false,
    });
  });

  test('findCharge answers unknown without a request: Kushki documents no query by reference or ticket', async () => {
    expect(await kushki.findCharge('payment-key-1')).toEqual({
      outcome: 'unknown',
      gateway: 'kushki',
      detail: expect.stringContaining('no query'),
    });
    expect(provider.requests).toHaveLength(0);
  });
});
