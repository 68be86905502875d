import { z } from 'zod';
import { eventOf } from '../events';

/**
 * The scheduler's job runs as events (issue 15). Streams:
 * - `jobRun-{runId}`: one run, started → progressed (batched counts) → item failures (bounded) → finished
 *   or abandoned (its scheduler died and its lease expired);
 * - `jobLease-{job}`: who runs a job now, appended with the expected revision so two scheduler processes
 *   never both take it; every event carries the whole lease, so its last event is the lease;
 * - `jobRunRequest-{job}`: "Ejecutar ahora" from the console, for a scheduler role in another process.
 */
export const JOB_RUN_CATEGORY = 'jobRun';
export const JOB_LEASE_CATEGORY = 'jobLease';
export const JOB_RUN_REQUEST_CATEGORY = 'jobRunRequest';
export const JOBS_CATEGORIES = [JOB_RUN_CATEGORY, JOB_LEASE_CATEGORY, JOB_RUN_REQUEST_CATEGORY] as const;

/** A job's name as the scheduler registers it (`reconcile-payments`). */
export const JobName = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z][a-z0-9-]*$/, 'el nombre de un trabajo va en minúsculas, cifras y guiones');
export const RunId = z.uuid({ error: 'el identificador de una ejecución es un UUID' });

/** Why a run started: its cron, or a person's "Ejecutar ahora" (their user id, never an e-mail). */
export const JobTrigger = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('cron') }),
  z.strictObject({ kind: z.literal('manual'), by: z.string().min(1).max(200) }),
]);
export type JobTrigger = z.infer<typeof JobTrigger>;

/**
 * The seed's task sources (002-3.38): QPCRON for what the scheduler's cron starts, QPCLIENTS for a run a
 * person asked for from a client (the console's "Ejecutar ahora"), QPOPTIMIZE for optimisation tasks (none
 * of the product's jobs is one yet).
 */
export const TASK_SOURCES = ['QPCRON', 'QPCLIENTS', 'QPOPTIMIZE'] as const;
export const TaskSource = z.enum(TASK_SOURCES);
export type TaskSource = z.infer<typeof TaskSource>;
export const taskSourceOf = (trigger: JobTrigger['kind']): TaskSource =>
  trigger === 'cron' ? 'QPCRON' : 'QPCLIENTS';

export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed', 'abandoned'] as const;
export const JobRunStatus = z.enum(JOB_RUN_STATUSES);
export type JobRunStatus = z.infer<typeof JobRunStatus>;

/** Failed items kept per run (the console's detail); past it only the count grows. */
export const MAX_FAILED_ITEMS_KEPT = 100;

const Count = z.number().int().nonnegative();

export const JobRunStartedData = z.strictObject({
  runId: RunId,
  job: JobName,
  /** The scheduler process that ran it (host and pid, or a test's name). */
  schedulerId: z.string().min(1).max(200),
  trigger: JobTrigger,
  startedAt: z.iso.datetime({ offset: true }),
});
export const JobRunStarted = eventOf('JobRunStarted', JobRunStartedData);

/** Counts so far (cumulative, not deltas: a lost or repeated event never skews them). */
export const JobRunProgressedData = z.strictObject({
  runId: RunId,
  total: Count.nullable(),
  done: Count,
  failed: Count,
});
export const JobRunProgressed = eventOf('JobRunProgressed', JobRunProgressedData);

export const JobRunItemFailedData = z.strictObject({
  runId: RunId,
  /** The item's id (a subscription's, a payment's): ids only, never personal data. */
  key: z.string().min(1).max(200),
  reason: z.string().min(1).max(500),
});
export const JobRunItemFailed = eventOf('JobRunItemFailed', JobRunItemFailedData);

export const JobRunFinishedData = z.strictObject({
  runId: RunId,
  outcome: z.enum(['succeeded', 'failed']),
  /** What kind of error ended a failed run (the error's name), null when it succeeded. */
  errorKind: z.string().max(120).nullable(),
  total: Count.nullable(),
  done: Count,
  failed: Count,
  finishedAt: z.iso.datetime({ offset: true }),
});
export const JobRunFinished = eventOf('JobRunFinished', JobRunFinishedData);

/** A run whose scheduler stopped before finishing it, found when another took the expired lease. */
export const JobRunAbandonedData = z.strictObject({
  runId: RunId,
  /** The scheduler that found it. */
  detectedBy: z.string().min(1).max(200),
  leaseExpiredAt: z.iso.datetime({ offset: true }),
});
export const JobRunAbandoned = eventOf('JobRunAbandoned', JobRunAbandonedData);

/** The lease of a job: who holds it, for which run, until when (by the scheduler's clock). */
export const JobLeaseData = z.strictObject({
  job: JobName,
  holder: z.string().min(1).max(200),
  runId: RunId,
  until: z.iso.datetime({ offset: true }),
});
export const JobLeaseTaken = eventOf('JobLeaseTaken', JobLeaseData);
export const JobLeaseRenewed = eventOf('JobLeaseRenewed', JobLeaseData);
export const JobLeaseReleased = eventOf('JobLeaseReleased', JobLeaseData);

/** "Ejecutar ahora" for a scheduler role in another process: it runs the job under this run id. */
export const JobRunRequestedData = z.strictObject({
  job: JobName,
  runId: RunId,
  by: z.string().min(1).max(200),
});
export const JobRunRequested = eventOf('JobRunRequested', JobRunRequestedData);
