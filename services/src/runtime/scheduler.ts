import cron from 'node-cron';
import type { Logger } from '@cubre/platform/ports/logger';

/** A recurring job. Jobs must be idempotent: two scheduler instances, or a restart mid-run, may both run one. */
export interface ScheduledJob {
  name: string;
  /** node-cron expression, evaluated in the job's time zone. */
  schedule: string;
  timeZone?: string;
  run(): Promise<void>;
}

export interface Scheduler {
  jobs(): string[];
  stop(): Promise<void>;
}

/**
 * The scheduler role: runs registered jobs on their cron schedules, never two runs of one job at once in
 * this process, and waits for running jobs when stopping. Domains register their jobs (charges, arrears
 * reminders) as they arrive; the platform itself has none.
 */
export function startScheduler(logger: Logger, jobs: ScheduledJob[]): Scheduler {
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
          .run()
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
