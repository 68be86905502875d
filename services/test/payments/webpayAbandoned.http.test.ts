import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { LEAD_STATUS_CODES } from '@cubre/schemas';
import { SUB_STATUS_IDS } from '@cubre/schemas/leadCatalogue/defaults';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { contractingLeadId } from '@cubre/services/leads/ids';
import { reconcilePendingPayments } from '@cubre/services/payments';
import { WebpayPlusGateway } from '@cubre/services/payments/gateway/transbank/webpayPlusGateway';
import { signIn } from '../identity/support';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { settableClock, settled } from '../subscriptions/support';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { startProviderServer, type ProviderServer, type Reply } from './gateway/support/providerServer';
import { BUYER, ONE_PERSON } from './support/purchaseFixture';

/**
 * Issue 14: a buyer sent to Webpay who never comes back leaves the payment PENDING; reconciliation settles
 * it once the transaction's lifetime (Transbank's 5 minutes of token and 5 of form) has passed, by asking
 * Transbank `status(token)`. Over real HTTP against a local Transbank (REST v1.2), the scheduler's clock
 * moved by the test.
 */
const COMMERCE = '597055555532';
const API_KEY = 'local-test-api-key-secret';
const WEBPAY = '/rswebpaytransaction/api/webpay/v1.2';
const time = settableClock('2026-11-26T15:00:00Z');

let provider: ProviderServer;
let runtime: TestRuntime;
let gateway: WebpayPlusGateway;
beforeAll(async () => {
  provider = await startProviderServer();
  gateway = new WebpayPlusGateway({
    commerceCode: COMMERCE,
    apiKey: API_KEY,
    environment: provider.url,
    timeoutMs: 5000,
  });
  runtime = await startTestRuntime({}, { clock: time.clock, paymentGateway: gateway });
  await loadLeadsCatalogue(runtime);
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
  await provider.close();
});

/**
 * Transbank: each create answers its own token; status answers what `statusOf` says of that token now;
 * a commit is recorded and answered AUTHORIZED (a test asserts none happens).
 */
function transbank(statusOf: (token: string) => Reply) {
  provider.requests.splice(0);
  provider.respond((request) => {
    if (request.method === 'POST' && request.path === `${WEBPAY}/transactions`) {
      return {
        status: 200,
        body: {
          token: `tok${randomUUID().replaceAll('-', '')}`,
          url: `${provider.url}/webpayserver/initTransaction`,
        },
      };
    }
    const token = request.path.slice(`${WEBPAY}/transactions/`.length);
    if (request.method === 'GET') return statusOf(token);
    if (request.method === 'PUT') return { status: 200, body: transaction('AUTHORIZED', 0) };
    return { status: 404, body: { error_message: 'not found' } };
  });
  return {
    calls: (method: string) =>
      provider.requests.filter(
        (request) => request.method === method && request.path !== `${WEBPAY}/transactions`,
      ),
  };
}

/** Transbank's status of a transaction (REST v1.2 reference). */
const transaction = (status: string, responseCode: number | null) => ({
  vci: 'TSY',
  amount: 15990,
  status,
  buy_order: 'W0123456789abcdef012345678',
  session_id: 'session',
  card_detail: { card_number: '6623' },
  accounting_date: '1126',
  transaction_date: '2026-11-26T15:01:21.063Z',
  ...(responseCode === null ? {} : { authorization_code: '1213', response_code: responseCode }),
  payment_type_code: 'VN',
  installments_number: 0,
});

/** A sale whose buyer is sent to Webpay at the clock's time (its payment PENDING, the token kept). */
async function sentToWebpay(at: string) {
  time.set(at);
  const session = randomUUID();
  const started = await postJson(`${runtime.url}/api/compra-online/ventas`, {
    session,
    productCode: 'VIDA-L',
    profile: ONE_PERSON,
    ...BUYER,
  });
  expect(started.status).toBe(201);
  const sale = await json(started);
  const answer = await postJson(
    `${runtime.url}/api/compra-online/ventas/${sale.id}/webpay`,
    {},
    { 'Idempotency-Key': randomUUID() },
  );
  expect(answer.status).toBe(201);
  const { payment, redirect } = await json(answer);
  expect(payment.state).toBe('PENDING');
  return { session, sale, paymentId: payment.id as string, token: redirect.token as string };
}

const reconcile = () =>
  reconcilePendingPayments({
    eventStore: runtime.engines.eventStore,
    readStore: runtime.engines.readStore,
    gateway,
    clock: time.clock,
    logger: pino({ level: 'silent' }),
  });

const saleOf = async (saleId: string) => {
  await settled(runtime);
  return json(await fetch(`${runtime.url}/api/compra-online/ventas/${saleId}`));
};
const typesOf = async (stream: string) =>
  (await runtime.engines.eventStore.readStream(stream)).map((event) => event.type);

test('002-3.31 002-3.30 002-3.04 a buyer who never returns from Webpay: Transbank is not asked while the transaction can be paid; past its lifetime status(token) says INITIALIZED and the payment and sale fail once (webpay_aborted), the lead goes back to Pago, and a late return answers from the record without committing', async () => {
  const tbk = transbank(() => ({ status: 200, body: transaction('INITIALIZED', null) }));
  const { session, sale, paymentId, token } = await sentToWebpay('2026-11-26T15:00:00Z');

  // Three minutes on: reconciliation looks at it (PENDING past two minutes) but the buyer may still pay.
  time.set('2026-11-26T15:03:00Z');
  expect(await reconcile()).toEqual({ looked: 1, settled: 0 });
  expect(tbk.calls('GET')).toHaveLength(0);
  time.set('2026-11-26T15:09:59Z');
  expect(await reconcile()).toEqual({ looked: 1, settled: 0 });
  expect(tbk.calls('GET')).toHaveLength(0);

  // Past Transbank's ten minutes: asked by its token, found unfinished, failed. Two schedulers at once: once.
  time.set('2026-11-26T15:10:01Z');
  const runs = await Promise.all([reconcile(), reconcile()]);
  expect(runs.map((run) => run.looked)).toEqual([1, 1]);
  const status = tbk.calls('GET');
  expect(status.length).toBeGreaterThanOrEqual(1);
  expect(status[0]?.path).toBe(`${WEBPAY}/transactions/${token}`);
  expect(status[0]?.headers['tbk-api-key-id']).toBe(COMMERCE);
  expect(status[0]?.headers['tbk-api-key-secret']).toBe(API_KEY);
  expect(await typesOf(`payment-${paymentId}`)).toEqual([
    'PaymentRequested',
    'PaymentRedirectStarted',
    'PaymentFailed',
  ]);
  const [, , failed] = await runtime.engines.eventStore.readStream(`payment-${paymentId}`);
  expect(failed?.data).toEqual({ paymentId, kind: 'webpay_expired', catalogueCode: 'webpay_aborted' });
  expect(await saleOf(sale.id)).toMatchObject({
    state: 'FAIL',
    lastPayment: { id: paymentId, state: 'FAIL', message: messageFor('webpay_aborted') },
  });
  expect((await typesOf(`sale-${sale.id}`)).filter((type) => type === 'SaleFailed')).toHaveLength(1);
  const admin = await signIn(runtime.url, 'admin@demo.cl');
  const lead = await admin.get(`/api/admin/leads/${contractingLeadId(session)}`);
  expect(lead.status).toBe(200);
  expect(await json(lead)).toMatchObject({
    status: { id: LEAD_STATUS_CODES.CONTRATACION_ONLINE },
    subStatus: { id: SUB_STATUS_IDS.PAGO },
  });

  // A rerun finds nothing pending and writes nothing.
  const head = await runtime.engines.eventStore.headPosition();
  expect(await reconcile()).toEqual({ looked: 0, settled: 0 });
  expect(await runtime.engines.eventStore.headPosition()).toBe(head);

  // The buyer comes back at last (token_ws): answered from the record, Transbank never asked to commit.
  const late = await fetch(`${runtime.url}/api/compra-online/webpay/${paymentId}/retorno`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token_ws: token }).toString(),
  });
  expect(late.status).toBe(303);
  expect(late.headers.get('location')).toMatch(/\/Compra-Online\/VIDA-L/);
  expect(tbk.calls('PUT')).toHaveLength(0);
  expect(await saleOf(sale.id)).toMatchObject({ state: 'FAIL' });
  // Nothing was charged: the buyer may pay again.
  const again = await postJson(
    `${runtime.url}/api/compra-online/ventas/${sale.id}/webpay`,
    {},
    { 'Idempotency-Key': randomUUID() },
  );
  expect(again.status).toBe(201);
  // …and presses "Anular" this time (so no payment is left PENDING for the next tests).
  const second = await json(again);
  const aborted = await fetch(`${runtime.url}/api/compra-online/webpay/${second.payment.id}/retorno`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ TBK_TOKEN: second.redirect.token }).toString(),
  });
  expect(aborted.status).toBe(303);
});

test('002-3.31 an abandoned Webpay transaction Transbank no longer reports (its documented 422 past 7 days) fails the same way, once', async () => {
  transbank(() => ({
    status: 422,
    body: { error_message: "The transactions's date has passed max time (7 days) to recover the status" },
  }));
  const { sale, paymentId } = await sentToWebpay('2026-12-01T15:00:00Z');
  time.set('2026-12-09T15:00:00Z');
  expect(await reconcile()).toEqual({ looked: 1, settled: 1 });
  expect(await saleOf(sale.id)).toMatchObject({
    state: 'FAIL',
    lastPayment: { id: paymentId, state: 'FAIL', catalogueCode: 'webpay_aborted' },
  });
  expect(await reconcile()).toEqual({ looked: 0, settled: 0 });
});

test('002-3.31 an authorization whose commit answer was lost (status AUTHORIZED, code 0) is settled OK past the window from the status alone: reconciliation never commits', async () => {
  const tbk = transbank(() => ({ status: 200, body: transaction('AUTHORIZED', 0) }));
  const { sale, paymentId } = await sentToWebpay('2026-12-15T15:00:00Z');
  time.set('2026-12-15T15:11:00Z');
  expect(await reconcile()).toEqual({ looked: 1, settled: 1 });
  expect(await saleOf(sale.id)).toMatchObject({ state: 'OK', lastPayment: { id: paymentId, state: 'OK' } });
  expect(tbk.calls('PUT')).toHaveLength(0);
});

test('a Webpay transaction Transbank cannot be asked about (5xx) stays PENDING and is asked again next run', async () => {
  let down = true;
  transbank(() =>
    down
      ? { status: 503, body: { error_message: 'unavailable' } }
      : { status: 200, body: transaction('INITIALIZED', null) },
  );
  const { sale } = await sentToWebpay('2026-12-20T15:00:00Z');
  time.set('2026-12-20T15:15:00Z');
  expect(await reconcile()).toEqual({ looked: 1, settled: 0 });
  expect(await saleOf(sale.id)).toMatchObject({ state: 'PENDING' });
  down = false;
  expect(await reconcile()).toEqual({ looked: 1, settled: 1 });
  expect(await saleOf(sale.id)).toMatchObject({ state: 'FAIL' });
});
