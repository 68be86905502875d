import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@cubre/schemas/events';
import { JOB_LEASE_CATEGORY } from '@cubre/schemas/jobs/runs';
import { isWrongExpectedRevision, type EventStore } from '@cubre/platform/ports/eventStore';

export const leaseStream = (job: string) => `${JOB_LEASE_CATEGORY}-${job}`;

/** The last word on a job's lease: its event carries the whole lease. */
export interface LeaseState {
  holder: string;
  runId: string;
  until: Date;
  released: boolean;
  /** Revision of that event: the expected revision of the next take, renew or release. */
  revision: number;
}

/** What a take found: the lease is someone else's, or it is ours now (with what it was before). */
export type TakeResult =
  { taken: true; previous: LeaseState | null } | { taken: false; holder: string; runId: string; until: Date };

export interface JobLeases {
  /** The lease as stored now, or null for a job never run. */
  current(job: string): Promise<LeaseState | null>;
  /** Whether someone holds it at `now`: taken or renewed, not released, not expired. */
  heldAt(lease: LeaseState | null, now: Date): lease is LeaseState;
  /**
   * Takes the lease if no one holds it, or if its holder's run is `finishedRunId` (that run recorded its
   * finish and only its release is still on the way: the job is free).
   */
  take(job: string, holder: string, runId: string, finishedRunId?: string): Promise<TakeResult>;
  /** Pushes the expiry on; false when the lease is no longer this run's (it expired and was taken). */
  renew(job: string, holder: string, runId: string): Promise<boolean>;
  release(job: string, holder: string, runId: string): Promise<void>;
}

const stateOf = (event: StoredEvent): LeaseState => {
  const data = event.data as { holder: string; runId: string; until: string };
  return {
    holder: data.holder,
    runId: data.runId,
    until: new Date(data.until),
    released: event.type === 'JobLeaseReleased',
    revision: event.revision,
  };
};

/**
 * Leases of the scheduler's jobs in the event store (stream `jobLease-{job}`), so that of two or more
 * scheduler processes one runs a job at a time. Every write is appended with the expected revision it read:
 * two takers of a free lease cannot both succeed. Expiry is by the injected clock (`ttlMs` after the take
 * or the last renew), so a killed holder's lease is taken over once it expires. Each event carries the
 * whole lease: the process keeps the last one it read and reads only newer events, so a stream that grows
 * by a few events per run costs one short read per take.
 */
export function jobLeases(eventStore: EventStore, clock: () => Date, ttlMs: number): JobLeases {
  const known = new Map<string, LeaseState>();

  async function current(job: string): Promise<LeaseState | null> {
    const last = known.get(job);
    const newer = await eventStore.readStream(leaseStream(job), {
      fromRevision: last ? last.revision + 1 : 0,
    });
    const latest = newer.length ? stateOf(newer[newer.length - 1]!) : (last ?? null);
    if (latest) known.set(job, latest);
    return latest;
  }

  const heldAt = (lease: LeaseState | null, now: Date): lease is LeaseState =>
    lease !== null && !lease.released && lease.until.getTime() > now.getTime();

  async function write(
    job: string,
    type: 'JobLeaseTaken' | 'JobLeaseRenewed' | 'JobLeaseReleased',
    holder: string,
    runId: string,
    after: LeaseState | null,
  ): Promise<boolean> {
    const now = clock();
    const until = type === 'JobLeaseReleased' ? now : new Date(now.getTime() + ttlMs);
    try {
      await eventStore.append(
        leaseStream(job),
        [
          {
            id: randomUUID(),
            type,
            occurredAt: now.toISOString(),
            data: { job, holder, runId, until: until.toISOString() },
            metadata: { correlationId: runId, causationId: null, actor: { kind: 'system', id: holder } },
          },
        ],
        { expectedRevision: after ? after.revision : 'no_stream' },
      );
      return true;
    } catch (error) {
      if (isWrongExpectedRevision(error)) return false;
      throw error;
    }
  }

  const ours = (lease: LeaseState | null, holder: string, runId: string): lease is LeaseState =>
    lease !== null && !lease.released && lease.holder === holder && lease.runId === runId;

  return {
    current,
    heldAt,
    async take(job, holder, runId, finishedRunId) {
      const before = await current(job);
      const free =
        !heldAt(before, clock()) || (finishedRunId !== undefined && before.runId === finishedRunId);
      if (free && (await write(job, 'JobLeaseTaken', holder, runId, before))) {
        return { taken: true, previous: before };
      }
      // Held, or another process took it between our read and our append: theirs.
      const now = (await current(job))!;
      return { taken: false, holder: now.holder, runId: now.runId, until: now.until };
    },
    async renew(job, holder, runId) {
      const lease = await current(job);
      if (!ours(lease, holder, runId)) return false;
      return write(job, 'JobLeaseRenewed', holder, runId, lease);
    },
    async release(job, holder, runId) {
      const lease = await current(job);
      // Only our own: a lease that expired and was taken over is the new holder's.
      if (ours(lease, holder, runId)) await write(job, 'JobLeaseReleased', holder, runId, lease);
    },
  };
}
