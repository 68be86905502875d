import { LeadSubStatus } from '@cubre/schemas';
import { json } from '../support/http';
import type { TestRuntime } from '../support/testRuntime';
import {
  DEMO,
  adminClient,
  listQuery,
  problemOf,
  signIn,
  startCatalogueRuntime,
  type AdminClient,
} from './support/adminClient';

let runtime: TestRuntime;
let supervisor: AdminClient;
let ejecutivo: AdminClient;
beforeAll(async () => {
  runtime = await startCatalogueRuntime();
  [supervisor, ejecutivo] = await Promise.all([
    signIn(runtime, DEMO.supervisor),
    signIn(runtime, DEMO.ejecutivo),
  ]);
});
afterAll(async () => {
  await runtime.dispose();
});

const under = async (parentIds: number | number[]) => {
  const response = await ejecutivo.get(
    `lead-sub-statuses${listQuery({ filter: { parentIds }, range: [0, 99] })}`,
  );
  expect(response.status).toBe(200);
  return ((await json(response)) as unknown[]).map((row) => LeadSubStatus.parse(row));
};
const names = (rows: LeadSubStatus[]) => rows.map(({ name }) => name);

async function created(body: Record<string, unknown>) {
  const response = await supervisor.post('lead-sub-statuses', body);
  expect(response.status).toBe(201);
  return LeadSubStatus.parse(await json(response));
}

describe('GET /api/admin/lead-sub-statuses: the seeded sub-statuses by parent', () => {
  test('002-3.03 Asignado (2): En Gestión, Contactado, Interesado, Retomar Prospecto, Reunión Concretada', async () => {
    expect(names(await under(2))).toEqual([
      'En Gestión',
      'Contactado',
      'Interesado',
      'Retomar Prospecto',
      'Reunión Concretada',
    ]);
  });

  test('002-3.04 Contratación Online (500): its eight steps, in order', async () => {
    expect(names(await under(500))).toEqual([
      'Con cliente',
      'Recaudación',
      'Datos personales',
      'Estado de salud',
      'Firma contratante',
      'Pago',
      'Datos empresa',
      'Datos empleados',
    ]);
  });

  test('002-3.05 Recaudación (330) belongs to both 500 and 501', async () => {
    const response = await ejecutivo.get('lead-sub-statuses/330');
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"0"');
    expect(await json(response)).toEqual({
      id: 330,
      name: 'Recaudación',
      parentIds: [500, 501],
      order: 20,
      active: true,
      revision: 0,
    });
    expect((await under(501)).map(({ id }) => id)).toEqual([330]);
  });

  test("002-3.06 Cerrado (3): 'Web - Suscripción activa', 'Web - Pago único', 'Web - Transferencia no automática'", async () => {
    expect(names(await under(3))).toEqual([
      'Web - Suscripción activa',
      'Web - Pago único',
      'Web - Transferencia no automática',
    ]);
  });

  test('002-3.07 No interesa (12): eight reasons, from business stopped to life insurance', async () => {
    const rows = await under(12);
    expect(rows).toHaveLength(8);
    expect(names(rows)).toEqual(
      expect.arrayContaining(['Término de giro', 'Empresa en venta', 'Seguro de vida']),
    );
  });

  test('002-3.08 Agenda (13): video call, phone contact, email contact', async () => {
    expect(names(await under(13))).toEqual(['Videollamada', 'Contacto telefónico', 'Contacto por correo']);
  });

  test('002-3.09 Interesa (14): pending member list sending, pending signature sending', async () => {
    expect(names(await under(14))).toEqual(['Pendiente envío de nómina', 'Pendiente envío de firma']);
  });

  test('002-3.10 Fallido (4): Sin contacto, No Contactado, No le interesa, No avanza', async () => {
    expect(names(await under(4))).toEqual(['Sin contacto', 'No Contactado', 'No le interesa', 'No avanza']);
  });

  test('a list of parents matches any of them; Content-Range counts the whole match', async () => {
    const response = await ejecutivo.get(
      `lead-sub-statuses${listQuery({ filter: { parentIds: [13, 14] }, sort: ['name', 'ASC'], range: [0, 1] })}`,
    );
    expect(response.headers.get('content-range')).toBe('lead-sub-statuses 0-1/5');
    expect(names(await json(response))).toEqual(['Contacto por correo', 'Contacto telefónico']);
    const all = await ejecutivo.get(`lead-sub-statuses${listQuery({ range: [30, 39] })}`);
    expect(all.headers.get('content-range')).toBe('lead-sub-statuses 30-32/33');
  });

  test('a parent filter that is not an id is a 400 naming it', async () => {
    const response = await ejecutivo.get(
      `lead-sub-statuses${listQuery({ filter: { parentIds: 'Asignado' } })}`,
    );
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors[0]!.field).toMatch(/^filter\.parentIds/);
  });
});

describe('writing sub-statuses', () => {
  test('creates a sub-status under existing statuses (201), listed under them at once', async () => {
    const record = await created({ name: 'Espera de documentos', parentIds: [14, 9], order: 30 });
    expect(record).toMatchObject({ id: 5009, parentIds: [14, 9], active: true, revision: 0 });
    expect((await under(9)).map(({ id }) => id)).toEqual([record.id]);
  });

  test('a parent that does not exist is a 422 naming the item and the rule', async () => {
    const response = await supervisor.post('lead-sub-statuses', {
      name: 'Huérfano',
      parentIds: [2, 5],
      order: 1,
    });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors).toEqual([
      expect.objectContaining({ field: 'parentIds.1', rule: 'unknown_status' }),
    ]);
  });

  test('no parents, or a repeated parent, is a 400', async () => {
    const none = await supervisor.post('lead-sub-statuses', { name: 'Sin padre', parentIds: [], order: 1 });
    expect(none.status).toBe(400);
    expect((await problemOf(none)).errors[0]).toMatchObject({ field: 'parentIds', rule: 'min_items' });
    const twice = await supervisor.post('lead-sub-statuses', {
      name: 'Dos veces',
      parentIds: [2, 2],
      order: 1,
    });
    expect(twice.status).toBe(400);
    expect((await problemOf(twice)).errors[0]).toMatchObject({ field: 'parentIds', rule: 'unique' });
  });

  test('a name repeated under the same status is a 409; under another status it is fine', async () => {
    const same = await supervisor.post('lead-sub-statuses', { name: 'contactado', parentIds: [2], order: 1 });
    expect(same.status).toBe(409);
    expect((await problemOf(same)).errors[0]).toMatchObject({ field: 'name', rule: 'unique_name' });
    await created({ name: 'Contactado', parentIds: [11], order: 99 });
  });

  test('002-3.05 adding a parent to a sub-status (If-Match), then a stale write is a 409', async () => {
    const record = await created({ name: 'Por confirmar pago', parentIds: [500], order: 90 });
    const response = await supervisor.put(
      `lead-sub-statuses/${record.id}`,
      { parentIds: [500, 501] },
      { 'If-Match': `"${record.revision}"` },
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ...record, parentIds: [500, 501], revision: 1 });
    expect((await under(501)).map(({ id }) => id)).toContain(record.id);
    const stale = await supervisor.put(`lead-sub-statuses/${record.id}`, { order: 1 }, { 'If-Match': '"0"' });
    expect(stale.status).toBe(409);
  });

  test('deactivating keeps it listed as inactive (soft delete); the active filter tells them apart', async () => {
    const record = await created({ name: 'Temporal', parentIds: [7], order: 1 });
    const response = await supervisor.put(`lead-sub-statuses/${record.id}`, { active: false });
    expect(await json(response)).toMatchObject({ active: false, revision: 1 });
    const active = await json(
      await ejecutivo.get(`lead-sub-statuses${listQuery({ filter: { parentIds: 7, active: true } })}`),
    );
    expect(active).toEqual([]);
    const inactive = await json(
      await ejecutivo.get(`lead-sub-statuses${listQuery({ filter: { parentIds: 7, active: false } })}`),
    );
    expect(inactive.map((row: LeadSubStatus) => row.id)).toEqual([record.id]);
  });

  test('a sub-status failure reasons are offered under is a 409 in_use; one nothing uses is deleted', async () => {
    const used = await supervisor.del('lead-sub-statuses/404');
    expect(used.status).toBe(409);
    const { errors } = await problemOf(used);
    expect(errors[0]).toMatchObject({ field: 'id', rule: 'in_use' });
    expect(errors[0]!.message).toMatch(/en failure-reasons \(/);

    const free = await supervisor.del('lead-sub-statuses/1303');
    expect(free.status).toBe(200);
    expect(await json(free)).toMatchObject({ id: 1303, name: 'Contacto por correo', revision: 1 });
    expect(names(await under(13))).toEqual(['Videollamada', 'Contacto telefónico']);
  });

  test('a status a sub-status sits under stays in use until the sub-status is moved', async () => {
    const status = await json(
      await supervisor.post('lead-statuses', { name: 'Revisión', colour: '#010203', order: 1 }),
    );
    const sub = await created({ name: 'Revisión legal', parentIds: [status.id], order: 1 });
    const inUse = await supervisor.del(`lead-statuses/${status.id}`);
    expect(inUse.status).toBe(409);
    expect((await problemOf(inUse)).errors[0]!.message).toContain(`lead-sub-statuses (${sub.id})`);
    await supervisor.put(`lead-sub-statuses/${sub.id}`, { parentIds: [2] });
    expect((await supervisor.del(`lead-statuses/${status.id}`)).status).toBe(200);
  });

  test('401 without a token, 403 for an executive writing', async () => {
    expect((await adminClient(runtime).get('lead-sub-statuses')).status).toBe(401);
    const write = await ejecutivo.post('lead-sub-statuses', { name: 'Nuevo', parentIds: [2], order: 1 });
    expect(write.status).toBe(403);
    expect((await problemOf(write)).errors[0]).toMatchObject({ rule: 'FORBIDDEN' });
  });
});
