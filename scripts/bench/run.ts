/**
 * `npm run bench`: the platform's speed goals (issue 2), each measured against a baseline in the same run,
 * never as timed tests. Results print as a table and are written to bench/results/platform.json; then the
 * storefront's, the console's (`-- leads`) and the start's (`-- start`, issue 12) in files of their own.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAppendThroughput } from './appendThroughput';
import { bulkLoadOnly } from './bulkLoadBench';
import { employeesOnly } from './employeeListBench';
import { benchCommandToVisibleHttp, benchCommandToVisibleInProcess } from './commandLatency';
import { benchComparator } from './comparatorBench';
import { leadsOnly } from './leadsBench';
import { paymentsOnly } from './paymentsBench';
import { benchEmbeddedReadStore } from './readStore/embeddedReadStore.bench';
import { benchReplayThroughput } from './replayThroughput';
import { schedulerOnly } from './schedulerBench';
import { startOnly } from './startBench';
import { benchStorefront, FIRST_CARDS_GOAL_MS, LAYOUT_SHIFT_GOAL } from './storefrontBench';

/** `npm run bench -- storefront`: issue 4's figures alone, written to bench/results/storefront.json. */
async function storefrontOnly(dir: string, root: string, log: (line: string) => void) {
  log(
    'storefront: initial JavaScript of the comparator route, and navigation to first result cards in Chromium…',
  );
  const storefront = await benchStorefront(dir, root);
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
    storefront,
    goals: {
      'initial JavaScript ≤ 170 KB gzip':
        storefront.initialJavaScript.gzipBytes <= storefront.initialJavaScript.budgetBytes,
      ...Object.fromEntries(
        Object.entries(storefront.routes).map(([route, figures]) => [
          `first cards of ${route} within 1.5 s (p95)`,
          figures.firstCardsMs.p95 <= FIRST_CARDS_GOAL_MS,
        ]),
      ),
      ...Object.fromEntries(
        Object.entries(storefront.layoutShift).map(([route, shift]) => [
          `cumulative layout shift of ${route} < ${LAYOUT_SHIFT_GOAL} (max of the visits)`,
          shift.max < LAYOUT_SHIFT_GOAL,
        ]),
      ),
    },
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'storefront.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(JSON.stringify(results, null, 2));
  log('written to bench/results/storefront.json');
}

/** The comparator's goals (issues 3 and 12), judged on one run's figures. */
const comparatorGoals = (comparator: Awaited<ReturnType<typeof benchComparator>>) => ({
  'compare ≥ 50% of the precomputed buffer': comparator.ratios.compareOverBuffer >= 0.5,
  'compare ≥ 5× json-server': comparator.ratios.compareOverJsonServer >= 5,
  'compare p99 < 30 ms': comparator.compare.p99Ms < 30,
  'compressed compare ≥ 0.9× the plain one': comparator.ratios.compressedOverPlain >= 0.9,
  'distinct profiles ≥ 0.25× the repeated profile': comparator.profiles.ratio >= 0.25,
  'peak RSS after the distinct profiles within the budget':
    comparator.profiles.memory.peakRssMb <= comparator.profiles.memory.budgetMb,
});

/** `npm run bench -- comparator`: the comparator's figures alone, written to bench/results/comparator.json. */
async function comparatorOnly(dir: string, root: string, log: (line: string) => void) {
  log(
    'comparator: the compare call over the full catalogue, plain and compressed, against a buffer and json-server…',
  );
  const comparator = await benchComparator(dir);
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
    comparator,
    goals: comparatorGoals(comparator),
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'comparator.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(JSON.stringify(results, null, 2));
  log('written to bench/results/comparator.json');
}

/**
 * The platform's own figures (append, replay, embedded read store, command to visible, comparator), written
 * to bench/results/platform.json; `npm run bench -- platform` runs them alone (issue 12).
 */
async function platformOnly(dir: string, root: string, log: (line: string) => void) {
  log('append throughput, batches of 1 and 100, against raw better-sqlite3 inserts…');
  const append1 = await benchAppendThroughput(dir, 1, 3000);
  const append100 = await benchAppendThroughput(dir, 100, 50_000);
  log('projection replay throughput over 100,000 events…');
  const replay = await benchReplayThroughput(dir, 100_000);
  log(
    'embedded read store: guarded updates, and a filtered sort of 20,000 documents against mingo and a hand loop…',
  );
  const readStore = await benchEmbeddedReadStore(dir);
  log('command-to-visible latency, 50 concurrent writers…');
  const inProcess = await benchCommandToVisibleInProcess(dir, 50, 5);
  const http = await benchCommandToVisibleHttp(dir, 50, 5);

  log('comparator: the compare call over the full catalogue, against a precomputed buffer and json-server…');
  const comparator = await benchComparator(dir);

  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
    appendThroughput: { batchOf1: append1, batchOf100: append100 },
    replayThroughput: replay,
    embeddedReadStore: readStore,
    commandToVisible: { inProcess, http },
    comparator,
    goals: {
      'append batch of 1 ≥ 50% of raw inserts': append1.ratio >= 0.5,
      'append batch of 100 ≥ 50% of raw inserts': append100.ratio >= 0.5,
      'replay ≥ 100,000 events/s': replay.replayEventsPerSecond >= 100_000,
      'command-to-visible p99 < 20 ms (in process)': inProcess.p99Ms < 20,
      'command-to-visible p99 < 20 ms (over HTTP)': http.commands.p99Ms < 20,
      'command-to-visible p99 over HTTP < 1.5× /healthz p99 (same run)': http.p99RatioToHealthz < 1.5,
      ...comparatorGoals(comparator),
    },
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'platform.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(JSON.stringify(results, null, 2));
  log(`written to bench/results/platform.json`);
}

/**
 * `npm run bench -- command-latency`: only the command-to-visible figures (in process and over HTTP), merged
 * into bench/results/platform.json so the other platform figures stay as last measured. With
 * `COMMAND_LATENCY_CPU_PROF=<dir>` the HTTP server runs under `node --cpu-prof` and leaves its profile there.
 */
async function commandLatencyOnly(dir: string, root: string, log: (line: string) => void) {
  log('command-to-visible latency, 50 concurrent writers…');
  const inProcess = await benchCommandToVisibleInProcess(dir, 50, 5);
  const http = await benchCommandToVisibleHttp(dir, 50, 5, process.env.COMMAND_LATENCY_CPU_PROF);
  const file = join(root, 'bench', 'results', 'platform.json');
  const results = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { goals?: Record<string, boolean> })
    : {};
  const merged = {
    ...results,
    commandToVisibleMeasuredAt: new Date().toISOString(),
    commandToVisible: { inProcess, http },
    goals: {
      ...results.goals,
      'command-to-visible p99 < 20 ms (in process)': inProcess.p99Ms < 20,
      'command-to-visible p99 < 20 ms (over HTTP)': http.commands.p99Ms < 20,
      'command-to-visible p99 over HTTP < 1.5× /healthz p99 (same run)': http.p99RatioToHealthz < 1.5,
    },
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
  log(JSON.stringify({ commandToVisible: merged.commandToVisible }, null, 2));
  log('merged into bench/results/platform.json');
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'cubre-bench-'));
  const root = join(__dirname, '..', '..', '..');
  const log = (line: string) => process.stdout.write(`${line}\n`);
  try {
    if (process.argv.includes('storefront')) return await storefrontOnly(dir, root, log);
    if (process.argv.includes('leads')) return await leadsOnly(dir, root, log);
    if (process.argv.includes('start')) return await startOnly(dir, root, log);
    if (process.argv.includes('comparator')) return await comparatorOnly(dir, root, log);
    if (process.argv.includes('payments')) return await paymentsOnly(dir, root, log);
    if (process.argv.includes('command-latency')) return await commandLatencyOnly(dir, root, log);
    if (process.argv.includes('platform')) return await platformOnly(dir, root, log);
    // Issue 16's bulk load of 100,000 rows and employee list over 1,000,000: on its own only.
    // Issue 16's bench is both: the 100,000-row load, then the employee list over 1,000,000 people.
    if (process.argv.includes('bulk-load')) {
      await bulkLoadOnly(dir, root, log);
      return await employeesOnly(dir, root, log);
    }
    if (process.argv.includes('employees')) return await employeesOnly(dir, root, log);
    // Issue 15's charge and reminder runs over SCHEDULER_BENCH_SUBSCRIPTIONS (1,000,000): on its own only.
    if (process.argv.includes('scheduler')) return await schedulerOnly(dir, root, log);
    await platformOnly(dir, root, log);
    await storefrontOnly(dir, root, log);
    await leadsOnly(dir, root, log);
    await startOnly(dir, root, log);
    await paymentsOnly(dir, root, log);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
