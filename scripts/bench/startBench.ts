import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { writeLeads } from './leadsData';
import { rssMb } from './processMemory';
import { percentile } from './stats';

/** Issue 12's goal: the server ready on 1,000,000 lead events in under 3 s. */
export const START_GOAL_MS = 3000;
const LEAD_EVENTS = 1_000_000;
/** Leads written: the benchmark's leads average 2.75 events each. */
const LEADS = 364_000;
const RESTARTS = 3;

interface Started {
  readyMs: number;
  rssMb: number | null;
  /** Events each projection applied before the server listened. */
  applied: Record<string, number>;
}

/**
 * The real server (scripts/fixtures/runtimeProcess.js) on `dataDir`, from spawn to listening (which it
 * does once every projection has caught up), then stopped with SIGTERM.
 */
async function startAndStop(dataDir: string): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(__dirname, '..', 'fixtures', 'runtimeProcess.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const applied: Record<string, number> = {};
  let errors = '';
  let rest = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readyMs = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const parsed = JSON.parse(line) as {
          url?: string;
          msg?: string;
          projection?: string;
          events?: number;
        };
        if (parsed.msg === 'projection caught up') applied[parsed.projection!] = parsed.events ?? 0;
        if (parsed.url) resolve(Math.round(performance.now() - started));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    void exited.then(() => reject(new Error(`server exited before it was ready:\n${errors}`)));
  });
  const rss = rssMb(child.pid);
  child.kill('SIGTERM');
  await exited;
  return { readyMs, rssMb: rss, applied };
}

async function restarts(dataDir: string) {
  const runs: Started[] = [];
  for (let i = 0; i < RESTARTS; i++) runs.push(await startAndStop(dataDir));
  const ready = runs.map((run) => run.readyMs);
  return {
    spawnToReadyMs: { median: percentile(ready, 50), runs: ready },
    rssMb: runs.at(-1)!.rssMb,
    eventsApplied: runs.at(-1)!.applied,
  };
}

/**
 * Issue 12's start benchmark: 1,000,000 lead events (364,000 leads) written through the event store's
 * port, the server's first start on them (every projection fills its read models from the log), then
 * restarts on the durable read models (goal: < 3 s), against the same server's restarts on an empty
 * store; memory per 100,000 leads from the two servers' resident memory.
 */
export async function benchStart(dir: string) {
  const dataDir = join(dir, 'start-1m');
  const store = openSqliteEventStore({ dataDir });
  const written = await writeLeads(store, LEADS, { chunk: 4000 });
  await store.close();
  if (written.events < LEAD_EVENTS) throw new Error(`only ${written.events} lead events written`);

  const emptyDir = join(dir, 'start-empty');
  await startAndStop(emptyDir);
  const empty = await restarts(emptyDir);

  const first = await startAndStop(dataDir);
  const restarted = await restarts(dataDir);
  const memoryPer100kLeadsMb =
    restarted.rssMb !== null && empty.rssMb !== null
      ? Math.round(((restarted.rssMb - empty.rssMb) / (written.leads / 100_000)) * 10) / 10
      : null;
  return {
    dataset: { leads: written.leads, leadEvents: written.events, writtenInSeconds: written.seconds },
    restart: restarted,
    emptyStoreRestart: empty,
    firstStart: { spawnToReadyMs: first.readyMs, rssMb: first.rssMb, eventsApplied: first.applied },
    memoryPer100kLeadsMb,
    note:
      `spawnToReadyMs: from spawning the server to its listening, once every projection has caught up; ` +
      `the median of ${RESTARTS} restarts after a clean stop. emptyStoreRestart: the same server on a store ` +
      'holding only what every start seeds. firstStart: the first start on these events, every projection ' +
      'filling its read models from the whole log (what every start did while they lived in memory). ' +
      'memoryPer100kLeadsMb: (restart RSS - empty-store RSS) / (leads / 100,000).',
  };
}

/** `npm run bench -- start`: issue 12's start figures, written to bench/results/start.json. */
export async function startOnly(dir: string, root: string, log: (line: string) => void) {
  log('start: 1,000,000 lead events, the server restarted on its durable read models…');
  mkdirSync(dir, { recursive: true });
  const start = await benchStart(dir);
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
    start,
    goals: {
      [`restart on 1,000,000 lead events < ${START_GOAL_MS} ms`]:
        start.restart.spawnToReadyMs.median < START_GOAL_MS,
    },
  };
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'start.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(JSON.stringify(results, null, 2));
  log('written to bench/results/start.json');
}
