import {
  ANY,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EventMetadata, StoredEvent } from '@cubre/schemas';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
} from '../../ports/eventStore';

/** What we keep in EventStoreDB's metadata: ours, plus the writer's clock (the server's `created` is its own). */
type StoredMetadata = EventMetadata & { occurredAt: string };

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function fromEsdbActual(actual: unknown): number {
  return typeof actual === 'bigint' ? Number(actual) : -1;
}

/** Commit positions are byte offsets in the transaction log: unique per event and increasing. */
const positionOf = (position: Position | undefined): number => Number(position?.commit ?? 0n);

function toStoredEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | undefined {
  const recorded = resolved.event;
  if (!recorded || !recorded.isJson || recorded.streamId.startsWith('$')) return undefined;
  const { occurredAt, ...metadata } = recorded.metadata as StoredMetadata;
  return {
    id: recorded.id,
    type: recorded.type,
    streamId: recorded.streamId,
    revision: Number(recorded.revision),
    globalPosition: positionOf(recorded.position),
    occurredAt,
    data: recorded.data as Record<string, unknown>,
    metadata,
  };
}

/**
 * The distributed event store: EventStoreDB through its gRPC client. Idempotent appends are EventStoreDB's
 * own (a retried append with the same event ids and expected revision is acknowledged without a write).
 */
export function connectEventStoreDb(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);

  const store: EventStore = {
    async append(streamId, events, options = {}) {
      const expected = options.expectedRevision ?? 'any';
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((event) =>
            jsonEvent({
              id: event.id,
              type: event.type,
              data: event.data,
              metadata: { ...event.metadata, occurredAt: event.occurredAt } satisfies StoredMetadata,
            }),
          ),
          { expectedRevision: toEsdbExpected(expected) },
        );
        return {
          nextExpectedRevision: Number(result.nextExpectedRevision),
          globalPosition: positionOf(result.position),
        };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          throw new WrongExpectedRevisionError(streamId, expected, fromEsdbActual(error.actualVersion));
        }
        throw error;
      }
    },

    async readStream(streamId, options = {}) {
      const events: StoredEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamId, {
          fromRevision: options.fromRevision === undefined ? START : BigInt(options.fromRevision),
          maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
        })) {
          const event = toStoredEvent(resolved);
          if (event) events.push(event);
        }
      } catch (error) {
        if (error instanceof Error && error.name === 'StreamNotFoundError') return [];
        throw error;
      }
      return events;
    },

    async readAll({ after, maxCount }) {
      const events: StoredEvent[] = [];
      const fromPosition = after === 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
      // The read starts at `after` inclusive and includes system events: read a little more and trim.
      for await (const resolved of client.readAll({ fromPosition, maxCount: maxCount + 1 })) {
        const event = toStoredEvent(resolved);
        if (event && event.globalPosition > after) events.push(event);
        if (events.length === maxCount) break;
      }
      return events;
    },

    subscribeToAll({ after, batchSize = 1000 }) {
      const fromPosition = after === 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
      const subscription = client.subscribeToAll({ fromPosition, filter: excludeSystemEvents() });
      return bufferedSubscription(subscription, after, batchSize);
    },

    async headPosition() {
      for await (const resolved of client.readAll({
        direction: 'backwards',
        fromPosition: 'end',
        maxCount: 50,
      })) {
        const event = toStoredEvent(resolved);
        if (event) return event.globalPosition;
      }
      return 0;
    },

    async close() {
      await client.dispose();
    },
  };
  return store;
}

/** Turns EventStoreDB's push subscription into batches of whatever arrived since the consumer last asked. */
function bufferedSubscription(
  source: AsyncIterable<AllStreamResolvedEvent> & { unsubscribe(): Promise<void> },
  after: number,
  batchSize: number,
): EventSubscription {
  const buffered: StoredEvent[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  let failure: unknown;

  void (async () => {
    try {
      for await (const resolved of source) {
        const event = toStoredEvent(resolved);
        if (!event || event.globalPosition <= after) continue;
        buffered.push(event);
        wake?.();
      }
    } catch (error) {
      failure = error;
    } finally {
      ended = true;
      wake?.();
    }
  })();

  async function* batches(): AsyncGenerator<StoredEvent[]> {
    for (;;) {
      if (buffered.length > 0) {
        yield buffered.splice(0, batchSize);
        continue;
      }
      if (failure) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  }

  const iterator = batches();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      ended = true;
      wake?.();
      await source.unsubscribe();
    },
  };
}
