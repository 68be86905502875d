import { LeadTransition } from '@cubre/schemas';
import { loadLeadPolicy } from '@cubre/services/leadCatalogue/policy';
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

const policyOf = async (id: number) =>
  LeadTransition.parse(await json(await ejecutivo.get(`lead-transitions/${id}`)));

describe('GET /api/admin/lead-transitions: the default policy', () => {
  test('one policy per status, sorted by id, with Content-Range', async () => {
    const response = await ejecutivo.get(`lead-transitions${listQuery({ range: [0, 4] })}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('lead-transitions 0-4/20');
    expect((await json(response)).map((row: LeadTransition) => row.id)).toEqual([1, 2, 3, 4, 6]);
  });

  test('Fallido (4) and Cerrado (3) reopen only to Por Reasignar (7)', async () => {
    expect(await policyOf(4)).toEqual({ id: 4, to: [4, 7], revision: 0 });
    expect((await policyOf(3)).to).toEqual([3, 100, 7]);
  });

  test('filter to: the statuses a lead can reach Fallido (4) from', async () => {
    const response = await ejecutivo.get(
      `lead-transitions${listQuery({ filter: { to: 4 }, sort: ['id', 'ASC'] })}`,
    );
    expect((await json(response)).map((row: LeadTransition) => row.id)).toEqual([
      2, 4, 9, 12, 13, 14, 500, 501,
    ]);
  });

  test('sorting by anything but id is a 400', async () => {
    const response = await ejecutivo.get(`lead-transitions${listQuery({ sort: ['to', 'ASC'] })}`);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors[0]).toMatchObject({ field: 'sort', rule: 'sortable' });
  });
});

describe('writing the transition policy', () => {
  test('update with If-Match changes the targets; the lead policy shows it at once', async () => {
    const before = await loadLeadPolicy(runtime.engines.readStore);
    expect([...before.transitions.get(6)!]).toEqual([7]);
    const response = await supervisor.put('lead-transitions/6', { to: [7, 2] }, { 'If-Match': '"0"' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id: 6, to: [7, 2], revision: 1 });
    const after = await loadLeadPolicy(runtime.engines.readStore);
    expect([...after.transitions.get(6)!]).toEqual([7, 2]);
    const stale = await supervisor.put('lead-transitions/6', { to: [7] }, { 'If-Match': '"0"' });
    expect(stale.status).toBe(409);
  });

  test('a target that is not a status is a 422 naming it', async () => {
    const response = await supervisor.put('lead-transitions/6', { to: [7, 5] });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors).toEqual([
      expect.objectContaining({ field: 'to.1', rule: 'unknown_status' }),
    ]);
  });

  test('a policy for a status that has one is a 409; for a new status it is created (201)', async () => {
    const exists = await supervisor.post('lead-transitions', { id: 2, to: [3] });
    expect(exists.status).toBe(409);
    const status = await json(
      await supervisor.post('lead-statuses', { name: 'Derivado', colour: '#00AAFF', order: 5 }),
    );
    const response = await supervisor.post('lead-transitions', { id: status.id, to: [7] });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/admin/lead-transitions/${status.id}`);
    expect(await json(response)).toEqual({ id: status.id, to: [7], revision: 0 });
  });

  test('a policy needs the id of an existing status; targets must not repeat', async () => {
    const noId = await supervisor.post('lead-transitions', { to: [7] });
    expect(noId.status).toBe(400);
    expect((await problemOf(noId)).errors[0]).toMatchObject({ field: 'id', rule: 'required' });
    const unknown = await supervisor.post('lead-transitions', { id: 5, to: [7] });
    expect(unknown.status).toBe(422);
    expect((await problemOf(unknown)).errors[0]).toMatchObject({ field: 'id', rule: 'unknown_status' });
    const repeated = await supervisor.put('lead-transitions/6', { to: [7, 7] });
    expect(repeated.status).toBe(400);
    expect((await problemOf(repeated)).errors[0]).toMatchObject({ field: 'to', rule: 'unique' });
  });

  test('a status other policies lead to is in use; once no policy names it, it can be deleted', async () => {
    const status = await json(
      await supervisor.post('lead-statuses', { name: 'Intermedio', colour: '#00AA00', order: 6 }),
    );
    const policy = await policyOf(99);
    await supervisor.put('lead-transitions/99', { to: [...policy.to, status.id] });
    const inUse = await supervisor.del(`lead-statuses/${status.id}`);
    expect(inUse.status).toBe(409);
    expect((await problemOf(inUse)).errors[0]!.message).toContain('lead-transitions (99)');
    await supervisor.put('lead-transitions/99', { to: policy.to });
    expect((await supervisor.del(`lead-statuses/${status.id}`)).status).toBe(200);
  });

  test('deleting a policy leaves its status moving nowhere', async () => {
    const response = await supervisor.del('lead-transitions/101');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id: 101, to: [], revision: 1 });
    const policy = await loadLeadPolicy(runtime.engines.readStore);
    expect(policy.transitions.has(101)).toBe(false);
    expect(policy.statuses.has(101)).toBe(true);
  });

  test('401 without a token, 403 for an executive writing', async () => {
    expect((await adminClient(runtime).get('lead-transitions')).status).toBe(401);
    expect((await ejecutivo.del('lead-transitions/2')).status).toBe(403);
  });
});
