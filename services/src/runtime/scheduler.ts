import cron from 'node-cron';
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

/** The time zone of a job that names none: Chile's, the first edition's. */
export const DEFAULT_JOB_TIME_ZONE = 'America/Santiago';

/** Why a run starts: its cron, or a person's "Ejecutar ahora" (their user id). */
export type RunTrigger = { kind: 'cron' } | { kind: 'manual'; by: string };

/**
 * Where runs are recorded and who may run a job now (services/src/jobs: events and a lease in the event
 * store, so of two scheduler processes one runs a job at a time). `begin` answers the run to hand the job,
 * or why it did not start: another scheduler holds the job's lease, or that run id already ran.
 */
export interface RunRecorder {
  begin(
    job: string,
    trigger: RunTrigger,
    runId?: string,
  ): Promise<
    | { run: JobRun; finish(error?: unknown): Promise<void> }
    | { leasedBy: string; runId: string }
    | { alreadyRan: string }
  >;
}

/** What "Ejecutar ahora" got: the run started (its id), the job is busy (who holds it), or no such job. */
export type RunNowResult = { started: string } | { busy: string } | { unknown: true };

export interface Scheduler {
  jobs(): string[];
  /** Runs a job now, outside its cron, if no scheduler runs it already (`runId`: a request's). */
  runNow(name: string, by: string, runId?: string): Promise<RunNowResult>;
  stop(): Promise<void>;
}

/**
 * The scheduler role: runs registered jobs on their cron schedules and on request, records each run
 * (`recorder`), never two runs of one job at once in this process nor, through the recorder's lease, across
 * processes; waits for running jobs when stopping. Domains register their jobs (charges, arrears reminders)
 * as they arrive in runtime.ts.
 */
export function startScheduler(
  logger: Logger,
  jobs: ScheduledJob[],
  /** The contract's clock (issue 15): runs are stamped by the recorder's, which runtime.ts gives the same one. */
  _clock: () => Date,
  recorder: RunRecorder,
): Scheduler {
  const log = logger.child({ component: 'scheduler' });
  /** Runs going on here; `finishing` once the job's work is over and only its record and release remain. */
  const running = new Map<string, { runId: string; done: Promise<void>; finishing: boolean }>();
  const byName = new Map(jobs.map((job) => [job.name, job]));

  /** Starts a run of `job` unless one is going here or elsewhere; resolves once it started (or not). */
  async function start(job: ScheduledJob, trigger: RunTrigger, runId?: string): Promise<RunNowResult> {
    const here = running.get(job.name);
    if (here && runId !== undefined && here.runId === runId) return { started: here.runId };
    if (here?.finishing) {
      // Its work is over and it is being recorded: "Ejecutar ahora" right then waits for it, not a 409.
      await here.done;
      return start(job, trigger, runId);
    }
    if (here) return { busy: 'this-process' };
    // Claimed before the first await, so two ticks of this process never both ask for the lease.
    let release!: () => void;
    const claim = {
      runId: runId ?? '',
      done: new Promise<void>((resolve) => (release = resolve)),
      finishing: false,
    };
    running.set(job.name, claim);
    let launched = false;
    try {
      const begun = await recorder.begin(job.name, trigger, runId);
      if ('leasedBy' in begun) {
        log.info({ job: job.name, leasedBy: begun.leasedBy }, 'job leased by another scheduler; skipped');
        // The holder runs this very request (another scheduler saw it first): it started.
        return begun.runId === runId ? { started: begun.runId } : { busy: begun.leasedBy };
      }
      if ('alreadyRan' in begun) return { started: begun.alreadyRan };
      claim.runId = begun.run.runId;
      const started = Date.now();
      const done = job
        .run(begun.run)
        .finally(() => (claim.finishing = true))
        .then(
          () => begun.finish(),
          (error) => {
            log.error({ err: error, job: job.name }, 'job failed');
            return begun.finish(error);
          },
        )
        .then(() => log.info({ job: job.name, durationMs: Date.now() - started }, 'job done'))
        .catch((error) => log.error({ err: error, job: job.name }, 'job run not recorded'))
        .finally(() => {
          running.delete(job.name);
          release();
        });
      claim.done = done;
      launched = true;
      return { started: begun.run.runId };
    } catch (error) {
      log.error({ err: error, job: job.name }, 'job could not start');
      throw error;
    } finally {
      if (!launched) {
        running.delete(job.name);
        release();
      }
    }
  }

  const tasks = jobs.map((job) =>
    cron.schedule(
      job.schedule,
      () => {
        if (running.has(job.name)) {
          log.warn({ job: job.name }, 'previous run still going; skipped');
          return;
        }
        start(job, { kind: 'cron' }).catch(() => {});
      },
      { timezone: job.timeZone ?? DEFAULT_JOB_TIME_ZONE, name: job.name },
    ),
  );
  log.info({ jobs: jobs.map((job) => job.name) }, 'scheduler started');
  return {
    jobs: () => jobs.map((job) => job.name),
    runNow(name, by, runId) {
      const job = byName.get(name);
      if (!job) return Promise.resolve({ unknown: true });
      return start(job, { kind: 'manual', by }, runId);
    },
    async stop() {
      for (const task of tasks) await task.stop();
      await Promise.all([...running.values()].map((run) => run.done));
    },
  };
}
