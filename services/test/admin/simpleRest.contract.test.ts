import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'ra-core';
import { ifMatchOf } from '../../../admin-console/src/httpLogic';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';

/**
 * Contract tests of /api/admin driven by react-admin's own `ra-data-simple-rest` provider (issue 5), with
 * the console's If-Match rule: list with sort, range and filter (the total read from Content-Range), many,
 * one, create, update with If-Match (a stale one refused) and delete where allowed.
 */
const CONSOLE_ORIGIN = 'https://consola.cubre.cl';
let runtime: TestRuntime;
let provider: ReturnType<typeof simpleRestProvider>;

beforeAll(async () => {
  runtime = await startTestRuntime({ PUBLIC_ORIGINS: CONSOLE_ORIGIN });
  const { token } = await json(
    await postJson(`${runtime.url}/token`, { email: 'admin@demo.cl', password: 'Demo.2026!' }),
  );
  provider = simpleRestProvider(
    `${runtime.url}/api/admin`,
    (url: string, options: fetchUtils.Options = {}) => {
      const headers = new Headers(options.headers ?? { Accept: 'application/json' });
      headers.set('Authorization', `Bearer ${token}`);
      const ifMatch = ifMatchOf(options.method, options.body);
      if (ifMatch) headers.set('If-Match', ifMatch);
      return fetchUtils.fetchJson(url, { ...options, headers });
    },
  );
});
afterAll(async () => {
  await runtime.dispose();
});

describe('ra-data-simple-rest against /api/admin', () => {
  test('getList with sort, range and filter reads the total from Content-Range', async () => {
    const page = await provider.getList('lead-statuses', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(page.data.map((status) => status.id)).toEqual([7, 8, 9, 10, 11]);
    expect(page.total).toBe(20);
    const active = await provider.getList('lead-sub-statuses', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'name', order: 'DESC' },
      filter: { parentIds: 2 },
    });
    expect(active.data.map((s) => s.name)).toEqual(
      ['En Gestión', 'Contactado', 'Interesado', 'Retomar Prospecto', 'Reunión Concretada'].sort().reverse(),
    );
  });

  test.each([
    'leads',
    'agenda',
    'lead-statuses',
    'lead-sub-statuses',
    'failure-reasons',
    'lead-transitions',
    'users',
    'roles',
    'permissions',
    'organizations',
    'audit',
  ])('issue 12 %s: a list with react-admin’s default sort (by id) pages like any other', async (resource) => {
    const page = await provider.getList(resource, {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(page.total).toBeGreaterThanOrEqual(page.data.length);
    // Ids in the store's order: numbers by value, text by code unit (MongoDB's order of strings).
    const ids = page.data.map((record) => record.id as string | number);
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  test('issue 12 zod’s own words come in the request’s language: Spanish unless it asks for English or Portuguese', async () => {
    const ask = async (language?: string) => {
      const headers: Record<string, string> = language ? { 'Accept-Language': language } : {};
      const answer = await json(
        await postJson(
          `${runtime.url}/api/insurance/compare/metadata`,
          { organizationTypes: ['NO-SUCH-TYPE'] },
          headers,
        ),
      );
      return answer.errors.find((error: { field: string }) => error.field.startsWith('organizationTypes'));
    };
    const spanish = await ask();
    expect(spanish.field).toBe('organizationTypes');
    expect(spanish.message).toMatch(/^Entrada inválida/);
    expect((await ask('en-US,en;q=0.9')).message).toMatch(/^Invalid input/);
    expect((await ask('pt-BR')).message).toMatch(/^Entrada inválida/);
  });

  test('getMany and getOne', async () => {
    const many = await provider.getMany('lead-statuses', { ids: [4, 500] });
    expect(many.data.map((s) => s.name).sort()).toEqual(['Contratacion Online', 'Fallido']);
    const one = await provider.getOne('lead-statuses', { id: 4 });
    expect(one.data).toMatchObject({ id: 4, name: 'Fallido', requiresFailureReason: true });
  });

  test('create, update with If-Match (a stale revision refused with 409), delete', async () => {
    const created = await provider.create('failure-reasons', {
      data: {
        name: 'Eligió otra corredora',
        requestTypes: ['Seguros'],
        subStatusIds: [401, 404],
        countries: ['CL'],
        order: 99,
        active: true,
      },
    });
    const id = created.data.id;
    expect(created.data).toMatchObject({ name: 'Eligió otra corredora', revision: 0 });
    const updated = await provider.update('failure-reasons', {
      id,
      data: { ...created.data, name: 'Eligió otro corredor' },
      previousData: created.data,
    });
    expect(updated.data).toMatchObject({ name: 'Eligió otro corredor', revision: 1 });
    // A second write from the same, now stale, copy is refused rather than silently overwriting.
    await expect(
      provider.update('failure-reasons', {
        id,
        data: { ...created.data, name: 'Otra' },
        previousData: created.data,
      }),
    ).rejects.toMatchObject({ status: 409 });
    const deleted = await provider.delete('failure-reasons', { id, previousData: updated.data });
    expect(deleted.data).toMatchObject({ id });
    await expect(provider.getOne('failure-reasons', { id })).rejects.toMatchObject({ status: 404 });
  });

  test('the leads list through the provider, filtered and paged', async () => {
    const page = await provider.getList('leads', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: [1] },
    });
    expect(page.total).toBe(page.data.length);
  });

  test('Content-Range and ETag are exposed to the console origin (CORS); other origins get no grant', async () => {
    const preflight = await fetch(`${runtime.url}/api/admin/lead-statuses`, {
      method: 'OPTIONS',
      headers: {
        Origin: CONSOLE_ORIGIN,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,if-match',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/If-Match/);
    const list = await fetch(`${runtime.url}/api/admin/lead-statuses`, {
      headers: { Origin: CONSOLE_ORIGIN },
    });
    expect(list.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
    const stranger = await fetch(`${runtime.url}/api/admin/lead-statuses`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});
