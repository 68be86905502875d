import { randomUUID } from 'node:crypto';
import { MercadoPagoGateway } from '@cubre/services/payments/gateway/mercadopago/mercadoPagoGateway';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { providerOfGateway } from '@cubre/services/payments/purchase';
import { startProviderServer, type ProviderServer } from './gateway/support/providerServer';
import { BUYER, ONE_PERSON } from './support/purchaseFixture';

/**
 * Issue 14 with Mercado Pago configured (PAYMENT_GATEWAY=mercadopago): the storefront's pages open
 * Mercado Pago's API host by name and nothing else (the API and the console stay strict), the sale tells the
 * payment step its public key, and the pay call takes Mercado Pago's card token with the card's
 * payment_method_id and issuer_id, checked before anything is recorded, then charged at a local server
 * answering as Mercado Pago's `POST /v1/payments`.
 */
const PUBLIC_KEY = 'TEST-3812525c-f74b-4b2e-9c76-e83dc3949013';
const ACCESS_TOKEN = 'TEST-access-token-of-the-test';
let mp: ProviderServer;
let runtime: TestRuntime;

beforeAll(async () => {
  mp = await startProviderServer();
  mp.respond((request) =>
    request.method === 'POST' && request.path === '/v1/payments'
      ? {
          status: 201,
          body: {
            id: 1319016428,
            status: 'approved',
            status_detail: 'accredited',
            transaction_amount: request.body.transaction_amount,
            currency_id: 'CLP',
            authorization_code: '301299',
            external_reference: request.body.external_reference,
          },
        }
      : { status: 404, body: { message: 'no route', status: 404 } },
  );
  runtime = await startTestRuntime(
    {},
    {
      paymentGateway: new MercadoPagoGateway({
        accessToken: ACCESS_TOKEN,
        currency: 'CLP',
        baseUrl: mp.url,
        maxRetries: 0,
        timeoutMs: 2000,
      }),
      paymentEnv: {
        PAYMENT_GATEWAY: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
        MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY,
      },
    },
  );
  await loadLeadsCatalogue(runtime);
}, 60_000);
afterAll(async () => {
  await runtime?.dispose();
  await mp?.close();
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
const policyOf = async (path: string) =>
  directives((await fetch(new URL(path, runtime.url))).headers.get('content-security-policy') ?? '');

async function startSale() {
  const started = await postJson(`${runtime.url}/api/compra-online/ventas`, {
    session: randomUUID(),
    productCode: 'VIDA-L',
    profile: ONE_PERSON,
    ...BUYER,
  });
  expect(started.status).toBe(201);
  return json(started);
}

const pay = (saleId: string, body: Record<string, unknown>, key = randomUUID()) =>
  postJson(`${runtime.url}/api/compra-online/ventas/${saleId}/pagos`, body, { 'Idempotency-Key': key });

describe("Mercado Pago's card form under the CSP (issue 14)", () => {
  test.each(['/Comparar/Seguros-de-Salud', '/Compra-Online/ANY-PRODUCT', '/'])(
    "%s: Mercado Pago's API host by name in connect-src, no provider script or frame",
    async (path) => {
      const policy = await policyOf(path);
      expect(policy['connect-src']).toEqual(["'self'", 'https://api.mercadopago.com']);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['frame-src']).toBeUndefined();
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
    },
  );

  test.each(['/api/menu', '/admin/', '/healthz'])('%s: the strict policy, no provider host', async (path) => {
    const policy = await policyOf(path);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
  });
});

describe("the pay call with Mercado Pago's card token (issue 14)", () => {
  test("002-4.14 the sale names Mercado Pago's tokenizer with the public key, never the access token, and Mercado Pago as its provider", async () => {
    const sale = await startSale();
    expect(sale.gateway).toBe('mercadopago');
    // The console's provider filter tells a Mercado Pago sale from a Kushki one (it read kushki_ad).
    const stored = await runtime.engines.readStore
      .collection<{ _id: string; provider: string }>('sales')
      .findOne({ _id: sale.id });
    expect(stored?.provider).toBe('mercadopago');
    expect([providerOfGateway('webpay_plus'), providerOfGateway('oneclick')]).toEqual([
      'transbank',
      'transbank',
    ]);
    expect([providerOfGateway('kushki'), providerOfGateway('sandbox')]).toEqual([undefined, undefined]);
    expect(sale.cardTokenizer).toEqual({ provider: 'mercadopago', publicKey: PUBLIC_KEY });
    expect(JSON.stringify(sale)).not.toContain(ACCESS_TOKEN);
  });

  test("a one-time payment without the card's paymentMethodId is refused by name before anything is recorded or charged", async () => {
    const sale = await startSale();
    const before = mp.requests.length;
    const refused = await pay(sale.id, { token: 'ff8080814c11e237014c1ff593b57b4d' });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const problem = await json(refused);
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'paymentMethodId', rule: 'required' })]);
    expect(mp.requests.length).toBe(before);
    const read = await json(await fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`));
    expect(read.lastPayment ?? null).toBeNull();
  });

  test.each([
    ['paymentMethodId', { paymentMethodId: 'Visa; DROP' }],
    ['issuerId', { paymentMethodId: 'visa', issuerId: '12a' }],
  ])('a malformed %s is a 400 naming the field', async (field, extra) => {
    const sale = await startSale();
    const refused = await pay(sale.id, { token: 'ff8080814c11e237014c1ff593b57b4d', ...extra });
    expect(refused.status).toBe(400);
    const problem = await json(refused);
    expect(problem.errors).toEqual([expect.objectContaining({ field })]);
  });

  test("Mercado Pago is charged with the token, the card's payment_method_id and issuer_id, the payer's e-mail and our key", async () => {
    const sale = await startSale();
    const key = randomUUID();
    const paid = await pay(
      sale.id,
      { token: 'ff8080814c11e237014c1ff593b57b4d', paymentMethodId: 'master', issuerId: '1088' },
      key,
    );
    expect(paid.status).toBe(201);
    const { payment, sale: after } = await json(paid);
    expect(payment.state).toBe('OK');
    expect(after.state).toBe('OK');
    const charges = mp.requests.filter((request) => request.path === '/v1/payments');
    const charge = charges.at(-1)!;
    expect(charge.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(charge.headers['x-idempotency-key']).toBe(payment.id);
    expect(charge.body).toMatchObject({
      token: 'ff8080814c11e237014c1ff593b57b4d',
      payment_method_id: 'master',
      issuer_id: 1088,
      installments: 1,
      transaction_amount: sale.amount.amount,
      payer: { email: BUYER.email },
      external_reference: payment.id,
    });
  });
});
