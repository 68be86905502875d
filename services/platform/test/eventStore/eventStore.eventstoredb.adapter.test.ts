import * as esdb from '@eventstore/db-client';
import { connectEventStoreDb } from '@cubre/platform/adapters/eventstoredb/eventStore';

/**
 * The EventStoreDB adapter's own logic (paging past system records, missing streams, subscription
 * buffering) against a stand-in client: no EventStoreDB server runs here. The contract suite covers the
 * real server wherever one is reachable.
 */
type Record = {
  event: {
    id: string;
    type: string;
    streamId: string;
    revision: bigint;
    isJson: true;
    data: object;
    metadata: object;
    position: { commit: bigint; prepare: bigint };
  };
};

function record(position: number, streamId: string): Record {
  return {
    event: {
      id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      type: streamId.startsWith('$') ? '$metadata' : 'ThingHappened',
      streamId,
      revision: 0n,
      isJson: true,
      data: {},
      metadata: {
        occurredAt: '2026-01-01T00:00:00Z',
        correlationId: 'c',
        causationId: null,
        actor: { kind: 'system', id: 'x' },
      },
      position: { commit: BigInt(position), prepare: BigInt(position) },
    },
  };
}

function withClient(client: object) {
  jest
    .spyOn(esdb.EventStoreDBClient, 'connectionString')
    .mockReturnValue({ dispose: async () => undefined, ...client } as unknown as esdb.EventStoreDBClient);
  return connectEventStoreDb('esdb://localhost:2113?tls=false');
}

/** A `$all` whose reads honour fromPosition (inclusive), direction and maxCount. */
function allOf(log: Record[]) {
  return ({
    fromPosition,
    maxCount,
    direction,
  }: {
    fromPosition: unknown;
    maxCount: number;
    direction?: string;
  }) => ({
    async *[Symbol.asyncIterator]() {
      const ordered = direction === 'backwards' ? [...log].reverse() : log;
      const from =
        fromPosition === esdb.START || fromPosition === 'end'
          ? undefined
          : (fromPosition as { commit: bigint }).commit;
      let n = 0;
      for (const r of ordered) {
        const position = r.event.position.commit;
        if (from !== undefined && (direction === 'backwards' ? position > from : position < from)) continue;
        if (n++ >= maxCount) return;
        yield r;
      }
    },
  });
}

afterEach(() => jest.restoreAllMocks());

test('reading a stream that does not exist gives an empty list (the client throws StreamNotFoundError)', async () => {
  const store = withClient({
    readStream: () => ({
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.reject(new esdb.StreamNotFoundError(undefined, 'comparatorLink-abc')),
      }),
    }),
  });
  await expect(store.readStream('comparatorLink-abc')).resolves.toEqual([]);
});

test('readAll reads past a window made only of system records instead of reporting the end of the log', async () => {
  const log = [
    ...Array.from({ length: 10 }, (_, i) => record(i + 1, `$$metadata-${i}`)),
    record(11, 'thing-1'),
    record(12, 'thing-2'),
  ];
  const store = withClient({ readAll: allOf(log) });
  const batch = await store.readAll({ after: 0, maxCount: 5 });
  expect(batch.map((e) => e.globalPosition)).toEqual([11, 12]);
  expect(await store.readAll({ after: 11, maxCount: 5 })).toHaveLength(1);
  expect(await store.readAll({ after: 12, maxCount: 5 })).toEqual([]);
});

test('headPosition looks back past trailing system records', async () => {
  const log = [record(1, 'thing-1'), ...Array.from({ length: 1200 }, (_, i) => record(i + 2, `$stats-${i}`))];
  const store = withClient({ readAll: allOf(log) });
  expect(await store.headPosition()).toBe(1);
});

function subscriptionOf(records: Record[], pulled: { count: number }) {
  return () => ({
    async *[Symbol.asyncIterator]() {
      for (const r of records) {
        pulled.count++;
        yield r;
      }
      await new Promise(() => undefined);
    },
    unsubscribe: async () => undefined,
  });
}

test('a closed subscription yields nothing more, buffered events included', async () => {
  const pulled = { count: 0 };
  const store = withClient({
    subscribeToAll: subscriptionOf(
      Array.from({ length: 5 }, (_, i) => record(i + 1, 'thing-1')),
      pulled,
    ),
  });
  const subscription = store.subscribeToAll({ after: 0, batchSize: 1 });
  const seen: number[] = [];
  for await (const batch of subscription) {
    seen.push(batch[0]!.globalPosition);
    if (seen.length === 1) await subscription.close();
  }
  expect(seen).toEqual([1]);
});

test('a subscription stops pulling from the server while the consumer is 10,000 events behind', async () => {
  const pulled = { count: 0 };
  const store = withClient({
    subscribeToAll: subscriptionOf(
      Array.from({ length: 30_000 }, (_, i) => record(i + 1, 'thing-1')),
      pulled,
    ),
  });
  const subscription = store.subscribeToAll({ after: 0, batchSize: 1000 });
  const iterator = subscription[Symbol.asyncIterator]();
  await iterator.next();
  // The fake server yields without I/O, so the pulling loop runs on microtasks alone: by the event loop's
  // next check phase it has pulled as far as it ever would without the consumer.
  await new Promise((resolve) => setImmediate(resolve));
  expect(pulled.count).toBeLessThanOrEqual(10_001);
  let received = 1000;
  while (received < 30_000) received += (await iterator.next()).value!.length;
  expect(received).toBe(30_000);
  await subscription.close();
});

test('an append that breaks the expected revision becomes the port’s conflict error', async () => {
  const store = withClient({
    appendToStream: async () => {
      throw new esdb.WrongExpectedVersionError(undefined, {
        streamName: 'thing-1',
        expected: 0n,
        current: 3n,
      } as never);
    },
  });
  await expect(store.append('thing-1', [], { expectedRevision: 0 })).rejects.toMatchObject({
    name: 'WrongExpectedRevisionError',
    streamId: 'thing-1',
  });
});
