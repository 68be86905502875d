import { randomUUID } from 'node:crypto';
import { mailRequester } from '@cubre/services/mail';
import { sendReminders } from '@cubre/services/arrears';
import type { MailRequester } from '@cubre/schemas/mail/mailRequest';
import { arrearsMailKey } from '@cubre/schemas/arrears';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { reminderHarness } from './support/reminderHarness';
import { subscriptionWriter } from './support/subscriptionEvents';
import { ONE_PERSON } from '../payments/support/purchaseFixture';

/**
 * The `send-reminders` job (issue 15) on the real runtime's stores: arrears stages by overdue count
 * (002-4.17) and resume-contracting reminders (002-4.18), each mail requested once through the
 * MailRequester whatever reruns, and recorded on the contract's or sale's reminder stream.
 */
let runtime: TestRuntime;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let harness: ReturnType<typeof reminderHarness>;
const DAY = 86_400_000;

beforeAll(async () => {
  // The job runs when the test says: its cron is one that never fires in a test.
  runtime = await startTestRuntime({ REMINDERS_CRON: '0 0 1 1 *' }, { clock });
  await loadLeadsCatalogue(runtime);
  harness = reminderHarness(runtime, clock);
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
});
afterEach(() => {
  offsetMs = 0;
});

const writer = () => subscriptionWriter(runtime.engines.eventStore, clock);
const templates = async (id: string) => (await harness.mailsAbout(id)).map((mail) => mail.template);

describe('arrears reminders (002-4.17)', () => {
  test('002-4.17 overdue counts 0, 4 and 8 send mora_1, mora_2 and mora_3, each once', async () => {
    const sub = writer();
    await sub.created();
    await sub.declined('2026-11', 0);
    await harness.run();
    expect(await harness.mailsAbout(sub.id)).toEqual([
      { template: 'mora_1', key: arrearsMailKey(sub.id, '2026-11', 'mora_1'), to: 'ana.perez@example.com' },
    ]);
    for (const count of [1, 2, 3]) await sub.declined('2026-11', count);
    await harness.run();
    expect(await templates(sub.id)).toEqual(['mora_1']);
    await sub.declined('2026-12', 4);
    await harness.run();
    expect(await templates(sub.id)).toEqual(['mora_1', 'mora_2']);
    for (const count of [5, 6, 7, 8]) await sub.declined('2026-12', count);
    await harness.run();
    await harness.run();
    expect(await templates(sub.id)).toEqual(['mora_1', 'mora_2', 'mora_3']);
    // Each stage is on the contract's stream once, with the episode (the period that started it).
    const recorded = await runtime.engines.eventStore.readStream(`arrears-${sub.id}`);
    expect(recorded.map((event) => [event.type, event.data.stage, event.data.episode])).toEqual([
      ['ArrearsReminderSent', 'mora_1', '2026-11'],
      ['ArrearsReminderSent', 'mora_2', '2026-11'],
      ['ArrearsReminderSent', 'mora_3', '2026-11'],
    ]);
    expect(await harness.arrearsOf(sub.id)).toMatchObject({
      stage: 'mora_3',
      overdueCount: 8,
      pending: false,
      nextAction: null,
      saleState: 'OVERDUE',
    });
  });

  test('002-4.17 a subscription that skips a count (3 → 5) still gets mora_2, once', async () => {
    const sub = writer();
    await sub.created();
    await sub.declined('2026-11', 0);
    await harness.run();
    await sub.declined('2026-11', 3);
    await sub.declined('2026-12', 5);
    await harness.run();
    await sub.declined('2026-12', 6);
    await harness.run();
    expect(await templates(sub.id)).toEqual(['mora_1', 'mora_2']);
  });

  test('002-4.17 the next action says what the job does next: mora_2 at count 4, on the next attempt', async () => {
    const sub = writer();
    await sub.created();
    await sub.declined('2026-11', 0, '2026-11-08');
    expect(await harness.arrearsOf(sub.id)).toMatchObject({
      stage: 'none',
      pending: true,
      nextAction: { template: 'mora_1', due: true, atOverdueCount: 0 },
    });
    await harness.run();
    expect(await harness.arrearsOf(sub.id)).toMatchObject({
      stage: 'mora_1',
      pending: false,
      lastReminder: { template: 'mora_1', manual: false },
      nextAction: { template: 'mora_2', due: false, atOverdueCount: 4, expectedOn: '2026-11-08' },
    });
  });

  test('002-4.17 exactly once under a rerun and two concurrent runs', async () => {
    const subs = Array.from({ length: 6 }, writer);
    for (const sub of subs) {
      await sub.created();
      await sub.declined('2026-11', 0);
    }
    const reports = await Promise.all([harness.run(), harness.run()]);
    await harness.run();
    for (const sub of subs) expect(await templates(sub.id)).toEqual(['mora_1']);
    expect(reports.every((report) => report.failed === 0)).toBe(true);
    // Between them the two runs recorded each contract's stage once.
    expect(reports[0]!.sent + reports[1]!.sent).toBe(subs.length);
    for (const sub of subs) {
      expect(await runtime.engines.eventStore.readStream(`arrears-${sub.id}`)).toHaveLength(1);
    }
  });

  test('002-4.17 a run stopped after requesting the mail records the stage next run without a second mail', async () => {
    const sub = writer();
    await sub.created();
    await sub.declined('2026-11', 0);
    // What a run that died right after asking for the mail left behind: the mail, and no record.
    const mail = mailRequester(runtime.engines.eventStore, clock);
    const key = arrearsMailKey(sub.id, '2026-11', 'mora_1');
    await mail.request(
      {
        key,
        to: { email: 'ana.perez@example.com' },
        template: 'mora_1',
        locale: 'es',
        country: 'CL',
        data: {},
        subject: { kind: 'subscription', id: sub.id },
      },
      { actor: { kind: 'system', id: 'send-reminders' }, correlationId: 'killed-run', causationId: null },
    );
    const report = await harness.run();
    expect(report.failed).toBe(0);
    expect(await templates(sub.id)).toEqual(['mora_1']);
    expect((await runtime.engines.eventStore.readStream(`arrears-${sub.id}`)).map((e) => e.type)).toEqual([
      'ArrearsReminderSent',
    ]);
  });

  test('002-4.17 a paid period ends the episode: the next arrears start at mora_1 again, under their own key', async () => {
    const sub = writer();
    await sub.created();
    await sub.declined('2026-11', 0);
    await harness.run();
    await sub.charged('2026-11');
    await harness.run();
    expect(await harness.arrearsOf(sub.id)).toMatchObject({
      inArrears: false,
      overdueCount: null,
      nextAction: null,
    });
    await sub.declined('2027-01', 0);
    await harness.run();
    expect((await harness.mailsAbout(sub.id)).map((mail) => mail.key)).toEqual([
      arrearsMailKey(sub.id, '2026-11', 'mora_1'),
      arrearsMailKey(sub.id, '2027-01', 'mora_1'),
    ]);
  });

  test('002-4.17 a contract cancelled on request is not chased; one whose retries ran out gets the stage it reached', async () => {
    const requested = writer();
    await requested.created();
    await requested.declined('2026-11', 0);
    await requested.cancelled('requested');
    const exhausted = writer();
    await exhausted.created();
    await exhausted.declined('2026-11', 0);
    await harness.run();
    for (const count of [1, 2, 3, 4, 5, 6, 7]) await exhausted.declined('2026-11', count);
    await exhausted.declined('2026-12', 8, null);
    await exhausted.cancelled('retries_exhausted');
    await harness.run();
    expect(await templates(requested.id)).toEqual([]);
    expect(await templates(exhausted.id)).toEqual(['mora_1', 'mora_3']);
  });
});

describe('the job report (issue 15: setTotal, progress, itemFailed)', () => {
  test('002-4.17 a run reports its total and progress; an item that fails is named by id and sent by the next run', async () => {
    const failing = writer();
    const fine = writer();
    for (const sub of [failing, fine]) {
      await sub.created();
      await sub.declined('2026-11', 0);
    }
    await harness.settled();
    // The real requester, made to refuse the failing contract's mail once (the SMTP side is not the job's).
    const real = mailRequester(runtime.engines.eventStore, clock);
    let refusals = 1;
    const flaky: MailRequester = {
      request: async (mail, metadata) => {
        if (mail.subject.id === failing.id && refusals-- > 0) throw new Error('store unavailable');
        return real.request(mail, metadata);
      },
    };
    const report = { total: 0, done: 0, failed: 0, failures: [] as string[] };
    await sendReminders(
      { ...harness.deps, mail: flaky },
      {
        runId: 'run-1',
        setTotal: async (total) => {
          report.total = total;
        },
        progress: async (done, failed = 0) => {
          report.done += done;
          report.failed += failed;
        },
        itemFailed: async (key, reason) => {
          report.failures.push(`${key} ${reason}`);
        },
      },
    );
    expect(report.total).toBeGreaterThanOrEqual(2);
    expect(report.done + report.failed).toBe(report.total);
    expect(report.failed).toBe(1);
    // Ids and the error's kind only: never the address.
    expect(report.failures).toEqual([`${failing.id} Error`]);
    expect(await templates(failing.id)).toEqual([]);
    expect(await templates(fine.id)).toEqual(['mora_1']);
    const next = await harness.run();
    expect(next.failed).toBe(0);
    expect(await templates(failing.id)).toEqual(['mora_1']);
    expect(await templates(fine.id)).toEqual(['mora_1']);
  });
});

describe('resume-contracting reminders (002-4.18)', () => {
  const BUYER = {
    nombre: 'Pedro Soto',
    rut: '11.111.111-1',
    email: 'pedro.soto@example.com',
    telefono: '+56 9 1234 5678',
  };
  async function startedSale(): Promise<string> {
    const started = await postJson(`${runtime.url}/api/compra-online/ventas`, {
      session: randomUUID(),
      productCode: 'VIDA-L',
      profile: ONE_PERSON,
      ...BUYER,
    });
    expect(started.status).toBe(201);
    return (await json(started)).id as string;
  }

  test('002-4.18 a sale left unpaid gets retomar_contratacion_1, _2 and _3 one, three and seven days later, once each', async () => {
    const saleId = await startedSale();
    await harness.run();
    expect(await templates(saleId)).toEqual([]);
    offsetMs = DAY + 60_000;
    await harness.run();
    await harness.run();
    expect(await templates(saleId)).toEqual(['retomar_contratacion_1']);
    offsetMs = 2 * DAY;
    await harness.run();
    expect(await templates(saleId)).toEqual(['retomar_contratacion_1']);
    offsetMs = 3 * DAY + 60_000;
    await harness.run();
    offsetMs = 7 * DAY + 60_000;
    await harness.run();
    offsetMs = 12 * DAY;
    await harness.run();
    expect(await harness.mailsAbout(saleId)).toEqual([
      { template: 'retomar_contratacion_1', key: `resume:${saleId}:retomar_contratacion_1`, to: BUYER.email },
      { template: 'retomar_contratacion_2', key: `resume:${saleId}:retomar_contratacion_2`, to: BUYER.email },
      { template: 'retomar_contratacion_3', key: `resume:${saleId}:retomar_contratacion_3`, to: BUYER.email },
    ]);
  });

  test('002-4.18 after the job was down the latest reminder due goes alone, and a paid sale gets none', async () => {
    const late = await startedSale();
    const paid = await startedSale();
    const tokenized = await postJson(`${runtime.url}/api/sandbox-gateway/tokens`, {
      card: {
        name: 'Pedro Soto',
        number: '5451951574925480',
        expiryMonth: '12',
        expiryYear: '30',
        cvv: '123',
      },
      totalAmount: (await json(await fetch(`${runtime.url}/api/compra-online/ventas/${paid}`))).amount.amount,
      currency: 'CLP',
    });
    const pay = await postJson(
      `${runtime.url}/api/compra-online/ventas/${paid}/pagos`,
      { token: (await json(tokenized)).token },
      { 'Idempotency-Key': randomUUID() },
    );
    expect((await json(pay)).payment.state).toBe('OK');
    offsetMs = 4 * DAY;
    await harness.run();
    expect(await templates(late)).toEqual(['retomar_contratacion_2']);
    expect(await templates(paid)).toEqual([]);
  });
});
