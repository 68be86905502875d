import { money } from '@cubre/schemas/payments/money';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { OneclickGateway } from '@cubre/services/payments/gateway/transbank/oneclickGateway';
import { WebpayPlusGateway } from '@cubre/services/payments/gateway/transbank/webpayPlusGateway';
import { startProviderServer, type ProviderServer } from './support/providerServer';

/** Integration credentials are public (transbank-webpay.json); any secret-looking value works on a local server. */
const COMMERCE = '597055555532';
const API_KEY = 'local-test-api-key-secret';
const WEBPAY = '/rswebpaytransaction/api/webpay/v1.2';
const ONECLICK = '/rswebpaytransaction/api/oneclick/v1.2';
const TBK_USER = 'b6bd6ba3-e718-4107-9386-d2993bdc1d3d';
const TOKEN = 'e9d555262db0f989e49d724b4db0b0af367cc415cde41f500a776550fc5fddd3';

let provider: ProviderServer;
let webpay: WebpayPlusGateway;
let oneclick: OneclickGateway;

beforeAll(async () => {
  provider = await startProviderServer();
  const config = { commerceCode: COMMERCE, apiKey: API_KEY, environment: provider.url, timeoutMs: 2000 };
  webpay = new WebpayPlusGateway(config);
  oneclick = new OneclickGateway({
    ...config,
    commerceCode: '597055555541',
    childCommerceCode: '597055555542',
  });
});
afterAll(() => provider.close());
beforeEach(() => provider.requests.splice(0));

/** Webpay Plus REST v1.2 commit answer, as Transbank's reference shows it. */
const committed = (status: string, responseCode: number) => ({
  vci: 'TSY',
  amount: 15990,
  status,
  buy_order: 'W0123456789abcdef0123456',
  session_id: 'session-1',
  card_detail: { card_number: '6623' },
  accounting_date: '1126',
  transaction_date: '2026-11-26T16:41:21.063Z',
  authorization_code: '1213',
  payment_type_code: 'VN',
  response_code: responseCode,
  installments_number: 0,
});

describe('Transbank Webpay Plus through transbank-sdk', () => {
  test('start creates the transaction with Tbk-Api-Key headers, a buy order from the key, the amount in pesos', async () => {
    provider.respond(() => ({
      status: 200,
      // Webpay's form is on Webpay's own host (here the local server standing in for it).
      body: { token: TOKEN, url: `${provider.url}/webpayserver/initTransaction` },
    }));
    const started = await webpay.start({
      amount: money(15990, 'CLP'),
      idempotencyKey: 'wp-1',
      sessionId: 'session-1',
      returnUrl: 'https://cubre.example/Compra-Online/retorno',
    });
    expect(started).toEqual({
      outcome: 'redirect',
      gateway: 'webpay_plus',
      url: `${provider.url}/webpayserver/initTransaction`,
      token: TOKEN,
    });
    const [request] = provider.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`${WEBPAY}/transactions`);
    expect(request?.headers['tbk-api-key-id']).toBe(COMMERCE);
    expect(request?.headers['tbk-api-key-secret']).toBe(API_KEY);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      buy_order: expect.stringMatching(/^W[0-9a-f]{25}$/),
      session_id: 'session-1',
      amount: 15990,
      return_url: 'https://cubre.example/Compra-Online/retorno',
    });
    await webpay.start({
      amount: money(15990, 'CLP'),
      idempotencyKey: 'wp-1',
      sessionId: 'session-1',
      returnUrl: 'https://x.cl',
    });
    expect(provider.requests[1]?.body.buy_order).toBe(request?.body.buy_order);
    expect(
      await webpay.start({
        amount: money(100, 'USD'),
        idempotencyKey: 'k',
        sessionId: 's',
        returnUrl: 'https://x.cl',
      }),
    ).toMatchObject({
      outcome: 'error',
      kind: 'unsupported',
    });
  });

  test("start refuses a form url off Webpay's host: the buyer is sent nowhere the CSP does not name", async () => {
    provider.respond(() => ({
      status: 200,
      body: { token: TOKEN, url: 'https://elsewhere.example/webpayserver/initTransaction' },
    }));
    const started = await webpay.start({
      amount: money(15990, 'CLP'),
      idempotencyKey: 'wp-off-host',
      sessionId: 'session-1',
      returnUrl: 'https://cubre.example/retorno',
    });
    expect(started).toMatchObject({ outcome: 'error', kind: 'bad_response', uncertain: false });
    expect(webpay.formOrigin).toBe(provider.url);
  });

  test('charge commits the token (PUT) and an authorised commit is approved, the token being the charge id', async () => {
    provider.respond(() => ({ status: 200, body: committed('AUTHORIZED', 0) }));
    expect(
      await webpay.charge({ token: TOKEN, amount: money(15990, 'CLP'), idempotencyKey: 'wp-commit' }),
    ).toEqual({
      outcome: 'approved',
      gateway: 'webpay_plus',
      chargeId: TOKEN,
      amount: { amount: 15990, currency: 'CLP' },
      authorizationCode: '1213',
    });
    expect(provider.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT ${WEBPAY}/transactions/${TOKEN}`,
    ]);
  });

  test('a refused authorisation is declined with Webpay\u2019s response code mapped to the catalogue', async () => {
    provider.respond(() => ({ status: 200, body: committed('FAILED', -4) }));
    const result = await webpay.charge({
      token: TOKEN,
      amount: money(15990, 'CLP'),
      idempotencyKey: 'wp-refused',
    });
    expect(result).toEqual({
      outcome: 'declined',
      gateway: 'webpay_plus',
      providerCode: '-4',
      catalogueCode: 'rejected_by_bank',
      chargeId: TOKEN,
    });
    expect(messageFor('rejected_by_bank')).toMatch(/banco rechazó/);
  });

  test('a commit already made (422) answers from the transaction status, so a reload never errs nor charges twice', async () => {
    provider.respond((request) =>
      request.method === 'PUT'
        ? {
            status: 422,
            body: {
              error_message:
                "Invalid status '6' for transaction while authorizing. Commerce has been notified",
            },
          }
        : { status: 200, body: committed('AUTHORIZED', 0) },
    );
    expect(
      await webpay.charge({ token: TOKEN, amount: money(15990, 'CLP'), idempotencyKey: 'wp-reload' }),
    ).toMatchObject({
      outcome: 'approved',
      chargeId: TOKEN,
    });
    expect(provider.requests.map((request) => request.method)).toEqual(['PUT', 'GET']);
  });

  test('refund posts the amount to /refunds; void refunds the whole amount read from the status', async () => {
    provider.respond((request) =>
      request.method === 'GET'
        ? { status: 200, body: committed('AUTHORIZED', 0) }
        : { status: 200, body: { type: 'REVERSED' } },
    );
    expect(await webpay.void(TOKEN, 'wp-void')).toEqual({
      outcome: 'approved',
      gateway: 'webpay_plus',
      chargeId: TOKEN,
    });
    provider.respond(() => ({
      status: 200,
      body: {
        type: 'NULLIFIED',
        authorization_code: '123456',
        authorization_date: '2026-11-27T20:18:20Z',
        nullified_amount: 5000,
        balance: 10990,
        response_code: 0,
      },
    }));
    expect(await webpay.refund(TOKEN, money(5000, 'CLP'), 'wp-refund')).toEqual({
      outcome: 'approved',
      gateway: 'webpay_plus',
      chargeId: TOKEN,
      reversalId: '123456',
    });
    expect(provider.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['GET', `${WEBPAY}/transactions/${TOKEN}`, undefined],
      ['POST', `${WEBPAY}/transactions/${TOKEN}/refunds`, { amount: 15990 }],
      ['POST', `${WEBPAY}/transactions/${TOKEN}/refunds`, { amount: 5000 }],
    ]);
  });

  test('getCharge reads the status: AUTHORIZED approved, INITIALIZED pending, NULLIFIED reversed', async () => {
    provider.respond(() => ({ status: 200, body: committed('INITIALIZED', 0) }));
    expect(await webpay.getCharge(TOKEN)).toEqual({
      outcome: 'pending',
      gateway: 'webpay_plus',
      chargeId: TOKEN,
    });
    provider.respond(() => ({ status: 200, body: committed('NULLIFIED', 0) }));
    expect(await webpay.getCharge(TOKEN)).toMatchObject({ outcome: 'reversed', reversal: 'refund' });
  });

  test('getCharge of a transaction Transbank no longer reports (its documented 422 past 7 days) is not_found; another 422 stays an error', async () => {
    provider.respond(() => ({
      status: 422,
      body: { error_message: "The transactions's date has passed max time (7 days) to recover the status" },
    }));
    expect(await webpay.getCharge(TOKEN)).toEqual({ outcome: 'not_found', gateway: 'webpay_plus' });
    provider.respond(() => ({ status: 422, body: { error_message: 'Invalid value for parameter: token' } }));
    expect(await webpay.getCharge(TOKEN)).toMatchObject({ outcome: 'error', kind: 'invalid_request' });
  });

  test('errors are typed: 500 unavailable and uncertain, 401 unauthorized, a cut connection uncertain', async () => {
    provider.respond(() => ({ status: 500, body: { error_message: 'internal' } }));
    expect(await webpay.getCharge(TOKEN)).toMatchObject({
      outcome: 'error',
      kind: 'provider_unavailable',
      uncertain: true,
    });
    provider.respond(() => ({ status: 401, body: { error_message: 'Not Authorized' } }));
    expect(await webpay.getCharge(TOKEN)).toMatchObject({
      outcome: 'error',
      kind: 'unauthorized',
      uncertain: false,
    });
    provider.respond(() => 'drop');
    expect(
      await webpay.charge({ token: TOKEN, amount: money(1, 'CLP'), idempotencyKey: 'wp-drop' }),
    ).toMatchObject({
      outcome: 'error',
      kind: 'network',
      uncertain: true,
    });
  });
});

describe('Transbank Oneclick Mall through transbank-sdk', () => {
  test('an inscription starts on Webpay and finishes into a subscription id holding tbk_user and username', async () => {
    provider.respond((request) =>
      request.method === 'POST'
        ? {
            status: 200,
            body: {
              token: 'inscription-token',
              url_webpay: `${provider.url}/webpayserver/bp_multicode_inscription.cgi`,
            },
          }
        : {
            status: 200,
            body: {
              response_code: 0,
              tbk_user: TBK_USER,
              authorization_code: '1213',
              card_type: 'Visa',
              card_number: 'XXXXXXXXXXXX6623',
            },
          },
    );
    expect(
      await oneclick.startInscription('ana-1', 'ana@example.cl', 'https://cubre.example/oneclick/retorno'),
    ).toMatchObject({
      outcome: 'redirect',
      token: 'inscription-token',
    });
    const created = await oneclick.createSubscription({
      token: 'inscription-token',
      amount: money(15990, 'CLP'),
      periodicity: 1,
      startDate: '2026-12-01',
      idempotencyKey: 'oc-sub',
      payer: { email: 'ana@example.cl' },
      metadata: { username: 'ana-1' },
    });
    expect(created).toEqual({
      outcome: 'approved',
      gateway: 'oneclick',
      subscriptionId: `${TBK_USER}|ana-1`,
    });
    expect(provider.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      [
        'POST',
        `${ONECLICK}/inscriptions`,
        {
          username: 'ana-1',
          email: 'ana@example.cl',
          response_url: 'https://cubre.example/oneclick/retorno',
        },
      ],
      ['PUT', `${ONECLICK}/inscriptions/inscription-token`, {}],
    ]);
    expect(provider.requests[0]?.headers['tbk-api-key-id']).toBe('597055555541');
  });

  test('002-4.12 a period is charged once per key: authorize with the store\u2019s detail, a retry sends nothing', async () => {
    provider.respond(() => ({
      status: 200,
      body: {
        buy_order: 'P',
        card_detail: { card_number: '6623' },
        accounting_date: '1126',
        transaction_date: '2026-11-26T15:43:48.523Z',
        details: [
          {
            amount: 15990,
            status: 'AUTHORIZED',
            authorization_code: '1213',
            payment_type_code: 'VN',
            response_code: 0,
            installments_number: 1,
            commerce_code: '597055555542',
            buy_order: 'C',
          },
        ],
      },
    }));
    const period = {
      subscriptionId: `${TBK_USER}|ana-1`,
      amount: money(15990, 'CLP'),
      idempotencyKey: 'oc-2026-12',
    };
    const first = await oneclick.chargeSubscription(period);
    expect(first).toMatchObject({
      outcome: 'approved',
      gateway: 'oneclick',
      amount: { amount: 15990 },
      authorizationCode: '1213',
    });
    expect(await oneclick.chargeSubscription(period)).toEqual(first);
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request?.path).toBe(`${ONECLICK}/transactions`);
    expect(request?.body).toEqual({
      username: 'ana-1',
      tbk_user: TBK_USER,
      buy_order: expect.stringMatching(/^P[0-9a-f]{25}$/),
      details: [
        {
          amount: 15990,
          commerce_code: '597055555542',
          buy_order: `C${request?.body.buy_order.slice(1)}`,
          installments_number: 1,
        },
      ],
    });
    expect(await oneclick.chargeSubscription({ ...period, amount: money(1, 'CLP') })).toMatchObject({
      outcome: 'declined',
      catalogueCode: '4292',
    });
  });

  test('a refund names the store and the child buy order; cancelling deletes the inscription', async () => {
    provider.respond((request) =>
      request.method === 'DELETE'
        ? { status: 204 }
        : { status: 200, body: { type: 'NULLIFIED', authorization_code: '777', response_code: 0 } },
    );
    const parent = 'P0123456789abcdef01234567';
    expect(await oneclick.refund(parent, money(15990, 'CLP'), 'oc-refund')).toMatchObject({
      outcome: 'approved',
      reversalId: '777',
    });
    expect(await oneclick.cancelSubscription(`${TBK_USER}|ana-1`, 'oc-cancel')).toMatchObject({
      outcome: 'approved',
    });
    expect(provider.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      [
        'POST',
        `${ONECLICK}/transactions/${parent}/refunds`,
        { commerce_code: '597055555542', detail_buy_order: `C${parent.slice(1)}`, amount: 15990 },
      ],
      ['DELETE', `${ONECLICK}/inscriptions`, { tbk_user: TBK_USER, username: 'ana-1' }],
    ]);
  });
});

describe('Transbank findCharge: what the provider holds under our key (reconciliation)', () => {
  test('Webpay Plus answers unknown without a request: it reports a transaction by its token only', async () => {
    expect(await webpay.findCharge('payment-key-1')).toEqual({
      outcome: 'unknown',
      gateway: 'webpay_plus',
      detail: expect.stringContaining('token'),
    });
    expect(provider.requests).toHaveLength(0);
  });

  const authorized = {
    buy_order: 'P',
    card_detail: { card_number: '6623' },
    accounting_date: '1126',
    transaction_date: '2026-11-26T15:43:48.523Z',
    details: [
      {
        amount: 15990,
        status: 'AUTHORIZED',
        authorization_code: '1213',
        payment_type_code: 'VN',
        response_code: 0,
        installments_number: 1,
        commerce_code: '597055555542',
        buy_order: 'C',
      },
    ],
  };

  test('Oneclick asks the status of the parent buy order its charge derived from the key', async () => {
    provider.respond((request) =>
      request.method === 'POST' ? { status: 200, body: authorized } : { status: 200, body: authorized },
    );
    const charged = await oneclick.chargeSubscription({
      subscriptionId: `${TBK_USER}|ana-1`,
      amount: money(15990, 'CLP'),
      idempotencyKey: 'payment-key-oc',
    });
    expect(charged.outcome).toBe('approved');
    const buyOrder = provider.requests[0]?.body.buy_order as string;
    provider.requests.splice(0);
    const found = await oneclick.findCharge('payment-key-oc');
    expect(found).toMatchObject({
      outcome: 'approved',
      gateway: 'oneclick',
      chargeId: buyOrder,
      amount: { amount: 15990, currency: 'CLP' },
      authorizationCode: '1213',
    });
    expect(provider.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET ${ONECLICK}/transactions/${buyOrder}`,
    ]);
    expect(provider.requests[0]?.headers['tbk-api-key-id']).toBe('597055555541');
    expect(provider.requests[0]?.headers['tbk-api-key-secret']).toBe(API_KEY);
  });

  test('Oneclick: a buy order Transbank does not know (404) is not_found; a 5xx is an uncertain error', async () => {
    provider.respond(() => ({ status: 404, body: { error_message: 'Transaction not found' } }));
    expect(await oneclick.findCharge('never-charged')).toEqual({ outcome: 'not_found', gateway: 'oneclick' });
    provider.respond(() => ({ status: 500, body: { error_message: 'internal' } }));
    expect(await oneclick.findCharge('never-charged')).toMatchObject({
      outcome: 'error',
      gateway: 'oneclick',
      kind: 'provider_unavailable',
      uncertain: true,
    });
  });
});
