import Database from 'better-sqlite3';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { SubscriptionCreatedData } from '@cubre/schemas/subscriptions/events';
import { sendReminders } from '../../services/src/arrears';
import { jobLeases, runRecorder } from '../../services/src/jobs';
import {
  fileChargeJournal,
  SANDBOX_JOURNAL_FILE,
} from '../../services/src/payments/gateway/sandbox/chargeJournal';
import { SandboxGateway, TokenVault } from '../../services/src/payments/gateway/sandbox';
import { loadConfig } from '../../services/src/runtime/config';
import { startRuntime, type Runtime } from '../../services/src/runtime/runtime';
import type { JobRun } from '../../services/src/runtime/scheduler';
import {
  chargeDueSubscriptions,
  chileDateOf,
  DEFAULT_RETRY_SCHEDULE,
  CHARGE_SUBSCRIPTIONS_JOB,
} from '../../services/src/subscriptions';
import { periodOf } from '../../services/src/subscriptions/calendar';
import { subscriptionIdOf } from '../../services/src/subscriptions/subscriptionDecider';
import { GENEROUS_RATE_LIMITS } from '../fixtures/generousRateLimits';
import { cpuProfiled } from './cpuProfile';
import { round } from './stats';

/**
 * Issue 15's `npm run bench -- scheduler`: the charge run (`chargeDueSubscriptions`, the
 * `charge-subscriptions` job's work) over N due monthly subscriptions on the embedded sandbox gateway, half
 * of them on the card that starts declining, then the reminder run (`sendReminders`) over the arrears that
 * made, its mails requested through the runtime's mail requester. Each run twice: the second must charge
 * and send nothing (the bench fails if it does). Figures per phase: items, seconds, items/s, peak RSS and
 * heap (process.memoryUsage sampled), events written. N is SCHEDULER_BENCH_SUBSCRIPTIONS (1,000,000 by
 * default). Written to bench/results/scheduler.json. Not timed assertions: figures to compare between sizes.
 *
 * The subscriptions are seeded the way the domain writes them (one `SubscriptionCreated` per
 * `subscription-{id}` stream, the sandbox's durable subscription under the same gateway id), inserted in
 * large transactions rather than through N purchases over HTTP; the projector then fills the read models
 * from the log as it would after real purchases (the seed's catch-up). Their sales are not seeded: the
 * sale-state reactor finds no sale and writes nothing (a real run writes one SaleOverdue per first decline
 * besides what is counted here). Results are written after each phase (`complete: false` until the end).
 */
const DEFAULT_SUBSCRIPTIONS = 1_000_000;
const SEED_CHUNK = 20_000;
const EVENTS_FILE = 'events.sqlite';
const SAMPLE_MS = 100;
const READ_CACHE_MB = 1024;
const DECLINE = { code: '021', message: 'Fondos insuficientes' };

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Peak RSS and heap while `work` runs (sampled, plus once before and after). */
async function measured<T>(work: () => Promise<T>) {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    sample();
    return { result, seconds, peakRssMb: mb(peakRss), peakHeapMb: mb(peakHeap) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Writes N due subscriptions as the purchase leaves them, in transactions of SEED_CHUNK rows: one
 * `SubscriptionCreated` at revision 0 of each `subscription-{id}` stream inserted straight into the event
 * store's table (the rows `append` would write, metadata included), and the sandbox's durable subscription
 * under the same gateway id. Appending a million one-event streams through `append` cost a group commit per
 * 2,000 and 533 s at 150,000; the read models are then filled by the projector from the log, as after real
 * purchases (timed apart as the seed's catch-up), so the runs start from the state a purchase leaves.
 */
function seed(dataDir: string, total: number, today: string) {
  const events = new Database(join(dataDir, EVENTS_FILE));
  events.pragma('busy_timeout = 5000');
  const insertEvent = events.prepare(
    'INSERT INTO events (id, stream_id, revision, type, occurred_at, data, metadata) VALUES (?, ?, 0, ?, ?, ?, ?)',
  );
  const journal = new Database(join(dataDir, SANDBOX_JOURNAL_FILE));
  journal.pragma('journal_mode = WAL');
  const saveSubscription = journal.prepare('INSERT INTO subscriptions (id, record) VALUES (?, ?)');
  const started = new Date(`${today}T12:00:00Z`);
  started.setUTCMonth(started.getUTCMonth() - 1);
  const startedOn = started.toISOString().slice(0, 10);
  const receivedAt = new Date().toISOString();
  const writeChunk = (from: number, count: number) => {
    for (let i = from; i < from + count; i++) {
      const saleId = derivedId('bench-sale', String(i));
      const subscriptionId = subscriptionIdOf(saleId);
      const gatewaySubscriptionId = `sub_bench_${i}`;
      // Odd ones are on the card that starts declining: the first period was paid, every later charge not.
      const declining = i % 2 === 1;
      saveSubscription.run(
        gatewaySubscriptionId,
        JSON.stringify({
          id: gatewaySubscriptionId,
          active: true,
          laterCharges: declining ? DECLINE : null,
          charges: 1,
        }),
      );
      const data = {
        subscriptionId,
        saleId,
        firstPaymentId: derivedId('bench-payment', String(i)),
        country: 'CL',
        locale: 'es',
        product: {
          code: 'BENCH-MONTHLY',
          name: 'Plan mensual de prueba',
          organization: { code: 'bench', name: 'Aseguradora de Prueba' },
        },
        buyer: { nombre: 'Persona de Prueba', email: `suscripcion.${i}@bench.cubre.cl` },
        amount: { amount: 12990, currency: 'CLP' },
        method: 'tdc',
        provider: 'kushki',
        gateway: 'sandbox',
        gatewaySubscriptionId,
        operationDay: Number(today.slice(8, 10)),
        startedOn,
        firstPeriod: periodOf(startedOn),
        nextOperationDate: today,
      };
      if (i === 0) SubscriptionCreatedData.parse(data);
      const commandId = `bench-subscribe:${i}`;
      insertEvent.run(
        derivedId('bench-event', commandId),
        `subscription-${subscriptionId}`,
        'SubscriptionCreated',
        receivedAt,
        JSON.stringify(data),
        JSON.stringify({
          correlationId: saleId,
          causationId: commandId,
          actor: { kind: 'system', id: 'bench' },
        }),
      );
    }
  };
  // A chunk is one transaction in each file (the journal's inside the events'): a failed seed fails the bench.
  const journalChunk = journal.transaction(writeChunk);
  const chunk = events.transaction((from: number, count: number) => journalChunk(from, count));
  for (let from = 0; from < total; from += SEED_CHUNK) chunk(from, Math.min(SEED_CHUNK, total - from));
  journal.close();
  events.close();
}

/** Every projection and reactor of the runtime has applied the log up to its head (said every 30 s). */
async function caughtUp(runtime: Runtime, log: (line: string) => void) {
  const head = await runtime.engines.eventStore.headPosition();
  for (;;) {
    const visible = await runtime.runner!.waitUntilVisible(
      { globalPosition: head, streamId: 'bench' },
      undefined,
      30_000,
    );
    if (visible) return head;
    const behind = runtime.runner!.status().filter((status) => status.position < head);
    log(`  still catching up to ${head}: ${JSON.stringify(behind)}`);
  }
}

/** The charges the sandbox recorded (one row per key it answered): a rerun must add none. */
const journalCharges = (dataDir: string) => {
  const db = new Database(join(dataDir, SANDBOX_JOURNAL_FILE), { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM charges').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

export async function schedulerOnly(dir: string, root: string, log: (line: string) => void) {
  const total = Number(process.env.SCHEDULER_BENCH_SUBSCRIPTIONS ?? DEFAULT_SUBSCRIPTIONS);
  if (!Number.isInteger(total) || total < 2) throw new Error('SCHEDULER_BENCH_SUBSCRIPTIONS: an integer ≥ 2');
  const dataDir = join(dir, 'scheduler');
  mkdirSync(dataDir, { recursive: true });
  const gateway = new SandboxGateway(new TokenVault(), fileChargeJournal(dataDir));
  const logger = pino({ level: 'silent' });
  // The relay and the projector (read models, reactors) in this process, as `npm start` runs them; no cron: the bench
  // runs the jobs itself, through the scheduler's own run records.
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ROLES: 'relay,projector',
    ...GENEROUS_RATE_LIMITS,
    // The read store's page cache: a million subscriptions' documents and indexes (~750 MB) in the default
    // 32 MB made the projector's random inserts read the disk for every page (~280 events/s at 200,000).
    READ_STORE_CACHE_MB: process.env.READ_STORE_CACHE_MB ?? String(READ_CACHE_MB),
    // Items of a page in flight at once, as the scheduler role runs them (32 unless set).
    ...(process.env.JOB_ITEM_CONCURRENCY ? { JOB_ITEM_CONCURRENCY: process.env.JOB_ITEM_CONCURRENCY } : {}),
  });
  const concurrency = config.JOB_ITEM_CONCURRENCY;
  const runtime = await startRuntime(config, logger, { paymentGateway: gateway });
  const store = runtime.engines.eventStore;
  const clock = () => new Date();
  const recorder = runRecorder({
    eventStore: store,
    leases: jobLeases(store, clock, 60_000),
    clock,
    logger,
    schedulerId: 'bench',
    renewEveryMs: 20_000,
  });
  const asJob = async <T>(job: string, work: (run: JobRun) => Promise<T>): Promise<T> => {
    const begun = await recorder.begin(job, { kind: 'manual', by: 'bench' });
    if (!('run' in begun)) throw new Error(`${job} did not start: ${JSON.stringify(begun)}`);
    try {
      const result = await work(begun.run);
      await begun.finish();
      return result;
    } catch (error) {
      await begun.finish(error);
      throw error;
    }
  };
  /** A phase: its work timed and sampled, the events it wrote, then the projections caught up (timed apart). */
  const phase = async <T>(name: string, work: () => Promise<T>) => {
    const before = await store.headPosition();
    const loadBefore = loadavg()[0]!;
    const figures = await measured(work);
    const loadAverage1m = [round(loadBefore, 2), round(loadavg()[0]!, 2)];
    const after = await store.headPosition();
    const catchUp = await measured(() => caughtUp(runtime, log));
    log(
      `  ${name}: ${round(figures.seconds, 1)} s, catch-up ${round(catchUp.seconds, 1)} s, load ${loadAverage1m.join('→')}`,
    );
    return {
      result: figures.result,
      loadAverage1m,
      seconds: round(figures.seconds, 2),
      peakRssMb: figures.peakRssMb,
      peakHeapMb: figures.peakHeapMb,
      eventsWritten: after - before,
      projectionsCatchUpSeconds: round(catchUp.seconds, 2),
      catchUpPeakRssMb: catchUp.peakRssMb,
    };
  };
  const perSecond = (items: number, seconds: number) => round(items / seconds, 1);
  // Written after each phase (`complete: false` until the last), so a run stopped half-way keeps what it
  // measured. SCHEDULER_BENCH_RESULTS names another file (a profiling run's) under bench/results.
  const resultsFile = join(root, 'bench', 'results', process.env.SCHEDULER_BENCH_RESULTS ?? 'scheduler.json');
  const writeResults = (phases: Record<string, unknown>) => {
    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      subscriptions: total,
      itemConcurrency: concurrency,
      readStoreCacheMb: config.READ_STORE_CACHE_MB,
      ...phases,
    };
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    log(`written to ${resultsFile}`);
  };

  try {
    const today = chileDateOf(clock());
    log(
      `scheduler: seeding ${total.toLocaleString('en')} due monthly subscriptions (due ${today}), ${concurrency} items at once…`,
    );
    const seeded = await phase('seed', async () => seed(dataDir, total, today));
    const seedFigures = { ...seeded, result: undefined, itemsPerSecond: perSecond(total, seeded.seconds) };
    writeResults({ complete: false, seed: seedFigures });
    const chargeDeps = {
      eventStore: store,
      readStore: runtime.engines.readStore,
      gateway,
      clock,
      logger,
      retrySchedule: DEFAULT_RETRY_SCHEDULE,
      concurrency,
    };
    const reminderDeps = {
      eventStore: store,
      readStore: runtime.engines.readStore,
      mail: runtime.mail.requester,
      clock,
      logger,
      concurrency,
    };
    const charge = () => asJob(CHARGE_SUBSCRIPTIONS_JOB, (run) => chargeDueSubscriptions(chargeDeps, run));
    const remind = () => asJob('send-reminders', (run) => sendReminders(reminderDeps, run));

    log('scheduler: the charge run…');
    const approvedBefore = gateway.subscriptionChargesApproved();
    // SCHEDULER_BENCH_PROFILE=<file>: the charge run under V8's CPU profiler, written to that .cpuprofile,
    // its top functions by self time kept with the figures.
    const profileFile = process.env.SCHEDULER_BENCH_PROFILE;
    let chargeProfile: unknown = undefined;
    const chargeRun = await phase('charge run', async () => {
      if (!profileFile) return charge();
      const { result, top } = await cpuProfiled(profileFile, charge);
      log(`  profile: ${profileFile}\n${JSON.stringify(top, null, 2)}`);
      chargeProfile = { file: profileFile, topSelfTime: top };
      return result;
    });
    const chargeFigures = {
      ...chargeRun,
      items: chargeRun.result.due,
      itemsPerSecond: perSecond(chargeRun.result.due, chargeRun.seconds),
      approvedByGateway: gateway.subscriptionChargesApproved() - approvedBefore,
      profile: chargeProfile,
    };
    writeResults({ complete: false, seed: seedFigures, chargeRun: chargeFigures });
    const chargesAfterFirst = journalCharges(dataDir);
    const approvedAfterFirst = gateway.subscriptionChargesApproved();
    log('scheduler: the charge run again (must charge nothing)…');
    const chargeRerun = await phase('charge rerun', charge);
    const chargedTwice = {
      approved: gateway.subscriptionChargesApproved() - approvedAfterFirst,
      askedOfGateway: journalCharges(dataDir) - chargesAfterFirst,
    };

    log('scheduler: the reminder run…');
    const reminderRun = await phase('reminder run', remind);
    log('scheduler: the reminder run again (must send nothing)…');
    const reminderRerun = await phase('reminder rerun', remind);

    const c = chargeRun.result;
    const results = {
      complete: true,
      seed: seedFigures,
      chargeRun: chargeFigures,
      chargeRerun: { ...chargeRerun, items: chargeRerun.result.due, chargedTwice },
      reminderRun: {
        ...reminderRun,
        items: c.declined,
        itemsPerSecond: perSecond(c.declined, reminderRun.seconds),
      },
      reminderRerun: { ...reminderRerun, sentTwice: reminderRerun.result.sent },
      // Below the default size: the time the default would take at this run's rates. Linear because each
      // item costs the same (paged reads by index, a few stream reads and appends): see the peaks per size.
      extrapolation:
        total < DEFAULT_SUBSCRIPTIONS
          ? {
              subscriptions: DEFAULT_SUBSCRIPTIONS,
              chargeRunHours: round(DEFAULT_SUBSCRIPTIONS / (c.due / chargeRun.seconds) / 3600, 1),
              reminderRunHours: round(
                DEFAULT_SUBSCRIPTIONS / 2 / (reminderRun.result.sent / reminderRun.seconds) / 3600,
                1,
              ),
            }
          : null,
      ratios: {
        chargeRerunOverRun: round(chargeRerun.seconds / chargeRun.seconds, 3),
        reminderRerunOverRun: round(reminderRerun.seconds / reminderRun.seconds, 3),
        chargeEventsPerItem: round(chargeRun.eventsWritten / c.due, 2),
        reminderEventsPerMail: round(reminderRun.eventsWritten / Math.max(1, reminderRun.result.sent), 2),
      },
    };
    writeResults(results);
    log(JSON.stringify(results, null, 2));
    const wrong: string[] = [];
    if (c.due !== total || c.approved + c.declined !== total || c.failed !== 0)
      wrong.push(`charge run: ${JSON.stringify(c)} for ${total} due`);
    if (reminderRun.result.sent !== c.declined)
      wrong.push(`reminder run sent ${reminderRun.result.sent} for ${c.declined} declines`);
    if (chargedTwice.approved !== 0 || chargedTwice.askedOfGateway !== 0 || chargeRerun.result.approved !== 0)
      wrong.push(`the rerun charged again: ${JSON.stringify(chargedTwice)}`);
    if (reminderRerun.result.sent !== 0)
      wrong.push(`the rerun sent ${reminderRerun.result.sent} mails again`);
    if (wrong.length > 0) throw new Error(`scheduler bench: ${wrong.join('; ')}`);
  } finally {
    await runtime.stop();
    await gateway.close();
  }
}
