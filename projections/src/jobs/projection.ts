import { JOB_RUN_CATEGORY, type JobRunStatus } from '@cubre/schemas/jobs/runs';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';

export const JOBS_PROJECTION = 'jobs';
// Collection names are identifiers (the operators' read-model dump accepts no hyphen); the resource is job-runs.
export const JOB_RUNS_COLLECTION = 'jobRuns';

/** One run of a scheduled job, as the console's Programador lists it. */
export type JobRunDocument = {
  [key: string]: unknown;
  _id: string;
  job: string;
  schedulerId: string;
  trigger: 'cron' | 'manual';
  triggeredBy: string | null;
  status: JobRunStatus;
  errorKind: string | null;
  total: number | null;
  done: number;
  failed: number;
  failedItems: { key: string; reason: string }[];
  startedAt: string;
  finishedAt: string | null;
  updatedAt: string;
  revision: number;
};

type Data = Record<string, unknown>;
const count = (value: unknown) => (typeof value === 'number' ? value : 0);
const total = (value: unknown) => (typeof value === 'number' ? value : null);

/** What each event sets (or pushes) on its run; the writer validated every payload with zod. */
function changeOf(event: ProjectionEvent): { $set: Data; $push?: Data } | null {
  const data = event.data as Data;
  switch (event.type) {
    case 'JobRunStarted': {
      const trigger = data.trigger as { kind: 'cron' | 'manual'; by?: string };
      return {
        $set: {
          job: data.job,
          schedulerId: data.schedulerId,
          trigger: trigger.kind,
          triggeredBy: trigger.by ?? null,
          status: 'running',
          errorKind: null,
          total: null,
          done: 0,
          failed: 0,
          failedItems: [],
          startedAt: data.startedAt,
          finishedAt: null,
        },
      };
    }
    case 'JobRunProgressed':
      return { $set: { total: total(data.total), done: count(data.done), failed: count(data.failed) } };
    case 'JobRunItemFailed':
      return { $set: {}, $push: { failedItems: { key: data.key, reason: data.reason } } };
    case 'JobRunFinished':
      return {
        $set: {
          status: data.outcome,
          errorKind: data.errorKind ?? null,
          total: total(data.total),
          done: count(data.done),
          failed: count(data.failed),
          finishedAt: data.finishedAt,
        },
      };
    case 'JobRunAbandoned':
      // A finish recorded after all (a stalled run that came back) wins: it is what happened.
      return { $set: { status: 'abandoned', finishedAt: data.leaseExpiredAt } };
    default:
      return null;
  }
}

/**
 * Runs of the scheduler's jobs (issue 15) for the console's `job-runs` and `scheduler-jobs` (a job's last
 * run is the newest of its runs). Each run follows its own stream, guarded by the stream revision.
 */
export const jobsProjection: Projection = {
  name: JOBS_PROJECTION,
  categories: [JOB_RUN_CATEGORY],
  collections: [JOB_RUNS_COLLECTION],
  async setup(store) {
    const runs = store.collection<JobRunDocument>(JOB_RUNS_COLLECTION);
    await runs.createIndex({ startedAt: -1, _id: -1 });
    for (const field of ['job', 'status', 'trigger']) {
      await runs.createIndex({ [field]: 1, startedAt: -1, _id: -1 });
    }
    await runs.createIndex({ job: 1, status: 1, startedAt: -1, _id: -1 });
    await runs.createIndex({ finishedAt: -1, _id: 1 });
  },
  async apply(event, store) {
    const change = changeOf(event);
    if (!change) return;
    const runs = store.collection<JobRunDocument>(JOB_RUNS_COLLECTION);
    const id = event.streamId.slice(JOB_RUN_CATEGORY.length + 1);
    // A finish after an abandon (the stalled run came back) keeps the finish; an abandon after a finish
    // cannot happen (the abandoner checks the stream), and is ignored by the guard if it did.
    const guard =
      event.type === 'JobRunAbandoned'
        ? { revision: { $lt: event.revision }, status: 'running' }
        : { revision: { $lt: event.revision } };
    await runs.guardedUpdate(
      id,
      guard,
      {
        $set: { ...change.$set, updatedAt: event.occurredAt, revision: event.revision },
        ...(change.$push ? { $push: change.$push } : {}),
      },
      event.type === 'JobRunStarted' ? { upsert: true } : {},
    );
  },
};
