import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { z } from 'zod';
import { LEAD_STATUS_CODES } from '@cubre/schemas';
import { transferReferenceOf } from '@cubre/schemas/payments/bankTransfer';
import { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import { SaleView } from '@cubre/schemas/payments/sales';
import { SUB_STATUS_IDS } from '@cubre/schemas/leadCatalogue/defaults';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox/sandboxGateway';
import { DEMO_TRANSFER_ACCOUNT, transferAccountFromEnv } from '@cubre/services/payments/bankTransfer';
import { reconcilePendingPayments } from '@cubre/services/payments/reconciliation';
import { contractingLeadId } from '@cubre/services/leads/ids';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import { loadLeadsCatalogue, startLoggingRuntime, type LoggingRuntime } from '../leads/support/leadsFixture';
import { startSaleOf } from './support/purchaseFixture';
import { payWithToken, sandboxTokenOf } from './support/sandboxSale';

/**
 * 'Transferencia bancaria' (002-4.11's transfer_non_automated, issue 14) over real HTTP: the buyer is shown
 * the account, the amount and a reference; the payment waits PENDING for staff, never for a provider (the
 * reconciliation leaves it out); no card is charged meanwhile; staff record the bank's line, and the lead
 * closes as 'Web - Transferencia no automática' (002-3.06). `npm start`'s runtime offers the demo account.
 */
let runtime: LoggingRuntime;
let admin: string;

beforeAll(async () => {
  runtime = await startLoggingRuntime();
  await loadLeadsCatalogue(runtime);
  admin = (
    await json(await postJson(`${runtime.url}/token`, { email: 'admin@demo.cl', password: 'Demo.2026!' }))
  ).token as string;
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
});

const SALES = '/api/compra-online/ventas';
/** The buyer's sale as the storefront reads it (the schema, plus the payment step's tokenizer). */
const buyerSaleOf = (body: unknown) => SaleView.extend({ cardTokenizer: z.unknown() }).parse(body);
const transfer = (saleId: string, key?: string, body: unknown = {}) =>
  postJson(`${runtime.url}${SALES}/${saleId}/transferencia`, body, key ? { 'Idempotency-Key': key } : {});
const saleOf = async (saleId: string) =>
  buyerSaleOf(await json(await fetch(`${runtime.url}${SALES}/${saleId}`)));
const record = (paymentId: string, body: unknown) =>
  postJson(`${runtime.url}/api/admin/payments/${paymentId}/resultado`, body, {
    Authorization: `Bearer ${admin}`,
  });
const leadOf = async (session: string) =>
  json(
    await fetch(`${runtime.url}/api/admin/leads/${contractingLeadId(session)}`, {
      headers: { Authorization: `Bearer ${admin}` },
    }),
  );

async function openSale(extra: Record<string, unknown> = {}) {
  const session = randomUUID();
  const started = await startSaleOf(runtime.url, { productCode: 'VIDA-L', session, ...extra });
  expect(started.status).toBe(201);
  return { session, sale: buyerSaleOf(await json(started)) };
}

test("002-4.11 002-3.06 a one-time sale paid by bank transfer: the account, the amount and a reference shown; PENDING for staff, never reconciled; no card charged meanwhile; staff record the bank's line: payment and sale OK, the lead Cerrado 'Web - Transferencia no automática'", async () => {
  const { session, sale } = await openSale();
  expect(sale).toMatchObject({ transferOffered: true, transfer: null, state: 'PENDING' });

  const noKey = await transfer(sale.id);
  expect(noKey.status).toBe(400);
  expect(JSON.stringify(await json(noKey))).toContain('Idempotency-Key');
  const stray = await transfer(sale.id, randomUUID(), { amount: 1 });
  expect(stray.status).toBe(400);

  const key = randomUUID();
  const chosen = await transfer(sale.id, key);
  expect(chosen.status).toBe(201);
  const { payment, sale: awaited } = await json(chosen);
  expect(payment).toMatchObject({ state: 'PENDING', method: 'transfer_non_automated', amount: sale.amount });
  expect(buyerSaleOf(awaited)).toMatchObject({
    state: 'PENDING',
    paymentMethod: 'transfer_non_automated',
    transfer: {
      ...DEMO_TRANSFER_ACCOUNT,
      amount: sale.amount,
      reference: transferReferenceOf(payment.id),
    },
  });
  expect(transferReferenceOf(payment.id)).toMatch(/^[0-9A-F]{10}$/);
  // A reload, a double click: the same payment, nothing more written.
  const again = await transfer(sale.id, key);
  expect(again.status).toBe(200);
  expect((await json(again)).payment.id).toBe(payment.id);
  expect((await saleOf(sale.id)).transfer?.reference).toBe(transferReferenceOf(payment.id));

  // No card while a transfer is awaited (the buyer may have transferred already): 409, nothing charged.
  const token = await sandboxTokenOf(runtime.url, sale);
  const card = await payWithToken(runtime.url, sale.id, token);
  expect(card.status).toBe(409);
  expect(await json(card)).toMatchObject({
    errors: [expect.objectContaining({ rule: 'payment_in_progress' })],
  });
  expect(await saleOf(sale.id)).toMatchObject({ state: 'PENDING', lastPayment: { id: payment.id } });

  // A day later the reconciliation asks no provider about it: it is not among the payments it looks at.
  const reconciled = await reconcilePendingPayments({
    eventStore: runtime.engines.eventStore,
    readStore: runtime.engines.readStore,
    gateway: new SandboxGateway(),
    clock: () => new Date(Date.now() + 24 * 3_600_000),
    logger: pino({ level: 'silent' }),
  });
  expect(reconciled).toEqual({ looked: 0, settled: 0 });

  // The console finds it by its reference, and staff record the bank's line at once (no pay call to wait).
  const found = await fetch(`${runtime.url}/api/admin/payments/${payment.id}`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(PaymentRecord.parse(await json(found))).toMatchObject({
    state: 'PENDING',
    method: 'transfer_non_automated',
    gateway: 'bank_transfer',
    provider: 'queplan',
    reference: transferReferenceOf(payment.id),
  });
  // As staff read it off the bank's line: lower case, spaces around.
  const byReference = await fetch(
    `${runtime.url}/api/admin/payments?filter=${encodeURIComponent(
      JSON.stringify({ reference: ` ${transferReferenceOf(payment.id).toLowerCase()} ` }),
    )}`,
    { headers: { Authorization: `Bearer ${admin}` } },
  );
  expect((await json(byReference)).map((row: { id: string }) => row.id)).toEqual([payment.id]);
  const badReference = await fetch(
    `${runtime.url}/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ reference: 'x' }))}`,
    { headers: { Authorization: `Bearer ${admin}` } },
  );
  expect(badReference.status).toBe(400);
  expect(JSON.stringify(await json(badReference))).toContain('filter.reference');
  const recorded = await record(payment.id, {
    outcome: 'approved',
    chargeId: 'OP-20261126-88412',
    reason: `Cartola del banco: transferencia de Camila Rojas con referencia ${transferReferenceOf(payment.id)}`,
  });
  expect(recorded.status).toBe(200);
  // 002-9.01: no provider charged a transfer, so no provider fee is kept.
  expect(await json(recorded)).toMatchObject({
    state: 'OK',
    chargeId: 'OP-20261126-88412',
    fee: null,
    taxOnFee: null,
    net: null,
  });
  expect(await saleOf(sale.id)).toMatchObject({
    state: 'OK',
    transferOffered: false,
    transfer: null,
    lastPayment: { state: 'OK', method: 'transfer_non_automated' },
  });
  let lead = await leadOf(session);
  for (let i = 0; i < 50 && lead.subStatus?.id !== SUB_STATUS_IDS.WEB_TRANSFERENCIA_NO_AUTOMATICA; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    lead = await leadOf(session);
  }
  expect(lead).toMatchObject({
    status: { id: LEAD_STATUS_CODES.CERRADO },
    subStatus: { id: SUB_STATUS_IDS.WEB_TRANSFERENCIA_NO_AUTOMATICA },
  });
});

test('002-4.11 a transfer that never came: staff record it not received, the payment and the sale FAIL, and the buyer pays by card', async () => {
  const { sale } = await openSale();
  const { payment } = await json(await transfer(sale.id, randomUUID()));
  const recorded = await record(payment.id, {
    outcome: 'not_charged',
    reason: 'Pasaron 10 días y la cartola no muestra la transferencia',
  });
  expect(recorded.status).toBe(200);
  expect(await saleOf(sale.id)).toMatchObject({
    state: 'FAIL',
    transferOffered: true,
    transfer: null,
    lastPayment: { state: 'FAIL', catalogueCode: 'not_charged' },
  });
  const token = await sandboxTokenOf(runtime.url, sale);
  const paid = await payWithToken(runtime.url, sale.id, token);
  expect(paid.status).toBe(201);
  expect((await json(paid)).sale).toMatchObject({ state: 'OK', paymentMethod: 'tdc' });
});

test('002-4.11 a monthly sale is not paid by transfer (422 naming billing); a paid sale offers no transfer', async () => {
  const { sale: monthly } = await openSale({ billing: 'monthly_subscription' });
  expect(monthly.transferOffered).toBe(false);
  const refused = await transfer(monthly.id, randomUUID());
  expect(refused.status).toBe(422);
  expect(await json(refused)).toMatchObject({
    errors: [expect.objectContaining({ field: 'billing', rule: 'monthly_unsupported' })],
  });
  expect((await saleOf(monthly.id)).lastPayment).toBeNull();

  const { sale } = await openSale();
  const token = await sandboxTokenOf(runtime.url, sale);
  expect((await payWithToken(runtime.url, sale.id, token)).status).toBe(201);
  expect(await saleOf(sale.id)).toMatchObject({ state: 'OK', transferOffered: false });
  const late = await transfer(sale.id, randomUUID());
  expect(late.status).toBe(409);
  expect(await json(late)).toMatchObject({ errors: [expect.objectContaining({ rule: 'sale_paid' })] });
});

test('the transfer account comes from TRANSFER_ACCOUNT_* (all six or none); none gives the demo account with demo data, else no transfers', () => {
  const full = {
    TRANSFER_ACCOUNT_BANK: 'Banco de Chile',
    TRANSFER_ACCOUNT_TYPE: 'Cuenta corriente',
    TRANSFER_ACCOUNT_NUMBER: '00-123-45678-09',
    TRANSFER_ACCOUNT_HOLDER: 'Cubre SpA',
    TRANSFER_ACCOUNT_TAX_ID: '77.123.456-7',
    TRANSFER_ACCOUNT_EMAIL: 'pagos@cubre.cl',
  };
  expect(transferAccountFromEnv(full, false)).toEqual({
    bank: 'Banco de Chile',
    accountType: 'Cuenta corriente',
    accountNumber: '00-123-45678-09',
    holder: 'Cubre SpA',
    taxId: '77.123.456-7',
    email: 'pagos@cubre.cl',
  });
  expect(transferAccountFromEnv({}, false)).toBeNull();
  expect(transferAccountFromEnv({}, true)).toEqual(DEMO_TRANSFER_ACCOUNT);
  const { TRANSFER_ACCOUNT_NUMBER: _number, ...partial } = full;
  expect(() => transferAccountFromEnv(partial, true)).toThrow('TRANSFER_ACCOUNT_NUMBER');
  expect(() => transferAccountFromEnv({ ...full, TRANSFER_ACCOUNT_EMAIL: 'no' }, true)).toThrow(
    'TRANSFER_ACCOUNT_EMAIL',
  );
});

test("002-9.01 an approved card charge keeps the provider's fee (0.02 of the amount) and its tax (0.0038 of the amount), and the console's record the net", async () => {
  const { sale } = await openSale();
  const token = await sandboxTokenOf(runtime.url, sale);
  const paid = await json(await payWithToken(runtime.url, sale.id, token));
  expect(paid.payment.state).toBe('OK');
  const amount = sale.amount.amount;
  const fee = Math.round(amount * 0.02);
  const taxOnFee = Math.round(amount * 0.0038);
  const record = PaymentRecord.parse(
    await json(
      await fetch(`${runtime.url}/api/admin/payments/${paid.payment.id}`, {
        headers: { Authorization: `Bearer ${admin}` },
      }),
    ),
  );
  expect(record).toMatchObject({
    fee: { amount: fee, currency: 'CLP' },
    taxOnFee: { amount: taxOnFee, currency: 'CLP' },
    net: { amount: amount - fee - taxOnFee, currency: 'CLP' },
  });
  const approved = (await runtime.engines.eventStore.readStream(`payment-${paid.payment.id}`)).find(
    (event) => event.type === 'PaymentApproved',
  );
  expect(approved?.data.fee).toEqual({
    fee: { amount: fee, currency: 'CLP' },
    taxOnFee: { amount: taxOnFee, currency: 'CLP' },
  });
});

test("002-4.11 002-2.08 a one-time sale left to an executive (no_payment): nothing charged online, PENDING for staff with a reference, the lead at 'Asignación ejecutivo'; staff record what the buyer paid: the sale OK, the lead Cerrado", async () => {
  const { session, sale } = await openSale();
  expect(sale).toMatchObject({ executiveOffered: true, executive: null });
  const noKey = await postJson(`${runtime.url}${SALES}/${sale.id}/sin-pago`, {});
  expect(noKey.status).toBe(400);
  const key = randomUUID();
  const asked = await postJson(`${runtime.url}${SALES}/${sale.id}/sin-pago`, {}, { 'Idempotency-Key': key });
  expect(asked.status).toBe(201);
  const { payment, sale: awaited } = await json(asked);
  expect(payment).toMatchObject({ state: 'PENDING', method: 'no_payment', amount: sale.amount });
  expect(buyerSaleOf(awaited)).toMatchObject({
    state: 'PENDING',
    paymentMethod: 'no_payment',
    transfer: null,
    executive: { reference: transferReferenceOf(payment.id), amount: sale.amount },
  });
  // Again (a double click): the same payment.
  const again = await postJson(`${runtime.url}${SALES}/${sale.id}/sin-pago`, {}, { 'Idempotency-Key': key });
  expect((await json(again)).payment.id).toBe(payment.id);
  // No card meanwhile, and the reconciliation never asks a provider about it.
  const token = await sandboxTokenOf(runtime.url, sale);
  expect((await payWithToken(runtime.url, sale.id, token)).status).toBe(409);
  expect(
    await reconcilePendingPayments({
      eventStore: runtime.engines.eventStore,
      readStore: runtime.engines.readStore,
      gateway: new SandboxGateway(),
      clock: () => new Date(Date.now() + 24 * 3_600_000),
      logger: pino({ level: 'silent' }),
    }),
  ).toEqual({ looked: 0, settled: 0 });

  // The lead awaits an executive: Contratación Online / Con cliente, at 'Asignación ejecutivo'.
  let lead = await leadOf(session);
  for (let i = 0; i < 50 && lead.contracting?.step !== 'Asignación ejecutivo'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    lead = await leadOf(session);
  }
  expect(lead).toMatchObject({
    status: { id: LEAD_STATUS_CODES.CONTRATACION_ONLINE },
    subStatus: { id: SUB_STATUS_IDS.CON_CLIENTE },
    contracting: { step: 'Asignación ejecutivo', paymentMethod: 'no_payment' },
  });

  const recorded = await record(payment.id, {
    outcome: 'approved',
    chargeId: 'COMPROBANTE-4411',
    reason: 'El ejecutivo coordinó el pago por caja en la sucursal',
  });
  expect(recorded.status).toBe(200);
  expect(await json(recorded)).toMatchObject({
    state: 'OK',
    fee: null,
    reference: transferReferenceOf(payment.id),
  });
  expect(await saleOf(sale.id)).toMatchObject({ state: 'OK', executive: null, executiveOffered: false });
  for (let i = 0; i < 50 && lead.status?.id !== LEAD_STATUS_CODES.CERRADO; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    lead = await leadOf(session);
  }
  expect(lead).toMatchObject({ status: { id: LEAD_STATUS_CODES.CERRADO } });

  // A monthly sale is paid by card: no executive's payment for it.
  const { sale: monthly } = await openSale({ billing: 'monthly_subscription' });
  expect(monthly.executiveOffered).toBe(false);
  const refused = await postJson(
    `${runtime.url}${SALES}/${monthly.id}/sin-pago`,
    {},
    { 'Idempotency-Key': randomUUID() },
  );
  expect(refused.status).toBe(422);
});

test("a transfer approved by staff is not voided or refunded at a provider (409 offline_reversal: it reached the company's account); one key is one way to pay (a card token that reads like the transfer's marker is 4292)", async () => {
  const { sale } = await openSale();
  const key = randomUUID();
  const { payment } = await json(await transfer(sale.id, key));
  // The same key on the card call, whatever the token: another request (4292), nothing charged.
  const sameKey = await postJson(
    `${runtime.url}${SALES}/${sale.id}/pagos`,
    { token: 'bank_transfer' },
    { 'Idempotency-Key': key },
  );
  expect(sameKey.status).toBe(422);
  expect(JSON.stringify(await json(sameKey))).toContain('4292');
  expect(await saleOf(sale.id)).toMatchObject({
    state: 'PENDING',
    lastPayment: { id: payment.id, state: 'PENDING' },
  });

  expect(
    (
      await record(payment.id, {
        outcome: 'approved',
        chargeId: '170384522771700083',
        reason: 'Cartola: abono de la transferencia con su referencia',
      })
    ).status,
  ).toBe(200);
  for (const kind of ['anulaciones', 'devoluciones']) {
    const reversed = await postJson(
      `${runtime.url}/api/admin/payments/${payment.id}/${kind}`,
      { reason: 'El cliente se arrepintió de la compra' },
      { Authorization: `Bearer ${admin}`, 'Idempotency-Key': randomUUID() },
    );
    expect(reversed.status).toBe(409);
    expect(await json(reversed)).toMatchObject({
      errors: [expect.objectContaining({ field: 'paymentId', rule: 'offline_reversal' })],
    });
  }
  expect(await saleOf(sale.id)).toMatchObject({ state: 'OK', lastPayment: { state: 'OK' } });
});
