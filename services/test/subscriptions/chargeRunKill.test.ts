import { join } from 'node:path';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { eventIdFor } from '@cubre/platform/commands/eventIds';
import { fileChargeJournal } from '@cubre/services/payments/gateway/sandbox/chargeJournal';
import { subscriptionIdOf, subscriptionStream } from '@cubre/services/subscriptions/subscriptionDecider';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { bundleFixture, spawnFixture } from '../support/fixtureProcess';

/**
 * Issue 15, the scheduler's crash window: a process charging 10,000 due subscriptions (half on a card that
 * declines every later charge) is SIGKILLed in the middle of the run, with a page's charges in flight; a
 * restart after the killed run's lease expired takes the job over and resumes where it stopped. Then the
 * same for the reminder run over the 5,000 arrears that made. Every due subscription is charged exactly once
 * (the sandbox, whose records live in DATA_DIR like a provider's, counts each subscription's charges), every
 * period recorded once, and every mora_1 requested and recorded exactly once.
 */
const SUBSCRIPTIONS = 10_000;
const DECLINING = SUBSCRIPTIONS / 2;
const NOW = '2027-04-01T12:00:00Z';
/** The restart's clock: past the fixture's 60 s lease, the same day. */
const RESTART = '2027-04-01T12:05:00Z';

type Job = 'charge-subscriptions' | 'send-reminders';

/** Runs the fixture's job at `now`; with `killAt`, SIGKILLs it once it reported that many items done. */
function runJob(script: string, dataDir: string, job: Job, now: string, killAt?: number) {
  const child = spawnFixture(script, {
    DATA_DIR: dataDir,
    CUBRE_TEST_NOW: now,
    JOB: job,
    LOG_LEVEL: 'silent',
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

/**
 * Subscriptions due on NOW's day, written as the purchase writes them, with their sandbox subscriptions: the
 * odd ones on the card that starts declining (insufficient funds, a soft decline: count 0, mora_1).
 */
async function seed(dataDir: string): Promise<string[]> {
  const store = openSqliteEventStore({ dataDir });
  const journal = fileChargeJournal(dataDir);
  const ids: string[] = [];
  // Appended a chunk at a time, so the store commits each chunk as a group.
  let appends: Promise<unknown>[] = [];
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    if (appends.length === 500) {
      await Promise.all(appends);
      appends = [];
    }
    const saleId = eventIdFor('kill-test-sale', i);
    const subscriptionId = subscriptionIdOf(saleId);
    ids.push(subscriptionId);
    journal.saveSubscription({
      id: `sub_kill_${i}`,
      active: true,
      laterCharges: i % 2 === 1 ? { code: '021', message: 'Fondos insuficientes' } : null,
      charges: 1,
    });
    appends.push(
      store.append(
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
      ),
    );
  }
  await Promise.all(appends);
  await store.close();
  journal.close();
  return ids;
}

const numbers = (stdout: string, word: string) =>
  [...stdout.matchAll(new RegExp(`^${word} (\\S+)$`, 'gm'))].map((match) => match[1]!);

/** Kills a run of `job` once `killAt` items are done, restarts it later, and checks what each run did. */
async function killAndResume(script: string, dataDir: string, job: Job, killAt: number, due: number) {
  const killed = await runJob(script, dataDir, job, NOW, killAt);
  expect([killed.exit, killed.stderr]).toEqual(['SIGKILL', '']);
  expect(killed.stdout).not.toMatch(/^done$/m);
  expect(numbers(killed.stdout, 'total').map(Number)).toEqual([due]);
  const doneBeforeKill = Math.max(...numbers(killed.stdout, 'progress').map(Number));
  expect(doneBeforeKill).toBeGreaterThanOrEqual(killAt);
  expect(doneBeforeKill).toBeLessThan(due);

  const finished = await runJob(script, dataDir, job, RESTART);
  expect([finished.exit, finished.stderr]).toEqual([0, '']);
  expect(finished.stdout).toMatch(/^done$/m);
  expect(finished.stdout).not.toMatch(/^failed /m);
  // It resumed: what the killed run finished is not due any more (its commits in flight may still be).
  const [resumedTotal] = numbers(finished.stdout, 'total').map(Number);
  expect(resumedTotal).toBeLessThanOrEqual(due - doneBeforeKill);
  expect(resumedTotal).toBeGreaterThan(0);
  return { killedRun: numbers(killed.stdout, 'run')[0]!, finishedRun: numbers(finished.stdout, 'run')[0]! };
}

test('a charge run and a reminder run over 10,000 subscriptions, each SIGKILLed mid-run and run again, charge each once and send each mora_1 (002-4.17) once', async () => {
  const dir = tempDataDir();
  try {
    const ids = await seed(dir.path);
    const script = bundleFixture(join(__dirname, 'chargeRunProcess.ts'));
    const charge = await killAndResume(script, dir.path, 'charge-subscriptions', 3_000, SUBSCRIPTIONS);
    const remind = await killAndResume(script, dir.path, 'send-reminders', 1_500, DECLINING);

    // The sandbox charged each subscription once (its purchase counted as the first).
    const journal = fileChargeJournal(dir.path);
    const charges = Array.from(
      { length: SUBSCRIPTIONS },
      (_, i) => journal.subscription(`sub_kill_${i}`)!.charges,
    );
    journal.close();
    expect(charges.filter((count) => count !== 2)).toEqual([]);

    const store = openSqliteEventStore({ dataDir: dir.path });
    const events = await store.readAll({ after: 0, maxCount: 1_000_000 });
    await store.close();
    const ofType = (type: string) => events.filter((event) => event.type === type);
    const streamsOf = (type: string) => new Set(ofType(type).map((event) => event.streamId));
    const paying = ids.filter((_, i) => i % 2 === 0).map(subscriptionStream);
    const declining = ids.filter((_, i) => i % 2 === 1).map(subscriptionStream);

    // Each period recorded once on its subscription, paid or declined, and on its one recurrent payment.
    expect(ofType('SubscriptionPeriodCharged').length).toBe(SUBSCRIPTIONS - DECLINING);
    expect(streamsOf('SubscriptionPeriodCharged')).toEqual(new Set(paying));
    expect(ofType('SubscriptionChargeDeclined').length).toBe(DECLINING);
    expect(streamsOf('SubscriptionChargeDeclined')).toEqual(new Set(declining));
    expect(ofType('RecurrentPaymentProcessed').length).toBe(SUBSCRIPTIONS - DECLINING);
    expect(ofType('RecurrentPaymentAttemptStarted').length).toBe(SUBSCRIPTIONS);

    // 002-4.17: every declining contract's mora_1 requested once and recorded once.
    const mails = ofType('MailRequested').map((event) => (event.data as { key: string }).key);
    expect(mails.length).toBe(DECLINING);
    expect(new Set(mails).size).toBe(DECLINING);
    expect(mails.every((key) => key.startsWith('arrears:') && key.endsWith(':mora_1'))).toBe(true);
    expect(ofType('ArrearsReminderSent').length).toBe(DECLINING);
    expect(streamsOf('ArrearsReminderSent').size).toBe(DECLINING);

    // The runs as the console shows them: each killed run abandoned by the restart that took its lease over,
    // after recording its items done; each restart finished.
    for (const { killedRun, finishedRun } of [charge, remind]) {
      const killed = events.filter((event) => event.streamId === `jobRun-${killedRun}`);
      expect(killed[0]!.type).toBe('JobRunStarted');
      expect(
        killed.some(
          (event) => event.type === 'JobRunProgressed' && (event.data as { done: number }).done > 0,
        ),
      ).toBe(true);
      expect(killed[killed.length - 1]!.type).toBe('JobRunAbandoned');
      const finished = events.filter((event) => event.streamId === `jobRun-${finishedRun}`);
      expect(finished[finished.length - 1]).toMatchObject({
        type: 'JobRunFinished',
        data: { outcome: 'succeeded', failed: 0 },
      });
    }
  } finally {
    dir.remove();
  }
}, 1_200_000);
