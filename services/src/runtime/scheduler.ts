import cron from 'node-cron';
import { randomUUID } from 'node:crypto';
import type { Logger } from '@cubre/platform/ports/logger';

/**
 * What a job reports while it runs. The scheduler records it (run started, items done in batches, run
 * finished) so the console shows each job's runs, items, failures and progress, and a run killed half-way
 * is seen as such. Progress is counts, never one event per item: a charge run covers a million
 * subscriptions. Exactly-once work is the job's own (idempotency keys per item), not this record's.
 */
export interface JobRun {
  readonly runId: string;
  readonly job: string;
  /** The scheduler's clock when the run started (tests move it). */
  readonly startedAt: Date;
  /** How many items this run will look at, once known. */
  setTotal(total: number): Promise<void>;
  /** Items finished since the last call: `done` succeeded, `failed` did not (the job retries those later). */
  progress(done: number, failed?: number): Promise<void>;
  /** One item that failed, with why (ids only, never personal data): shown in the console's run detail. */
  itemFailed(itemKey: string, reason: string): Promise<void>;
}

/** A recurring job. Jobs must be idempotent: two scheduler instances, or a restart mid-run, may both run one. */
export interface ScheduledJob {
  name: string;
  /** node-cron expression, evaluated in the job's time zone. */
  schedule: string;
  timeZone?: string;
  run(run: JobRun): Promise<void>;
}

export interface Scheduler {
  jobs(): string[];
  stop(): Promise<void>;
}

/** A run that records nothing: the recorder of runs as events replaces it (issue 15). */
function untrackedRun(job: string, startedAt: Date): JobRun {
  return {
    runId: randomUUID(),
    job,
    startedAt,
    setTotal: async () => {},
    progress: async () => {},
    itemFailed: async () => {},
  };
}

/**
 * The scheduler role: runs registered jobs on their cron schedules, never two runs of one job at once in
 * this process, and waits for running jobs when stopping. Domains register their jobs (charges, arrears
 * reminders) as they arrive; the platform itself has none.
 */
export function startScheduler(
  logger: Logger,
  jobs: ScheduledJob[],
  clock: () => Date = () => new Date(),
): Scheduler {
  const log = logger.child({ component: 'scheduler' });
  const running = new Map<string, Promise<void>>();
  const tasks = jobs.map((job) =>
    cron.schedule(
      job.schedule,
      () => {
        if (running.has(job.name)) {
          log.warn({ job: job.name }, 'previous run still going; skipped');
          return;
        }
        const started = Date.now();
        const run = job
          .run(untrackedRun(job.name, clock()))
          .then(() => log.info({ job: job.name, durationMs: Date.now() - started }, 'job done'))
          .catch((error) => log.error({ err: error, job: job.name }, 'job failed'))
          .finally(() => running.delete(job.name));
        running.set(job.name, run);
      },
      { timezone: job.timeZone ?? 'America/Santiago', name: job.name },
    ),
  );
  log.info({ jobs: jobs.map((job) => job.name) }, 'scheduler started');
  return {
    jobs: () => jobs.map((job) => job.name),
    async stop() {
      for (const task of tasks) await task.stop();
      await Promise.all(running.values());
    },
  };
}
