import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '@cubre/services/runtime/config';
import { startRuntime, type Runtime } from '@cubre/services/runtime/runtime';
import type { BulkLoadRecord } from '@cubre/schemas/groupInsurance/bulkLoad';
import { GENEROUS_RATE_LIMITS } from '../../../scripts/fixtures/generousRateLimits';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { signIn } from '../identity/support';
import { json } from '../support/http';
import { activationCsv, commit, dryRun, lettersOf, rutOf, untilStatus, upload, type Person } from './support';

/**
 * Bulk-load files are not kept forever (issue 16; groupInsurance/README.md "Retention"): plans of loads
 * no longer running, files of finished loads after BULK_LOAD_FILE_DAYS, loads left VALIDATED past
 * BULK_LOAD_VALIDATED_DAYS (FAILED); and the folder's byte budget BULK_LOADS_MAX_BYTES (507). The runtime is
 * restarted on the same DATA_DIR with its clock moved forward: the sweep runs on start.
 */
const DAY_MS = 86_400_000;
const POLICY = 'andes-salud-2026';
const dir = tempDataDir();
const folder = join(dir.path, 'bulk-loads');
let now = Date.now();
let runtime: Runtime | undefined;

const start = async (env: Record<string, string> = {}) => {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir.path,
    LOG_LEVEL: 'silent',
    PASSWORD_SCRYPT_N: '1024',
    // The clock moves past 90 days here: the demo users' passwords must not expire meanwhile.
    PASSWORD_MAX_AGE_DAYS: '3650',
    ...GENEROUS_RATE_LIMITS,
    ...env,
  });
  runtime = await startRuntime(config, pino({ level: 'silent' }), { clock: () => new Date(now) });
  return runtime;
};
const restartAfterDays = async (days: number, env: Record<string, string> = {}) => {
  await runtime?.stop();
  runtime = undefined;
  now += days * DAY_MS;
  return start(env);
};
afterAll(async () => {
  await runtime?.stop();
  dir.remove();
});

const people = (from: number, count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    legalId: rutOf(31_000_000 + from + i),
    name: 'Ana',
    surname: `Retencion${lettersOf(from + i)}`,
  }));
const query = { policyId: POLICY, kind: 'activation' as const, fileName: 'altas.csv' };
const inFolder = (name: string) => existsSync(join(folder, name));
/** A file of no load (an upload stopped before its event), `ageDays` old. */
const stray = (size: number, ageDays: number) => {
  const name = randomUUID();
  writeFileSync(join(folder, name), Buffer.alloc(size, 'x'));
  const when = new Date(now - ageDays * DAY_MS);
  utimesSync(join(folder, name), when, when);
  return name;
};
const folderBytes = () =>
  readdirSync(folder).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);

describe('bulk-load files: retention and the folder budget', () => {
  test('plans of finished loads, stray files, loads left VALIDATED and old files of finished loads are removed on start', async () => {
    let company = await signIn((await start()).url, 'empresa@demo.cl');
    const validated = await dryRun(company, query, activationCsv(people(0, 3)));
    const committed = await dryRun(company, query, activationCsv(people(10, 3)));
    expect(inFolder(`${committed.id}.plan`)).toBe(true);
    await commit(company, committed.id);
    expect(inFolder(`${validated.id}`) && inFolder(`${validated.id}.plan`)).toBe(true);
    expect(inFolder(`${committed.id}`)).toBe(true);
    // What a crash may leave: a committed load's plan (the runner removes it just after COMMITTED), an
    // upload whose event was never written.
    writeFileSync(join(folder, `${committed.id}.plan`), '{"today":"2020-01-01"}\n');
    const oldStray = stray(10, 2);
    const freshStray = stray(10, -7.5); // half a day old once the clock has moved 8 days

    // A week and a day later: the VALIDATED load expired, its file and plan with it.
    company = await signIn((await restartAfterDays(8)).url, 'empresa@demo.cl');
    const expired = await untilStatus(company, validated.id, ['FAILED']);
    expect(expired.failure).toBe('La carga validada no se confirmó en 7 días; suba el archivo de nuevo');
    expect(inFolder(validated.id) || inFolder(`${validated.id}.plan`)).toBe(false);
    expect((await company.get(`/api/admin/bulk-loads/${validated.id}/file`)).status).toBe(404);
    expect(inFolder(`${committed.id}.plan`)).toBe(false);
    expect(inFolder(oldStray)).toBe(false);
    expect(inFolder(freshStray)).toBe(true); // its upload may still be writing its event
    // The committed load's file is still the console's to download.
    const file = await company.get(`/api/admin/bulk-loads/${committed.id}/file`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(activationCsv(people(10, 3)));

    // BULK_LOAD_FILE_DAYS (90) after the load's last change, its file goes; the load stays COMMITTED.
    company = await signIn((await restartAfterDays(90)).url, 'empresa@demo.cl');
    expect(inFolder(committed.id)).toBe(false);
    const gone = await company.get(`/api/admin/bulk-loads/${committed.id}/file`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ type: 'https://cubre.cl/problems/not-found' });
    const load = (await json(await company.get(`/api/admin/bulk-loads/${committed.id}`))) as BulkLoadRecord;
    expect(load.status).toBe('COMMITTED');
  });

  test('an upload that would take the folder past BULK_LOADS_MAX_BYTES is a 507 naming the body, once nothing can be swept', async () => {
    const budget = 100_000;
    const company = await signIn(
      (await restartAfterDays(1, { BULK_LOADS_MAX_BYTES: String(budget) })).url,
      'empresa@demo.cl',
    );
    const csv = activationCsv(people(20, 3));
    const size = Buffer.byteLength(csv);
    // Filled by a stray file old enough to go: the upload sweeps it and is taken.
    stray(budget - folderBytes() - size + 1, 2);
    const taken = await dryRun(company, query, csv);
    expect(taken.status).toBe('VALIDATED');
    // Filled by what is still needed (a fresh stray, a VALIDATED load): refused before a byte is kept.
    stray(budget - folderBytes() - size + 1, 0);
    const before = readdirSync(folder).sort();
    const refused = await upload(company, query, activationCsv(people(30, 3)));
    expect(refused.status).toBe(507);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await refused.json()) as { errors: { field: string; rule: string }[] };
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'body', rule: 'storage_budget' })]);
    expect(readdirSync(folder).sort()).toEqual(before);
  });
});
