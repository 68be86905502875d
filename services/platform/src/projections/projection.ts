import type { StoredEvent } from '@cubre/schemas/events';
import type { EventWithoutMetadata } from '@cubre/platform/ports/eventStore';
import type { ReadStore } from '@cubre/platform/ports/readStore';

/**
 * What `apply` receives: id and metadata are there when the projection declares `withMetadata`, or when
 * the event came through the bus; a catch-up otherwise skips them, because reading them costs 40% of a
 * replay.
 */
export type ProjectionEvent = EventWithoutMetadata & Partial<Pick<StoredEvent, 'id' | 'metadata'>>;

/**
 * A named read-model builder. `apply` must be idempotent on its own (guard every update with the stream
 * revision it expects), because on Kafka the same event can arrive twice and partitions interleave.
 */
export interface Projection {
  name: string;
  /**
   * The version of what `apply` and `setup` write (1 when absent). Raise it whenever they change what the
   * read model holds: durable read models kept by an earlier version would otherwise stay as they were, so
   * the next start drops the projection's collections and replays the whole log into them.
   */
  version?: number;
  /** Stream categories whose events it reads; also the Kafka topics it consumes. */
  categories: string[];
  /** Collections it owns: dropped and refilled by a rebuild. */
  collections: string[];
  /** Whether `apply` needs each event's id and metadata (the actor of a change, say). */
  withMetadata?: boolean;
  /** Indexes and other set-up; runs at start and after a rebuild dropped the collections. */
  setup?(store: ReadStore): Promise<void>;
  apply(event: ProjectionEvent, store: ReadStore): Promise<void>;
}

export const PROGRESS_COLLECTION = '_projections';

/** What a projection has applied; kept in the read store beside its collections. */
export interface ProjectionProgressDocument {
  [key: string]: unknown;
  _id: string;
  /** Every event up to this global position has been applied (in-order consumption, or a catch-up). */
  position: number;
  /** On a partitioned bus: the last position applied per `topic|partition`. */
  partitions: Record<string, number>;
  /** True while a rebuild is filling the collections: a restart resumes it instead of trusting the data. */
  rebuilding: boolean;
  /** The projection's version that wrote the collections (absent in records older than versions: 1). */
  version?: number;
  updatedAt: string;
}
