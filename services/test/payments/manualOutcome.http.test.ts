import { randomUUID } from 'node:crypto';
import { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { KushkiGateway } from '@cubre/services/payments/gateway/kushki/kushkiGateway';
import type { ChargeRequest, ChargeResult } from '@cubre/services/payments/gateway/port';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox/sandboxGateway';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { loadLeadsCatalogue, startLoggingRuntime, type LoggingRuntime } from '../leads/support/leadsFixture';
import { startProviderServer, type ProviderServer } from './gateway/support/providerServer';
import { startSaleOf } from './support/purchaseFixture';
import { openSale, payWithToken, sandboxTokenOf } from './support/sandboxSale';

/**
 * Issue 14: a Kushki payment left PENDING (Kushki's answer lost: here a 500 with no body) cannot be
 * reconciled, since Kushki documents no charge query by our key; staff read Kushki's console and record
 * its outcome by hand (`POST /api/admin/payments/{id}/resultado`, `payment:create`). Over real HTTP, the
 * product's Kushki adapter against a local Kushki, a clock the test moves past the reconciliation delay.
 */
let provider: ProviderServer;
let runtime: LoggingRuntime;
let admin: string;
let backoffice: string;
let minutesLater = 0;

beforeAll(async () => {
  provider = await startProviderServer();
  // Every charge's answer is lost: Kushki's 500 with no ticket nor code leaves the payment PENDING.
  provider.respond(() => ({ status: 500, body: {} }));
  runtime = await startLoggingRuntime({
    clock: () => new Date(Date.now() + minutesLater * 60_000),
    paymentGateway: new KushkiGateway({
      baseUrl: `${provider.url}/`,
      privateMerchantId: 'private-merchant-id',
      timeoutMs: 5000,
    }),
  });
  await loadLeadsCatalogue(runtime);
  const tokenOf = async (email: string) =>
    (await json(await postJson(`${runtime.url}/token`, { email, password: 'Demo.2026!' }))).token as string;
  admin = await tokenOf('admin@demo.cl');
  backoffice = await tokenOf('backoffice@demo.cl');
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
  await provider.close();
});
afterEach(() => {
  minutesLater = 0;
});

/** A one-time sale whose Kushki charge's answer was lost: its ids, the payment PENDING. */
async function pendingPayment() {
  const started = await startSaleOf(runtime.url, { productCode: 'VIDA-L' });
  expect(started.status).toBe(201);
  const sale = await json(started);
  const paid = await postJson(
    `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token: `kushki-token-${randomUUID()}` },
    { 'Idempotency-Key': randomUUID() },
  );
  const { payment } = await json(paid);
  expect(payment.state).toBe('PENDING');
  return { saleId: sale.id as string, paymentId: payment.id as string };
}

const record = (paymentId: string, body: unknown, token = admin) =>
  postJson(`${runtime.url}/api/admin/payments/${paymentId}/resultado`, body, {
    Authorization: `Bearer ${token}`,
  });
const saleOf = async (saleId: string) =>
  json(await fetch(`${runtime.url}/api/compra-online/ventas/${saleId}`));
const eventsOf = (paymentId: string) => runtime.engines.eventStore.readStream(`payment-${paymentId}`);
const REASON = 'El portal de Kushki muestra el cobro aprobado, ticket 170384522771700083';

test("issue 14 a Kushki payment left PENDING, recorded approved by staff with Kushki's ticket: the payment OK with that charge (what a refund names), the sale OK, the reason and who in its event, never in a log; once", async () => {
  const { saleId, paymentId } = await pendingPayment();
  // Reconciliation cannot settle it: Kushki is not asked, the payment waits.
  minutesLater = 3;
  const answered = await record(paymentId, {
    outcome: 'approved',
    chargeId: '170384522771700083',
    reason: REASON,
  });
  expect(answered.status).toBe(200);
  const recorded = PaymentRecord.parse(await json(answered));
  expect(recorded).toMatchObject({
    id: paymentId,
    state: 'OK',
    chargeId: '170384522771700083',
    staffReason: REASON,
  });
  expect(await saleOf(saleId)).toMatchObject({ state: 'OK', lastPayment: { id: paymentId, state: 'OK' } });
  const approved = (await eventsOf(paymentId)).find((event) => event.type === 'PaymentApproved');
  expect(approved?.data).toEqual({
    paymentId,
    chargeId: '170384522771700083',
    authorizationCode: null,
    staffReason: REASON,
    // 002-9.01: what Kushki kept of it, as of any approved charge.
    fee: { fee: expect.any(Object), taxOnFee: expect.any(Object) },
  });
  expect(approved?.metadata.actor).toMatchObject({ kind: 'user' });
  expect(runtime.logged()).not.toContain(REASON);
  // Recorded once: a second record (a double click, another person) is a 409, and nothing changes.
  const again = await record(paymentId, {
    outcome: 'not_charged',
    reason: 'No aparece en el portal de Kushki',
  });
  expect(again.status).toBe(409);
  expect(await json(again)).toMatchObject({ errors: [{ field: 'paymentId', rule: 'payment_settled' }] });
  expect(await saleOf(saleId)).toMatchObject({ state: 'OK' });
});

test('issue 14 recorded not charged: the payment FAIL with its own Spanish message, the sale FAIL, and the buyer may pay again', async () => {
  const { saleId, paymentId } = await pendingPayment();
  minutesLater = 3;
  const answered = await record(paymentId, {
    outcome: 'not_charged',
    reason: 'El portal de Kushki no muestra ningún cobro de esta venta',
  });
  expect(answered.status).toBe(200);
  expect(await json(answered)).toMatchObject({ state: 'FAIL' });
  const sale = await saleOf(saleId);
  expect(sale).toMatchObject({ state: 'FAIL', lastPayment: { state: 'FAIL', catalogueCode: 'not_charged' } });
  expect(sale.lastPayment.message).toBe(messageFor('not_charged', 'es'));
  expect(sale.lastPayment.message).toBe(
    'El pago no se completó y no se hizo ningún cobro. Puedes pagar nuevamente.',
  );
  // Another try is taken (its answer lost again here: PENDING, not refused as paid).
  const retried = await postJson(
    `${runtime.url}/api/compra-online/ventas/${saleId}/pagos`,
    { token: `kushki-token-${randomUUID()}` },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(retried.status).toBeLessThan(300);
});

test('issue 14 refused: a payment still within the reconciliation delay (409), an approved one without the charge id and a short reason (400 naming each field), and a role without payment:create (403); nothing recorded', async () => {
  const { paymentId } = await pendingPayment();
  const head = await runtime.engines.eventStore.headPosition();
  const early = await record(paymentId, { outcome: 'approved', chargeId: '1703', reason: REASON });
  expect(early.status).toBe(409);
  expect(await json(early)).toMatchObject({ errors: [{ field: 'paymentId', rule: 'payment_in_progress' }] });

  minutesLater = 3;
  const invalid = await record(paymentId, { outcome: 'approved', reason: 'corto' });
  expect(invalid.status).toBe(400);
  const problem = await json(invalid);
  expect(problem.errors.map((error: { field: string }) => error.field).sort()).toEqual([
    'chargeId',
    'reason',
  ]);
  expect(JSON.stringify(problem)).toContain('un cobro aprobado necesita chargeId');
  const wrongOutcome = await record(paymentId, { outcome: 'maybe', reason: REASON });
  expect(wrongOutcome.status).toBe(400);
  expect(await json(wrongOutcome)).toMatchObject({
    errors: [{ field: 'outcome', message: expect.stringContaining('approved (el proveedor cobró)') }],
  });

  const forbidden = await record(paymentId, { outcome: 'not_charged', reason: REASON }, backoffice);
  expect(forbidden.status).toBe(403);
  expect(await runtime.engines.eventStore.headPosition()).toBe(head);
  const unknown = await record(randomUUID(), { outcome: 'not_charged', reason: REASON });
  expect(unknown.status).toBe(404);
});

/** The sandbox, whose charge answers are lost on the way back: it charged, and can say so when asked. */
class LostAnswerSandbox extends SandboxGateway {
  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    await super.charge(request);
    return { outcome: 'error', gateway: 'sandbox', kind: 'timeout', uncertain: true, detail: 'lost' };
  }
}

describe('a provider that answers for itself', () => {
  let sandboxRuntime: TestRuntime;
  beforeAll(async () => {
    sandboxRuntime = await startTestRuntime(
      {},
      {
        clock: () => new Date(Date.now() + minutesLater * 60_000),
        paymentGateway: new LostAnswerSandbox(),
      },
    );
    await loadLeadsCatalogue(sandboxRuntime);
  }, 60_000);
  afterAll(async () => {
    await sandboxRuntime.dispose();
  });

  test("issue 14 a PENDING payment the provider can report (the sandbox, found by key) is not staff's to record: 409 provider_answers, reconciliation records what the provider says", async () => {
    const { url } = sandboxRuntime;
    const sale = await openSale(url);
    const paid = await payWithToken(url, sale.id, await sandboxTokenOf(url, sale));
    expect((await json(paid)).payment.state).toBe('PENDING');
    const paymentId = (await json(await fetch(`${url}/api/compra-online/ventas/${sale.id}`))).lastPayment.id;
    const token = (
      await json(await postJson(`${url}/token`, { email: 'admin@demo.cl', password: 'Demo.2026!' }))
    ).token as string;
    minutesLater = 3;
    const head = await sandboxRuntime.engines.eventStore.headPosition();
    const refused = await postJson(
      `${url}/api/admin/payments/${paymentId}/resultado`,
      { outcome: 'not_charged', reason: 'No lo veo en el portal del proveedor' },
      { Authorization: `Bearer ${token}` },
    );
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ errors: [{ field: 'paymentId', rule: 'provider_answers' }] });
    expect(await sandboxRuntime.engines.eventStore.headPosition()).toBe(head);
  });
});
