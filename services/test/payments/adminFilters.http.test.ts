import { randomUUID } from 'node:crypto';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { listQuery, signIn, type Session } from '../identity/support';
import { settableClock } from '../subscriptions/support';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { BUYER, ONE_PERSON, startSaleOf } from './support/purchaseFixture';
import { payWithToken, sandboxTokenOf, SANDBOX_DECLINED } from './support/sandboxSale';

/**
 * The console's filters of Ventas and Pagos (issue 14: GET /api/admin/sales and /api/admin/payments, in
 * adminRoutes.ts) judged by what they return, over real HTTP: each filter keeps the rows that match and
 * leaves out the ones that do not, and a malformed value is a 400 problem naming `filter.<name>`.
 *
 * The runtime is this suite's own, so its sales are the only ones: four purchases made through the public
 * purchase API a week apart on the runtime's clock (each keeps its day as `createdAt`):
 *
 * | sale | day        | product (organization)        | buyer  | paid                          | sale    | payment                                  |
 * | A    | 2026-11-02 | VIDA-L (Seguros-Andes), 1     | Camila | credit card (tdc), approved   | OK      | OK, tdc, kushki_ad, CLP                  |
 * | B    | 2026-11-09 | DENT-L (Seguros-Andes), 1     | Inés   | debit card (tdd), declined    | FAIL    | DECLINED, tdd, kushki_ad, CLP            |
 * | C    | 2026-11-16 | VIDA-L (Seguros-Andes), 3     | Inés   | bank transfer, awaited        | PENDING | PENDING, transfer_non_automated, queplan |
 * | D    | 2026-11-23 | PE-SALUD (Pacifico-Seguros)   | Lucía  | credit card (tdc), approved   | OK      | OK, tdc, kushki_ad, PEN (S/ 120.00)      |
 *
 * C insures a family of three, so it costs more than A and B (the same 0.5 UF a person); D is priced in soles.
 */
const DAYS = {
  A: '2026-11-02T15:00:00.000Z',
  B: '2026-11-09T15:00:00.000Z',
  C: '2026-11-16T15:00:00.000Z',
  D: '2026-11-23T15:00:00.000Z',
};
/** Inés typed her e-mail in mixed case (the sale keeps it in lower case). */
const INES = {
  nombre: 'Inés Rojas',
  rut: '11.111.111-1',
  email: 'Ines.Rojas@Prueba.CL',
  telefono: '+56 9 1234 5678',
};
/** A Peruvian buyer: her document has no check digit (the Peruvian edition's rule). */
const LUCIA = {
  nombre: 'Lucía Quispe',
  rut: '45.678.901',
  email: 'lucia.quispe@example.pe',
  telefono: '+51 912 345 678',
};

type Row = { id: string; amount: { amount: number; currency: string } };
type Purchase = { sale: Row; payment: Row };

let runtime: TestRuntime;
let admin: Session;
const clock = settableClock(DAYS.A);
let A: Purchase;
let B: Purchase;
let C: Purchase;
let D: Purchase;

async function started(response: Response): Promise<Row> {
  if (response.status !== 201) throw new Error(`sale answered ${response.status}: ${await response.text()}`);
  return json(response);
}

/** Pays the sale with a sandbox card (`body` adds to the pay call's, e.g. its paymentMethod). */
async function paid(
  sale: Row,
  card: string | undefined,
  body: Record<string, unknown> = {},
  /** The amount the card is tokenized for, in major units (the sandbox's tokenizer reads Kushki's). */
  major = sale.amount,
): Promise<Purchase> {
  const token = await sandboxTokenOf(runtime.url, { amount: major }, card);
  const response = Object.keys(body).length
    ? await postJson(
        `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
        { token, ...body },
        { 'Idempotency-Key': randomUUID() },
      )
    : await payWithToken(runtime.url, sale.id, token);
  if (response.status !== 201)
    throw new Error(`payment answered ${response.status}: ${await response.text()}`);
  return { sale, payment: (await json(response)).payment };
}

/** A birth date `age` years before the Chilean day of `instant`, ten days past the birthday. */
function bornYearsBefore(instant: string, age: number): string {
  const day = new Date(instant);
  return new Date(Date.UTC(day.getUTCFullYear() - age, day.getUTCMonth(), day.getUTCDate() - 10))
    .toISOString()
    .slice(0, 10);
}

beforeAll(async () => {
  runtime = await startTestRuntime({ LEAD_DUPLICATE_WINDOW_DAYS: '0' }, { clock: clock.clock });
  await loadLeadsCatalogue(runtime);

  A = await paid(await started(await startSaleOf(runtime.url, { productCode: 'VIDA-L' })), undefined);

  clock.set(DAYS.B);
  B = await paid(
    await started(await startSaleOf(runtime.url, { productCode: 'DENT-L', ...INES })),
    SANDBOX_DECLINED,
    { paymentMethod: 'tdd' },
  );

  clock.set(DAYS.C);
  const family = await started(
    await startSaleOf(runtime.url, {
      productCode: 'VIDA-L',
      ...INES,
      profile: {
        cotizante: [{ sexo: 'Femenino', edad: 35 }],
        cargas: [
          { sexo: 'Masculino', edad: 37, parentesco: 'Cónyuge' },
          { sexo: 'Masculino', edad: 4, parentesco: 'Hijo' },
        ],
      },
      dependants: [
        { nombre: 'Pedro Soto', rut: '22.222.222-2', fechaNacimiento: bornYearsBefore(DAYS.C, 37) },
        { nombre: 'Tomás Soto', rut: '33.333.333-3', fechaNacimiento: bornYearsBefore(DAYS.C, 4) },
      ],
    }),
  );
  const transfer = await postJson(
    `${runtime.url}/api/compra-online/ventas/${family.id}/transferencia`,
    {},
    { 'Idempotency-Key': randomUUID() },
  );
  if (transfer.status !== 201)
    throw new Error(`transfer answered ${transfer.status}: ${await transfer.text()}`);
  C = { sale: family, payment: (await json(transfer)).payment };

  clock.set(DAYS.D);
  const peruvian = await started(
    await postJson(
      `${runtime.url}/api/compra-online/ventas`,
      {
        session: randomUUID(),
        productCode: 'PE-SALUD',
        ...LUCIA,
        profile: ONE_PERSON,
        // A health product asks the declaration.
        health: [{ preexisting: false, weightKg: 62, heightCm: 160 }],
      },
      { country: 'PE' },
    ),
  );
  D = await paid(peruvian, undefined, {}, { amount: peruvian.amount.amount / 100, currency: 'PEN' });

  await runtime.runner!.waitUntilVisible(
    { globalPosition: await runtime.engines.eventStore.headPosition(), streamId: 'sale-x' },
    ['payments'],
    30_000,
  );
  admin = await signIn(runtime.url, 'admin@demo.cl');
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
});

/** The ids a list answers for `filter`, newest first, after checking the answer and its total. */
async function listed(resource: 'sales' | 'payments', filter: object): Promise<string[]> {
  const response = await admin.get(`/api/admin/${resource}${listQuery({ filter, range: [0, 99] })}`);
  const body = await json(response);
  expect({ filter, status: response.status }).toEqual({ filter, status: 200 });
  const ids = (body as { id: string }[]).map((row) => row.id);
  expect(response.headers.get('content-range')).toBe(
    `${resource} 0-${Math.max(ids.length - 1, 0)}/${ids.length}`,
  );
  return ids;
}
const sales = (filter: object) => listed('sales', filter);
const payments = (filter: object) => listed('payments', filter);
const saleIds = (...purchases: Purchase[]) => purchases.map((purchase) => purchase.sale.id);
const paymentIds = (...purchases: Purchase[]) => purchases.map((purchase) => purchase.payment.id);

/** A 400 problem naming `filter.{name}` for `filter` on the list. */
async function refused(resource: 'sales' | 'payments', filter: object, name: string) {
  const response = await admin.get(`/api/admin/${resource}${listQuery({ filter })}`);
  expect({ filter, status: response.status }).toEqual({ filter, status: 400 });
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const problem = await json(response);
  expect(problem.errors).toContainEqual(expect.objectContaining({ field: `filter.${name}` }));
}

describe("issue 14 the console's sales and payments lists, filtered", () => {
  test('the fixture: four sales a week apart, newest first, each with its payment', async () => {
    expect(await sales({})).toEqual(saleIds(D, C, B, A));
    expect(await payments({})).toEqual(paymentIds(D, C, B, A));
    const record = async (path: string) => json(await admin.get(path));
    expect(await record(`/api/admin/sales/${A.sale.id}`)).toMatchObject({
      state: 'OK',
      paymentMethod: 'tdc',
      createdAt: DAYS.A,
      currency: 'CLP',
    });
    expect(await record(`/api/admin/sales/${B.sale.id}`)).toMatchObject({
      state: 'FAIL',
      paymentMethod: 'tdd',
      createdAt: DAYS.B,
    });
    expect(await record(`/api/admin/payments/${C.payment.id}`)).toMatchObject({
      state: 'PENDING',
      method: 'transfer_non_automated',
      provider: 'queplan',
    });
    expect(await record(`/api/admin/sales/${D.sale.id}`)).toMatchObject({
      state: 'OK',
      country: 'PE',
      organizationCode: 'Pacifico-Seguros',
      amount: { amount: 12000, currency: 'PEN' },
    });
    // The family of three costs more than one person: the amount filters below rely on it.
    expect(C.sale.amount.amount).toBeGreaterThan(Math.max(A.sale.amount.amount, B.sale.amount.amount));
  });

  test('issue 14 the sales list filtered by method: tdd finds the sale paid by debit card, tdc the credit-card ones, transfer_non_automated the transfer; a method that is no text is a 400 naming filter.paymentMethod', async () => {
    expect(await sales({ paymentMethod: 'tdd' })).toEqual(saleIds(B));
    expect(await sales({ paymentMethod: 'tdc' })).toEqual(saleIds(D, A));
    expect(await sales({ paymentMethod: ['tdc', 'tdd'] })).toEqual(saleIds(D, B, A));
    expect(await sales({ paymentMethod: 'transfer_non_automated' })).toEqual(saleIds(C));
    expect(await sales({ paymentMethod: 't' })).toEqual([]);
    await refused('sales', { paymentMethod: 1 }, 'paymentMethod');
    await refused('sales', { paymentMethod: ['tdc', null] }, 'paymentMethod');
    await refused('sales', { paymentMethod: 'x'.repeat(201) }, 'paymentMethod');
  });

  test('issue 14 the payments list filtered by method: tdd the debit card payment, tdc the credit-card ones, transfer_non_automated the awaited transfer; a malformed method is a 400 naming filter.method', async () => {
    expect(await payments({ method: 'tdd' })).toEqual(paymentIds(B));
    expect(await payments({ method: 'tdc' })).toEqual(paymentIds(D, A));
    expect(await payments({ method: ['transfer_non_automated', 'tdd'] })).toEqual(paymentIds(C, B));
    expect(await payments({ method: 'tdc-token' })).toEqual([]);
    await refused('payments', { method: { $ne: 'tdc' } }, 'method');
    // The payments list has no paymentMethod: an unknown filter is named, never ignored.
    await refused('payments', { paymentMethod: 'tdc' }, 'paymentMethod');
  });

  test('issue 14 the sales and payments lists filtered by provider: the card payments are kushki_ad, the bank transfer queplan; a provider nobody used finds nothing; a malformed one is a 400 naming filter.provider', async () => {
    expect(await payments({ provider: 'kushki_ad' })).toEqual(paymentIds(D, B, A));
    expect(await payments({ provider: 'queplan' })).toEqual(paymentIds(C));
    expect(await payments({ provider: ['queplan', 'kushki_ad'] })).toEqual(paymentIds(D, C, B, A));
    expect(await payments({ provider: 'mercadopago' })).toEqual([]);
    await refused('payments', { provider: 40 }, 'provider');

    // A sale's provider is the one its card sale was started with: the card sales are kushki_ad's. Every
    // sale the filter returns says that provider in its record, and every other sale another one.
    const kushki = await sales({ provider: 'kushki_ad' });
    expect(kushki).toEqual(expect.arrayContaining(saleIds(D, B, A)));
    for (const id of saleIds(A, B, C, D)) {
      const { provider } = await json(await admin.get(`/api/admin/sales/${id}`));
      expect({ id, listed: kushki.includes(id) }).toEqual({ id, listed: provider === 'kushki_ad' });
    }
    expect(await sales({ provider: 'mercadopago' })).toEqual([]);
    expect(await sales({ provider: ['mercadopago', 'kushki_ad'] })).toEqual(kushki);
    await refused('sales', { provider: true }, 'provider');
  });

  test('issue 14 the sales and payments lists filtered by creation date: from a day, until a day (the whole day), between two, from an instant; a date that is no ISO date is a 400 naming filter.createdAt_gte or filter.createdAt_lte', async () => {
    for (const list of [
      { resource: 'sales' as const, ids: (...p: Purchase[]) => saleIds(...p) },
      { resource: 'payments' as const, ids: (...p: Purchase[]) => paymentIds(...p) },
    ]) {
      const rows = (filter: object) => listed(list.resource, filter);
      expect(await rows({ createdAt_gte: '2026-11-09' })).toEqual(list.ids(D, C, B));
      expect(await rows({ createdAt_gte: '2026-11-10' })).toEqual(list.ids(D, C));
      // A day alone as the upper bound keeps what happened on it.
      expect(await rows({ createdAt_lte: '2026-11-09' })).toEqual(list.ids(B, A));
      expect(await rows({ createdAt_lte: '2026-11-08' })).toEqual(list.ids(A));
      expect(await rows({ createdAt_gte: '2026-11-09', createdAt_lte: '2026-11-16' })).toEqual(
        list.ids(C, B),
      );
      // Instants as the console sends them (a local day's first and last millisecond, in UTC).
      expect(await rows({ createdAt_gte: DAYS.C })).toEqual(list.ids(D, C));
      expect(await rows({ createdAt_gte: '2026-11-16T15:00:00.001Z' })).toEqual(list.ids(D));
      expect(
        await rows({ createdAt_gte: '2026-11-02T03:00:00.000Z', createdAt_lte: '2026-11-03T02:59:59.999Z' }),
      ).toEqual(list.ids(A));
      expect(await rows({ createdAt_gte: '2026-11-24' })).toEqual([]);
      // An instant with an offset, or without milliseconds, is the instant it names (not text to compare).
      expect(await rows({ createdAt_gte: '2026-11-16T13:00:00-03:00' })).toEqual(list.ids(D));
      expect(await rows({ createdAt_gte: '2026-11-16T15:00:00Z' })).toEqual(list.ids(D, C));
      expect(await rows({ createdAt_lte: '2026-11-16T12:00:00-03:00' })).toEqual(list.ids(C, B, A));
      await refused(list.resource, { createdAt_gte: 'ayer' }, 'createdAt_gte');
      await refused(list.resource, { createdAt_lte: '2026-13-45' }, 'createdAt_lte');
      await refused(list.resource, { createdAt_lte: '16/11/2026' }, 'createdAt_lte');
      await refused(list.resource, { createdAt_gte: 20261109 }, 'createdAt_gte');
      // An instant without its zone would be the server's local time; a day that does not exist, a guess.
      await refused(list.resource, { createdAt_gte: '2026-11-16T13:00' }, 'createdAt_gte');
      await refused(list.resource, { createdAt_lte: '2026-02-30T10:00:00Z' }, 'createdAt_lte');
      await refused(list.resource, { createdAt_lte: '2026-02-30' }, 'createdAt_lte');
    }
  });

  test('issue 14 the sales list filtered by organization and by product: Seguros-Andes its three Chilean sales, Pacifico-Seguros the Peruvian one, VIDA-L its two sales; malformed values are a 400 naming filter.organizationCode or filter.productCode', async () => {
    expect(await sales({ organizationCode: 'Seguros-Andes' })).toEqual(saleIds(C, B, A));
    expect(await sales({ organizationCode: 'Pacifico-Seguros' })).toEqual(saleIds(D));
    expect(await sales({ organizationCode: ['Pacifico-Seguros', 'Seguros-Andes'] })).toEqual(
      saleIds(D, C, B, A),
    );
    expect(await sales({ organizationCode: 'Consalud' })).toEqual([]);
    expect(await sales({ productCode: 'VIDA-L' })).toEqual(saleIds(C, A));
    expect(await sales({ productCode: 'DENT-L' })).toEqual(saleIds(B));
    expect(await sales({ productCode: ['PE-SALUD', 'DENT-L'] })).toEqual(saleIds(D, B));
    expect(await sales({ productCode: 'COMP-L' })).toEqual([]);
    // Both at once: each must hold.
    expect(await sales({ organizationCode: 'Seguros-Andes', productCode: 'PE-SALUD' })).toEqual([]);
    expect(await sales({ organizationCode: 'Seguros-Andes', productCode: 'DENT-L' })).toEqual(saleIds(B));
    await refused('sales', { organizationCode: { code: 'Seguros-Andes' } }, 'organizationCode');
    await refused('sales', { productCode: [7] }, 'productCode');
  });

  test('issue 14 the sales and payments lists filtered by state: OK the paid ones, FAIL and DECLINED the refused card, PENDING the awaited transfer; a state that is no text is a 400 naming filter.state', async () => {
    expect(await sales({ state: 'OK' })).toEqual(saleIds(D, A));
    expect(await sales({ state: 'FAIL' })).toEqual(saleIds(B));
    expect(await sales({ state: 'PENDING' })).toEqual(saleIds(C));
    expect(await sales({ state: ['FAIL', 'PENDING'] })).toEqual(saleIds(C, B));
    expect(await sales({ state: 'OVERDUE' })).toEqual([]);
    expect(await payments({ state: 'OK' })).toEqual(paymentIds(D, A));
    expect(await payments({ state: 'DECLINED' })).toEqual(paymentIds(B));
    expect(await payments({ state: 'PENDING' })).toEqual(paymentIds(C));
    expect(await payments({ state: ['DECLINED', 'OK'] })).toEqual(paymentIds(D, B, A));
    expect(await payments({ state: 'REFUND' })).toEqual([]);
    // With another filter: the paid Chilean sale only.
    expect(await sales({ state: 'OK', currency: 'CLP' })).toEqual(saleIds(A));
    await refused('sales', { state: 1 }, 'state');
    await refused('payments', { state: [['OK']] }, 'state');
    // A value outside the seed's vocabulary is a typo, said so (not an empty list).
    await refused('sales', { state: 'APROVED' }, 'state');
    await refused('payments', { state: ['OK', 'PAID'] }, 'state');
    await refused('payments', { method: 'card' }, 'method');
    await refused('sales', { provider: 'stripe' }, 'provider');
    await refused('sales', { currency: 'EUR' }, 'currency');
  });

  test('issue 14 the sales and payments lists filtered by amount in a currency (minor units): from, until, between, exactly; a currency alone; an amount that is no non-negative integer is a 400 naming filter.amountMinor_gte or filter.amountMinor_lte', async () => {
    const a = A.sale.amount.amount;
    const b = B.sale.amount.amount;
    const c = C.sale.amount.amount;
    expect(A.sale.amount.currency).toBe('CLP');
    for (const list of [
      { resource: 'sales' as const, ids: (...p: Purchase[]) => saleIds(...p) },
      { resource: 'payments' as const, ids: (...p: Purchase[]) => paymentIds(...p) },
    ]) {
      const rows = (filter: object) => listed(list.resource, filter);
      expect(await rows({ currency: 'CLP' })).toEqual(list.ids(C, B, A));
      expect(await rows({ currency: 'PEN' })).toEqual(list.ids(D));
      expect(await rows({ currency: 'USD' })).toEqual([]);
      expect(await rows({ currency: 'CLP', amountMinor_gte: c })).toEqual(list.ids(C));
      expect(await rows({ currency: 'CLP', amountMinor_gte: c + 1 })).toEqual([]);
      expect(await rows({ currency: 'CLP', amountMinor_lte: c - 1 })).toEqual(list.ids(B, A));
      expect(await rows({ currency: 'CLP', amountMinor_gte: a, amountMinor_lte: a })).toEqual(
        b === a ? list.ids(B, A) : list.ids(A),
      );
      expect(await rows({ currency: 'CLP', amountMinor_gte: 0, amountMinor_lte: 0 })).toEqual([]);
      // S/ 120.00 is 12000 céntimos.
      expect(await rows({ currency: 'PEN', amountMinor_gte: 12000, amountMinor_lte: 12000 })).toEqual(
        list.ids(D),
      );
      expect(await rows({ currency: 'PEN', amountMinor_lte: 11999 })).toEqual([]);
      expect(await rows({ currency: 'PEN', amountMinor_gte: 12001 })).toEqual([]);
      // Without the currency an amount compares soles' céntimos with pesos: why the console sends both.
      expect(await rows({ amountMinor_lte: 12000 })).toEqual(list.ids(D));
      for (const bad of [-1, 1.5, '12000', null, 2 ** 53]) {
        await refused(list.resource, { currency: 'CLP', amountMinor_gte: bad }, 'amountMinor_gte');
        await refused(list.resource, { currency: 'CLP', amountMinor_lte: bad }, 'amountMinor_lte');
      }
      await refused(list.resource, { currency: 152 }, 'currency');
    }
  });

  test("issue 14 the sales list filtered by RUT typed with or without dots or dash, and by e-mail in any case: the buyer's sales only; a RUT or e-mail that is no text is a 400 naming filter.rut or filter.email", async () => {
    for (const typed of ['11.111.111-1', '111111111', '11111111-1', ' 11.111.111-1 ']) {
      expect({ typed, ids: await sales({ rut: typed }) }).toEqual({ typed, ids: saleIds(C, B) });
    }
    for (const typed of [BUYER.rut, '12345678-5', '123456785']) {
      expect({ typed, ids: await sales({ rut: typed }) }).toEqual({ typed, ids: saleIds(A) });
    }
    // A Peruvian document, kept without dots, found either way.
    for (const typed of ['45.678.901', '45678901']) {
      expect({ typed, ids: await sales({ rut: typed }) }).toEqual({ typed, ids: saleIds(D) });
    }
    // A dependant's RUT is not the buyer's.
    expect(await sales({ rut: '22.222.222-2' })).toEqual([]);
    expect(await sales({ rut: '11.111.111' })).toEqual([]);
    await refused('sales', { rut: 111111111 }, 'rut');
    await refused('sales', { rut: ['11.111.111-1'] }, 'rut');

    for (const typed of ['ines.rojas@prueba.cl', 'INES.ROJAS@PRUEBA.CL', ' Ines.Rojas@Prueba.CL ']) {
      expect({ typed, ids: await sales({ email: typed }) }).toEqual({ typed, ids: saleIds(C, B) });
    }
    expect(await sales({ email: BUYER.email })).toEqual(saleIds(A));
    expect(await sales({ email: LUCIA.email.toUpperCase() })).toEqual(saleIds(D));
    // The whole address: part of it finds nothing.
    expect(await sales({ email: 'ines.rojas' })).toEqual([]);
    // Both: the buyer's sales of that state.
    expect(await sales({ email: INES.email, state: 'FAIL' })).toEqual(saleIds(B));
    expect(await sales({ rut: INES.rut, productCode: 'VIDA-L' })).toEqual(saleIds(C));
    await refused('sales', { email: 42 }, 'email');
    await refused('sales', { email: `${'a'.repeat(200)}@prueba.cl` }, 'email');
    // The payments list has neither: each unknown filter is named.
    await refused('payments', { rut: INES.rut }, 'rut');
    await refused('payments', { email: INES.email }, 'email');
  });
});
