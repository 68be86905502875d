import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import { CompareRequest } from '@cubre/schemas';
import { createComparator } from '../../services/src/catalogue/comparator/compare';
import { loadPricingContext } from '../../services/src/catalogue/comparator/pricingContext';
import { createCatalogueSnapshots } from '../../services/src/catalogue/comparator/snapshot';
import { loadConfig } from '../../services/src/runtime/config';
import { startRuntime } from '../../services/src/runtime/runtime';
import { percentile, round, timed } from './stats';

/** The query the issue names: the whole catalogue, a 3-person profile, cheapest first, page 3. */
export const BENCH_QUERY = {
  organizationTypes: [
    'ISAPRE',
    'ASEGURADORA',
    'CLINICA',
    'PRESTADOR',
    'EPS',
    'MEDICINA_PREPAGADA',
    'CORREDORA',
  ],
  order: 'lowerPrice',
  page: 3,
  profile: {
    cotizante: [{ sexo: 'Femenino', edad: 38, ingreso: 1_900_000 }],
    cargas: [
      { sexo: 'Masculino', edad: 40, parentesco: 'Cónyuge' },
      { sexo: 'Femenino', edad: 6, parentesco: 'Hija' },
    ],
  },
};

/**
 * The i-th of the distinct family profiles of issue 13: a titular, a spouse and a child whose ages and
 * income vary with i; the income alone makes every one different, so each is a query never ranked before.
 */
export function distinctProfile(i: number) {
  return {
    cotizante: [{ sexo: i % 2 ? 'Femenino' : 'Masculino', edad: 25 + (i % 40), ingreso: 900_000 + i * 250 }],
    cargas: [
      { sexo: i % 2 ? 'Masculino' : 'Femenino', edad: 25 + ((i * 7) % 40), parentesco: 'Cónyuge' },
      { sexo: 'Femenino', edad: i % 18, parentesco: 'Hija' },
    ],
  };
}

/** The server process's resident memory now and at its peak (Linux /proc), in MB. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: round(kb('VmRSS') / 1024, 1), peakRssMb: round(kb('VmHWM') / 1024, 1) };
}

/**
 * Issue 13: the same compare call with one profile repeated, then with `distinct` profiles never seen
 * before (each ranks the whole catalogue), at 32 connections; rates as requests over the run's time.
 */
async function profileRates(url: string, distinct: number, pid: number) {
  const run = async (bodyOf: () => string, amount: number) => {
    const result = await autocannon({
      url: `${url}/api/insurance/compare/metadata`,
      connections: 32,
      amount,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: (request) => ({ ...request, body: bodyOf() }) }],
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`compare: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
    }
    return {
      requestsPerSecond: Math.round(result.requests.total / result.duration),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
    };
  };
  const repeatedBody = JSON.stringify(BENCH_QUERY);
  const repeated = await run(() => repeatedBody, distinct);
  const before = memoryOf(pid);
  const sent = new Set<string>();
  let next = 0;
  const distinctRun = await run(() => {
    const body = JSON.stringify({ ...BENCH_QUERY, profile: distinctProfile(next++) });
    sent.add(body);
    return body;
  }, distinct);
  const after = memoryOf(pid);
  return {
    repeated,
    distinct: { ...distinctRun, distinctProfiles: sent.size },
    ratio: round(distinctRun.requestsPerSecond / repeated.requestsPerSecond, 3),
    memory: { before, after },
  };
}

/** Distinct profiles the benchmark sends (the issue asks for at least 2,000). */
export const DISTINCT_PROFILES = 4000;
/** The comparator's cache budgets the benchmark's server runs with: the defaults. */
export const CACHE_BUDGETS_MB = { ranked: 64, pages: 32 };
/**
 * The process's budget is its memory once started plus the caches' budgets plus this much for requests
 * in flight and garbage not yet collected.
 */
export const WORKING_MB = 128;
/** The server's V8 heap limit in the benchmark (issue 13: with 768 MB it died after about 400 profiles). */
export const HEAP_MB = 768;

/** A port free right now (json-server prints the port it was given, so it cannot be given 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function childServer(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => ready.test(l));
      if (line) resolve({ child, line });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${out}`)));
  });
}

async function load(
  url: string,
  options: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
) {
  const result = await autocannon({
    url,
    connections: 32,
    duration: 8,
    method: options.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...options.headers },
    ...(options.body ? { body: options.body } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}

/** The compare answer's size plain and as a browser receives it (issue 12: 34 KB where gzip makes ~2.4 KB). */
async function answerSizes(url: string, body: string) {
  const size = async (encoding: string) => {
    const { request } = await import('node:http');
    return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
      const sent = request(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding } },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () =>
            resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }),
          );
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  };
  return { plain: await size('identity'), gzip: await size('gzip'), brotli: await size('br') };
}

/**
 * Issue 3's comparator benchmark, every figure against a baseline of the same run:
 * - the compare call over the full catalogue (8,413 real plans plus the demo products) with a 3-person
 *   profile, order lowerPrice, page 3, at 32 connections;
 * - the same response body sent from a precomputed buffer through the same server (goal: compare ≥ 50%);
 * - json-server serving the same catalogue for the nearest query it can express: one isapre's plans sorted
 *   by base price, page 3 (goal: compare ≥ 5× its throughput);
 * - and the compare computation itself with no result cache (what a query costs the first time).
 */
export async function benchComparator(dir: string) {
  const dataDir = join(dir, 'comparator');
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', CATALOGUE_SEED: 'on' };
  // Load the catalogue as `npm start` does on first start.
  await new Promise<void>((resolve, reject) => {
    const importer = spawn(process.execPath, [join(__dirname, '..', 'catalogue-import.js'), '--demo'], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    importer.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`catalogue import exited ${code}`)),
    );
  });

  // In-process: the projections, then the query computed without its cache (the cold cost of one query).
  const runtime = await startRuntime(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLES: 'projector' }),
    pino({ level: 'silent' }),
  );
  const snapshot = await createCatalogueSnapshots(runtime.engines.readStore).get();
  const request = CompareRequest.parse(BENCH_QUERY);
  const uncached = createComparator(loadPricingContext(), { rankedCacheBytes: 0, pageCacheBytes: 0 });
  const samples: number[] = [];
  let body = '';
  for (let i = 0; i < 30; i++) {
    samples.push(
      await timed(() => (body = JSON.stringify(uncached.compare(request, snapshot, 'CL', new Date())))),
    );
  }
  const catalogue = {
    cards: snapshot.cards.length,
    plans: snapshot.cards.filter((c) => c.kind === 'isaprePlan').length,
  };
  const plans = snapshot.cards
    .filter((card) => card.kind === 'isaprePlan')
    .map((card) => ({ id: card.productCode, displayName: card.displayName, ...(card.definition as object) }));
  await runtime.stop();

  mkdirSync(dir, { recursive: true });
  const bufferFile = join(dir, 'compare-body.json');
  writeFileSync(bufferFile, body);
  const dbFile = join(dir, 'json-server-db.json');
  writeFileSync(dbFile, JSON.stringify({ plans }));

  const server = await childServer(
    // The heap the server died in after about 400 distinct profiles.
    [`--max-old-space-size=${HEAP_MB}`, join(__dirname, '..', 'fixtures', 'runtimeProcess.js')],
    {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      COMPARE_RATE_LIMIT_PER_MINUTE: '0',
      CUBRE_BENCH_BUFFER_FILE: bufferFile,
      COMPARATOR_CACHE_MB: String(CACHE_BUDGETS_MB.ranked),
      COMPARATOR_PAGE_CACHE_MB: String(CACHE_BUDGETS_MB.pages),
    },
    /^\{"url"/,
  );
  const url = (JSON.parse(server.line) as { url: string }).url;
  const jsonServerBin = require.resolve('json-server/lib/cli/bin.js');
  const jsonServerPort = await freePort();
  const jsonServer = await childServer(
    [jsonServerBin, dbFile, '--port', String(jsonServerPort), '--host', '127.0.0.1'],
    {},
    /http:\/\/127\.0\.0\.1:\d+/,
  );
  const jsonServerUrl = `http://127.0.0.1:${jsonServerPort}`;
  try {
    const compareBody = JSON.stringify(BENCH_QUERY);
    // Warm: the first call computes and caches the query, as a visitor's first page does.
    await fetch(`${url}/api/insurance/compare/metadata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: compareBody,
    });
    const startMemory = memoryOf(server.child.pid!);
    const compare = await load(`${url}/api/insurance/compare/metadata`, {
      method: 'POST',
      body: compareBody,
    });
    // Issue 12: a browser asks for compressed answers; the rate must stay within 0.9× of the plain one.
    const compareCompressed = await load(`${url}/api/insurance/compare/metadata`, {
      method: 'POST',
      body: compareBody,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const sizes = await answerSizes(`${url}/api/insurance/compare/metadata`, compareBody);
    const buffer = await load(`${url}/bench/buffer`, { method: 'POST', body: compareBody });
    const jsonServerResult = await load(
      `${jsonServerUrl}/plans?isapreCode=107&_sort=basePriceUf&_order=asc&_page=3&_limit=20`,
      {},
    );
    // Issue 13 last: its distinct profiles are what fill the caches.
    const profiles = await profileRates(url, DISTINCT_PROFILES, server.child.pid!);
    const budgetMb = startMemory.rssMb + CACHE_BUDGETS_MB.ranked + CACHE_BUDGETS_MB.pages + WORKING_MB;
    return {
      catalogue,
      query: 'full catalogue, 3-person profile, order lowerPrice, page 3, 32 connections, 8 s each',
      compare,
      compareCompressed,
      answerBytes: sizes,
      precomputedBuffer: buffer,
      jsonServer: jsonServerResult,
      profiles: {
        query: `the same query with one profile repeated, then ${DISTINCT_PROFILES} distinct family profiles, 32 connections`,
        ...profiles,
        memory: {
          ...profiles.memory,
          startRssMb: startMemory.rssMb,
          peakRssMb: profiles.memory.after.peakRssMb,
          cacheBudgetsMb: CACHE_BUDGETS_MB,
          heapLimitMb: HEAP_MB,
          budgetMb: round(budgetMb, 1),
        },
      },
      uncachedCompareMs: { p50: round(percentile(samples, 50)), p99: round(percentile(samples, 99)) },
      ratios: {
        compareOverBuffer: round(compare.requestsPerSecond / buffer.requestsPerSecond, 3),
        compressedOverPlain: round(compareCompressed.requestsPerSecond / compare.requestsPerSecond, 3),
        compareOverJsonServer: round(compare.requestsPerSecond / jsonServerResult.requestsPerSecond, 2),
      },
    };
  } finally {
    server.child.kill('SIGTERM');
    jsonServer.child.kill('SIGTERM');
  }
}
