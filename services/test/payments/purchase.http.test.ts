import { randomUUID } from 'node:crypto';
import { PaymentRecord, SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { LEAD_STATUS_CODES } from '@cubre/schemas';
import { SUB_STATUS_IDS } from '@cubre/schemas/leadCatalogue/defaults';
import { contractingLeadId } from '@cubre/services/leads/ids';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import {
  BUYER,
  startedForSuite,
  startSaleOf,
  type PurchaseRuntime,
  ONE_PERSON,
} from './support/purchaseFixture';

/**
 * The online purchase over real HTTP on the embedded sandbox gateway (issue 14): a sale priced by the
 * catalogue, a card tokenized by the sandbox's browser tokenizer, paid once per Idempotency-Key, refused
 * with the seed's messages, and listed in the console.
 */
let runtime: PurchaseRuntime['runtime'];
let url: string;
let admin: string;

startedForSuite((started) => ({ runtime, url, admin } = started));

const CARDS = {
  approved: '5451951574925480',
  insufficientFunds: '4349001210846432',
  cvvRefused: '4349003243371321',
};

async function startSale(productCode = 'VIDA-L', session = randomUUID()) {
  const response = await startSaleOf(url, { session, productCode });
  expect(response.status).toBe(201);
  return json(response);
}

/** Every token made, to check none reaches a log line. */
const tokens: string[] = [];

async function tokenize(number: string, amount: { amount: number; currency: string }) {
  const response = await postJson(`${url}/api/sandbox-gateway/tokens`, {
    card: { name: 'Camila Rojas', number, expiryMonth: '12', expiryYear: '30', cvv: '123' },
    totalAmount: amount.amount,
    currency: amount.currency,
  });
  expect(response.status).toBe(201);
  const { token } = await json(response);
  tokens.push(token);
  return token as string;
}

const pay = (saleId: string, token: string, key: string) =>
  postJson(`${url}/api/compra-online/ventas/${saleId}/pagos`, { token }, { 'Idempotency-Key': key });

/** Until the reactor moved the lead and the leads read model shows it (each waits for the one before). */
async function settled() {
  const reacted = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: reacted, streamId: 'sale-x' },
    ['saleLeadSteps'],
    10_000,
  );
  const moved = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible({ globalPosition: moved, streamId: 'lead-x' }, ['leads'], 10_000);
}

const adminGet = async (path: string) => {
  const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${admin}` } });
  return {
    status: response.status,
    body: await json(response),
    range: response.headers.get('content-range'),
  };
};

describe('an online purchase', () => {
  test('002-3.30 the sale is priced by the catalogue (a UF price charged in pesos of the day) and starts PENDING', async () => {
    const sale = await startSale();
    expect(sale).toMatchObject({ state: 'PENDING', productCode: 'VIDA-L', lastPayment: null });
    expect(sale.amount.currency).toBe('CLP');
    expect(Number.isInteger(sale.amount.amount) && sale.amount.amount > 0).toBe(true);
    // The buyer's view never carries the buyer's personal data.
    expect(JSON.stringify(sale)).not.toContain(BUYER.email);
    const again = await postJson(`${url}/api/compra-online/ventas`, {
      session: randomUUID(),
      productCode: 'VIDA-L',
      profile: ONE_PERSON,
      ...BUYER,
      amount: 1,
    });
    expect(again.status).toBe(400);
  });

  test("002-2.08 a sale is priced for its insured: without a profile it is refused by field, never charged at the card's 'Desde'; with one it is the profile's calculatePrice amount", async () => {
    const bare = await postJson(`${url}/api/compra-online/ventas`, {
      session: randomUUID(),
      productCode: 'VIDA-L',
      ...BUYER,
    });
    expect(bare.status).toBe(422);
    const problem = await json(bare);
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'profile', rule: 'profile_required' })]);
    expect(problem.detail ?? problem.title).toContain('perfil');

    for (const edad of [25, 64]) {
      const profile = { cotizante: [{ sexo: 'Femenino', edad }], cargas: [] };
      const quoted = await json(await postJson(`${url}/api/insurance/VIDA-L/calculatePrice`, { profile }));
      const sale = await json(await startSaleOf(url, { productCode: 'VIDA-L', profile }));
      // The card's formatted pesos are what the sale charges (CLP has no minor unit).
      expect(`$${new Intl.NumberFormat('es-CL').format(sale.amount.amount)}`).toBe(
        quoted.data.price.formatted,
      );
    }
  });

  test('002-3.31 002-8.14 the approved test card pays: payment OK, sale OK, both in the console', async () => {
    const sale = await startSale();
    const token = await tokenize(CARDS.approved, sale.amount);
    const response = await pay(sale.id, token, randomUUID());
    expect(response.status).toBe(201);
    const { payment, sale: paid } = await json(response);
    expect(payment).toMatchObject({ state: 'OK', amount: sale.amount, message: null });
    expect(paid).toMatchObject({ id: sale.id, state: 'OK', lastPayment: { id: payment.id, state: 'OK' } });

    const listed = await adminGet(
      `/api/admin/sales?filter=${encodeURIComponent(JSON.stringify({ state: 'OK' }))}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.map((row: { id: string }) => row.id)).toContain(sale.id);
    const one = await adminGet(`/api/admin/sales/${sale.id}`);
    expect(one.body).toMatchObject({
      id: sale.id,
      state: 'OK',
      buyer: { email: BUYER.email },
      lastPaymentId: payment.id,
    });
    const payments = await adminGet(
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ saleId: sale.id }))}`,
    );
    expect(payments.body).toEqual([
      expect.objectContaining({ id: payment.id, state: 'OK', saleId: sale.id }),
    ]);
    expect(payments.range).toMatch(/^payments 0-0\/1$/);
  });

  test("the console's amount filter is in the sale's currency, a RUT is found however typed, and its records are the schemas' SaleRecord and PaymentRecord", async () => {
    const sale = await startSale();
    const token = await tokenize(CARDS.approved, sale.amount);
    const { payment } = await json(await pay(sale.id, token, randomUUID()));
    const ids = async (resource: string, filter: object) => {
      const listed = await adminGet(
        `/api/admin/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      );
      expect(listed.status).toBe(200);
      return listed.body.map((row: { id: string }) => row.id);
    };
    const exactly = { amountMinor_gte: sale.amount.amount, amountMinor_lte: sale.amount.amount };
    expect(await ids('sales', { currency: 'CLP', ...exactly })).toContain(sale.id);
    expect(await ids('sales', { currency: 'USD', ...exactly })).not.toContain(sale.id);
    expect(await ids('payments', { currency: ['CLP'], saleId: sale.id, ...exactly })).toEqual([payment.id]);
    expect(await ids('payments', { currency: 'PEN', saleId: sale.id })).toEqual([]);
    // The RUT as staff type it, with or without dots, finds the buyer's (kept as 12.345.678-5).
    for (const rut of ['12345678-5', '12.345.678-5', ' 12345678-5 ']) {
      expect(await ids('sales', { rut, ...exactly })).toContain(sale.id);
    }
    expect(await ids('sales', { rut: '11111111-1', ...exactly })).not.toContain(sale.id);
    SaleRecord.parse((await adminGet(`/api/admin/sales/${sale.id}`)).body);
    PaymentRecord.parse((await adminGet(`/api/admin/payments/${payment.id}`)).body);
  });

  test('002-8.09 002-8.14 insufficient funds: the seed message, the sale FAIL, then the approved card succeeds', async () => {
    const sale = await startSale();
    const refused = await json(
      await pay(sale.id, await tokenize(CARDS.insufficientFunds, sale.amount), randomUUID()),
    );
    expect(refused.payment.state).toBe('DECLINED');
    expect(refused.payment.message).toBe(messageFor(refused.payment.catalogueCode));
    expect(refused.payment.message).toMatch(/fondos/i);
    expect(refused.sale.state).toBe('FAIL');

    const retried = await json(await pay(sale.id, await tokenize(CARDS.approved, sale.amount), randomUUID()));
    expect(retried.payment.state).toBe('OK');
    expect(retried.sale.state).toBe('OK');
    const payments = await adminGet(
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ saleId: sale.id }))}`,
    );
    expect(payments.body.map((row: { state: string }) => row.state).sort()).toEqual(['DECLINED', 'OK']);
  });

  test('a double submit with one key charges once; the same key with another card is 4292; a paid sale takes no other payment', async () => {
    const sale = await startSale();
    const key = randomUUID();
    const token = await tokenize(CARDS.approved, sale.amount);
    const [first, second] = await Promise.all([pay(sale.id, token, key), pay(sale.id, token, key)]);
    const answers = [await json(first), await json(second)];
    expect(answers.map((answer) => answer.payment?.id ?? answer.type).filter(Boolean)).toContain(
      answers[0].payment?.id ?? answers[1].payment?.id,
    );
    const payments = await adminGet(
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ saleId: sale.id }))}`,
    );
    expect(payments.body).toHaveLength(1);
    expect(payments.body[0].state).toBe('OK');

    const replay = await pay(sale.id, token, key);
    expect(replay.status).toBe(200);
    expect((await json(replay)).payment.id).toBe(payments.body[0].id);

    const reused = await pay(sale.id, await tokenize(CARDS.approved, sale.amount), key);
    expect(reused.status).toBe(422);
    expect((await json(reused)).errors[0]).toMatchObject({ field: 'Idempotency-Key', rule: '4292' });

    const other = await pay(sale.id, await tokenize(CARDS.approved, sale.amount), randomUUID());
    expect(other.status).toBe(409);
    expect((await json(other)).errors[0]).toMatchObject({ rule: 'sale_paid' });
  });

  test('two tabs paying one sale at once, each with its own key and card: one payment is taken and charged, the other refused with 409 (payment in progress, or the sale paid) and its payment failed, nothing charged', async () => {
    const sale = await startSale();
    const [tokenA, tokenB] = [
      await tokenize(CARDS.approved, sale.amount),
      await tokenize(CARDS.approved, sale.amount),
    ];
    const [a, b] = await Promise.all([
      pay(sale.id, tokenA, randomUUID()),
      pay(sale.id, tokenB, randomUUID()),
    ]);
    const answers = [
      { status: a.status, body: await json(a) },
      { status: b.status, body: await json(b) },
    ];
    const taken = answers.filter((answer) => answer.status < 300);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(taken).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(['payment_in_progress', 'sale_paid']).toContain(refused[0]!.body.errors[0].rule);
    const payments = await adminGet(
      `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ saleId: sale.id }))}`,
    );
    // The refused tab's payment was requested before the sale refused it: failed at once, nothing charged
    // (never left PENDING on a paid sale), and the taken one is the only one charged.
    const byState = Object.fromEntries(
      payments.body.map((payment: { state: string }) => [payment.state, payment]),
    );
    expect(payments.body).toHaveLength(2);
    expect(byState.OK).toMatchObject({ id: taken[0]!.body.payment.id });
    expect(byState.FAIL).toMatchObject({ catalogueCode: 'not_charged', chargeId: null });
    expect((await adminGet(`/api/admin/sales/${sale.id}`)).body).toMatchObject({ state: 'OK' });
  });

  test('a payment needs its Idempotency-Key; an unknown sale is 404 (read) or 422 (pay); bad filters are 400', async () => {
    const sale = await startSale();
    const missing = await postJson(`${url}/api/compra-online/ventas/${sale.id}/pagos`, {
      token: 'tok_12345678',
    });
    expect(missing.status).toBe(400);
    expect((await json(missing)).errors[0]).toMatchObject({ field: 'Idempotency-Key', rule: 'required' });
    expect((await fetch(`${url}/api/compra-online/ventas/${randomUUID()}`)).status).toBe(404);
    expect((await pay(randomUUID(), 'tok_12345678', randomUUID())).status).toBe(422);
    const badDate = await adminGet(
      `/api/admin/sales?filter=${encodeURIComponent(JSON.stringify({ createdAt_gte: 'ayer' }))}`,
    );
    expect(badDate.status).toBe(400);
  });

  test('002-3.05 002-3.06 the sale moves its lead: Compra exitosa! closes it as Web pago único, with the buyer as contact', async () => {
    const session = randomUUID();
    const sale = await startSale('VIDA-L', session);
    await json(await pay(sale.id, await tokenize(CARDS.insufficientFunds, sale.amount), randomUUID()));
    await settled();
    const refusedLead = await adminGet(`/api/admin/leads/${contractingLeadId(session)}`);
    expect(refusedLead.body).toMatchObject({
      status: { id: LEAD_STATUS_CODES.CONTRATACION_ONLINE },
      subStatus: { id: SUB_STATUS_IDS.PAGO },
    });

    await json(await pay(sale.id, await tokenize(CARDS.approved, sale.amount), randomUUID()));
    await settled();
    const lead = await adminGet(`/api/admin/leads/${contractingLeadId(session)}`);
    expect(lead.status).toBe(200);
    expect(lead.body).toMatchObject({
      status: { id: LEAD_STATUS_CODES.CERRADO },
      subStatus: { id: SUB_STATUS_IDS.WEB_PAGO_UNICO },
      contact: { email: BUYER.email },
    });
  });

  test('the console needs payment:read', async () => {
    const executive = (
      await json(await postJson(`${url}/token`, { email: 'ejecutivo@demo.cl', password: 'Demo.2026!' }))
    ).token;
    const response = await fetch(`${url}/api/admin/sales`, {
      headers: { Authorization: `Bearer ${executive}` },
    });
    expect(response.status).toBe(403);
    expect((await fetch(`${url}/api/admin/payments`)).status).toBe(401);
  });

  test("a company administrator holding payment:read reads no one's purchases: empty lists, 404 by id", async () => {
    const sale = await startSale();
    const paid = await json(await pay(sale.id, await tokenize(CARDS.approved, sale.amount), randomUUID()));
    const company = (
      await json(await postJson(`${url}/token`, { email: 'empresa@demo.cl', password: 'Demo.2026!' }))
    ).token;
    const get = (path: string) => fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${company}` } });
    for (const resource of ['sales', 'payments']) {
      const list = await get(`/api/admin/${resource}`);
      expect(list.status).toBe(200);
      expect(await json(list)).toEqual([]);
      expect(list.headers.get('content-range')).toBe(`${resource} 0-0/0`);
    }
    expect((await get(`/api/admin/sales/${sale.id}`)).status).toBe(404);
    expect((await get(`/api/admin/payments/${paid.payment.id}`)).status).toBe(404);
    // The staff still read it.
    expect((await adminGet(`/api/admin/sales/${sale.id}`)).status).toBe(200);
  });

  test('no card number, token or buyer data reaches the logs', () => {
    const logged = runtime.logged();
    expect(logged).toContain('payment charged');
    expect(tokens.length).toBeGreaterThan(5);
    for (const secret of [...Object.values(CARDS), ...tokens, BUYER.email, BUYER.rut, BUYER.telefono]) {
      expect(logged).not.toContain(secret);
    }
  });
});
