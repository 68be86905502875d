import Database from 'better-sqlite3';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { tableNames } from '../../services/platform/src/adapters/sqlite/readStore/schema';
import {
  READ_STORE_FILE,
  type SqliteReadStore,
} from '../../services/platform/src/adapters/sqlite/readStore/store';
import {
  GROUP_EMPLOYEES_COLLECTION,
  GROUP_POLICIES_COLLECTION,
} from '../../projections/src/groupInsurance/documents';
import { employeeListRead } from '../../services/src/groupInsurance/employeeQuery';
import { loadConfig } from '../../services/src/runtime/config';
import { startRuntime } from '../../services/src/runtime/runtime';
import { GENEROUS_RATE_LIMITS } from '../fixtures/generousRateLimits';
import {
  benchEmployee,
  benchPolicy,
  benchPolicyId,
  EMPLOYEE_ORGANIZATIONS,
  POLICIES_PER_ORGANIZATION,
} from './employeesData';
import { percentile, round } from './stats';

/**
 * `npm run bench -- employees` (issue 16), written to bench/results/employees.json: the employee list over
 * 1,000,000 people at 16 connections, each kind of request for SECONDS: a company administrator's
 * filtered pages (ALTAS/BAJAS/TODAS, status, coverage group, a page deep), their name and RUT searches,
 * staff's pages across every company and of one policy; GET /api/admin/me with the same clients is the
 * floor (a bearer check and a user lookup). Goal: each p99 under 50 ms or within 2× the floor's.
 *
 * The million are written straight into the read model's SQLite table while no process has it open (the
 * documents the projection writes; its indexes dropped and built again after, as a restore would): what is
 * measured is the list, not the projection's fill. Each request is asked once before its run, so the
 * count a list caches until the next write is not what the run measures (the first ask pays it once).
 */
const EMPLOYEES = Number(process.env.EMPLOYEE_BENCH_PEOPLE ?? 1_000_000);
const CONNECTIONS = 16;
const SECONDS = Number(process.env.EMPLOYEE_BENCH_SECONDS ?? 10);
/** The console's order (EmployeeList.tsx). */
const SORT = JSON.stringify(['updatedAt', 'DESC']);

const start = (dataDir: string) =>
  startRuntime(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_USERS: 'on',
      ...GENEROUS_RATE_LIMITS,
    }),
    pino({ level: 'silent' }),
  );

/** Writes the policies and the people into the read model file, its employee indexes built after. */
function writeStraight(dataDir: string, count: number) {
  const db = new Database(join(dataDir, READ_STORE_FILE));
  try {
    const names = tableNames(GROUP_EMPLOYEES_COLLECTION);
    const table = `c:${GROUP_EMPLOYEES_COLLECTION}`;
    const indexes = db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`,
      )
      .all(table) as { name: string; sql: string }[];
    const secondary = indexes.filter((index) => index.name !== `id:${GROUP_EMPLOYEES_COLLECTION}`);
    for (const index of secondary) db.exec(`DROP INDEX "${index.name}"`);
    const now = new Date().toISOString();
    const policy = db.prepare(
      `INSERT OR REPLACE INTO ${tableNames(GROUP_POLICIES_COLLECTION).table} (id, doc) VALUES (?, ?)`,
    );
    const person = db.prepare(`INSERT INTO ${names.table} (id, doc) VALUES (?, ?)`);
    const since = Date.now() - count * 1000;
    db.transaction(() => {
      for (let o = 0; o < EMPLOYEE_ORGANIZATIONS.length; o++) {
        for (let p = 0; p < POLICIES_PER_ORGANIZATION; p++) {
          const doc = benchPolicy(o, p, now);
          policy.run(doc._id, JSON.stringify(doc));
        }
      }
      for (let i = 0; i < count; i++) {
        const doc = benchEmployee(i, since);
        person.run(doc._id, JSON.stringify(doc));
      }
    })();
    for (const index of secondary) db.exec(index.sql);
  } finally {
    db.close();
  }
}

async function token(url: string, email: string) {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo.2026!' }),
  });
  return `Bearer ${((await response.json()) as { token: string }).token}`;
}

const listPath = (filter: object, range = [0, 24]) =>
  `/api/admin/employees?${new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify(range),
    sort: SORT,
  })}`;

/** One path asked by CONNECTIONS clients at once for SECONDS: its rate and latencies. */
async function rate(url: string, auth: string, path: string) {
  const warm = await fetch(`${url}${path}`, { headers: { Authorization: auth } });
  if (warm.status !== 200) throw new Error(`${path} answered ${warm.status}: ${await warm.text()}`);
  const contentRange = warm.headers.get('content-range');
  await warm.arrayBuffer();
  const latencies: number[] = [];
  let failures = 0;
  const load = loadavg()[0]!;
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        const response = await fetch(`${url}${path}`, { headers: { Authorization: auth } }).catch(() => null);
        if (!response || response.status !== 200) {
          failures++;
          continue;
        }
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return {
    requests: latencies.length,
    failures,
    requestsPerSecond: round(latencies.length / SECONDS, 1),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    contentRange,
    loadAverageAtStart: round(load, 2),
  };
}

/**
 * The CSV export of a list over HTTP, read as it streams: its rows per second, and the time each tenth of
 * it took. The export reads a page at a time from the last row written (keyset), so the last tenth must
 * cost about what the first did; paging by an offset made each page dearer than the one before.
 */
async function exportRate(url: string, auth: string, filter: object) {
  const params = new URLSearchParams({ filter: JSON.stringify(filter), sort: SORT });
  const started = performance.now();
  // Uncompressed: gzip would hand the rows over in bursts of its own, not as the server writes its pages.
  const response = await fetch(`${url}/api/admin/employees/export?${params}`, {
    headers: { Authorization: auth, 'Accept-Encoding': 'identity' },
  });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
  /** When each row's line ended (ms since the request), one entry per row. */
  const rowEnds: number[] = [];
  let seenHeader = false;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    const now = performance.now() - started;
    for (const byte of chunk) {
      if (byte !== 0x0a) continue;
      if (seenHeader) rowEnds.push(now);
      else seenHeader = true;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const tenth = Math.floor(rowEnds.length / 10);
  const spanOf = (from: number, to: number) => rowEnds[to - 1]! - (from === 0 ? 0 : rowEnds[from - 1]!);
  const firstTenthMs = spanOf(0, tenth);
  const lastTenthMs = spanOf(rowEnds.length - tenth, rowEnds.length);
  return {
    rows: rowEnds.length,
    seconds: round(seconds, 2),
    rowsPerSecond: round(rowEnds.length / seconds, 0),
    firstTenthMs: round(firstTenthMs, 0),
    lastTenthMs: round(lastTenthMs, 0),
    lastOverFirstTenth: round(lastTenthMs / Math.max(firstTenthMs, 1), 2),
  };
}

export async function employeesOnly(dir: string, root: string, log: (line: string) => void) {
  const dataDir = join(dir, 'employees');
  // A first start lays out the read models (and the demo's people), then stops, so the file is ours.
  await (await start(dataDir)).stop();
  log(`employee list: writing ${EMPLOYEES} people straight into the read model…`);
  const seeded = performance.now();
  writeStraight(dataDir, EMPLOYEES);
  const seedSeconds = round((performance.now() - seeded) / 1000, 1);
  log(`written in ${seedSeconds} s`);
  const runtime = await start(dataDir);
  try {
    const company = await token(runtime.url, 'empresa@demo.cl');
    const staff = await token(runtime.url, 'admin@demo.cl');
    const companyPaths: Record<string, string> = {
      'ALTAS, ACTIVE': listPath({ movement: 'ALTAS', status: 'ACTIVE' }),
      BAJAS: listPath({ movement: 'BAJAS' }),
      'TODAS, coverage group G1': listPath({ movement: 'TODAS', coverageGroup: 'G1' }),
      'ALTAS, ACTIVE, page 5': listPath({ movement: 'ALTAS', status: 'ACTIVE' }, [100, 124]),
      'one policy, BAJAS': listPath({ policyId: benchPolicyId(0, 1), movement: 'BAJAS' }),
    };
    const searchPaths: Record<string, string> = {
      'q=apellido12': listPath({ q: 'apellido12' }),
      'q=5000012 (RUT digits)': listPath({ q: '5000012' }),
    };
    const staffPaths: Record<string, string> = {
      'ALTAS, PROCESS_ACTIVATION (every company)': listPath({
        movement: 'ALTAS',
        status: 'PROCESS_ACTIVATION',
      }),
      'TODAS (every company)': listPath({}),
      'one policy, BAJAS': listPath({ policyId: benchPolicyId(1, 0), movement: 'BAJAS' }),
      'q=apellido12 (every company)': listPath({ q: 'apellido12' }),
    };
    const measure = async (auth: string, paths: Record<string, string>) => {
      const figures: Record<string, Awaited<ReturnType<typeof rate>>> = {};
      for (const [name, path] of Object.entries(paths)) {
        figures[name] = await rate(runtime.url, auth, path);
        log(`${name}: ${JSON.stringify(figures[name])}`);
      }
      return figures;
    };
    const floor = await rate(runtime.url, company, '/api/admin/me');
    log(`floor GET /api/admin/me: ${JSON.stringify(floor)}`);
    const companyPages = await measure(company, companyPaths);
    const searches = await measure(company, searchPaths);
    const staffPages = await measure(staff, staffPaths);
    const floorAgain = await rate(runtime.url, company, '/api/admin/me');
    log(`floor again: ${JSON.stringify(floorAgain)}`);
    // Every person of every company, as staff export the whole list.
    const exportAll = await exportRate(runtime.url, staff, {});
    log(`export of everyone: ${JSON.stringify(exportAll)}`);

    // How the store answered each (the list's own read, explained on the embedded store).
    const employees = (runtime.engines.readStore as SqliteReadStore).collection(GROUP_EMPLOYEES_COLLECTION);
    const plans: Record<string, unknown> = {};
    const policyOwner = async (policyId: string) =>
      EMPLOYEE_ORGANIZATIONS[Number(policyId.split('-')[2])] ?? null;
    for (const [scope, paths] of [
      [
        { kind: 'organization', organizationId: EMPLOYEE_ORGANIZATIONS[0]! },
        { ...companyPaths, ...searchPaths },
      ],
      [{ kind: 'all' }, staffPaths],
    ] as const) {
      for (const [name, path] of Object.entries(paths)) {
        const params = new URLSearchParams(path.split('?')[1]);
        const [from, to] = JSON.parse(params.get('range')!) as [number, number];
        const { filter, sort } = await employeeListRead(
          scope,
          JSON.parse(params.get('filter')!),
          { readUninsured: true },
          policyOwner,
        );
        const plan = await employees.explain(filter!, { sort, skip: from, limit: to - from + 1 });
        plans[`${scope.kind}: ${name}`] = {
          access: plan.access,
          indexes: plan.indexes,
          sqlitePlan: plan.sqlitePlan,
          examined: plan.examined,
        };
      }
    }
    const floorP99 = Math.max(floor.p99Ms, floorAgain.p99Ms);
    // The list's own total (Content-Range: employees 0-24/{total}): the million and the demo's people.
    const listTotal = Number(staffPages['TODAS (every company)']!.contentRange?.split('/')[1]);
    const all = { ...companyPages, ...searches, ...staffPages };
    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      note: 'a shared machine: compare ratios within this run; each figure carries the 1-minute load average at its start',
      employees: EMPLOYEES,
      seededStraightIntoReadModelSeconds: seedSeconds,
      connections: CONNECTIONS,
      seconds: SECONDS,
      floor: { 'GET /api/admin/me': floor, 'GET /api/admin/me (after)': floorAgain },
      companyAdministratorFilteredPages: companyPages,
      companyAdministratorSearches: searches,
      staffPages,
      exportOfEveryone: exportAll,
      plans,
      goals: {
        ...Object.fromEntries(
          Object.entries(all).map(([name, figures]) => [
            `${name}: p99 < 50 ms or ≤ 2× the floor's p99`,
            figures.failures === 0 && (figures.p99Ms < 50 || figures.p99Ms <= 2 * floorP99),
          ]),
        ),
        "export of everyone: every row, its last tenth within 2× its first tenth's time":
          exportAll.rows === listTotal && exportAll.lastOverFirstTenth <= 2,
      },
    };
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'employees.json'), `${JSON.stringify(results, null, 2)}\n`);
    log(JSON.stringify(results.goals, null, 2));
    log('written to bench/results/employees.json');
  } finally {
    await runtime.stop();
  }
}
