import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { principalOf, requirePermission } from '@cubre/platform/http/guard';
import { HttpProblem } from '@cubre/platform/http/problem';
import {
  allOf,
  idFilterOf,
  listRoute,
  pageOptions,
  parseListQuery,
  recordNotFound,
  sendPage,
  sortSpecOf,
  stringsOf,
  dateRangeOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import type { Filter, SortSpec } from '@cubre/platform/ports/readStore';
import { JOB_RUNS_COLLECTION, type JobRunDocument } from '@cubre/projections/jobs/projection';
import {
  JobParams,
  JobRunParams,
  type JobRunRecord,
  type SchedulerJobRecord,
} from '@cubre/schemas/jobs/adminRecords';
import { taskSourceOf } from '@cubre/schemas/jobs/runs';
import type { Scheduler } from '../runtime/scheduler';
import type { JobLeases, LeaseState } from './leases';
import { requestRun } from './requests';
import { runFinished } from './runs';

/** A registered job as the console lists it: its name, cron and time zone (runtime.ts registers them). */
export interface JobInfo {
  name: string;
  schedule: string;
  timeZone: string;
}

const NEWEST_FIRST: SortSpec = { startedAt: -1, _id: -1 };

export const jobRunRecordOf = (doc: JobRunDocument): JobRunRecord => {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest, source: taskSourceOf(doc.trigger) };
};

const listed = (filter: Record<string, unknown>, key: string): Filter => {
  const values = stringsOf(filter, key);
  return values ? { [key]: { $in: values } } : {};
};

const jobBusy = (name: string, holder: string) =>
  new HttpProblem(409, 'job-running', 'Trabajo en ejecución', `${name} ya se está ejecutando (${holder})`, [
    { field: 'name', rule: 'job_running', message: 'el trabajo ya se está ejecutando; espere que termine' },
  ]);

/**
 * The console's Programador (issue 15): `scheduler-jobs` (each registered job, its cron and time zone, its
 * last run and who holds it now) and `job-runs` (runs with their counts and failed items), `scheduler:read`;
 * "Ejecutar ahora" is `POST /api/admin/scheduler/jobs/{name}/runs` (`scheduler:run`), recorded as
 * `JobRunRequested` (audited) and run by this process's scheduler, or by a scheduler role elsewhere that
 * reads the request (requests.ts). 409 while a run of the job goes on anywhere (its lease is held).
 */
export function jobAdminRoutes(
  context: AppContext,
  options: { jobs: JobInfo[]; scheduler: Scheduler | null; leases: JobLeases },
): Router {
  const router = Router();
  const read = requirePermission(context, 'scheduler:read');
  const runs = () => context.readStore.collection<JobRunDocument>(JOB_RUNS_COLLECTION);
  const jobNamed = (name: string) => options.jobs.find((job) => job.name === name);

  /**
   * Who runs the job now, if anyone: the lease's holder, unless its run recorded its finish (it releases the
   * lease the next moment; the job is free, and "Ejecutar ahora" then starts, never a 409).
   */
  async function busyHolder(lease: LeaseState | null): Promise<string | undefined> {
    if (!options.leases.heldAt(lease, context.clock())) return undefined;
    return (await runFinished(context.eventStore, lease.runId)) ? undefined : lease.holder;
  }

  async function jobRecordOf(job: JobInfo): Promise<SchedulerJobRecord> {
    const [last] = await runs().find({ job: job.name }, { sort: NEWEST_FIRST, limit: 1 });
    const lease = await options.leases.current(job.name);
    let lastRun: SchedulerJobRecord['lastRun'] = null;
    if (last) {
      const { failedItems: _kept, ...summary } = jobRunRecordOf(last);
      lastRun = summary;
    }
    return {
      id: job.name,
      cron: job.schedule,
      timeZone: job.timeZone,
      lastRun,
      leasedBy: (await busyHolder(lease)) ?? null,
    };
  }

  router.get(
    '/api/admin/scheduler-jobs',
    read,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, { sortable: ['id'], filters: [] });
      const ids = stringsOf(query.filter, 'id');
      const jobs = options.jobs
        .filter((job) => !ids || ids.includes(job.name))
        .sort((a, b) => a.name.localeCompare(b.name) * (query.sort?.order === 'DESC' ? -1 : 1));
      const page = jobs.slice(query.range.start, query.range.end + 1);
      res.setHeader('Cache-Control', 'no-store');
      sendPage(res, 'scheduler-jobs', query, await Promise.all(page.map(jobRecordOf)), jobs.length);
    }),
  );

  router.get(
    '/api/admin/scheduler-jobs/:name',
    read,
    validated({ params: JobParams }, async ({ params }, _req, res) => {
      const job = jobNamed(params.name);
      if (!job) throw recordNotFound('scheduler-jobs', params.name);
      res.setHeader('Cache-Control', 'no-store');
      res.json(await jobRecordOf(job));
    }),
  );

  router.get(
    '/api/admin/job-runs',
    read,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: ['id', 'startedAt', 'finishedAt', 'status', 'job'],
        filters: ['job', 'status', 'trigger', 'startedAt_gte', 'startedAt_lte'],
      });
      const { filter } = query;
      const find = allOf(
        idFilterOf(filter),
        listed(filter, 'job'),
        listed(filter, 'status'),
        listed(filter, 'trigger'),
        dateRangeOf(filter, 'startedAt'),
      );
      const sort = query.sort ? sortSpecOf(query) : NEWEST_FIRST;
      const [rows, total] = await Promise.all([
        runs().find(find, { sort, ...pageOptions(query) }),
        runs().count(find),
      ]);
      res.setHeader('Cache-Control', 'no-store');
      sendPage(res, 'job-runs', query, rows.map(jobRunRecordOf), total);
    }),
  );

  router.get(
    '/api/admin/job-runs/:runId',
    read,
    validated({ params: JobRunParams }, async ({ params }, _req, res) => {
      const run = await runs().findOne({ _id: params.runId });
      if (!run) throw recordNotFound('job-runs', params.runId);
      res.setHeader('Cache-Control', 'no-store');
      res.json(jobRunRecordOf(run));
    }),
  );

  router.post(
    '/api/admin/scheduler/jobs/:name/runs',
    requirePermission(context, 'scheduler:run'),
    validated({ params: JobParams }, async ({ params }, _req, res) => {
      const job = jobNamed(params.name);
      if (!job) throw recordNotFound('scheduler-jobs', params.name);
      const holder = await busyHolder(await options.leases.current(job.name));
      if (holder !== undefined) throw jobBusy(job.name, holder);
      const runId = randomUUID();
      const by = principalOf(res).userId;
      await requestRun(context.eventStore, { job: job.name, runId, by }, context.clock());
      if (options.scheduler) {
        const result = await options.scheduler.runNow(job.name, by, runId);
        if ('busy' in result) throw jobBusy(job.name, result.busy);
      }
      res.setHeader('Location', `/api/admin/job-runs/${runId}`);
      res.status(202).json({ id: runId, job: job.name, status: options.scheduler ? 'running' : 'requested' });
    }),
  );
  return router;
}
