/**
 * Test fixture of the scheduler kill test: the real runtime (embedded engines in DATA_DIR, the sandbox
 * gateway on its DATA_DIR journal, no scheduler role of its own) at the clock CUBRE_TEST_NOW, which waits for
 * its read models to catch up, runs one job (JOB: `charge-subscriptions` or `send-reminders`) once as the
 * scheduler does (under the job's lease, its run recorded as events) and exits. It prints `total {n}`,
 * `progress {done}` after each page, `failed …` per failed item and `done`.
 */
import pino from 'pino';
import { sendReminders } from '../../src/arrears';
import { jobLeases, runRecorder } from '../../src/jobs';
import { fileChargeJournal } from '../../src/payments/gateway/sandbox/chargeJournal';
import { SandboxGateway } from '../../src/payments/gateway/sandbox/sandboxGateway';
import { TokenVault } from '../../src/payments/gateway/sandbox/tokenVault';
import { loadConfig } from '../../src/runtime/config';
import { startRuntime } from '../../src/runtime/runtime';
import type { JobRun } from '../../src/runtime/scheduler';
import { chargeDueSubscriptions, DEFAULT_RETRY_SCHEDULE } from '../../src/subscriptions';

/** The fixture's lease: a killed run's is taken over by a restart whose clock is past it (the test's +5 min). */
const FIXTURE_LEASE_TTL_MS = 60_000;

async function main() {
  const dataDir = process.env.DATA_DIR!;
  const job = process.env.JOB!;
  const now = new Date(process.env.CUBRE_TEST_NOW!);
  const clock = () => now;
  const logger = pino({ level: 'silent' });
  const gateway = new SandboxGateway(new TokenVault(), fileChargeJournal(dataDir));
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    PASSWORD_SCRYPT_N: '1024',
    ROLES: 'relay,projector',
  });
  const runtime = await startRuntime(config, logger, { clock, paymentGateway: gateway });
  const store = runtime.engines.eventStore;
  const head = await store.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'subscription-x' },
    undefined,
    300_000,
  );

  const recorder = runRecorder({
    eventStore: store,
    leases: jobLeases(store, clock, FIXTURE_LEASE_TTL_MS),
    clock,
    logger,
    schedulerId: `kill-test:${process.pid}`,
    renewEveryMs: 20_000,
  });
  const begun = await recorder.begin(job, { kind: 'cron' });
  if (!('run' in begun)) throw new Error(`${job} did not start: ${JSON.stringify(begun)}`);
  process.stdout.write(`run ${begun.run.runId}\n`);
  let done = 0;
  // The scheduler's own run (lease, JobRunProgressed…), and the test's view of it on stdout.
  const run: JobRun = {
    ...begun.run,
    setTotal: async (total) => {
      await begun.run.setTotal(total);
      process.stdout.write(`total ${total}\n`);
    },
    progress: async (finished, failed = 0) => {
      await begun.run.progress(finished, failed);
      done += finished;
      process.stdout.write(`progress ${done}\n`);
    },
    itemFailed: async (key, reason) => {
      await begun.run.itemFailed(key, reason);
      process.stdout.write(`failed ${key} ${reason}\n`);
    },
  };
  const deps = { eventStore: store, readStore: runtime.engines.readStore, clock, logger };
  if (job === 'charge-subscriptions') {
    await chargeDueSubscriptions({ ...deps, gateway, retrySchedule: DEFAULT_RETRY_SCHEDULE }, run);
  } else if (job === 'send-reminders') {
    await sendReminders({ ...deps, mail: runtime.mail.requester }, run);
  } else throw new Error(`JOB: ${job}`);
  await begun.finish();
  process.stdout.write('done\n');
  await runtime.stop();
  await gateway.close();
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
