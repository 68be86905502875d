import { CURRENCIES, CURRENCIES_BY_COUNTRY } from '@cubre/schemas/payments/money';
import { billingPaymentStateSchema } from '@cubre/schemas/payments/catalogues';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';

/** The fixed reference lists of seed 002 and the executive's recess (rules 002-3.22 … 002-8.06). */
let runtime: TestRuntime;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  runtime = await startTestRuntime();
  await loadLeadsCatalogue(runtime);
  for (const who of ['admin', 'supervisor', 'ejecutivo2']) {
    const body = await json(
      await postJson(`${runtime.url}/token`, { email: `${who}@demo.cl`, password: 'Demo.2026!' }),
    );
    tokens[who] = body.token;
    ids[who] = body.user.id;
  }
});
afterAll(async () => {
  await runtime.dispose();
});

const list = async (name: string, who = 'ejecutivo2') => {
  const response = await fetch(`${runtime.url}/api/admin/reference/${name}`, {
    headers: { Authorization: `Bearer ${tokens[who]}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-range')).toMatch(new RegExp(`^${name} 0-\\d+/\\d+$`));
  return json(response);
};

describe('reference lists (GET /api/admin/reference/{name})', () => {
  test('002-3.22 movement types: deposits 1 and 2, bonuses 11 and 12, reversal 13, other income 99, charges 101, 102, 103, 199', async () => {
    expect((await list('movement-types')).map((m: any) => m.id)).toEqual([
      1, 2, 11, 12, 13, 99, 101, 102, 103, 199,
    ]);
  });

  test('002-3.23 recess reasons', async () => {
    expect((await list('recess-reasons')).map((r: any) => r.name)).toEqual([
      'Vacaciones',
      'Saldo Bajo',
      'Inactividad',
      'Licencia Médica',
      'Bajo Rendimiento',
      'Otros',
    ]);
  });

  test('002-3.33 ticket priorities and 002-3.34 ticket statuses with their Spanish names', async () => {
    expect((await list('ticket-priorities')).map((p: any) => p.id)).toEqual([
      'urgent',
      'high',
      'normal',
      'low',
    ]);
    expect(await list('ticket-statuses')).toEqual([
      { id: 'new', name: 'Nuevo' },
      { id: 'open', name: 'Abierto' },
      { id: 'pending', name: 'Pendiente' },
      { id: 'hold', name: 'En Espera' },
      { id: 'solved', name: 'Completado' },
    ]);
  });

  test('002-4.06 document review states and 002-8.06 assignment codes', async () => {
    expect((await list('document-review-states')).map((s: any) => s.id)).toEqual([
      'APPROVED',
      'PENDING',
      'REJECTED',
      'NO_ACTION',
    ]);
    expect(await list('assignment-codes')).toEqual([
      { id: 'CODE001', name: 'Error de correo' },
      { id: 'CODE002', name: 'Error de asignación' },
    ]);
  });

  test('002-3.16 the currency enumeration is exactly CLP, UF, USD, COP, PEN, MXN, %; the payable ones are those a payment takes', async () => {
    const currencies = await list('currencies');
    expect(currencies.map((c: any) => c.id)).toEqual(['CLP', 'UF', 'USD', 'COP', 'PEN', 'MXN', '%']);
    // The payable ones are the currencies a payment's money schema accepts, and each country sells in
    // its own (002-3.15): the list the console shows and the one the payments check are one.
    expect(
      currencies
        .filter((c: any) => c.payable)
        .map((c: any) => c.id)
        .sort(),
    ).toEqual([...CURRENCIES].sort());
    for (const [country, sold] of Object.entries(CURRENCIES_BY_COUNTRY)) {
      for (const currency of sold) {
        expect(currencies.find((c: any) => c.id === currency).countries).toContain(country);
      }
    }
    expect(currencies.find((c: any) => c.id === 'UF').countries).toEqual(['CL']);
  });

  test('002-3.32 billing and tax-document statuses BILL, CREDIT_NOTE, DEBIT_NOTE and 002-4.07 billing payment states', async () => {
    expect(await list('tax-document-statuses')).toEqual([
      { id: 'BILL', name: 'Factura' },
      { id: 'CREDIT_NOTE', name: 'Nota de crédito' },
      { id: 'DEBIT_NOTE', name: 'Nota de débito' },
    ]);
    expect((await list('billing-payment-states')).map((s: any) => s.id)).toEqual(
      billingPaymentStateSchema.options,
    );
    expect(billingPaymentStateSchema.options).toEqual(['PENDING', 'LATE', 'PARTIAL', 'PAID', 'NA']);
  });

  test("react-admin's list query (sort, range, filter) pages a list; an unknown sort field or filter is a 400", async () => {
    const get = (query: string) =>
      fetch(`${runtime.url}/api/admin/reference/movement-types?${query}`, {
        headers: { Authorization: `Bearer ${tokens.admin}` },
      });
    const page = await get(`filter=${encodeURIComponent('{}')}&range=${encodeURIComponent('[2,4]')}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toBe('movement-types 2-4/10');
    expect((await json(page)).map((m: any) => m.id)).toEqual([11, 12, 13]);
    expect((await get(`sort=${encodeURIComponent('["name","ASC"]')}`)).status).toBe(400);
    expect((await get(`filter=${encodeURIComponent('{"kind":"charge"}')}`)).status).toBe(400);
  });

  test('an unknown list is a 400 naming it; no token is a 401', async () => {
    const unknown = await fetch(`${runtime.url}/api/admin/reference/colores`, {
      headers: { Authorization: `Bearer ${tokens.admin}` },
    });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors[0].field).toBe('params.name');
    expect((await fetch(`${runtime.url}/api/admin/reference/recess-reasons`)).status).toBe(401);
  });
});

describe("an executive's recess", () => {
  test('002-3.23 002-8.06 an executive on recess receives no leads (CODE002) until the recess ends', async () => {
    const admin = { Authorization: `Bearer ${tokens.admin}` };
    const user = await json(
      await fetch(`${runtime.url}/api/admin/users/${ids.ejecutivo2}`, { headers: admin }),
    );
    const put = (body: object) =>
      fetch(`${runtime.url}/api/admin/users/${ids.ejecutivo2}`, {
        method: 'PUT',
        headers: { ...admin, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const onRecess = await put({ ...user, recess: { reason: 'Vacaciones', until: null } });
    expect(onRecess.status).toBe(200);
    expect((await json(onRecess)).recess).toEqual({ reason: 'Vacaciones', until: null });
    expect((await put({ recess: { reason: 'Siesta', until: null } })).status).toBe(400);

    const lead = await json(
      await postJson(`${runtime.url}/api/solicitarplans`, {
        productCode: 'COMP-L',
        nombre: 'Laura Vidal',
        rut: '12.345.678-5',
        email: 'laura.vidal@example.com',
        telefono: '+56 9 8765 4321',
      }),
    );
    const assign = () =>
      postJson(
        `${runtime.url}/api/admin/leads/${lead.id}/assign`,
        { executiveId: ids.ejecutivo2 },
        { Authorization: `Bearer ${tokens.supervisor}` },
      );
    const refused = await assign();
    expect(refused.status).toBe(422);
    expect((await json(refused)).errors[0]).toMatchObject({
      field: 'executiveId',
      rule: 'CODE002',
      message: expect.stringContaining('Vacaciones'),
    });

    const current = await json(
      await fetch(`${runtime.url}/api/admin/users/${ids.ejecutivo2}`, { headers: admin }),
    );
    expect((await put({ recess: null, revision: current.revision })).status).toBe(200);
    expect((await assign()).status).toBe(200);
  });
});
