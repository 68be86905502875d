/**
 * Test fixture of the charge-run kill test: the real runtime (embedded engines in DATA_DIR, the sandbox
 * gateway on its DATA_DIR journal) at the clock CUBRE_TEST_NOW, which waits for its read models to catch up,
 * runs the charge-subscriptions job once and exits. It prints `progress {done}` after each page and `done`.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { fileChargeJournal } from '../../src/payments/gateway/sandbox/chargeJournal';
import { SandboxGateway } from '../../src/payments/gateway/sandbox/sandboxGateway';
import { TokenVault } from '../../src/payments/gateway/sandbox/tokenVault';
import { loadConfig } from '../../src/runtime/config';
import { startRuntime } from '../../src/runtime/runtime';
import { chargeDueSubscriptions, DEFAULT_RETRY_SCHEDULE } from '../../src/subscriptions';

async function main() {
  const dataDir = process.env.DATA_DIR!;
  const now = new Date(process.env.CUBRE_TEST_NOW!);
  const clock = () => now;
  const logger = pino({ level: 'silent' });
  const gateway = new SandboxGateway(new TokenVault(), fileChargeJournal(dataDir));
  const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', PASSWORD_SCRYPT_N: '1024' });
  const runtime = await startRuntime(config, logger, { clock, paymentGateway: gateway });
  const head = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'subscription-x' },
    undefined,
    300_000,
  );
  let done = 0;
  await chargeDueSubscriptions(
    {
      eventStore: runtime.engines.eventStore,
      readStore: runtime.engines.readStore,
      gateway,
      clock,
      logger,
      retrySchedule: DEFAULT_RETRY_SCHEDULE,
    },
    {
      runId: randomUUID(),
      job: 'charge-subscriptions',
      startedAt: now,
      setTotal: async (total) => void process.stdout.write(`total ${total}\n`),
      progress: async (finished) => {
        done += finished;
        process.stdout.write(`progress ${done}\n`);
      },
      itemFailed: async (key, reason) => void process.stdout.write(`failed ${key} ${reason}\n`),
    },
  );
  process.stdout.write('done\n');
  await runtime.stop();
  await gateway.close();
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
