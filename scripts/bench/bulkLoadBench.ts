import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { rutCheckDigit } from '../../schemas/src/identification';
import { loadConfig } from '../../services/src/runtime/config';
import { startRuntime } from '../../services/src/runtime/runtime';
import { GENEROUS_RATE_LIMITS } from '../fixtures/generousRateLimits';
import { round } from './stats';

/**
 * Issue 16's `npm run bench -- bulk-load`, written to bench/results/bulk-load.json:
 * 1. a 100,000-row activation file (CSV, ~13 MB, under the 15 MB limit) uploaded to a demo policy, its dry
 *    run and its commit timed (commit: until the load says COMMITTED, which it says once the employee list
 *    shows the batch), with the process's peak resident memory sampled throughout (goal: < 20 s together);
 * 2. the employee list over 1,000,000 people is employeeListBench.ts's (bench/results/employees.json),
 *    which `npm run bench -- bulk-load` runs next (run.ts).
 */
const ROWS = Number(process.env.BULK_BENCH_ROWS ?? 100_000);
const POLICY = 'andes-salud-2026';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

/** Letters only (the name rule refuses digits): 0 → 'a', 27 → 'bb'… */
function lettersOf(n: number): string {
  let text = '';
  let rest = n;
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text;
}

function activationFile(rows: number): string {
  const date = today();
  const lines = [
    'rowNumber,name,paternalSurname,maternalSurname,legalId,birthDate,gender,email,phone,insuredType,effectiveDate,coverageGroup,holderLegalId,dependentType,accountType,accountNumber,bank',
  ];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `${i + 2},Ana,Carga${lettersOf(i)},Soto,${rut(40_000_000 + i)},1985-04-12,Femenino,p${i}@bench.cl,+56912345678,TITULAR,${date},${i % 3 ? 'G2' : 'G1'},,,,,`,
    );
  }
  return lines.join('\n');
}

async function token(url: string, email: string) {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo.2026!' }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function untilStatus(url: string, auth: string, id: string, status: string) {
  for (;;) {
    const record = (await (
      await fetch(`${url}/api/admin/bulk-loads/${id}`, { headers: { Authorization: auth } })
    ).json()) as { status: string; failure: string | null; counts: unknown; progress: unknown };
    if (record.status === status) return record;
    if (record.status === 'FAILED') throw new Error(`load failed: ${record.failure}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function bulkLoadOnly(dir: string, root: string, log: (line: string) => void) {
  const runtime = await startRuntime(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'bulk-load'),
      LOG_LEVEL: 'silent',
      DEMO_USERS: 'on',
      ...GENEROUS_RATE_LIMITS,
    }),
    pino({ level: 'silent' }),
  );
  const loadAtStart = loadavg()[0]!;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
  try {
    const auth = `Bearer ${await token(runtime.url, 'empresa@demo.cl')}`;
    const file = Buffer.from(activationFile(ROWS));
    log(`bulk load: ${ROWS} rows, ${round(file.length / 1048576, 1)} MB…`);
    const rssBefore = process.memoryUsage().rss;
    peakRss = rssBefore;
    const uploaded = performance.now();
    const response = await fetch(
      `${runtime.url}/api/admin/bulk-loads?${new URLSearchParams({ policyId: POLICY, kind: 'activation', fileName: 'bench.csv' })}`,
      { method: 'POST', headers: { Authorization: auth, 'content-type': 'text/csv' }, body: file },
    );
    if (response.status !== 202) throw new Error(`upload ${response.status}: ${await response.text()}`);
    const { id } = (await response.json()) as { id: string };
    const validatedRecord = await untilStatus(runtime.url, auth, id, 'VALIDATED');
    const validated = performance.now();
    const commit = await fetch(`${runtime.url}/api/admin/bulk-loads/${id}/commit`, {
      method: 'POST',
      headers: { Authorization: auth, 'content-type': 'application/json' },
      body: '{}',
    });
    if (commit.status !== 202) throw new Error(`commit ${commit.status}: ${await commit.text()}`);
    const committedRecord = await untilStatus(runtime.url, auth, id, 'COMMITTED');
    const committed = performance.now();
    const bulkLoad = {
      rows: ROWS,
      fileMb: round(file.length / 1048576, 1),
      uploadAndDryRunSeconds: round((validated - uploaded) / 1000, 2),
      commitSeconds: round((committed - validated) / 1000, 2),
      totalSeconds: round((committed - uploaded) / 1000, 2),
      peakRssMb: Math.round(peakRss / 1048576),
      rssBeforeMb: Math.round(rssBefore / 1048576),
      counts: validatedRecord.counts,
      progress: committedRecord.progress,
    };
    log(JSON.stringify(bulkLoad));
    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      loadAverage: { atStart: round(loadAtStart, 2), atEnd: round(loadavg()[0]!, 2) },
      bulkLoad,
      goals: {
        '100,000-row file validated and committed < 20 s': bulkLoad.totalSeconds < 20,
      },
    };
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'bulk-load.json'), `${JSON.stringify(results, null, 2)}\n`);
    log(JSON.stringify(results, null, 2));
    log('written to bench/results/bulk-load.json');
  } finally {
    clearInterval(sampler);
    await runtime.stop();
  }
}
