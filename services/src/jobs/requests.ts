import { randomUUID } from 'node:crypto';
import { JOB_RUN_REQUEST_CATEGORY, JobRunRequestedData } from '@cubre/schemas/jobs/runs';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { Scheduler } from '../runtime/scheduler';

export const requestStream = (job: string) => `${JOB_RUN_REQUEST_CATEGORY}-${job}`;

/**
 * Records "Ejecutar ahora" (`JobRunRequested` on `jobRunRequest-{job}`): the audit of who asked, and the
 * message a scheduler role in another process acts on. Returns the stream's position for read-your-writes.
 */
export async function requestRun(
  eventStore: EventStore,
  request: { job: string; runId: string; by: string },
  at: Date,
): Promise<number> {
  const data = JobRunRequestedData.parse(request);
  const appended = await eventStore.append(requestStream(request.job), [
    {
      id: randomUUID(),
      type: 'JobRunRequested',
      occurredAt: at.toISOString(),
      data,
      metadata: {
        correlationId: request.runId,
        causationId: null,
        actor: { kind: 'user', id: request.by },
      },
    },
  ]);
  return appended.globalPosition;
}

/**
 * The scheduler role's side of "Ejecutar ahora" when the api runs in another process: it reads each job's
 * request stream from where it was at start (older requests are not run again after a restart) every
 * `everyMs`, and runs each request under its run id. Two schedulers both see a request; the job's lease and
 * the run id (a run stream is started once) let one run it. A request for a job leased elsewhere is logged
 * and dropped: the api answered 409 for a job it saw busy, and a person asks again.
 */
export async function pollRunRequests(options: {
  eventStore: EventStore;
  scheduler: Scheduler;
  logger: Logger;
  everyMs: number;
}): Promise<{ stop(): void }> {
  const { eventStore, scheduler, logger } = options;
  const cursors = new Map<string, number>();
  for (const job of scheduler.jobs()) {
    const events = await eventStore.readStream(requestStream(job));
    cursors.set(job, events.length);
  }
  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      for (const job of scheduler.jobs()) {
        const events = await eventStore.readStream(requestStream(job), { fromRevision: cursors.get(job) });
        for (const event of events) {
          cursors.set(job, event.revision + 1);
          const request = JobRunRequestedData.parse(event.data);
          const result = await scheduler.runNow(job, request.by, request.runId);
          if ('busy' in result) logger.info({ job, runId: request.runId }, 'run request dropped: job busy');
        }
      }
    } catch (error) {
      logger.warn({ err: error }, 'run requests not read; next poll retries');
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(() => void poll(), options.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
