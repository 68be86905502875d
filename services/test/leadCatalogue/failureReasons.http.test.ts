import { FailureReason } from '@cubre/schemas';
import { LEADS_COLLECTION } from '@cubre/projections/leads/projection';
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

const list = async (params: Parameters<typeof listQuery>[0]) => {
  const response = await ejecutivo.get(`failure-reasons${listQuery(params)}`);
  expect(response.status).toBe(200);
  return {
    range: response.headers.get('content-range'),
    rows: ((await json(response)) as unknown[]).map((row) => FailureReason.parse(row)),
  };
};

const newReason = (extra: Record<string, unknown> = {}) => ({
  name: `Motivo ${Math.random().toString(36).slice(2, 8)}`,
  requestTypes: ['Seguros'],
  subStatusIds: [404],
  order: 600,
  countries: ['CL'],
  ...extra,
});

describe('GET /api/admin/failure-reasons', () => {
  test('002-3.11 lists 49 reasons with id, name, request types, sub-statuses, order and countries', async () => {
    const { range, rows } = await list({ range: [0, 99] });
    expect(range).toBe('failure-reasons 0-48/49');
    expect(rows).toHaveLength(49);
    expect(rows.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['Pre Existencias', 'No contesta', 'Muy caro', 'Datos de contacto erróneos']),
    );
    expect(rows.map(({ order }) => order)).toEqual([...rows.map(({ order }) => order)].sort((a, b) => a - b));
    expect(rows[0]).toEqual({
      id: 1,
      name: 'No contesta',
      requestTypes: [
        'Seguros',
        'Planes',
        'Contactos',
        'Usuario',
        'MovimientoyCuenta',
        'Colectivos',
        'International Health',
      ],
      subStatusIds: [401, 402],
      order: 10,
      countries: ['CL', 'PE', 'CO', 'INT'],
      active: true,
      revision: 0,
    });
  });

  test('002-3.11 filters by request type, sub-status and country, one value or several', async () => {
    const chileOnly = await list({ filter: { requestTypes: 'Planes', countries: 'PE' }, range: [0, 99] });
    for (const row of chileOnly.rows) {
      expect(row.requestTypes).toContain('Planes');
      expect(row.countries).toContain('PE');
    }
    expect(chileOnly.rows.map(({ name }) => name)).not.toContain('Se cambia a Fonasa');
    const noContact = await list({ filter: { subStatusIds: [401, 402] }, range: [0, 99] });
    expect(noContact.rows.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['No contesta', 'Datos de contacto erróneos']),
    );
    expect(noContact.rows.map(({ name }) => name)).not.toContain('Pre Existencias');
    const international = await list({ filter: { countries: 'INT', q: 'pais' } });
    expect(international.rows.map(({ name }) => name)).toEqual(['Sin cobertura en su país de residencia']);
  });

  test('sort by name and a page of five', async () => {
    const { range, rows } = await list({ sort: ['name', 'DESC'], range: [0, 4] });
    expect(range).toBe('failure-reasons 0-4/49');
    const namesDescending = rows.map(({ name }) => name);
    expect(namesDescending).toEqual([...namesDescending].sort().reverse());
  });

  test('an unknown request type or country in a filter is a 400 naming it', async () => {
    const response = await ejecutivo.get(`failure-reasons${listQuery({ filter: { countries: 'AR' } })}`);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors[0]!.field).toMatch(/^filter\.countries/);
  });

  test('GET one answers the record and its ETag', async () => {
    const response = await ejecutivo.get('failure-reasons/32');
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"0"');
    expect(await json(response)).toMatchObject({ id: 32, name: 'Pre Existencias', subStatusIds: [404] });
  });
});

describe('writing failure reasons', () => {
  test('creates a reason (201) with the next id, listed at once', async () => {
    const response = await supervisor.post(
      'failure-reasons',
      newReason({ name: 'Cliente viaja al extranjero' }),
    );
    expect(response.status).toBe(201);
    const record = FailureReason.parse(await json(response));
    expect(record).toMatchObject({ id: 50, active: true, revision: 0 });
    expect(response.headers.get('location')).toBe('/api/admin/failure-reasons/50');
    const { rows } = await list({ filter: { q: 'viaja' } });
    expect(rows).toEqual([record]);
  });

  test('validation: request types, countries and sub-statuses are checked and named', async () => {
    const response = await supervisor.post('failure-reasons', {
      name: 'Malo',
      requestTypes: ['Seguros', 'Hipotecas'],
      subStatusIds: [],
      order: -1,
      countries: ['CL', 'CL'],
    });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'requestTypes.1', rule: 'allowed_values' }),
        expect.objectContaining({ field: 'subStatusIds', rule: 'min_items' }),
        expect.objectContaining({ field: 'order', rule: 'min' }),
        expect.objectContaining({ field: 'countries', rule: 'unique' }),
      ]),
    );
  });

  test('a sub-status that does not exist is a 422 unknown_sub_status', async () => {
    const response = await supervisor.post('failure-reasons', newReason({ subStatusIds: [404, 999] }));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors).toEqual([
      expect.objectContaining({ field: 'subStatusIds.1', rule: 'unknown_sub_status' }),
    ]);
  });

  test('a name another reason has is a 409 unique_name', async () => {
    const response = await supervisor.post('failure-reasons', newReason({ name: 'muy caro' }));
    expect(response.status).toBe(409);
    expect((await problemOf(response)).errors[0]).toMatchObject({ field: 'name', rule: 'unique_name' });
  });

  test('update with If-Match; a stale revision is a 409 with the current ETag', async () => {
    const response = await supervisor.put(
      'failure-reasons/11',
      { countries: ['CL', 'PE'] },
      { 'If-Match': '"0"' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(await json(response)).toMatchObject({
      id: 11,
      name: 'Muy caro',
      countries: ['CL', 'PE'],
      revision: 1,
    });
    const stale = await supervisor.put('failure-reasons/11', { revision: 0, order: 5 });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('etag')).toBe('"1"');
    const both = await supervisor.put('failure-reasons/11', { revision: 1, order: 5 }, { 'If-Match': '"0"' });
    expect(both.status).toBe(400);
    expect((await problemOf(both)).errors[0]).toMatchObject({ field: 'revision', rule: 'if_match' });
  });

  test('deactivating hides it from the active filter but keeps it for history', async () => {
    await supervisor.put('failure-reasons/24', { active: false });
    const active = await list({ filter: { active: true }, range: [0, 99] });
    expect(active.rows.map(({ id }) => id)).not.toContain(24);
    expect((await ejecutivo.get('failure-reasons/24')).status).toBe(200);
  });

  test('a reason no lead failed for is deleted; reading it then is a 404', async () => {
    const created = FailureReason.parse(await json(await supervisor.post('failure-reasons', newReason())));
    const response = await supervisor.del(`failure-reasons/${created.id}`, { 'If-Match': '"0"' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ...created, revision: 1 });
    expect((await ejecutivo.get(`failure-reasons/${created.id}`)).status).toBe(404);
  });

  test('a reason a lead failed for is a 409 in_use naming the lead, as are its sub-status and status', async () => {
    // A lead as the leads projection keeps one that failed (its status, subStatus and failureReason refs),
    // written straight to the read model so this file needs neither the product catalogue nor lead commands.
    const leads = runtime.engines.readStore.collection(LEADS_COLLECTION);
    const leadId = '0c7a3e1e-5d2b-5f4a-9c1d-2e3f4a5b6c7d';
    await leads.upsert({
      _id: leadId,
      status: { id: 4, name: 'Fallido' },
      subStatus: { id: 404, name: 'No avanza' },
      failureReason: { id: 33, name: 'Edad fuera de rango' },
    });
    try {
      for (const path of ['failure-reasons/33', 'lead-sub-statuses/404', 'lead-statuses/4']) {
        const response = await supervisor.del(path);
        expect(response.status).toBe(409);
        const { errors } = await problemOf(response);
        expect(errors[0]).toMatchObject({ field: 'id', rule: 'in_use' });
        expect(errors[0]!.message).toContain(`1 en leads (${leadId})`);
      }
      expect((await ejecutivo.get('failure-reasons/33')).status).toBe(200);
    } finally {
      await leads.deleteMany({ _id: leadId });
    }
  });

  test('401 without a token, 403 for an executive writing', async () => {
    expect((await adminClient(runtime).get('failure-reasons/1')).status).toBe(401);
    const response = await ejecutivo.put('failure-reasons/1', { order: 1 });
    expect(response.status).toBe(403);
    expect((await problemOf(response)).errors[0]!.message).toContain('lead-catalogue:update');
  });
});
