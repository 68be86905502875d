import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { eventIdFor } from '@cubre/platform/commands/eventIds';
import { fileChargeJournal } from '@cubre/services/payments/gateway/sandbox/chargeJournal';
import { subscriptionIdOf, subscriptionStream } from '@cubre/services/subscriptions/subscriptionDecider';
import { tempDataDir } from '../../platform/test/support/tempDir';

/**
 * Issue 15, the charge run's crash window: a process charging a few thousand due subscriptions is SIGKILLed
 * in the middle of the run, between some gateway answer and its record; a restart runs the job again. Every
 * due subscription is charged exactly once (the sandbox, whose records live in DATA_DIR like a provider's,
 * counts each subscription's charges), and every period is recorded paid once.
 */
const SUBSCRIPTIONS = 2_000;
const NOW = '2027-04-01T12:00:00Z';
const ROOT = join(__dirname, '../../..');

function bundle(): string {
  const cache = join(ROOT, 'node_modules/.cache/cubre-fixtures');
  mkdirSync(cache, { recursive: true });
  const outfile = join(mkdtempSync(join(cache, 'charge-run-')), 'chargeRunProcess.js');
  buildSync({
    entryPoints: [join(__dirname, 'chargeRunProcess.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    tsconfig: join(ROOT, 'tsconfig.json'),
    absWorkingDir: ROOT,
    logLevel: 'error',
  });
  return outfile;
}

/** Runs the fixture; with `killAt`, SIGKILLs it once it reported that many subscriptions done. */
function chargeRun(script: string, dataDir: string, killAt?: number) {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, CUBRE_TEST_NOW: NOW, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const progress = [...stdout.matchAll(/progress (\d+)/g)].map((match) => Number(match[1]));
    if (killAt !== undefined && progress.some((done) => done >= killAt)) child.kill('SIGKILL');
  });
  return new Promise<{ exit: number | NodeJS.Signals; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ exit: signal ?? code ?? 0, stdout, stderr })),
  );
}

/** Subscriptions due on NOW's day, written as the purchase writes them, with their sandbox subscriptions. */
async function seed(dataDir: string): Promise<string[]> {
  const store = openSqliteEventStore({ dataDir });
  const journal = fileChargeJournal(dataDir);
  const ids: string[] = [];
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    const saleId = eventIdFor('kill-test-sale', i);
    const subscriptionId = subscriptionIdOf(saleId);
    ids.push(subscriptionId);
    journal.saveSubscription({ id: `sub_kill_${i}`, active: true, laterCharges: null, charges: 1 });
    await store.append(
      subscriptionStream(subscriptionId),
      [
        {
          id: eventIdFor(`kill-test-subscription:${i}`, 0),
          type: 'SubscriptionCreated',
          occurredAt: '2027-03-10T15:00:00.000Z',
          data: {
            subscriptionId,
            saleId,
            firstPaymentId: eventIdFor('kill-test-payment', i),
            country: 'CL',
            locale: 'es',
            product: { code: 'VIDA-L', name: 'Vida', organization: { code: 'ORG', name: 'Org' } },
            buyer: { nombre: 'Camila Rojas', email: 'camila.rojas@example.com' },
            amount: { amount: 15000, currency: 'CLP' },
            method: 'tdc',
            provider: 'kushki_ad',
            gateway: 'sandbox',
            gatewaySubscriptionId: `sub_kill_${i}`,
            operationDay: 25,
            startedOn: '2027-03-10',
            firstPeriod: '2027-03',
            nextOperationDate: '2027-04-01',
          },
          metadata: {
            correlationId: 'kill-test',
            causationId: null,
            actor: { kind: 'system', id: 'kill-test' },
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  }
  await store.close();
  journal.close();
  return ids;
}

test('a charge run SIGKILLed mid-run and run again charges every due subscription exactly once', async () => {
  const dir = tempDataDir();
  try {
    const ids = await seed(dir.path);
    const script = bundle();
    const killed = await chargeRun(script, dir.path, 600);
    expect([killed.exit, killed.stderr]).toEqual(['SIGKILL', '']);
    expect(killed.stdout).not.toContain('done');

    const finished = await chargeRun(script, dir.path);
    expect([finished.exit, finished.stderr]).toEqual([0, '']);
    expect(finished.stdout).toContain('done');
    expect(finished.stdout).not.toContain('failed');

    // The sandbox charged each subscription once (its purchase counted as the first).
    const journal = fileChargeJournal(dir.path);
    const charges = Array.from(
      { length: SUBSCRIPTIONS },
      (_, i) => journal.subscription(`sub_kill_${i}`)!.charges,
    );
    journal.close();
    expect(charges.filter((count) => count !== 2)).toEqual([]);

    // Each period recorded paid once, on the subscription and on its one recurrent payment.
    const store = openSqliteEventStore({ dataDir: dir.path });
    const events = await store.readAll({ after: 0, maxCount: 1_000_000 });
    await store.close();
    const charged = events.filter((event) => event.type === 'SubscriptionPeriodCharged');
    expect(charged.length).toBe(SUBSCRIPTIONS);
    expect(new Set(charged.map((event) => event.streamId)).size).toBe(SUBSCRIPTIONS);
    expect(new Set(charged.map((event) => event.streamId))).toEqual(new Set(ids.map(subscriptionStream)));
    expect(events.filter((event) => event.type === 'RecurrentPaymentProcessed').length).toBe(SUBSCRIPTIONS);
    expect(events.filter((event) => event.type === 'RecurrentPaymentAttemptStarted').length).toBe(
      SUBSCRIPTIONS,
    );
  } finally {
    dir.remove();
  }
}, 600_000);
