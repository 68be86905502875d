import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import {
  GROUP_EMPLOYEES_COLLECTION,
  searchKeyOf,
  type GroupEmployeeDocument,
} from '../../projections/src/groupInsurance/documents';
import { employeeStatusOf, type PolicyEmployeeStatus } from '../../schemas/src/groupInsurance/statuses';
import { rutCheckDigit } from '../../schemas/src/identification';
import { loadConfig } from '../../services/src/runtime/config';
import { startRuntime } from '../../services/src/runtime/runtime';
import { GENEROUS_RATE_LIMITS } from '../fixtures/generousRateLimits';
import { percentile, round } from './stats';

/**
 * Issue 16's `npm run bench -- bulk-load`, written to bench/results/bulk-load.json:
 * 1. a 100,000-row activation file (CSV, ~13 MB, under the 15 MB limit) uploaded to a demo policy, its dry
 *    run and its commit timed (commit: until the load says COMMITTED, which it says once the employee list
 *    shows the batch), with the process's peak resident memory sampled throughout (goal: < 20 s together);
 * 2. the employee list's filtered page (a company administrator's ALTAS of one status, 25 rows, with its
 *    Content-Range count) at 16 connections over 1,000,000 employees. The million are written straight
 *    into the read model (the documents the projection writes), not through 2,000 roster events: what is
 *    measured is the list's query, not the projection's fill.
 */
const ROWS = Number(process.env.BULK_BENCH_ROWS ?? 100_000);
const EMPLOYEES = Number(process.env.BULK_BENCH_EMPLOYEES ?? 1_000_000);
const CONNECTIONS = 16;
const SECONDS = 10;
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

/** Writes the million straight into the read model, as the projection would have, in units of 5,000. */
async function seedEmployees(runtime: Awaited<ReturnType<typeof startRuntime>>, count: number) {
  const store = runtime.engines.readStore;
  const employees = store.collection<GroupEmployeeDocument>(GROUP_EMPLOYEES_COLLECTION);
  const statuses: PolicyEmployeeStatus[] = [
    'ACTIVE',
    'ACTIVE',
    'ACTIVE',
    'PROCESS_ACTIVATION',
    'PROCESS_CANCELLATION',
    'CANCELED',
    'DECLINE',
  ];
  const organizations = ['constructora-andes', 'transportes-sur', 'bench-3', 'bench-4'];
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += 5000) {
    const write = async () => {
      for (let i = start; i < Math.min(count, start + 5000); i++) {
        const organizationId = organizations[i % organizations.length]!;
        const policyId = `bench-policy-${i % 8}`;
        const status = statuses[i % statuses.length]!;
        const legalId = rut(50_000_000 + i);
        const person = {
          legalId,
          name: `Nombre${i % 997}`,
          paternalSurname: `Apellido${i % 1499}`,
          maternalSurname: 'Soto',
          birthDate: '1980-01-01',
          gender: 'Femenino' as const,
          email: null,
          phone: null,
          insuredType: 'TITULAR' as const,
          holderLegalId: null,
          dependentType: null,
          coverageGroup: i % 2 ? 'G1' : 'G2',
          accountType: null,
          accountNumber: null,
          bank: null,
        };
        await employees.upsert({
          _id: `${policyId}.${legalId}`,
          organizationId,
          policyId,
          policyNumber: policyId,
          person,
          legalId,
          paternalSurname: person.paternalSurname,
          coverageGroup: person.coverageGroup,
          insuredType: 'TITULAR',
          status,
          employeeStatus: employeeStatusOf(status),
          movement: status === 'PROCESS_CANCELLATION' || status === 'CANCELED' ? 'BAJA' : 'ALTA',
          effectiveDate: '2026-11-01',
          cancellationReason: null,
          lastBulkLoadId: null,
          lastBatchId: 'bench',
          surnameKey: searchKeyOf(`${person.paternalSurname} soto ${person.name}`),
          nameKey: searchKeyOf(`${person.name} ${person.paternalSurname}`),
          history: [],
          batches: [{ batchId: 'bench', bulkLoadId: null }],
          updatedAt: now,
          revision: 0,
        });
      }
    };
    await (store.unitOfWork ? store.unitOfWork(write) : write());
  }
}

/** Pages asked round-robin at CONNECTIONS at once for SECONDS: p50/p99 of all, and of each kind of page. */
async function listRate(url: string, auth: string, paths: Record<string, string>) {
  const latencies: number[] = [];
  const byPath = new Map<string, number[]>(Object.keys(paths).map((name) => [name, []]));
  const entries = Object.entries(paths);
  const totals: Record<string, string> = {};
  const deadline = Date.now() + SECONDS * 1000;
  let n = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const [name, path] = entries[n++ % entries.length]!;
        const started = performance.now();
        // A request the server dropped (its 15 s header timeout while the loop was busy) is counted, not fatal.
        const response = await fetch(`${url}${path}`, { headers: { Authorization: auth } }).catch(() => null);
        if (!response) {
          failures++;
          continue;
        }
        await response.arrayBuffer();
        const ms = performance.now() - started;
        latencies.push(ms);
        byPath.get(name)!.push(ms);
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        totals[name] = response.headers.get('content-range') ?? '';
      }
    }),
  );
  return {
    requests: latencies.length,
    failures,
    requestsPerSecond: round(latencies.length / SECONDS, 1),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    pages: Object.fromEntries(
      [...byPath].map(([name, samples]) => [
        name,
        {
          requests: samples.length,
          p50Ms: round(percentile(samples, 50), 1),
          p99Ms: round(percentile(samples, 99), 1),
          contentRange: totals[name],
        },
      ]),
    ),
  };
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
    // BULK_BENCH_EMPLOYEES=0: the bulk load alone (profiling the write path), nothing written to results.
    if (EMPLOYEES === 0) return;

    log(`employee list: writing ${EMPLOYEES} employees into the read model…`);
    const seeded = performance.now();
    await seedEmployees(runtime, EMPLOYEES);
    const seedSeconds = round((performance.now() - seeded) / 1000, 1);
    const q = (filter: object, range = [0, 24]) =>
      `/api/admin/employees?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range) })}`;
    const company = await listRate(runtime.url, auth, {
      'ALTAS, ACTIVE': q({ movement: 'ALTAS', status: 'ACTIVE' }),
      BAJAS: q({ movement: 'BAJAS' }),
      'TODAS, coverage group G1': q({ movement: 'TODAS', coverageGroup: 'G1' }),
      'ALTAS, ACTIVE, page 5': q({ movement: 'ALTAS', status: 'ACTIVE' }, [100, 124]),
    });
    // The name search alone: a prefix on two keys ($or), whose count is the costly part.
    const search = await listRate(runtime.url, auth, { 'q=apellido12': q({ q: 'apellido12' }) });
    log(JSON.stringify({ search }));
    log(JSON.stringify({ company }));
    const staffAuth = `Bearer ${await token(runtime.url, 'admin@demo.cl')}`;
    const staff = await listRate(runtime.url, staffAuth, {
      'ALTAS, PROCESS_ACTIVATION (every company)': q({ movement: 'ALTAS', status: 'PROCESS_ACTIVATION' }),
      'one policy, BAJAS': q({ policyId: 'bench-policy-3', movement: 'BAJAS' }),
    });
    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      bulkLoad,
      employeeList: {
        employees: EMPLOYEES,
        seededStraightIntoReadModelSeconds: seedSeconds,
        connections: CONNECTIONS,
        seconds: SECONDS,
        companyAdministratorFilteredPages: company,
        companyAdministratorNameSearch: search,
        staffFilteredPages: staff,
      },
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
