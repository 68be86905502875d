import type { BulkLoadRecord } from '@cubre/schemas/groupInsurance/bulkLoad';
import { startChildRuntime, waitUntilReady, type ChildRuntime } from '../support/childRuntime';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { json } from '../support/http';
import { listQuery, signIn } from '../identity/support';
import { activationCsv, dryRun, rutOf, untilStatus, lettersOf } from './support';

/**
 * A process killed in the middle of a commit (issue 16: "resumes after a restart from its events"): the
 * next start finds the load COMMITTING and goes on; every row is applied exactly once.
 */
const ROWS = 20_000;
const POLICY = 'andes-vida-2026';
const dir = tempDataDir();
let child: ChildRuntime | undefined;

afterAll(async () => {
  child?.child.kill('SIGKILL');
  if (child) await child.exited;
  dir.remove();
});

test('002-1.01 a commit killed halfway resumes at the next start, and applies each row once', async () => {
  const env = { DATA_DIR: dir.path, BULK_LOAD_PROGRESS_EVERY: '500' };
  child = await startChildRuntime(env, 60_000);
  await waitUntilReady(child.url, 60_000);
  let session = await signIn(child.url, 'empresa@demo.cl');
  const people = Array.from({ length: ROWS }, (_, i) => ({
    legalId: rutOf(33_000_000 + i),
    name: 'Ana',
    surname: `Reinicio${lettersOf(i)}`,
  }));
  const load = await dryRun(
    session,
    { policyId: POLICY, kind: 'activation', fileName: 'grande.csv' },
    activationCsv(people),
  );
  expect(load.counts.toApply).toBe(ROWS);
  const before = await json(await session.get(`/api/admin/policies/${POLICY}`));

  expect((await session.post(`/api/admin/bulk-loads/${load.id}/commit`, {})).status).toBe(202);
  let seen: BulkLoadRecord;
  do {
    seen = (await json(await session.get(`/api/admin/bulk-loads/${load.id}`))) as BulkLoadRecord;
  } while (seen.status === 'COMMITTING' && seen.progress.rowsApplied === 0);
  expect(seen.status).toBe('COMMITTING');
  expect(seen.progress.rowsApplied).toBeLessThan(ROWS);
  child.child.kill('SIGKILL');
  await child.exited;

  child = await startChildRuntime(env, 60_000);
  await waitUntilReady(child.url, 60_000);
  session = await signIn(child.url, 'empresa@demo.cl');
  const done = await untilStatus(session, load.id, ['COMMITTED']);
  expect(done.progress.rowsApplied).toBe(ROWS);
  const listed = await session.get(
    `/api/admin/employees${listQuery({ filter: { lastBulkLoadId: load.id }, range: [0, 0] })}`,
  );
  expect(listed.headers.get('content-range')).toMatch(new RegExp(`/${ROWS}$`));
  const policy = await json(await session.get(`/api/admin/policies/${POLICY}`));
  expect(policy.counts.pending).toBe(before.counts.pending + ROWS);
}, 240_000);
