import pino from 'pino';
import { TASK_SOURCES, taskSourceOf } from '@cubre/schemas/jobs/runs';
import { jobLeases, runRecorder } from '@cubre/services/jobs';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { JobRunRecord, SchedulerJobRecord } from '@cubre/schemas/jobs/adminRecords';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { listQuery, rulesOf, signIn, type Session } from '../identity/support';

/**
 * The console's Programador over HTTP (issue 15): the registered jobs with their cron and last run, the
 * runs with their counts, "Ejecutar ahora" (scheduler:run, audited, 409 while the job runs anywhere) run
 * by the embedded runtime's scheduler role, and the permissions (scheduler:read to see).
 */
let runtime: TestRuntime;
let admin: Session;
let now = new Date();
beforeAll(async () => {
  // A cron that never fires during the test (runs come from "Ejecutar ahora"), shown as configured.
  runtime = await startTestRuntime(
    { SCHEDULER_ID: 'scheduler-test', RECONCILE_PAYMENTS_CRON: '30 4 1 1 *' },
    { clock: () => now },
  );
  admin = await signIn(runtime.url, 'admin@demo.cl');
});
afterAll(async () => {
  await runtime.dispose();
});

/** The run as the console reads it once it is no longer running (the projection follows the events). */
async function finishedRun(runId: string): Promise<JobRunRecord> {
  for (;;) {
    const response = await admin.get(`/api/admin/job-runs/${runId}`);
    if (response.status === 200) {
      const run = JobRunRecord.parse(await json(response));
      if (run.status !== 'running') return run;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test('"Ejecutar ahora" runs reconcile-payments in the scheduler role: 202 with the run, which shows finished in job-runs and as the job\'s last run, and the request is audited', async () => {
  const jobs = await admin.get(`/api/admin/scheduler-jobs${listQuery({ range: [0, 24] })}`);
  expect(jobs.status).toBe(200);
  const listed = (await json(jobs)).map((row: unknown) => SchedulerJobRecord.parse(row));
  expect(listed.find((job: SchedulerJobRecord) => job.id === 'reconcile-payments')).toMatchObject({
    cron: '30 4 1 1 *',
    timeZone: 'America/Santiago',
  });

  const asked = await admin.post('/api/admin/scheduler/jobs/reconcile-payments/runs', {});
  expect(asked.status).toBe(202);
  const { id } = await json(asked);
  expect(asked.headers.get('location')).toBe(`/api/admin/job-runs/${id}`);
  const run = await finishedRun(id);
  expect(run).toMatchObject({
    job: 'reconcile-payments',
    status: 'succeeded',
    trigger: 'manual',
    triggeredBy: admin.user.id,
    // 002-3.38: a run a person asked for from a client is a QPCLIENTS task.
    source: 'QPCLIENTS',
    schedulerId: 'scheduler-test',
    failedItems: [],
  });
  const job = SchedulerJobRecord.parse(
    await json(await admin.get('/api/admin/scheduler-jobs/reconcile-payments')),
  );
  expect(job.lastRun).toMatchObject({ id, status: 'succeeded' });
  expect(job.leasedBy).toBeNull();

  const ofJob = await admin.get(
    `/api/admin/job-runs${listQuery({ filter: { job: 'reconcile-payments', status: 'succeeded', trigger: 'manual' } })}`,
  );
  expect((await json(ofJob)).map((row: { id: string }) => row.id)).toContain(id);
  const none = await admin.get(`/api/admin/job-runs${listQuery({ filter: { status: 'abandoned' } })}`);
  expect(await json(none)).toEqual([]);

  const audit = await json(
    await admin.get(`/api/admin/audit${listQuery({ filter: { category: 'jobRunRequest' } })}`),
  );
  expect(audit).toEqual([
    expect.objectContaining({
      type: 'JobRunRequested',
      actor: { kind: 'user', id: admin.user.id },
      data: expect.objectContaining({ job: 'reconcile-payments', runId: id }),
    }),
  ]);
});

test('409 while another scheduler process holds the job, and the run goes once its lease expires by the clock', async () => {
  const leases = jobLeases(runtime.engines.eventStore, () => now, 60_000);
  const taken = await leases.take('reconcile-payments', 'scheduler-elsewhere', crypto.randomUUID());
  expect(taken.taken).toBe(true);
  const busy = await admin.post('/api/admin/scheduler/jobs/reconcile-payments/runs', {});
  expect(busy.status).toBe(409);
  expect(await rulesOf(busy)).toEqual(['job_running']);
  expect(
    SchedulerJobRecord.parse(await json(await admin.get('/api/admin/scheduler-jobs/reconcile-payments')))
      .leasedBy,
  ).toBe('scheduler-elsewhere');

  now = new Date(now.getTime() + 60_000);
  const asked = await admin.post('/api/admin/scheduler/jobs/reconcile-payments/runs', {});
  expect(asked.status).toBe(202);
  expect((await finishedRun((await json(asked)).id)).status).toBe('succeeded');
});

test('"Ejecutar ahora" right after a run finished, its lease not released yet, starts the next run (202), not a 409', async () => {
  // Another scheduler process whose lease release is held back: its run is recorded finished, the console
  // shows it so (the button is enabled), and the release has not landed.
  let letRelease!: () => void;
  const releaseHeld = new Promise<void>((resolve) => (letRelease = resolve));
  const store = runtime.engines.eventStore;
  const held: EventStore = Object.create(store, {
    append: {
      value: (async (streamId, events, options) => {
        if (events[0]?.type === 'JobLeaseReleased') await releaseHeld;
        return store.append(streamId, events, options);
      }) satisfies EventStore['append'],
    },
  });
  const elsewhere = runRecorder({
    eventStore: held,
    leases: jobLeases(held, () => now, 60_000),
    clock: () => now,
    logger: pino({ level: 'silent' }),
    schedulerId: 'scheduler-elsewhere',
    renewEveryMs: 20_000,
  });
  now = new Date(now.getTime() + 1000);
  const begun = await elsewhere.begin('reconcile-payments', { kind: 'cron' });
  if (!('run' in begun)) throw new Error(`not started: ${JSON.stringify(begun)}`);
  const finishing = begun.finish();
  expect((await finishedRun(begun.run.runId)).status).toBe('succeeded');
  const job = SchedulerJobRecord.parse(
    await json(await admin.get('/api/admin/scheduler-jobs/reconcile-payments')),
  );
  expect(job.leasedBy).toBeNull();

  const asked = await admin.post('/api/admin/scheduler/jobs/reconcile-payments/runs', {});
  expect(asked.status).toBe(202);
  const next = await finishedRun((await json(asked)).id);
  expect(next).toMatchObject({ status: 'succeeded', schedulerId: 'scheduler-test' });
  letRelease();
  await finishing;
  // The late release was the old run's: it was refused, and the lease's last word is the next run's own
  // release. That release follows the next run's recorded finish (which the console showed above), so it
  // may still be on its way: wait for a release (a wrongly accepted late one would show the old run's id).
  const leases = jobLeases(store, () => now, 60_000);
  let after = await leases.current('reconcile-payments');
  while (!after?.released) {
    await new Promise((resolve) => setImmediate(resolve));
    after = await leases.current('reconcile-payments');
  }
  expect(after).toMatchObject({ runId: next.id, released: true });
});

test('scheduler:read sees the jobs and runs but needs scheduler:run to run one; without scheduler:read nothing', async () => {
  const backoffice = await signIn(runtime.url, 'backoffice@demo.cl');
  expect((await backoffice.get('/api/admin/scheduler-jobs')).status).toBe(200);
  expect((await backoffice.get('/api/admin/job-runs')).status).toBe(200);
  const refused = await backoffice.post('/api/admin/scheduler/jobs/reconcile-payments/runs', {});
  expect(refused.status).toBe(403);
  expect(refused.headers.get('content-type')).toContain('application/problem+json');
  const supervisor = await signIn(runtime.url, 'supervisor@demo.cl');
  expect((await supervisor.get('/api/admin/scheduler-jobs')).status).toBe(403);
  expect((await supervisor.get('/api/admin/job-runs')).status).toBe(403);
});

test('an unknown job or run is a 404, a malformed name or filter a 400 naming it', async () => {
  expect((await admin.post('/api/admin/scheduler/jobs/no-such-job/runs', {})).status).toBe(404);
  expect((await admin.get('/api/admin/scheduler-jobs/no-such-job')).status).toBe(404);
  expect((await admin.get(`/api/admin/job-runs/${crypto.randomUUID()}`)).status).toBe(404);
  const badName = await admin.post('/api/admin/scheduler/jobs/NO_SUCH/runs', {});
  expect(badName.status).toBe(400);
  const badDate = await admin.get(`/api/admin/job-runs${listQuery({ filter: { startedAt_gte: 'ayer' } })}`);
  expect(badDate.status).toBe(400);
  expect(await rulesOf(badDate)).toEqual(['format']);
});

test('002-3.38 task sources are QPCRON, QPCLIENTS, QPOPTIMIZE: the cron starts QPCRON tasks, a person QPCLIENTS ones', () => {
  expect(TASK_SOURCES).toEqual(['QPCRON', 'QPCLIENTS', 'QPOPTIMIZE']);
  expect(taskSourceOf('cron')).toBe('QPCRON');
  expect(taskSourceOf('manual')).toBe('QPCLIENTS');
});

describe('a job on its cron schedule', () => {
  let cronRuntime: TestRuntime;
  beforeAll(async () => {
    // node-cron's six-field form: every second, so the schedule itself fires within the test.
    cronRuntime = await startTestRuntime({
      SCHEDULER_ID: 'scheduler-cron',
      CHARGE_SUBSCRIPTIONS_CRON: '* * * * * *',
    });
  });
  afterAll(async () => {
    await cronRuntime.dispose();
  });

  test("issue 15 the charge run fires on its configured cron in the scheduler role, in Chile's time zone, recorded as a cron run (a QPCRON task) with nobody asking", async () => {
    const staff = await signIn(cronRuntime.url, 'admin@demo.cl');
    const jobs = (
      await json(await staff.get(`/api/admin/scheduler-jobs${listQuery({ range: [0, 24] })}`))
    ).map((row: unknown) => SchedulerJobRecord.parse(row));
    expect(jobs.find((job: SchedulerJobRecord) => job.id === 'charge-subscriptions')).toMatchObject({
      cron: '* * * * * *',
      timeZone: 'America/Santiago',
    });
    const query = listQuery({ filter: { job: 'charge-subscriptions', trigger: 'cron' } });
    let runs: JobRunRecord[] = [];
    // Fires each second; a run seen within a few is the schedule's (nobody asked: no manual trigger here).
    for (let tries = 0; tries < 200 && runs.length === 0; tries++) {
      runs = (await json(await staff.get(`/api/admin/job-runs${query}`))).map((row: unknown) =>
        JobRunRecord.parse(row),
      );
      if (runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(runs.length).toBeGreaterThan(0);
    expect(runs[0]).toMatchObject({
      job: 'charge-subscriptions',
      trigger: 'cron',
      triggeredBy: null,
      source: 'QPCRON',
      schedulerId: 'scheduler-cron',
    });
  });
});
