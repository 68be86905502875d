import { randomUUID } from 'node:crypto';
import { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import type { ReversalResult } from '@cubre/services/payments/gateway/port';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox';
import { LEAD_STATUS_CODES } from '@cubre/schemas';
import { SUB_STATUS_IDS } from '@cubre/schemas/leadCatalogue/defaults';
import { contractingLeadId } from '@cubre/services/leads/ids';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import { loadLeadsCatalogue, startLoggingRuntime, type LoggingRuntime } from '../leads/support/leadsFixture';
import { BUYER, ONE_PERSON } from './support/purchaseFixture';

/**
 * Staff void or refund a paid payment (issue 14, 002-3.31) over real HTTP on the embedded sandbox gateway,
 * with a clock the test moves past the approval day.
 */
let runtime: LoggingRuntime;
let url: string;
let admin: string;
let backoffice: string;
let daysLater = 0;
/**
 * The embedded sandbox, held here so a test can act at the provider behind the product's back, and whose
 * next refund can be made to time out after the provider acted (an uncertain answer).
 */
class UncertainOnceGateway extends SandboxGateway {
  uncertainNext = false;
  override async refund(...args: Parameters<SandboxGateway['refund']>): Promise<ReversalResult> {
    const result = await super.refund(...args);
    if (!this.uncertainNext) return result;
    this.uncertainNext = false;
    return { outcome: 'error', gateway: 'sandbox', kind: 'timeout', uncertain: true, detail: 'timed out' };
  }
}
const gateway = new UncertainOnceGateway();

beforeAll(async () => {
  runtime = await startLoggingRuntime({
    clock: () => new Date(Date.now() + daysLater * 86_400_000),
    paymentGateway: gateway,
  });
  url = runtime.url;
  await loadLeadsCatalogue(runtime);
  const tokenOf = async (email: string) =>
    (await json(await postJson(`${url}/token`, { email, password: 'Demo.2026!' }))).token as string;
  admin = await tokenOf('admin@demo.cl');
  backoffice = await tokenOf('backoffice@demo.cl');
});
afterAll(async () => {
  await runtime.dispose();
});
afterEach(() => {
  daysLater = 0;
});

/** A sale paid with the sandbox's approved test card: its payment id. */
async function paidPayment(session: string = randomUUID()): Promise<string> {
  const started = await postJson(`${url}/api/compra-online/ventas`, {
    session,
    productCode: 'VIDA-L',
    profile: ONE_PERSON,
    ...BUYER,
  });
  const sale = await json(started);
  const tokenized = await postJson(`${url}/api/sandbox-gateway/tokens`, {
    card: {
      name: 'Camila Rojas',
      number: '5451951574925480',
      expiryMonth: '12',
      expiryYear: '30',
      cvv: '123',
    },
    totalAmount: sale.amount.amount,
    currency: sale.amount.currency,
  });
  const { token } = await json(tokenized);
  const paid = await postJson(
    `${url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token },
    { 'Idempotency-Key': randomUUID() },
  );
  const { payment } = await json(paid);
  expect(payment.state).toBe('OK');
  return payment.id;
}

const reverse = (
  paymentId: string,
  path: 'anulaciones' | 'devoluciones',
  key: string,
  body: object = { reason: 'El cliente se arrepintió' },
  bearer = admin,
) =>
  postJson(`${url}/api/admin/payments/${paymentId}/${path}`, body, {
    'Idempotency-Key': key,
    Authorization: `Bearer ${bearer}`,
  });

const adminGet = async (path: string) =>
  json(await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${admin}` } }));

/** The sale's lead once the sale's lead-step reactor has caught up with everything stored. */
async function leadOf(session: string) {
  await runtime.runner!.waitUntilVisible(
    { globalPosition: await runtime.engines.eventStore.headPosition(), streamId: 'sale-x' },
    ['saleLeadSteps', 'leads'],
    10_000,
  );
  return adminGet(`/api/admin/leads/${contractingLeadId(session)}`);
}

describe('voids and refunds of a paid payment', () => {
  test('issue 14 a refund re-opens nothing by itself: the sale stays OK (bought and paid, its payment REFUND) and its lead stays Cerrado, Web pago único, for staff to move if they choose', async () => {
    const session = randomUUID();
    daysLater = -2;
    const paymentId = await paidPayment(session);
    daysLater = 0;
    const closed = await leadOf(session);
    expect(closed).toMatchObject({
      status: { id: LEAD_STATUS_CODES.CERRADO },
      subStatus: { id: SUB_STATUS_IDS.WEB_PAGO_UNICO },
    });
    expect((await reverse(paymentId, 'devoluciones', randomUUID())).status).toBe(201);
    const payment = await adminGet(`/api/admin/payments/${paymentId}`);
    expect(payment.state).toBe('REFUND');
    expect((await adminGet(`/api/admin/sales/${payment.saleId}`)).state).toBe('OK');
    const after = await leadOf(session);
    expect(after).toMatchObject({
      status: { id: LEAD_STATUS_CODES.CERRADO },
      subStatus: { id: SUB_STATUS_IDS.WEB_PAGO_UNICO },
      revision: closed.revision,
    });
  });

  test('002-3.31 a payment is voided the day it was approved: VOID, once per key, and the provider has no charge left', async () => {
    const paymentId = await paidPayment();
    const key = randomUUID();
    const voided = await reverse(paymentId, 'anulaciones', key);
    expect(voided.status).toBe(201);
    const record = PaymentRecord.parse(await json(voided));
    expect(await gateway.getCharge(record.chargeId!)).toMatchObject({
      outcome: 'reversed',
      reversal: 'void',
    });
    expect(record).toMatchObject({
      id: paymentId,
      state: 'VOID',
      reversal: { kind: 'void', status: 'done', reason: 'El cliente se arrepintió', catalogueCode: null },
    });
    // The same key again answers the same reversal without asking the provider again.
    const again = await reverse(paymentId, 'anulaciones', key);
    expect(again.status).toBe(200);
    expect((await json(again)).state).toBe('VOID');
    // Another key on a voided payment is refused: it cannot be reversed twice.
    const twice = await reverse(paymentId, 'devoluciones', randomUUID());
    expect(twice.status).toBe(409);
    expect(await json(twice)).toMatchObject({
      errors: [expect.objectContaining({ rule: 'payment_reversed' })],
    });
    const listed = await adminGet(
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ state: 'VOID' }))}`,
    );
    expect(listed.map((row: { id: string }) => row.id)).toContain(paymentId);
  });

  test('002-3.31 after the approval day a void is refused (409 void_window) and a refund gives the whole amount back: REFUND', async () => {
    // Paid two days ago (the admin's session is today's).
    daysLater = -2;
    const paymentId = await paidPayment();
    daysLater = 0;
    const voided = await reverse(paymentId, 'anulaciones', randomUUID());
    expect(voided.status).toBe(409);
    expect(await json(voided)).toMatchObject({
      errors: [expect.objectContaining({ rule: 'void_window', field: 'paymentId' })],
    });
    const refunded = await reverse(paymentId, 'devoluciones', randomUUID());
    expect(refunded.status).toBe(201);
    expect(PaymentRecord.parse(await json(refunded))).toMatchObject({
      state: 'REFUND',
      reversal: { kind: 'refund', status: 'done' },
    });
  });

  test('a payment not paid cannot be reversed; the reason and the Idempotency-Key are required; an unknown payment is 404', async () => {
    const declined = await postJson(`${url}/api/compra-online/ventas`, {
      session: randomUUID(),
      productCode: 'VIDA-L',
      profile: ONE_PERSON,
      ...BUYER,
    });
    const sale = await json(declined);
    const tokenized = await postJson(`${url}/api/sandbox-gateway/tokens`, {
      card: {
        name: 'Camila Rojas',
        number: '4349001210846432',
        expiryMonth: '12',
        expiryYear: '30',
        cvv: '123',
      },
      totalAmount: sale.amount.amount,
      currency: sale.amount.currency,
    });
    const paid = await postJson(
      `${url}/api/compra-online/ventas/${sale.id}/pagos`,
      { token: (await json(tokenized)).token },
      { 'Idempotency-Key': randomUUID() },
    );
    const { payment } = await json(paid);
    expect(payment.state).toBe('DECLINED');
    const refused = await reverse(payment.id, 'devoluciones', randomUUID());
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({
      errors: [expect.objectContaining({ rule: 'payment_not_paid' })],
    });

    const paymentId = await paidPayment();
    const noReason = await reverse(paymentId, 'devoluciones', randomUUID(), {});
    expect(noReason.status).toBe(400);
    expect(await json(noReason)).toMatchObject({ errors: [expect.objectContaining({ field: 'reason' })] });
    const noKey = await postJson(
      `${url}/api/admin/payments/${paymentId}/devoluciones`,
      { reason: 'Duplicado' },
      { Authorization: `Bearer ${admin}` },
    );
    expect(noKey.status).toBe(400);
    expect(await json(noKey)).toMatchObject({
      errors: [expect.objectContaining({ field: 'Idempotency-Key', rule: 'required' })],
    });
    expect((await reverse(randomUUID(), 'devoluciones', randomUUID())).status).toBe(404);
    // Nothing was reversed by the refusals.
    expect((await adminGet(`/api/admin/payments/${paymentId}`)).state).toBe('OK');
  });

  test('reversing needs payment:delete: 401 without a token, 403 for back office (it reads payments)', async () => {
    const paymentId = await paidPayment();
    const anonymous = await postJson(
      `${url}/api/admin/payments/${paymentId}/devoluciones`,
      { reason: 'Duplicado' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(anonymous.status).toBe(401);
    const forbidden = await reverse(
      paymentId,
      'devoluciones',
      randomUUID(),
      { reason: 'Duplicado' },
      backoffice,
    );
    expect(forbidden.status).toBe(403);
    const read = await fetch(`${url}/api/admin/payments/${paymentId}`, {
      headers: { Authorization: `Bearer ${backoffice}` },
    });
    expect(read.status).toBe(200);
    expect((await json(read)).state).toBe('OK');
  });

  test('002-8.14 the provider refusing a refund answers 422 with the catalogue message and leaves the payment OK', async () => {
    const paymentId = await paidPayment();
    // The sandbox, like Kushki, refunds a charge once: reverse it at the provider behind our back first.
    const record = await adminGet(`/api/admin/payments/${paymentId}`);
    await gateway.refund(record.chargeId, record.amount, randomUUID());
    const refused = await reverse(paymentId, 'devoluciones', randomUUID());
    expect(refused.status).toBe(422);
    const problem = await json(refused);
    expect(problem.detail).toBe(messageFor('3005'));
    const after = PaymentRecord.parse(await adminGet(`/api/admin/payments/${paymentId}`));
    expect(after).toMatchObject({
      state: 'OK',
      reversal: { status: 'refused', catalogueCode: '3005', message: messageFor('3005') },
    });
  });

  test('002-3.31 an uncertain answer leaves the refund requested (202, REQUEST_REFUND); the same key asks again and completes it, refunded once', async () => {
    const paymentId = await paidPayment();
    const key = randomUUID();
    gateway.uncertainNext = true;
    const pending = await reverse(paymentId, 'devoluciones', key);
    expect(pending.status).toBe(202);
    expect(await json(pending)).toMatchObject({ state: 'REQUEST_REFUND', reversal: { status: 'requested' } });
    // Another reversal while this one is unanswered is refused.
    const other = await reverse(paymentId, 'devoluciones', randomUUID());
    expect(other.status).toBe(409);
    expect(await json(other)).toMatchObject({
      errors: [expect.objectContaining({ rule: 'reversal_in_progress' })],
    });
    // The provider refunded already; asked again under the same id it answers the same refund.
    const retried = await reverse(paymentId, 'devoluciones', key);
    expect(retried.status).toBe(200);
    expect(await json(retried)).toMatchObject({ state: 'REFUND', reversal: { status: 'done' } });
  });

  test("issue 14 a sale's history tells its events and its payments', who and why, without the buyer's data; a lead's sale is found by its purchase session", async () => {
    const session = randomUUID();
    const paymentId = await paidPayment(session);
    expect(
      (await reverse(paymentId, 'devoluciones', randomUUID(), { reason: 'Cobro duplicado' })).status,
    ).toBe(201);
    const { saleId } = await adminGet(`/api/admin/payments/${paymentId}`);
    const found = await adminGet(
      `/api/admin/sales?filter=${encodeURIComponent(JSON.stringify({ session: session.toUpperCase() }))}`,
    );
    expect(found.map((sale: { id: string }) => sale.id)).toEqual([saleId]);

    const history = await adminGet(`/api/admin/sales/${saleId}/history`);
    const types = history.map((entry: { type: string }) => entry.type);
    expect(types[0]).toBe('SaleStarted');
    for (const type of ['PaymentRequested', 'PaymentApproved', 'SaleCompleted', 'PaymentRefunded'])
      expect(types).toContain(type);
    expect(types.indexOf('PaymentApproved')).toBeLessThan(types.indexOf('PaymentRefunded'));
    const asked = history.find((entry: { type: string }) => entry.type === 'PaymentReversalRequested');
    expect(asked).toMatchObject({
      paymentId,
      actor: { kind: 'user', name: 'Andrea Administradora' },
      details: { kind: 'refund', reason: 'Cobro duplicado' },
    });
    expect(history[0]).toMatchObject({ paymentId: null, actor: { kind: 'visitor' } });
    const text = JSON.stringify(history);
    for (const personal of [BUYER.email, BUYER.rut, BUYER.nombre, BUYER.telefono])
      expect(text).not.toContain(personal);

    const unknown = await fetch(`${url}/api/admin/sales/${randomUUID()}/history`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(unknown.status).toBe(404);
    const executive = (
      await json(await postJson(`${url}/token`, { email: 'ejecutivo@demo.cl', password: 'Demo.2026!' }))
    ).token;
    const forbidden = await fetch(`${url}/api/admin/sales/${saleId}/history`, {
      headers: { Authorization: `Bearer ${executive}` },
    });
    expect(forbidden.status).toBe(403);
  });

  test('who reversed a payment and why is in the audit', async () => {
    const paymentId = await paidPayment();
    expect(
      (await reverse(paymentId, 'devoluciones', randomUUID(), { reason: 'Cobro duplicado' })).status,
    ).toBe(201);
    const audit = await adminGet(
      `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify({ streamId: `payment-${paymentId}` }))}`,
    );
    expect(audit.map((row: { type: string }) => row.type)).toEqual(
      expect.arrayContaining(['PaymentReversalRequested', 'PaymentRefunded']),
    );
    const requested = audit.find((row: { type: string }) => row.type === 'PaymentReversalRequested');
    expect(requested).toMatchObject({
      actor: { kind: 'user' },
      data: { reason: 'Cobro duplicado', kind: 'refund' },
    });
    // The buyer's own calls are not staff's changes: the audit keeps no PaymentRequested.
    expect(audit.map((row: { type: string }) => row.type)).not.toContain('PaymentRequested');
  });
});
