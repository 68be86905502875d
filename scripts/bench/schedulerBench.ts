import Database from 'better-sqlite3';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
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
 * `subscription-{id}` stream, the sandbox's durable subscription under the same gateway id), in bulk rather
 * than through N purchases over HTTP. Their sales are not seeded: the sale-state reactor finds no sale
 * and writes nothing (a real run writes one SaleOverdue per first decline besides what is counted here).
 */
const DEFAULT_SUBSCRIPTIONS = 1_000_000;
const SEED_CHUNK = 2_000;
const SAMPLE_MS = 100;
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

/** Appends N due `SubscriptionCreated` events and the sandbox's subscriptions, in chunks. */
async function seed(runtime: Runtime, dataDir: string, total: number, today: string) {
  const store = runtime.engines.eventStore;
  const journal = new Database(join(dataDir, SANDBOX_JOURNAL_FILE));
  journal.pragma('journal_mode = WAL');
  const saveSubscription = journal.prepare('INSERT INTO subscriptions (id, record) VALUES (?, ?)');
  const saveMany = journal.transaction((rows: [string, string][]) => {
    for (const [id, record] of rows) saveSubscription.run(id, record);
  });
  const started = new Date(`${today}T12:00:00Z`);
  started.setUTCMonth(started.getUTCMonth() - 1);
  const startedOn = started.toISOString().slice(0, 10);
  const receivedAt = new Date().toISOString();
  for (let from = 0; from < total; from += SEED_CHUNK) {
    const count = Math.min(SEED_CHUNK, total - from);
    const rows: [string, string][] = [];
    const appends: Promise<unknown>[] = [];
    for (let i = from; i < from + count; i++) {
      const saleId = derivedId('bench-sale', String(i));
      const subscriptionId = subscriptionIdOf(saleId);
      const gatewaySubscriptionId = `sub_bench_${i}`;
      // Odd ones are on the card that starts declining: the first period was paid, every later charge not.
      const declining = i % 2 === 1;
      rows.push([
        gatewaySubscriptionId,
        JSON.stringify({
          id: gatewaySubscriptionId,
          active: true,
          laterCharges: declining ? DECLINE : null,
          charges: 1,
        }),
      ]);
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
      appends.push(
        store.append(
          `subscription-${subscriptionId}`,
          [
            {
              id: derivedId('bench-event', commandId),
              type: 'SubscriptionCreated',
              occurredAt: receivedAt,
              data,
              metadata: {
                correlationId: saleId,
                causationId: commandId,
                actor: { kind: 'system', id: 'bench' },
              },
            },
          ],
          { expectedRevision: 'no_stream' },
        ),
      );
    }
    saveMany(rows);
    await Promise.all(appends);
  }
  journal.close();
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
    const figures = await measured(work);
    const after = await store.headPosition();
    const catchUp = await measured(() => caughtUp(runtime, log));
    log(`  ${name}: ${round(figures.seconds, 1)} s, catch-up ${round(catchUp.seconds, 1)} s`);
    return {
      result: figures.result,
      seconds: round(figures.seconds, 2),
      peakRssMb: figures.peakRssMb,
      peakHeapMb: figures.peakHeapMb,
      eventsWritten: after - before,
      projectionsCatchUpSeconds: round(catchUp.seconds, 2),
      catchUpPeakRssMb: catchUp.peakRssMb,
    };
  };
  const perSecond = (items: number, seconds: number) => round(items / seconds, 1);

  try {
    const today = chileDateOf(clock());
    log(
      `scheduler: seeding ${total.toLocaleString('en')} due monthly subscriptions (due ${today}), ${concurrency} items at once…`,
    );
    const seeded = await phase('seed', () => seed(runtime, dataDir, total, today));
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
    const chargeRun = await phase('charge run', charge);
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
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      subscriptions: total,
      itemConcurrency: concurrency,
      seed: { ...seeded, result: undefined, itemsPerSecond: perSecond(total, seeded.seconds) },
      chargeRun: {
        ...chargeRun,
        items: c.due,
        itemsPerSecond: perSecond(c.due, chargeRun.seconds),
        approvedByGateway: approvedAfterFirst - approvedBefore,
      },
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
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'scheduler.json'), `${JSON.stringify(results, null, 2)}\n`);
    log(JSON.stringify(results, null, 2));
    log('written to bench/results/scheduler.json');
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
