import type { ObservedQuery } from '@cubre/platform/adapters/sqlite/readStore/collection';
import type { SqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import { EXPORT_PAGE } from '@cubre/platform/http/csvStream';
import { PAYMENT_CSV_COLUMNS, SALE_CSV_COLUMNS } from '@cubre/services/payments/csvExport';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { createActiveUser, listQuery, manualClock, signIn, type Session } from '../identity/support';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { BUYER, startSaleOf } from './support/purchaseFixture';
import { payWithToken, sandboxTokenOf, SANDBOX_DECLINED } from './support/sandboxSale';

/**
 * The console's CSV of online sales and payments (GET /api/admin/sales/export and /api/admin/payments/export)
 * over real HTTP: refused by the server without payment:export (the console's hidden button is not the
 * rule), every row the list's filter matches past one page of EXPORT_PAGE, in the list's order, inside the
 * list's scope (a CLIENT their own purchases, a company administrator none), each cell formula-safe, every
 * read served by an index of the payments projection.
 *
 * The runtime's clock moves 1 ms every TIED sales, so sales share their `createdAt` in groups, one of them
 * across the page boundary: a page that starts in the middle of a key's rows must skip only those written.
 */
const TIED = 7;
const PENDING_SALES = EXPORT_PAGE + 13;

let runtime: TestRuntime;
let admin: Session;
/** A CLIENT holding payment:export (the scope test makes them). */
let client: Session | undefined;
const clock = manualClock();
let started = 0;
/** The sales started by the suite, by state once paid. */
const paid: { saleId: string; paymentId: string }[] = [];
const declined: { saleId: string; paymentId: string }[] = [];

async function startSale(body: Record<string, unknown> = {}) {
  const response = await startSaleOf(runtime.url, { productCode: 'VIDA-L', ...body });
  if (response.status !== 201) throw new Error(`sale answered ${response.status}: ${await response.text()}`);
  if (++started % TIED === 0) clock.advance(1);
  return json(response);
}

async function payWith(sale: { id: string; amount: { amount: number; currency: string } }, card?: string) {
  const response = await payWithToken(runtime.url, sale.id, await sandboxTokenOf(runtime.url, sale, card));
  const body = await json(response);
  return { saleId: sale.id as string, paymentId: body.payment.id as string };
}

/** Until the payments read model shows every sale and payment written so far. */
async function caughtUp() {
  await runtime.runner!.waitUntilVisible(
    { globalPosition: await runtime.engines.eventStore.headPosition(), streamId: 'sale-x' },
    ['payments'],
    30_000,
  );
}

beforeAll(async () => {
  runtime = await startTestRuntime({ LEAD_DUPLICATE_WINDOW_DAYS: '0' }, { clock: clock.clock });
  await loadLeadsCatalogue(runtime);
  admin = await signIn(runtime.url, 'admin@demo.cl');
  // Two paid and one refused: what the PENDING filter leaves out.
  paid.push(await payWith(await startSale()), await payWith(await startSale()));
  declined.push(await payWith(await startSale(), SANDBOX_DECLINED));
  for (let i = 0; i < PENDING_SALES; i += 10) {
    await Promise.all(Array.from({ length: Math.min(10, PENDING_SALES - i) }, () => startSale()));
  }
  await caughtUp();
}, 300_000);

afterAll(async () => {
  await runtime.dispose();
});

/** The cells of a CSV file's lines (RFC 4180 quoting; every line ends in CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

/** An export as its records (column → cell), after checking the file's headers, BOM and header line. */
async function exported(
  session: Session,
  resource: 'sales' | 'payments',
  query: Parameters<typeof listQuery>[0] = {},
): Promise<Record<string, string>[]> {
  const response = await session.get(`/api/admin/${resource}/export${listQuery(query)}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  expect({ status: response.status, text: response.status === 200 ? '' : text }).toEqual({
    status: 200,
    text: '',
  });
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="${resource === 'sales' ? 'ventas' : 'pagos'}.csv"`,
  );
  expect(response.headers.get('cache-control')).toBe('no-store');
  // A UTF-8 BOM first (a spreadsheet reads the accents), then the lines (fetch's text() would drop it).
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...lines] = parseCsv(text.slice(1));
  expect(header).toEqual(resource === 'sales' ? SALE_CSV_COLUMNS : PAYMENT_CSV_COLUMNS);
  return lines.map((cells) => {
    expect(cells).toHaveLength(header!.length);
    return Object.fromEntries(header!.map((column, i) => [column, cells[i]!]));
  });
}

/** Every id of the list as the console pages it (EXPORT_PAGE rows a page), as many as its total. */
async function listed(
  session: Session,
  resource: 'sales' | 'payments',
  query: Parameters<typeof listQuery>[0],
) {
  const ids: string[] = [];
  let total: number | undefined;
  for (let start = 0; ; start += EXPORT_PAGE) {
    const response = await session.get(
      `/api/admin/${resource}${listQuery({ ...query, range: [start, start + EXPORT_PAGE - 1] })}`,
    );
    expect(response.status).toBe(200);
    total = Number(response.headers.get('content-range')!.split('/')[1]);
    const page = (await json(response)) as { id: string }[];
    ids.push(...page.map((row) => row.id));
    if (page.length < EXPORT_PAGE) break;
  }
  expect(ids).toHaveLength(total);
  return ids;
}

describe('the CSV export of online sales and payments (payment:export)', () => {
  test('payment:export: staff without payment:export get 403 on /api/admin/sales/export and /api/admin/payments/export', async () => {
    // Back office reads every sale (payment:read) but holds no payment:export; an executive reads none; a
    // company administrator reads its group policies.
    for (const email of ['backoffice@demo.cl', 'ejecutivo@demo.cl', 'empresa@demo.cl']) {
      const session = await signIn(runtime.url, email);
      expect(session.user.permissions).not.toContain('payment:export');
      for (const resource of ['sales', 'payments']) {
        const response = await session.get(`/api/admin/${resource}/export`);
        expect({ email, resource, status: response.status }).toEqual({ email, resource, status: 403 });
        const problem = await json(response);
        expect(problem.detail).toContain('payment:export');
        if (email === 'backoffice@demo.cl') {
          // The list itself is theirs to read: only the file is refused.
          expect((await session.get(`/api/admin/${resource}`)).status).toBe(200);
        }
      }
    }
    for (const resource of ['sales', 'payments']) {
      expect((await fetch(`${runtime.url}/api/admin/${resource}/export`)).status).toBe(401);
    }
  });

  test("the export holds every matching row past one page (1,000) in the list's order with the filter applied", async () => {
    const filter = { state: 'PENDING' };
    for (const sort of [
      ['createdAt', 'DESC'],
      ['createdAt', 'ASC'],
      // Every sale is of one product for one profile: one amount, a single key for all the rows.
      ['amountMinor', 'ASC'],
      ['state', 'DESC'],
      ['updatedAt', 'DESC'],
      ['id', 'ASC'],
    ] as [string, string][]) {
      const rows = await exported(admin, 'sales', { filter, sort });
      const ids = rows.map((row) => row.id);
      expect(ids.length).toBeGreaterThanOrEqual(PENDING_SALES);
      expect(new Set(ids).size).toBe(ids.length);
      expect({ sort, ids }).toEqual({ sort, ids: await listed(admin, 'sales', { filter, sort }) });
      expect(rows.every((row) => row.state === 'PENDING')).toBe(true);
      for (const sale of [...paid, ...declined]) expect(ids).not.toContain(sale.saleId);
    }
    // Without a sort: the list's own order, newest first.
    const newest = (await exported(admin, 'sales', { filter })).map((row) => row.id);
    expect(newest).toEqual(await listed(admin, 'sales', { filter }));

    // Payments, filtered by state (the refused card's payment only) and unfiltered, in their list's order.
    const refused = await exported(admin, 'payments', { filter: { state: 'DECLINED' } });
    expect(refused.map((row) => row.id)).toEqual(declined.map((payment) => payment.paymentId));
    const payments = await exported(admin, 'payments', { sort: ['createdAt', 'DESC'] });
    expect(payments.map((row) => row.id)).toEqual(
      await listed(admin, 'payments', { sort: ['createdAt', 'DESC'] }),
    );
  });

  test("a row carries the list's columns: amounts in major units with their currency, the buyer, the refusal message", async () => {
    const [sale] = (await exported(admin, 'sales', { filter: { id: paid[0]!.saleId } }))!;
    const record = await json(await admin.get(`/api/admin/sales/${paid[0]!.saleId}`));
    expect(record.buyer.telefono).toMatch(/^\+/);
    expect(sale).toEqual({
      id: record.id,
      createdAt: record.createdAt,
      state: 'OK',
      country: record.country,
      productCode: record.productCode,
      productName: record.productName,
      organizationName: record.organizationName,
      buyerName: BUYER.nombre,
      buyerRut: record.buyer.rut,
      buyerEmail: BUYER.email,
      // A phone starts with + : written so a spreadsheet reads it as text, never as a formula (csvCell).
      buyerPhone: `'${record.buyer.telefono}`,
      // CLP has no minor unit: the amount as charged.
      amount: String(record.amount.amount),
      currency: 'CLP',
      paymentMethod: record.paymentMethod,
      provider: record.provider,
      lastPaymentId: paid[0]!.paymentId,
    });
    const [payment] = await exported(admin, 'payments', { filter: { id: declined[0]!.paymentId } });
    const paymentRecord = await json(await admin.get(`/api/admin/payments/${declined[0]!.paymentId}`));
    expect(payment).toEqual({
      id: declined[0]!.paymentId,
      createdAt: paymentRecord.createdAt,
      saleId: declined[0]!.saleId,
      state: 'DECLINED',
      amount: String(paymentRecord.amount.amount),
      currency: 'CLP',
      method: paymentRecord.method,
      installments: '1',
      provider: paymentRecord.provider,
      gateway: paymentRecord.gateway,
      chargeId: paymentRecord.chargeId ?? '',
      catalogueCode: paymentRecord.catalogueCode,
      message: paymentRecord.message,
      // A declined charge kept no fee; an approved one's is below.
      fee: '',
      taxOnFee: '',
      net: '',
      reference: '',
    });
    expect(payment!.message).not.toBe('');
    // 002-9.01: an approved charge's fee, its tax and the net, in major units.
    const [approved] = await exported(admin, 'payments', { filter: { id: paid[0]!.paymentId } });
    const approvedRecord = await json(await admin.get(`/api/admin/payments/${paid[0]!.paymentId}`));
    expect(approved).toMatchObject({
      state: 'OK',
      fee: String(approvedRecord.fee.amount),
      taxOnFee: String(approvedRecord.taxOnFee.amount),
      net: String(approvedRecord.amount.amount - approvedRecord.fee.amount - approvedRecord.taxOnFee.amount),
    });
  });

  test('a buyer-written cell starting with = is neutralised', async () => {
    // The storefront takes this e-mail (its local part is anything but spaces and @) and this name.
    const email = '=HYPERLINK("https://evil.example","pago")@example.com';
    const sale = await startSale({ email, nombre: '-Camila Rojas' });
    await caughtUp();
    const response = await admin.get(`/api/admin/sales/export${listQuery({ filter: { id: sale.id } })}`);
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
    // Quoted (it holds quotes and a comma) and prefixed with ': a spreadsheet shows it, never runs it.
    // (The sale keeps the e-mail in lower case.)
    expect(text).toContain(`"'=hyperlink(""https://evil.example"",""pago"")@example.com"`);
    expect(text).not.toMatch(/(^|,)"?=/m);
    const [row] = parseCsv(text.slice(1)).slice(1);
    const cells = Object.fromEntries(SALE_CSV_COLUMNS.map((column, i) => [column, row![i]]));
    expect(cells).toMatchObject({ buyerEmail: `'${email.toLowerCase()}`, buyerName: "'-Camila Rojas" });
  });

  test('scope: a CLIENT holding payment:export exports only their own sales and payments; a company administrator none', async () => {
    const grant = async (role: string) => {
      const current = await json(await admin.get(`/api/admin/roles/${role}`));
      const granted = await admin.put(
        `/api/admin/roles/${role}`,
        { ...current, permissions: [...current.permissions, 'payment:export'] },
        { 'If-Match': `"${current.revision}"` },
      );
      expect(granted.status).toBe(200);
    };
    await grant('CLIENT');
    await grant('ADMIN_EMPRESA_CLIENTE');
    const { session, email } = await createActiveUser(admin, { roles: ['CLIENT'] });
    client = session;
    const own = await payWith(await startSale({ email }));
    const ownPending = await startSale({ email });
    await caughtUp();

    const sales = await exported(client, 'sales', { sort: ['createdAt', 'DESC'] });
    expect(sales.map((row) => row.id).sort()).toEqual([own.saleId, ownPending.id].sort());
    expect(sales.map((row) => row.id)).toEqual(
      await listed(client, 'sales', { sort: ['createdAt', 'DESC'] }),
    );
    // Whatever the filter asks: another buyer's e-mail finds nothing.
    expect(await exported(client, 'sales', { filter: { email: BUYER.email } })).toEqual([]);
    const payments = await exported(client, 'payments');
    expect(payments.map((row) => row.id)).toEqual([own.paymentId]);
    expect(await exported(client, 'payments', { filter: { saleId: paid[0]!.saleId } })).toEqual([]);

    // A company administrator: their company's business is its group policies, never people's purchases.
    const company = await signIn(runtime.url, 'empresa@demo.cl');
    expect(company.user.permissions).toContain('payment:export');
    for (const resource of ['sales', 'payments'] as const) {
      expect(await exported(company, resource)).toEqual([]);
      expect(await exported(company, resource, { filter: { state: 'OK' } })).toEqual([]);
    }
  });

  test("every read of the exports is served by an index of the payments projection, as the lists' are", async () => {
    const store = runtime.engines.readStore as SqliteReadStore;
    const seen: ObservedQuery[] = [];
    const stop = store.observeQueries((query) => seen.push(query));
    const staff = await signIn(runtime.url, 'admin@demo.cl');
    try {
      for (const sort of [
        ['createdAt', 'DESC'],
        ['updatedAt', 'DESC'],
        ['state', 'DESC'],
        ['amountMinor', 'ASC'],
        ['id', 'ASC'],
      ] as [string, string][]) {
        for (const filter of [{}, { state: 'PENDING' }, { currency: 'CLP', amountMinor_gte: 1 }]) {
          await exported(staff, 'sales', { filter, sort });
          await exported(staff, 'payments', { filter, sort });
        }
        await exported(staff, 'sales', { filter: { email: BUYER.email, state: 'PENDING' }, sort });
        await exported(staff, 'sales', { filter: { productCode: 'VIDA-L' }, sort });
        await exported(staff, 'payments', { filter: { saleId: paid[0]!.saleId }, sort });
        // A CLIENT's scope: their e-mail's sales, those sales' payments.
        if (client) {
          await exported(client, 'sales', { sort });
          await exported(client, 'payments', { filter: { state: 'OK' }, sort });
        }
      }
    } finally {
      stop();
    }
    const exports = seen.filter((query) => ['sales', 'payments'].includes(query.collection));
    // Past the first page: from the last row written (its key, then its _id), never an offset.
    expect(exports.every((query) => (query.options.skip ?? 0) === 0)).toBe(true);
    expect(exports.some((query) => /"_id":\{"\$(gt|lt)"/.test(JSON.stringify(query.filter)))).toBe(true);
    expect(exports.some((query) => JSON.stringify(query.filter).includes('buyer.email'))).toBe(true);
    const scans: string[] = [];
    let orderedReads = 0;
    for (const query of new Map(exports.map((query) => [JSON.stringify(query), query])).values()) {
      const plan = await store
        .collection(query.collection)
        .explain(query.filter, { ...query.options, operation: query.operation });
      // Sorted by state (PENDING: a tie group past a page), id or date, unfiltered or by state: a stretch of
      // an index in the list's order, never a sort of the group. (A filter on one field sorted by another
      // sorts what the filter's index finds, as MongoDB does without an index of both.)
      const fields = JSON.stringify(query.filter).match(/"\w+(\.\w+)?":/g) ?? [];
      const ordered =
        ['state', '_id', 'createdAt'].includes(Object.keys(query.options.sort ?? {})[0] ?? '') &&
        fields.every((field) => ['"state":', '"_id":', '"createdAt":'].includes(field));
      const sorts = plan.sqlitePlan.join('\n').includes('TEMP B-TREE');
      if (ordered) orderedReads++;
      if (plan.fullScan || plan.access === 'scan' || (ordered && sorts)) {
        scans.push(
          `${query.collection}.${query.operation}(${JSON.stringify(query.filter)}, ${JSON.stringify(query.options)}): ${plan.access}`,
        );
      }
    }
    expect(scans).toEqual([]);
    expect(orderedReads).toBeGreaterThan(10);
  });
});
