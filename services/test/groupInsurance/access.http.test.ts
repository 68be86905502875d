import { BULK_LOAD_MAX_BYTES } from '@cubre/schemas/groupInsurance/statuses';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { listQuery, signIn, type Session } from '../identity/support';
import { activationCsv, commit, dryRun, rutOf, upload } from './support';

/**
 * Tenant isolation on the server (issue 16) and bad input (problem+json naming field and rule, never a
 * 500). empresa@demo.cl administers constructora-andes, empresa2@demo.cl transportes-sur; each company has
 * its demo policies and people, and andes one bulk load of its own.
 */
let runtime: TestRuntime;
let andes: Session;
let sur: Session;
let staff: Session;
let andesLoadId: string;
const ANDES_POLICY = 'andes-salud-2026';
const andesPerson = { legalId: rutOf(31_000_001), name: 'Rosa', surname: 'Andes' };

beforeAll(async () => {
  runtime = await startTestRuntime();
  [andes, sur, staff] = await Promise.all([
    signIn(runtime.url, 'empresa@demo.cl'),
    signIn(runtime.url, 'empresa2@demo.cl'),
    signIn(runtime.url, 'admin@demo.cl'),
  ]);
  const csv = `${activationCsv([andesPerson])}\n3,Malo,Malo,Soto,1-9,1985-04-12,Femenino,a@b.cl,+56912345678,TITULAR,2020-01-01,G1,,,,,`;
  andesLoadId = (await dryRun(andes, { policyId: ANDES_POLICY, kind: 'activation', fileName: 'a.csv' }, csv))
    .id;
  await commit(andes, andesLoadId);
});
afterAll(async () => {
  await runtime.dispose();
});

const list = async (session: Session, resource: string, filter: object = {}) => {
  const response = await session.get(`/api/admin/${resource}${listQuery({ filter, range: [0, 999] })}`);
  expect(response.status).toBe(200);
  return (await json(response)) as { id: string; organizationId: string }[];
};

describe('tenant isolation: a company administrator reaches only their organization', () => {
  test('lists hold only their organization, and a filter naming another organization returns nothing', async () => {
    for (const resource of ['policies', 'employees', 'bulk-loads', 'bulk-load-problems']) {
      const own = await list(andes, resource);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((row) => row.organizationId === 'constructora-andes')).toBe(true);
      expect(await list(sur, resource, { organizationId: 'constructora-andes' })).toEqual([]);
      expect((await list(sur, resource)).some((row) => row.organizationId === 'constructora-andes')).toBe(
        false,
      );
    }
    expect(await list(sur, 'employees', { policyId: ANDES_POLICY })).toEqual([]);
    expect(await list(sur, 'bulk-load-problems', { bulkLoadId: andesLoadId })).toEqual([]);
    expect(await list(sur, 'bulk-loads', { policyId: ANDES_POLICY })).toEqual([]);
    expect(await list(sur, 'employees', { q: andesPerson.legalId })).toEqual([]);
    // Staff see every company.
    const all = await list(staff, 'policies');
    expect(new Set(all.map((row) => row.organizationId))).toEqual(
      new Set(['constructora-andes', 'transportes-sur']),
    );
  });

  test("another company's ids are 404: policy, employee, history, bulk load, report, file, commit, undo, upload to its policy", async () => {
    const employeeId = `${ANDES_POLICY}.${andesPerson.legalId}`;
    for (const path of [
      `/api/admin/policies/${ANDES_POLICY}`,
      `/api/admin/employees/${employeeId}`,
      `/api/admin/employees/${employeeId}/history`,
      `/api/admin/bulk-loads/${andesLoadId}`,
      `/api/admin/bulk-loads/${andesLoadId}/report`,
      `/api/admin/bulk-loads/${andesLoadId}/file`,
    ]) {
      const response = await sur.get(path);
      expect([path, response.status]).toEqual([path, 404]);
      expect((await andes.get(path)).status).toBe(200);
    }
    for (const path of [
      `/api/admin/bulk-loads/${andesLoadId}/commit`,
      `/api/admin/bulk-loads/${andesLoadId}/undo`,
    ]) {
      expect((await sur.post(path, {})).status).toBe(404);
    }
    const foreignUpload = await upload(
      sur,
      { policyId: ANDES_POLICY, kind: 'activation', fileName: 'a.csv' },
      'x',
    );
    expect(foreignUpload.status).toBe(404);
  });

  test("the export holds only their organization's people, whatever the filter asks", async () => {
    const own = await andes.get(`/api/admin/employees/export${listQuery({ filter: { movement: 'TODAS' } })}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toMatch(/text\/csv/);
    const ownText = await own.text();
    expect(ownText).toContain(andesPerson.legalId);
    const foreign = await sur.get(
      `/api/admin/employees/export${listQuery({ filter: { organizationId: 'constructora-andes' } })}`,
    );
    expect(foreign.status).toBe(200);
    expect((await foreign.text()).trim().split(/\r?\n/)).toHaveLength(1);
    const surAll = await (await sur.get('/api/admin/employees/export')).text();
    expect(surAll).not.toContain(andesPerson.legalId);
    expect(surAll.trim().split(/\r?\n/).length).toBeGreaterThan(1);
  });
});

describe('bad input is a problem naming the field and rule, never a 500', () => {
  const problemOf = async (response: Response) => {
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    return (await json(response)) as { status: number; errors: { field: string; rule: string }[] };
  };

  test('002-5.13 an upload that is not .csv .xls or .xlsx is refused naming fileName', async () => {
    const response = await upload(
      andes,
      { policyId: ANDES_POLICY, kind: 'activation', fileName: 'altas.pdf' },
      'x',
    );
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual([
      expect.objectContaining({ field: 'fileName', rule: '002-5.13' }),
    ]);
  });

  test('a file past 15 MB is a 413 problem, and nothing is stored', async () => {
    const before = (await list(andes, 'bulk-loads')).length;
    const response = await upload(
      andes,
      { policyId: ANDES_POLICY, kind: 'activation', fileName: 'grande.csv' },
      Buffer.alloc(BULK_LOAD_MAX_BYTES + 1, 'a'),
    );
    expect(response.status).toBe(413);
    expect((await problemOf(response)).errors[0]).toMatchObject({ field: 'body', rule: 'max_bytes' });
    expect((await list(andes, 'bulk-loads')).length).toBe(before);
  });

  test('a wrong kind, an empty file, an unknown filter, a bad movement, a malformed load id', async () => {
    const kind = await fetch(
      `${runtime.url}/api/admin/bulk-loads?policyId=${ANDES_POLICY}&kind=alta&fileName=a.csv`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${andes.token}`, 'Content-Type': 'text/csv' },
        body: 'x',
      },
    );
    expect(kind.status).toBe(400);
    expect((await problemOf(kind)).errors[0]!.field).toBe('query.kind');
    const empty = await upload(andes, { policyId: ANDES_POLICY, kind: 'activation', fileName: 'a.csv' }, '');
    expect(empty.status).toBe(400);
    expect((await problemOf(empty)).errors[0]).toMatchObject({ field: 'body', rule: 'required' });
    const filter = await andes.get(`/api/admin/employees${listQuery({ filter: { color: 'x' } })}`);
    expect(filter.status).toBe(400);
    expect((await problemOf(filter)).errors[0]!.field).toBe('filter.color');
    const movement = await andes.get(`/api/admin/employees${listQuery({ filter: { movement: 'ALGUNAS' } })}`);
    expect(movement.status).toBe(400);
    expect((await problemOf(movement)).errors[0]!.field).toBe('filter.movement');
    const id = await andes.get('/api/admin/bulk-loads/no-es-uuid');
    expect(id.status).toBe(400);
    const commitTwice = await andes.post(`/api/admin/bulk-loads/${andesLoadId}/commit`, {});
    expect(commitTwice.status).toBe(409);
    expect((await problemOf(commitTwice)).errors[0]!.rule).toBe('not-validated');
  });

  test('a file that is not a spreadsheet fails its dry run with a reason, not a 500', async () => {
    const response = await upload(
      andes,
      { policyId: ANDES_POLICY, kind: 'activation', fileName: 'roto.xlsx' },
      'no soy un xlsx',
    );
    expect(response.status).toBe(202);
    const { id } = await json(response);
    for (;;) {
      const record = await json(await andes.get(`/api/admin/bulk-loads/${id}`));
      if (record.status === 'FAILED') {
        expect(record.failure).toMatch(/archivo/);
        break;
      }
      expect(record.status).toBe('VALIDATING');
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
});
