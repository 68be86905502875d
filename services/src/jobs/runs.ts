import { randomUUID } from 'node:crypto';
import {
  JOB_RUN_CATEGORY,
  JobRunAbandonedData,
  JobRunFinishedData,
  JobRunItemFailedData,
  type JobRunProgressedData,
  JobRunStartedData,
  MAX_FAILED_ITEMS_KEPT,
  type JobTrigger,
} from '@cubre/schemas/jobs/runs';
import type { z } from 'zod';
import { isWrongExpectedRevision, type EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { JobRun } from '../runtime/scheduler';
import type { JobLeases, LeaseState } from './leases';

export const runStream = (runId: string) => `${JOB_RUN_CATEGORY}-${runId}`;

/** A run being recorded: the job reports through `run`, the scheduler calls `finish` once. */
export interface RecordedRun {
  run: JobRun;
  finish(error?: unknown): Promise<void>;
}

/** Why a run did not start: another scheduler holds the job (for `runId`), or that run id already ran. */
export type NotStarted = { leasedBy: string; runId: string } | { alreadyRan: string };

export interface RunRecorderOptions {
  eventStore: EventStore;
  leases: JobLeases;
  clock: () => Date;
  logger: Logger;
  /** This scheduler process (host and pid by default). */
  schedulerId: string;
  /** Least time between two progress events of a run (real time: the clock is the business's). */
  progressIntervalMs?: number;
  /** How often a running job renews its lease (real time), well under the lease's life. */
  renewEveryMs: number;
}

type RunEvent =
  | { type: 'JobRunStarted'; data: z.infer<typeof JobRunStartedData> }
  | { type: 'JobRunProgressed'; data: z.infer<typeof JobRunProgressedData> }
  | { type: 'JobRunItemFailed'; data: z.infer<typeof JobRunItemFailedData> }
  | { type: 'JobRunFinished'; data: z.infer<typeof JobRunFinishedData> }
  | { type: 'JobRunAbandoned'; data: z.infer<typeof JobRunAbandonedData> };

/**
 * Records the scheduler's runs as events (`jobRun-{runId}`), one run of a job at a time across scheduler
 * processes (the job's lease). A run starts only under the lease; taking a lease its holder never released
 * (the holder died: it expired) marks that holder's run abandoned first. Progress is counts, written at
 * most once per `progressIntervalMs` however often the job reports; failed items are kept up to
 * MAX_FAILED_ITEMS_KEPT per run (the counts keep growing past it).
 */
export function runRecorder(options: RunRecorderOptions) {
  const { eventStore, leases, clock, logger, schedulerId } = options;
  const progressIntervalMs = options.progressIntervalMs ?? 1000;

  const eventOf = (runId: string, event: RunEvent) => ({
    id: randomUUID(),
    type: event.type,
    occurredAt: clock().toISOString(),
    data: event.data,
    metadata: {
      correlationId: runId,
      causationId: null,
      actor: { kind: 'system' as const, id: schedulerId },
    },
  });

  /** The run of an expired, unreleased lease, if its stream says it never finished. */
  async function markAbandoned(previous: LeaseState): Promise<void> {
    const events = await eventStore.readStream(runStream(previous.runId));
    const last = events[events.length - 1];
    if (!last || last.type === 'JobRunFinished' || last.type === 'JobRunAbandoned') return;
    const data = JobRunAbandonedData.parse({
      runId: previous.runId,
      detectedBy: schedulerId,
      leaseExpiredAt: previous.until.toISOString(),
    });
    try {
      await eventStore.append(
        runStream(previous.runId),
        [eventOf(previous.runId, { type: 'JobRunAbandoned', data })],
        { expectedRevision: last.revision },
      );
      logger.warn({ runId: previous.runId, holder: previous.holder }, 'job run abandoned by its scheduler');
    } catch (error) {
      // It wrote meanwhile: alive after all, and its own finish will say how it ended.
      if (!isWrongExpectedRevision(error)) throw error;
    }
  }

  return {
    async begin(
      job: string,
      trigger: JobTrigger,
      requestedRunId?: string,
    ): Promise<RecordedRun | NotStarted> {
      const runId = requestedRunId ?? randomUUID();
      let lease = await leases.take(job, schedulerId, runId);
      // Its holder's run recorded its finish and is about to release it (the console already shows the run
      // ended): the job is free, so "Ejecutar ahora" right after a run does not meet a lease on its way out.
      if (!lease.taken && (await runFinished(eventStore, lease.runId))) {
        lease = await leases.take(job, schedulerId, runId, lease.runId);
      }
      if (!lease.taken) return { leasedBy: lease.holder, runId: lease.runId };
      if (lease.previous && !lease.previous.released) await markAbandoned(lease.previous);
      const startedAt = clock();
      const started = JobRunStartedData.parse({
        runId,
        job,
        schedulerId,
        trigger,
        startedAt: startedAt.toISOString(),
      });
      try {
        await eventStore.append(
          runStream(runId),
          [eventOf(runId, { type: 'JobRunStarted', data: started })],
          {
            expectedRevision: 'no_stream',
          },
        );
      } catch (error) {
        await leases.release(job, schedulerId, runId);
        // A request seen by two schedulers: the first ran it.
        if (isWrongExpectedRevision(error)) return { alreadyRan: runId };
        throw error;
      }
      return recording(job, runId, startedAt);
    },
  };

  function recording(job: string, runId: string, startedAt: Date): RecordedRun {
    let total: number | null = null;
    let done = 0;
    let failed = 0;
    let kept = 0;
    let lastFlush = 0;
    let lost = false;
    // Appends of one run go one after the other, in the order the job reported.
    let chain: Promise<unknown> = Promise.resolve();
    const append = (event: RunEvent) => {
      const next = chain.then(() =>
        eventStore.append(runStream(runId), [eventOf(runId, event)], { expectedRevision: 'stream_exists' }),
      );
      chain = next.catch(() => {});
      return next.then(() => {});
    };
    const flush = () => {
      lastFlush = Date.now();
      return append({ type: 'JobRunProgressed', data: { runId, total, done, failed } });
    };
    const renew = async () => {
      if (lost) return;
      if (!(await leases.renew(job, schedulerId, runId))) {
        lost = true;
        logger.warn({ job, runId }, 'job lease lost (expired and taken over): the run goes on, idempotent');
      }
    };
    const renewer = setInterval(() => {
      renew().catch((error) => logger.warn({ err: error, job, runId }, 'job lease renewal failed'));
    }, options.renewEveryMs);
    renewer.unref();

    const run: JobRun = {
      runId,
      job,
      startedAt,
      async setTotal(count) {
        total = count;
        await flush();
      },
      async progress(succeeded, failures = 0) {
        done += succeeded;
        failed += failures;
        // A total counted at the start may be passed (the charge run catching up a subscription behind by
        // more than a period charges it once per period): the total follows what was done, never below it.
        if (total !== null && done + failed > total) total = done + failed;
        if (Date.now() - lastFlush >= progressIntervalMs) await flush();
      },
      async itemFailed(key, reason) {
        if (kept >= MAX_FAILED_ITEMS_KEPT) return;
        kept++;
        const data = JobRunItemFailedData.parse({
          runId,
          key: key.slice(0, 200),
          reason: reason.slice(0, 500),
        });
        await append({ type: 'JobRunItemFailed', data });
      },
    };
    return {
      run,
      async finish(error?: unknown) {
        clearInterval(renewer);
        const data = JobRunFinishedData.parse({
          runId,
          outcome: error === undefined ? 'succeeded' : 'failed',
          errorKind: error === undefined ? null : errorKindOf(error),
          total,
          done,
          failed,
          finishedAt: clock().toISOString(),
        });
        await append({ type: 'JobRunFinished', data });
        await leases.release(job, schedulerId, runId);
      },
    };
  }
}

export type RunRecorder = ReturnType<typeof runRecorder>;

/** Whether a run recorded its finish (its stream's last word is `JobRunFinished`). */
export async function runFinished(eventStore: EventStore, runId: string): Promise<boolean> {
  const events = await eventStore.readStream(runStream(runId));
  return events[events.length - 1]?.type === 'JobRunFinished';
}

/** The kind of error that ended a run: its class or code, never its message (which may carry data). */
function errorKindOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return (typeof code === 'string' ? `${error.name}:${code}` : error.name).slice(0, 120);
  }
  return typeof error;
}
