import { randomUUID } from 'node:crypto';
import { arrearsMailKey } from '@cubre/schemas/arrears';
import { ArrearsDetail, ArrearsRecord } from '@cubre/schemas/arrears';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { listQuery, sessionOf, signIn, type Session } from '../identity/support';
import type { ObservedQuery } from '@cubre/platform/adapters/sqlite/readStore/collection';
import type { SqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import { reminderHarness } from './support/reminderHarness';
import { subscriptionWriter } from './support/subscriptionEvents';

/**
 * The console's `arrears` resource (issue 15) over real HTTP: the list and its filters, a contract's
 * timeline, and staff's manual "send again", audited, once per Idempotency-Key and never making the job
 * send a stage twice.
 */
let runtime: TestRuntime;
const clock = () => new Date();
let harness: ReturnType<typeof reminderHarness>;
let admin: Session;
let backoffice: Session;
let executive: Session;

beforeAll(async () => {
  runtime = await startTestRuntime({ REMINDERS_CRON: '0 0 1 1 *' }, { clock });
  harness = reminderHarness(runtime, clock);
  admin = await signIn(runtime.url, 'admin@demo.cl');
  backoffice = await signIn(runtime.url, 'backoffice@demo.cl');
  executive = await signIn(runtime.url, 'ejecutivo@demo.cl');
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
});

const writer = (email?: string) => subscriptionWriter(runtime.engines.eventStore, clock, email);

/** A contract at an overdue count, its declines written one by one as the charge run does. */
async function overdue(count: number, options: { country?: 'CL' | 'PE'; period?: string } = {}) {
  const sub = writer();
  await sub.created(
    options.country === 'PE' ? { country: 'PE', amount: { amount: 4990, currency: 'PEN' } } : {},
  );
  for (let n = 0; n <= count; n++) await sub.declined(options.period ?? '2026-11', n);
  return sub;
}

const resend = (session: Session, id: string, key: string | null, body: object = {}) =>
  session.post(`/api/admin/arrears/${id}/recordatorios`, body, key ? { 'Idempotency-Key': key } : {});

async function list(filter: object): Promise<ArrearsRecord[]> {
  await harness.settled();
  const response = await admin.get(`/api/admin/arrears${listQuery({ filter, range: [0, 999] })}`);
  expect(response.status).toBe(200);
  return (await json(response)) as ArrearsRecord[];
}

describe('console arrears resource', () => {
  test('002-4.17 permissions: 401 without a session, 403 without arrears:read or arrears:send-reminder', async () => {
    const sub = await overdue(0);
    await harness.settled();
    const anonymous = sessionOf(runtime.url, '', admin.user);
    expect((await anonymous.get('/api/admin/arrears')).status).toBe(401);
    expect((await resend(anonymous, sub.id, randomUUID())).status).toBe(401);
    expect((await executive.get('/api/admin/arrears')).status).toBe(403);
    expect((await executive.get(`/api/admin/arrears/${sub.id}`)).status).toBe(403);
    // Back office reads arrears but does not send mails.
    expect((await backoffice.get(`/api/admin/arrears/${sub.id}`)).status).toBe(200);
    const refused = await resend(backoffice, sub.id, randomUUID());
    expect(refused.status).toBe(403);
    expect(await harness.mailsAbout(sub.id)).toEqual([]);
  });

  test('002-4.17 filters by stage, overdue count range, country and date, each answered with its records', async () => {
    const early = await overdue(0);
    const middle = await overdue(5);
    const peru = await overdue(9, { country: 'PE' });
    await harness.run();
    const ids = (rows: ArrearsRecord[]) => rows.map((row) => row.id);
    const all = await list({});
    for (const row of all) ArrearsRecord.parse(row);
    expect(ids(all)).toEqual(expect.arrayContaining([early.id, middle.id, peru.id]));
    const mora2 = ids(await list({ stage: 'mora_2' }));
    expect(mora2).toContain(middle.id);
    expect(mora2).not.toContain(early.id);
    expect(mora2).not.toContain(peru.id);
    const between = ids(await list({ overdueCount_gte: 4, overdueCount_lte: 8 }));
    expect(between).toContain(middle.id);
    expect(between).not.toContain(early.id);
    expect(between).not.toContain(peru.id);
    expect(ids(await list({ country: 'PE' }))).toEqual(expect.arrayContaining([peru.id]));
    expect(ids(await list({ country: 'PE' }))).not.toContain(early.id);
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await list({ since_gte: today, since_lte: today }))).toEqual(
      expect.arrayContaining([early.id, middle.id, peru.id]),
    );
    expect(await list({ since_lte: '2000-01-01' })).toEqual([]);
    // Bad filters are a 400 naming the field and the rule.
    const badStage = await admin.get(`/api/admin/arrears${listQuery({ filter: { stage: 'mora_9' } })}`);
    expect(badStage.status).toBe(400);
    expect(await json(badStage)).toMatchObject({ errors: [{ field: 'filter.stage', rule: 'enum' }] });
    const badCount = await admin.get(`/api/admin/arrears${listQuery({ filter: { overdueCount_gte: -1 } })}`);
    expect(badCount.status).toBe(400);
    expect(await json(badCount)).toMatchObject({ errors: [{ field: 'filter.overdueCount_gte' }] });
  });

  test('002-4.17 a contract shows its timeline: charges, declines and reminders from the events', async () => {
    const sub = writer();
    await sub.created();
    await sub.declined('2026-11', 0);
    await harness.run();
    await sub.charged('2026-11');
    await harness.settled();
    const response = await admin.get(`/api/admin/arrears/${sub.id}`);
    expect(response.status).toBe(200);
    const detail = ArrearsDetail.parse(await json(response));
    expect(detail).toMatchObject({
      inArrears: false,
      stage: 'mora_1',
      saleState: 'OK',
      buyer: { nombre: 'Ana Pérez' },
    });
    expect(detail.timeline.map((entry) => [entry.kind, entry.template ?? entry.period])).toEqual([
      ['subscribed', null],
      ['declined', '2026-11'],
      ['reminder', 'mora_1'],
      ['charged', '2026-11'],
    ]);
    expect(detail.timeline[1]).toMatchObject({ overdueCount: 0, detail: 'CODE004', actor: 'system' });
    expect((await admin.get(`/api/admin/arrears/${randomUUID()}`)).status).toBe(404);
  });

  test('002-4.17 a manual send before the job takes the stage key: the job then sends nothing, and it is audited', async () => {
    const sub = await overdue(0);
    const sent = await resend(admin, sub.id, randomUUID(), { reason: 'El cliente pidió el aviso' });
    expect(sent.status).toBe(201);
    expect(await json(sent)).toMatchObject({
      stage: 'mora_1',
      lastReminder: { template: 'mora_1', manual: true },
    });
    await harness.run();
    expect(await harness.mailsAbout(sub.id)).toEqual([
      expect.objectContaining({ template: 'mora_1', key: arrearsMailKey(sub.id, '2026-11', 'mora_1') }),
    ]);
    const audit = await json(
      await admin.get(`/api/admin/audit${listQuery({ filter: { streamId: `arrears-${sub.id}` } })}`),
    );
    expect(audit).toEqual([
      expect.objectContaining({
        type: 'ArrearsReminderResent',
        actor: { kind: 'user', id: admin.user.id },
        data: expect.objectContaining({
          stage: 'mora_1',
          takesAutomatic: true,
          reason: 'El cliente pidió el aviso',
        }),
      }),
    ]);
  });

  test('002-4.17 a manual send after the job goes under its own key, once per Idempotency-Key', async () => {
    const sub = await overdue(4);
    await harness.run();
    const key = randomUUID();
    expect((await resend(admin, sub.id, key)).status).toBe(201);
    const again = await resend(admin, sub.id, key);
    expect(again.status).toBe(200);
    expect((await resend(admin, sub.id, randomUUID())).status).toBe(201);
    await harness.run();
    const mails = await harness.mailsAbout(sub.id);
    expect(mails.map((mail) => mail.template)).toEqual(['mora_2', 'mora_2', 'mora_2']);
    expect(new Set(mails.map((mail) => mail.key)).size).toBe(3);
    expect(mails[0]!.key).toBe(arrearsMailKey(sub.id, '2026-11', 'mora_2'));
    const timeline = ArrearsDetail.parse(
      await json(await admin.get(`/api/admin/arrears/${sub.id}`)),
    ).timeline;
    expect(timeline.filter((entry) => entry.kind === 'manual_reminder')).toHaveLength(2);
  });

  test('002-4.17 a manual send is refused clearly without an Idempotency-Key, for a contract not overdue, or unknown', async () => {
    const sub = await overdue(0);
    const noKey = await resend(admin, sub.id, null);
    expect(noKey.status).toBe(400);
    expect(await json(noKey)).toMatchObject({ errors: [{ field: 'Idempotency-Key', rule: 'required' }] });
    await sub.charged('2026-11');
    const paid = await resend(admin, sub.id, randomUUID());
    expect(paid.status).toBe(409);
    expect(await json(paid)).toMatchObject({ errors: [expect.objectContaining({ rule: 'not_overdue' })] });
    expect((await resend(admin, randomUUID(), randomUUID())).status).toBe(404);
    const badBody = await resend(admin, sub.id, randomUUID(), { reason: 12 });
    expect(badBody.status).toBe(400);
    expect(await json(badBody)).toMatchObject({ errors: [expect.objectContaining({ field: 'reason' })] });
    expect(await harness.mailsAbout(sub.id)).toEqual([]);
  });

  test('002-4.17 every read of the list, its filters and sorts, and of the reminder job is served by an index', async () => {
    await overdue(2);
    await harness.settled();
    const seen: ObservedQuery[] = [];
    const store = runtime.engines.readStore as SqliteReadStore;
    const stop = store.observeQueries((query) => seen.push(query));
    const filters: object[] = [
      {},
      { stage: 'mora_1' },
      { stage: ['none', 'mora_2'] },
      { country: 'CL' },
      { inArrears: true },
      { overdueCount_gte: 1, overdueCount_lte: 5 },
      { since_gte: '2026-01-01', since_lte: '2030-01-01' },
      { id: [randomUUID()] },
    ];
    for (const filter of filters) {
      for (const sort of [
        undefined,
        ['since', 'ASC'],
        ['overdueCount', 'DESC'],
        ['updatedAt', 'DESC'],
      ] as const) {
        const response = await admin.get(
          `/api/admin/arrears${listQuery({ filter, range: [0, 9], sort: sort ? [...sort] : undefined })}`,
        );
        expect(response.status).toBe(200);
      }
    }
    await harness.run();
    stop();
    const scans: string[] = [];
    const ours = seen.filter((query) => ['arrears', 'resumeContracting'].includes(query.collection));
    for (const query of new Map(ours.map((query) => [JSON.stringify(query), query])).values()) {
      const plan = await store
        .collection(query.collection)
        .explain(query.filter, { ...query.options, operation: query.operation });
      if (plan.fullScan)
        scans.push(`${query.collection}.${query.operation}(${JSON.stringify(query.filter)})`);
    }
    expect(ours.length).toBeGreaterThan(20);
    expect(scans).toEqual([]);
  });
});
