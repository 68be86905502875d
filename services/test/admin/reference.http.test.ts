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
