import { z } from 'zod';
import { JobName, JobRunStatus, RunId, TaskSource } from './runs';

/** One failed item of a run as the console's run detail lists it. */
export const FailedItem = z.object({ key: z.string(), reason: z.string() });

/**
 * The console's `job-runs` record (GET /api/admin/job-runs, /{id}: services/src/jobs/adminRoutes.ts builds
 * it). `failedItems` holds at most MAX_FAILED_ITEMS_KEPT; `failed` counts them all.
 */
export const JobRunRecord = z.object({
  id: RunId,
  job: JobName,
  schedulerId: z.string(),
  trigger: z.enum(['cron', 'manual']),
  /** Who pressed "Ejecutar ahora" (a user id), null for a cron run. */
  triggeredBy: z.string().nullable(),
  /** The seed's task source of the run (002-3.38): QPCRON for the cron, QPCLIENTS for a person's request. */
  source: TaskSource,
  status: JobRunStatus,
  errorKind: z.string().nullable(),
  total: z.number().int().nullable(),
  done: z.number().int(),
  failed: z.number().int(),
  failedItems: z.array(FailedItem),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
  revision: z.number().int(),
});
export type JobRunRecord = z.infer<typeof JobRunRecord>;

/** The console's `scheduler-jobs` record: a registered job, its schedule and its last run. */
export const SchedulerJobRecord = z.object({
  id: JobName,
  cron: z.string(),
  timeZone: z.string(),
  lastRun: JobRunRecord.omit({ failedItems: true }).nullable(),
  /** Who holds the job's lease now (a run going on somewhere), null when free or expired. */
  leasedBy: z.string().nullable(),
});
export type SchedulerJobRecord = z.infer<typeof SchedulerJobRecord>;

export const JobParams = z.strictObject({ name: JobName });
export const JobRunParams = z.strictObject({ runId: RunId });
