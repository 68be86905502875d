import {
  ANY,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EventMetadata, StoredEvent } from '@cubre/schemas/events';
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

  /**
   * `readAll` of some categories, filtered by the server (issue 12): `$all` read through a subscription
   * with a stream-name prefix filter, the only way the gRPC client lets a read of `$all` filter (its
   * `readAll` sends no filter). The server skips other streams without sending them; the read stops at
   * `maxCount` events, or once it has passed the head seen when it began: an event, a filter checkpoint or
   * the server's caught-up signal at or beyond that position.
   */
  async function readCategories(
    after: number,
    maxCount: number,
    categories: readonly string[],
  ): Promise<StoredEvent[]> {
    const head = await store.headPosition();
    const events: StoredEvent[] = [];
    if (head <= after) return events;
    let finished = false;
    const subscription = client.subscribeToAll({
      // A subscription starts after its position (a read starts at it): exactly the port's `after`.
      fromPosition: after === 0 ? START : { commit: BigInt(after), prepare: BigInt(after) },
      filter: streamNameFilter({
        prefixes: categories.map((category) => `${category}-`),
        maxSearchWindow: FILTER_SEARCH_WINDOW,
        checkpointInterval: 1,
        checkpointReached: (_subscription, position) => {
          if (positionOf(position) >= head) finish();
        },
      }),
    });
    let wake: (() => void) | undefined;
    function finish() {
      finished = true;
      wake?.();
    }
    subscription.once('caughtUp', finish);
    const done = new Promise<void>((resolve, reject) => {
      wake = resolve;
      subscription.once('error', reject);
      subscription.once('end', resolve);
    });
    const reading = (async () => {
      for await (const resolved of subscription) {
        const event = toStoredEvent(resolved);
        if (event && event.globalPosition > after) events.push(event);
        if (events.length >= maxCount || positionOf(resolved.event?.position) >= head) break;
        if (finished) break;
      }
      finish();
    })();
    // Ended early, the loop may still be waiting on the stream: unsubscribing ends it, and whatever it
    // says then is no longer this read's concern.
    reading.catch(() => undefined);
    try {
      await Promise.race([done, reading]);
    } finally {
      await subscription.unsubscribe();
    }
    return events.slice(0, maxCount);
  }

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
        // The client's error classes do not set `name`: test the class itself.
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    async readAll({ after, maxCount, categories }) {
      if (categories?.length) return readCategories(after, maxCount, categories);
      const events: StoredEvent[] = [];
      // `$all` holds system records too, and a read starts at its position inclusive: keep reading from the
      // last record seen until the batch is full or the server has nothing more. An empty answer must mean
      // the end of the log, never "a window of system records" (a catch-up would stop there).
      let from: Position | typeof START =
        after === 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
      for (;;) {
        const window = maxCount + 1;
        let records = 0;
        let last: Position | undefined;
        for await (const resolved of client.readAll({ fromPosition: from, maxCount: window })) {
          records++;
          last = resolved.event?.position ?? last;
          const event = toStoredEvent(resolved);
          if (event && event.globalPosition > after) events.push(event);
          if (events.length === maxCount) return events;
        }
        if (records < window || !last) return events;
        from = last;
        after = Math.max(after, positionOf(last));
      }
    },

    subscribeToAll({ after, batchSize = 1000 }) {
      const fromPosition = after === 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
      const subscription = client.subscribeToAll({ fromPosition, filter: excludeSystemEvents() });
      return bufferedSubscription(subscription, after, batchSize);
    },

    async headPosition() {
      // Backwards from the end, past however many system records there are.
      let from: Position | 'end' = 'end';
      for (;;) {
        let records = 0;
        let last: Position | undefined;
        for await (const resolved of client.readAll({
          direction: 'backwards',
          fromPosition: from,
          maxCount: 500,
        })) {
          records++;
          last = resolved.event?.position ?? last;
          const event = toStoredEvent(resolved);
          if (event) return event.globalPosition;
        }
        if (records < 500 || !last) return 0;
        from = last;
      }
    },

    async close() {
      await client.dispose();
    },
  };
  return store;
}

/** Events the server may skip by the filter before it reports how far it has searched (a checkpoint). */
const FILTER_SEARCH_WINDOW = 1000;

/** Buffered events above which the subscription stops pulling from the server until the consumer drains. */
const HIGH_WATER_MARK = 10_000;

/**
 * Turns EventStoreDB's push subscription into batches of whatever arrived since the consumer last asked.
 * Bounded: past the high-water mark the pulling loop waits for the consumer, so a catch-up over a long
 * log never holds the whole log in memory. Closing stops both loops at once, buffered events included.
 */
function bufferedSubscription(
  source: AsyncIterable<AllStreamResolvedEvent> & { unsubscribe(): Promise<void> },
  after: number,
  batchSize: number,
): EventSubscription {
  const buffered: StoredEvent[] = [];
  let wakeConsumer: (() => void) | undefined;
  let wakeProducer: (() => void) | undefined;
  let ended = false;
  let closed = false;
  let failure: unknown;

  void (async () => {
    try {
      for await (const resolved of source) {
        if (closed) break;
        const event = toStoredEvent(resolved);
        if (!event || event.globalPosition <= after) continue;
        buffered.push(event);
        wakeConsumer?.();
        if (buffered.length >= HIGH_WATER_MARK) {
          await new Promise<void>((resolve) => (wakeProducer = resolve));
          wakeProducer = undefined;
        }
      }
    } catch (error) {
      if (!closed) failure = error;
    } finally {
      ended = true;
      wakeConsumer?.();
    }
  })();

  async function* batches(): AsyncGenerator<StoredEvent[]> {
    for (;;) {
      if (closed) return;
      if (buffered.length > 0) {
        const batch = buffered.splice(0, batchSize);
        if (buffered.length < HIGH_WATER_MARK / 2) wakeProducer?.();
        yield batch;
        continue;
      }
      if (failure) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => (wakeConsumer = resolve));
      wakeConsumer = undefined;
    }
  }

  const iterator = batches();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      closed = true;
      buffered.length = 0;
      wakeConsumer?.();
      wakeProducer?.();
      await source.unsubscribe();
    },
  };
}
