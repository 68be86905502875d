import pino from 'pino';
import { openSqliteEventStore, type SqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import {
  jobLeases,
  leaseStream,
  pollRunRequests,
  requestRun,
  runRecorder,
  runStream,
} from '@cubre/services/jobs';
import { startScheduler, type ScheduledJob, type Scheduler } from '@cubre/services/runtime/scheduler';
import { MAX_FAILED_ITEMS_KEPT } from '@cubre/schemas/jobs/runs';
import { tempDataDir } from '../../platform/test/support/tempDir';

/**
 * Issue 15: the scheduler's runs as events and one runner at a time. Two scheduler processes (two
 * schedulers with their own ids) share one embedded event store and one clock the test moves; a job's
 * lease lets one run it, a killed holder's lease is taken over once it expires and its run is marked
 * abandoned.
 */
const TTL_MS = 60_000;
const NEVER = '0 0 1 1 *';
const silent = pino({ level: 'silent' });

let store: SqliteEventStore;
let dir: ReturnType<typeof tempDataDir>;
let now = new Date('2026-11-26T12:00:00Z');
const clock = () => now;
const schedulers: Scheduler[] = [];

beforeEach(() => {
  dir = tempDataDir();
  store = openSqliteEventStore({ dataDir: dir.path });
  now = new Date('2026-11-26T12:00:00Z');
});
afterEach(async () => {
  for (const scheduler of schedulers.splice(0)) await scheduler.stop();
  await store.close();
  dir.remove();
});

/** A scheduler process named `id`; `renewEveryMs` long enough that it never renews in a test (a dead one). */
function schedulerProcess(id: string, jobs: ScheduledJob[], renewEveryMs = 3_600_000): Scheduler {
  const recorder = runRecorder({
    eventStore: store,
    leases: jobLeases(store, clock, TTL_MS),
    clock,
    logger: silent,
    schedulerId: id,
    renewEveryMs,
    // Every batch of progress calls within the test is one event: the first.
    progressIntervalMs: 3_600_000,
  });
  const scheduler = startScheduler(silent, jobs, clock, recorder);
  schedulers.push(scheduler);
  return scheduler;
}

/** A job whose runs go on until the test lets them finish (every run so far). */
function heldJob(name: string) {
  const going: (() => void)[] = [];
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const job: ScheduledJob & { finish(): void; running: Promise<void> } = {
    name,
    schedule: NEVER,
    running,
    finish: () => going.splice(0).forEach((resolve) => resolve()),
    run: (run) =>
      new Promise<void>((resolve) => {
        going.push(resolve);
        void run.setTotal(2).then(started);
      }),
  };
  return job;
}

const typesOf = async (streamId: string) => (await store.readStream(streamId)).map((event) => event.type);

test('with two scheduler processes one runs a job at a time: the other is refused while the lease is held, and runs it once released', async () => {
  const job = heldJob('charge-subscriptions');
  const a = schedulerProcess('scheduler-a', [job]);
  const b = schedulerProcess('scheduler-b', [job]);
  const first = await a.runNow(job.name, 'user-1');
  expect(first).toEqual({ started: expect.any(String) });
  await job.running;
  expect(await b.runNow(job.name, 'user-2')).toEqual({ busy: 'scheduler-a' });
  // The same process does not run it twice either.
  expect(await a.runNow(job.name, 'user-2')).toEqual({ busy: 'this-process' });
  job.finish();
  await a.stop();
  const runId = (first as { started: string }).started;
  expect(await typesOf(runStream(runId))).toEqual(['JobRunStarted', 'JobRunProgressed', 'JobRunFinished']);
  expect(await typesOf(leaseStream(job.name))).toEqual(['JobLeaseTaken', 'JobLeaseReleased']);

  const second = await b.runNow(job.name, 'user-2');
  expect(second).toEqual({ started: expect.any(String) });
  job.finish();
  await b.stop();
  const [started] = await store.readStream(runStream((second as { started: string }).started));
  expect(started!.data).toMatchObject({
    job: job.name,
    schedulerId: 'scheduler-b',
    trigger: { kind: 'manual', by: 'user-2' },
  });
});

test("a killed holder's lease is taken over once it expires by the clock, and its run is marked abandoned", async () => {
  const job = heldJob('send-arrears-reminders');
  const dead = schedulerProcess('scheduler-dead', [job]);
  const alive = schedulerProcess('scheduler-alive', [job]);
  const first = (await dead.runNow(job.name, 'user-1')) as { started: string };
  await job.running;
  // The dead process never renews; just before the expiry the lease is still its.
  now = new Date(now.getTime() + TTL_MS - 1);
  expect(await alive.runNow(job.name, 'user-1')).toEqual({ busy: 'scheduler-dead' });
  now = new Date(now.getTime() + 1);
  const second = (await alive.runNow(job.name, 'user-1')) as { started: string };
  expect(second.started).toEqual(expect.any(String));
  expect(await typesOf(runStream(first.started))).toEqual([
    'JobRunStarted',
    'JobRunProgressed',
    'JobRunAbandoned',
  ]);
  const [, , abandoned] = await store.readStream(runStream(first.started));
  expect(abandoned!.data).toMatchObject({
    detectedBy: 'scheduler-alive',
    leaseExpiredAt: '2026-11-26T12:01:00.000Z',
  });
  job.finish();
  await alive.stop();
  expect((await typesOf(runStream(second.started))).at(-1)).toBe('JobRunFinished');
  await dead.stop();
  // The lease is free again: the next run starts normally (jobs resume by their own keys).
  const lease = await jobLeases(store, clock, TTL_MS).current(job.name);
  expect(lease).toMatchObject({ holder: 'scheduler-alive', released: true });
});

test('a live holder renews its lease, so the other process keeps waiting past the first expiry', async () => {
  const job = heldJob('renewed-job');
  const holder = schedulerProcess('scheduler-a', [job], 50);
  const other = schedulerProcess('scheduler-b', [job]);
  await holder.runNow(job.name, 'user-1');
  await job.running;
  now = new Date(now.getTime() + TTL_MS / 2);
  const leases = jobLeases(store, clock, TTL_MS);
  // Wait for the holder's own renewal at the moved clock (its timer), not for a time.
  for (;;) {
    const lease = await leases.current(job.name);
    if (lease && lease.until.getTime() > now.getTime() + TTL_MS / 2) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  now = new Date(now.getTime() + TTL_MS / 2 + 1);
  expect(await other.runNow(job.name, 'user-2')).toEqual({ busy: 'scheduler-a' });
  job.finish();
});

test('progress is batched counts, failed items are kept up to a bound, and a thrown error finishes the run failed with its kind', async () => {
  const job: ScheduledJob = {
    name: 'many-items',
    schedule: NEVER,
    async run(run) {
      await run.setTotal(10_000);
      for (let item = 0; item < 10_000; item++) {
        if (item % 50 === 0) {
          await run.progress(0, 1);
          await run.itemFailed(`sub-${item}`, 'card expired');
        } else await run.progress(1);
      }
      throw new TypeError('boom');
    },
  };
  const scheduler = schedulerProcess('scheduler-a', [job]);
  const { started } = (await scheduler.runNow(job.name, 'user-1')) as { started: string };
  await scheduler.stop();
  const events = await store.readStream(runStream(started));
  const count = (type: string) => events.filter((event) => event.type === type).length;
  // setTotal's event; 10,000 progress calls within the interval add none: the finish has the counts.
  expect(count('JobRunProgressed')).toBe(1);
  expect(count('JobRunItemFailed')).toBe(MAX_FAILED_ITEMS_KEPT);
  expect(events.at(-1)).toMatchObject({
    type: 'JobRunFinished',
    data: { outcome: 'failed', errorKind: 'TypeError', total: 10_000, done: 9_800, failed: 200 },
  });
  // The error's message never reaches the record (it may carry data).
  expect(JSON.stringify(events)).not.toContain('boom');
});

test('a run that does more than the total it counted at its start (the charge run catching up a period more) reports a total never below what it did', async () => {
  const job: ScheduledJob = {
    name: 'catch-up',
    schedule: NEVER,
    async run(run) {
      await run.setTotal(2);
      await run.progress(2);
      // Both come due again for their next period, still by today.
      await run.progress(2);
    },
  };
  const scheduler = schedulerProcess('scheduler-a', [job]);
  const { started } = (await scheduler.runNow(job.name, 'user-1')) as { started: string };
  await scheduler.stop();
  const events = await store.readStream(runStream(started));
  expect(events.at(-1)).toMatchObject({
    type: 'JobRunFinished',
    data: { outcome: 'succeeded', total: 4, done: 4, failed: 0 },
  });
});

test('a run requested by an api in another process is run once by one of two polling schedulers, under the requested run id', async () => {
  const job = heldJob('requested-job');
  const a = schedulerProcess('scheduler-a', [job]);
  const b = schedulerProcess('scheduler-b', [job]);
  const pollers = await Promise.all(
    [a, b].map((scheduler) => pollRunRequests({ eventStore: store, scheduler, logger: silent, everyMs: 20 })),
  );
  try {
    const runId = crypto.randomUUID();
    await requestRun(store, { job: job.name, runId, by: 'user-9' }, now);
    await job.running;
    job.finish();
    // Wait for the run's own finish (both pollers have seen the request by then or will find it ran).
    for (;;) {
      if ((await typesOf(runStream(runId))).at(-1) === 'JobRunFinished') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const [started] = await store.readStream(runStream(runId));
    expect(started!.data).toMatchObject({ runId, trigger: { kind: 'manual', by: 'user-9' } });
    // One run: its stream started once (a scheduler that sees the request after it ran finds it started).
    expect((await typesOf(runStream(runId))).filter((type) => type === 'JobRunStarted')).toHaveLength(1);
  } finally {
    for (const poller of pollers) poller.stop();
  }
});

test('"Ejecutar ahora" while this process is still recording a run whose work is over waits for it and starts the next run, never answering busy', async () => {
  // The finish of the first run is held back on its way to the store: its work is done, its record not.
  let letFinish!: () => void;
  const finishHeld = new Promise<void>((resolve) => (letFinish = resolve));
  let holding = true;
  let finishAsked = false;
  const held = Object.create(store, {
    append: {
      value: async (...args: Parameters<SqliteEventStore['append']>) => {
        if (holding && args[1][0]?.type === 'JobRunFinished') {
          finishAsked = true;
          await finishHeld;
        }
        return store.append(...args);
      },
    },
  }) as SqliteEventStore;
  const recorder = runRecorder({
    eventStore: held,
    leases: jobLeases(held, clock, TTL_MS),
    clock,
    logger: silent,
    schedulerId: 'scheduler-a',
    renewEveryMs: 3_600_000,
  });
  const job = heldJob('send-reminders');
  const scheduler = startScheduler(silent, [job], clock, recorder);
  schedulers.push(scheduler);
  const first = (await scheduler.runNow(job.name, 'user-1')) as { started: string };
  await job.running;
  job.finish();
  // The run's work is over; its JobRunFinished waits. A person asks again right then.
  while (!finishAsked) await new Promise((resolve) => setImmediate(resolve));
  const again = scheduler.runNow(job.name, 'user-2');
  holding = false;
  letFinish();
  const second = await again;
  expect(second).toEqual({ started: expect.any(String) });
  expect(second).not.toEqual(first);
  job.finish();
  await scheduler.stop();
  expect(await typesOf(runStream(first.started))).toEqual([
    'JobRunStarted',
    'JobRunProgressed',
    'JobRunFinished',
  ]);
});
