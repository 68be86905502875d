import { LEAD_STATUSES, LeadStatus } from '@cubre/schemas';
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

const newStatus = (extra: Record<string, unknown> = {}) => ({
  name: `Estado de prueba ${Math.random().toString(36).slice(2, 8)}`,
  colour: '#123456',
  order: 500,
  ...extra,
});

async function created(body: Record<string, unknown> = newStatus()) {
  const response = await supervisor.post('lead-statuses', body);
  expect(response.status).toBe(201);
  return LeadStatus.parse(await json(response));
}

describe('GET /api/admin/lead-statuses', () => {
  test('002-3.01 lists the 20 statuses of the seed, each with a colour, by workflow order', async () => {
    const response = await ejecutivo.get(`lead-statuses${listQuery({ range: [0, 99] })}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('lead-statuses 0-19/20');
    const rows = (await json(response)).map((row: unknown) => LeadStatus.parse(row));
    expect(rows.map((row: LeadStatus) => [row.id, row.name]).sort((a: any, b: any) => a[0] - b[0])).toEqual(
      LEAD_STATUSES.map(({ id, name }) => [id, name]),
    );
    for (const row of rows) expect(row.colour).toMatch(/^#[0-9A-F]{6}$/);
    const orders = rows.map((row: LeadStatus) => row.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({ id: 1, name: 'Sin Estado', active: true, revision: 0 });
  });

  test('sort and range page the list, and Content-Range tells the total', async () => {
    const response = await ejecutivo.get(
      `lead-statuses${listQuery({ sort: ['id', 'DESC'], range: [0, 4] })}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('lead-statuses 0-4/20');
    expect((await json(response)).map((row: LeadStatus) => row.id)).toEqual([501, 500, 101, 100, 99]);

    const second = await ejecutivo.get(`lead-statuses${listQuery({ sort: ['id', 'ASC'], range: [5, 9] })}`);
    expect(second.headers.get('content-range')).toBe('lead-statuses 5-9/20');
    expect((await json(second)).map((row: LeadStatus) => row.id)).toEqual([7, 8, 9, 10, 11]);

    const byName = await ejecutivo.get(`lead-statuses${listQuery({ sort: ['name', 'ASC'], range: [0, 1] })}`);
    expect((await json(byName)).map((row: LeadStatus) => row.name)).toEqual(['Agenda', 'Asignado']);
  });

  test('filters: requiresSubStatus, requiresFailureReason and q (accents and case ignored)', async () => {
    const requiring = await json(
      await ejecutivo.get(
        `lead-statuses${listQuery({ filter: { requiresSubStatus: true }, sort: ['id', 'ASC'] })}`,
      ),
    );
    expect(requiring.map((row: LeadStatus) => row.id)).toEqual([4, 12, 13, 14, 500]);
    const failing = await json(
      await ejecutivo.get(`lead-statuses${listQuery({ filter: { requiresFailureReason: true } })}`),
    );
    expect(failing.map((row: LeadStatus) => row.id)).toEqual([4]);
    const search = await ejecutivo.get(`lead-statuses${listQuery({ filter: { q: 'devolucion' } })}`);
    expect(search.headers.get('content-range')).toBe('lead-statuses 0-0/1');
    expect((await json(search))[0]).toMatchObject({ id: 100, name: 'Proceso de Devolución' });
  });

  test('getMany: filter id answers every id asked for, without a range', async () => {
    const ids = LEAD_STATUSES.map(({ id }) => id);
    const response = await ejecutivo.get(`lead-statuses${listQuery({ filter: { id: ids } })}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toHaveLength(20);
    const two = await json(await ejecutivo.get(`lead-statuses${listQuery({ filter: { id: [3, '4'] } })}`));
    expect(two.map((row: LeadStatus) => row.id).sort()).toEqual([3, 4]);
  });

  test('an unknown sort field, filter or parameter, or a malformed filter value, is a 400 naming it', async () => {
    const cases: [string, string, string][] = [
      [listQuery({ sort: ['colour', 'ASC'] }), 'sort', 'sortable'],
      [listQuery({ filter: { parentIds: 2 } }), 'filter.parentIds', 'unknown'],
      [listQuery({ filter: { active: 'sí' } }), 'filter.active', 'type:boolean'],
      ['?page=2', 'page', 'unknown'],
    ];
    for (const [query, field, rule] of cases) {
      const response = await ejecutivo.get(`lead-statuses${query}`);
      expect(response.status).toBe(400);
      expect((await problemOf(response)).errors).toEqual([expect.objectContaining({ field, rule })]);
    }
  });
});

describe('GET /api/admin/lead-statuses/{id}', () => {
  test('002-3.01 answers the record with its revision as ETag', async () => {
    const response = await ejecutivo.get('lead-statuses/4');
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"0"');
    expect(await json(response)).toEqual({
      id: 4,
      name: 'Fallido',
      colour: '#C62828',
      requiresSubStatus: true,
      requiresFailureReason: true,
      order: 110,
      active: true,
      revision: 0,
    });
  });

  test('an unknown id is a 404, a malformed one a 400', async () => {
    expect((await ejecutivo.get('lead-statuses/5')).status).toBe(404);
    const malformed = await ejecutivo.get('lead-statuses/abc');
    expect(malformed.status).toBe(400);
    expect((await problemOf(malformed)).errors[0]).toMatchObject({ field: 'params.id' });
  });
});

describe('POST /api/admin/lead-statuses', () => {
  test('creates a status (201, Location, ETag), allocating the next id, readable at once', async () => {
    const response = await supervisor.post('lead-statuses', newStatus({ name: 'En Evaluación' }));
    expect(response.status).toBe(201);
    const record = await json(response);
    expect(record).toEqual({
      id: expect.any(Number),
      name: 'En Evaluación',
      colour: '#123456',
      requiresSubStatus: false,
      requiresFailureReason: false,
      order: 500,
      active: true,
      revision: 0,
    });
    expect(record.id).toBeGreaterThan(501);
    expect(response.headers.get('location')).toBe(`/api/admin/lead-statuses/${record.id}`);
    expect(response.headers.get('etag')).toBe('"0"');
    const read = await ejecutivo.get(`lead-statuses/${record.id}`);
    expect(await json(read)).toEqual(record);
    const list = await ejecutivo.get(`lead-statuses${listQuery({ filter: { q: 'en evaluacion' } })}`);
    expect(await json(list)).toEqual([record]);
  });

  test('creates under the id the body names; the same record again is a 200, another record a 409', async () => {
    const record = await created(newStatus({ id: 777 }));
    expect(record.id).toBe(777);
    const retry = await supervisor.post('lead-statuses', {
      id: 777,
      name: record.name,
      colour: record.colour,
      order: record.order,
    });
    expect(retry.status).toBe(200);
    expect(await json(retry)).toEqual(record);
    const again = await supervisor.post('lead-statuses', newStatus({ id: 777 }));
    expect(again.status).toBe(409);
    expect((await problemOf(again)).errors[0]).toMatchObject({ field: 'id', rule: 'exists' });
  });

  test('a name another status has (accents and case aside) is a 409 unique_name', async () => {
    const response = await supervisor.post('lead-statuses', newStatus({ name: 'ASIGNADO' }));
    expect(response.status).toBe(409);
    expect((await problemOf(response)).errors[0]).toMatchObject({ field: 'name', rule: 'unique_name' });
  });

  test('validation errors are 400 problems naming each field and rule', async () => {
    const response = await supervisor.post('lead-statuses', {
      name: '',
      colour: 'rojo',
      requiresSubStatus: 'no',
      extra: 1,
    });
    expect(response.status).toBe(400);
    const { errors } = await problemOf(response);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', rule: 'min_length' }),
        expect.objectContaining({ field: 'colour', rule: 'format:regex' }),
        expect.objectContaining({ field: 'requiresSubStatus', rule: 'type:boolean' }),
        expect.objectContaining({ field: 'order', rule: 'required' }),
        expect.objectContaining({ field: 'extra', rule: 'unknown_field' }),
      ]),
    );
  });
});

describe('PUT /api/admin/lead-statuses/{id}', () => {
  test('changes the fields sent, with If-Match; the same If-Match again is a stale 409', async () => {
    const record = await created();
    const response = await supervisor.put(
      `lead-statuses/${record.id}`,
      { colour: '#ABCDEF', requiresSubStatus: true },
      { 'If-Match': '"0"' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(await json(response)).toEqual({
      ...record,
      colour: '#ABCDEF',
      requiresSubStatus: true,
      revision: 1,
    });
    expect(await json(await ejecutivo.get(`lead-statuses/${record.id}`))).toMatchObject({ revision: 1 });

    const stale = await supervisor.put(`lead-statuses/${record.id}`, { order: 1 }, { 'If-Match': '"0"' });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('etag')).toBe('"1"');
    expect((await problemOf(stale)).errors[0]).toMatchObject({ field: 'If-Match', rule: 'current_revision' });
  });

  test('react-admin sends the whole record back: revision in the body pins it, a stale one is a 409', async () => {
    const record = await created();
    const edited = await supervisor.put(`lead-statuses/${record.id}`, {
      ...record,
      name: `${record.name} bis`,
    });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ name: `${record.name} bis`, revision: 1 });
    const stale = await supervisor.put(`lead-statuses/${record.id}`, { ...record, order: 7 });
    expect(stale.status).toBe(409);
  });

  test('an unchanged record records nothing and keeps its revision', async () => {
    const record = await created();
    const response = await supervisor.put(`lead-statuses/${record.id}`, { ...record });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(record);
  });

  test('Sin Estado (1), where every request starts, cannot be deactivated (422 initial_status)', async () => {
    const response = await supervisor.put('lead-statuses/1', { active: false });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors[0]).toMatchObject({ field: 'active', rule: 'initial_status' });
  });

  test('an id in the body other than the path is a 400; an unknown record a 404', async () => {
    const mismatch = await supervisor.put('lead-statuses/2', { id: 3, name: 'Asignado' });
    expect(mismatch.status).toBe(400);
    expect((await problemOf(mismatch)).errors[0]).toMatchObject({ field: 'id', rule: 'path_id' });
    expect((await supervisor.put('lead-statuses/4242', { order: 1 })).status).toBe(404);
  });
});

describe('DELETE /api/admin/lead-statuses/{id}', () => {
  test('deletes a status nothing refers to, answering the deleted record; it is gone from lists', async () => {
    const record = await created();
    const response = await supervisor.del(`lead-statuses/${record.id}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ...record, revision: 1 });
    expect((await ejecutivo.get(`lead-statuses/${record.id}`)).status).toBe(404);
    const list = await json(
      await ejecutivo.get(`lead-statuses${listQuery({ filter: { id: [record.id] } })}`),
    );
    expect(list).toEqual([]);
    expect((await supervisor.del(`lead-statuses/${record.id}`)).status).toBe(404);
  });

  test('a status sub-statuses and transitions refer to is a 409 in_use naming them', async () => {
    const response = await supervisor.del('lead-statuses/4');
    expect(response.status).toBe(409);
    const { errors } = await problemOf(response);
    expect(errors[0]).toMatchObject({ field: 'id', rule: 'in_use' });
    expect(errors[0]!.message).toMatch(/lead-sub-statuses \(401, 402, 403, 404\)/);
    expect(errors[0]!.message).toMatch(/lead-transitions/);
    expect((await ejecutivo.get('lead-statuses/4')).status).toBe(200);
  });

  test('Sin Estado (1) cannot be deleted even once nothing refers to it (422 initial_status)', async () => {
    const policy = await json(await supervisor.get('lead-transitions/1'));
    expect((await supervisor.del('lead-transitions/1')).status).toBe(200);
    const response = await supervisor.del('lead-statuses/1');
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors[0]).toMatchObject({ field: 'id', rule: 'initial_status' });
    // The policy of a status can be created again under the status's id.
    const restored = await supervisor.post('lead-transitions', { id: 1, to: policy.to });
    expect(restored.status).toBe(201);
    expect(await json(restored)).toEqual({ id: 1, to: policy.to, revision: 2 });
  });
});

describe('permissions', () => {
  test('without a token every call is a 401', async () => {
    const anonymous = adminClient(runtime);
    const calls = [
      anonymous.get('lead-statuses'),
      anonymous.get('lead-statuses/2'),
      anonymous.post('lead-statuses', newStatus()),
      anonymous.put('lead-statuses/2', { order: 1 }),
      anonymous.del('lead-statuses/2'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect((await problemOf(response)).errors[0]).toMatchObject({ rule: 'INVALID_TOKEN' });
    }
  });

  test('an executive reads but may not write: 403 naming lead-catalogue:update', async () => {
    const calls = [
      ejecutivo.post('lead-statuses', newStatus()),
      ejecutivo.put('lead-statuses/2', { order: 1 }),
      ejecutivo.del('lead-statuses/99'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      const { errors } = await problemOf(response);
      expect(errors[0]).toMatchObject({ rule: 'FORBIDDEN' });
      expect(errors[0]!.message).toContain('lead-catalogue:update');
    }
    expect(await json(await ejecutivo.get('lead-statuses/2'))).toMatchObject({ revision: 0 });
  });
});
