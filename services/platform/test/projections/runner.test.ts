import { createProjectionRunner } from '@cubre/platform/projections/runner';
import { PROGRESS_COLLECTION, type Projection } from '@cubre/platform/projections/projection';
import { createInProcessBus } from '@cubre/platform/adapters/inprocess/bus';
import { createMemoryReadStore } from '@cubre/platform/adapters/memory/readStore';
import { openSqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import { openSqliteCheckpointStore } from '@cubre/platform/adapters/sqlite/checkpointStore';
import { openSqliteEventStore, type SqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { PermanentPublishError, type IncomingMessage, type MessageBus } from '@cubre/platform/ports/bus';
import type { CheckpointStore } from '@cubre/platform/ports/checkpoints';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { chunkByBytes, startRelay } from '@cubre/platform/relay/relay';
import pino from 'pino';
import { newEvent } from '../support/events';
import { tempDataDir } from '../support/tempDir';
import { signal } from '../support/signal';

const logger = pino({ level: 'silent' });

/** Counts events per stream; guarded by revision, so a replay changes nothing. */
function countingProjection(applied: { count: number }): Projection {
  return {
    name: 'thingCounts',
    categories: ['thing'],
    collections: ['thingCounts'],
    async setup(store) {
      await store.collection('thingCounts').createIndex({ total: 1 });
    },
    async apply(event, store) {
      applied.count++;
      await store
        .collection('thingCounts')
        .guardedUpdate(
          event.streamId,
          { revision: { $lt: event.revision } },
          { $set: { revision: event.revision }, $inc: { total: 1 } },
          { upsert: true },
        );
    },
  };
}

/** A checkpoint store that tells when a stored checkpoint reached a position: the relay's own progress. */
function checkpointsReaching(inner: CheckpointStore) {
  let stored = 0;
  const waiters: { position: number; resolve(): void }[] = [];
  return {
    load: (name: string) => inner.load(name),
    async store(name: string, position: number) {
      await inner.store(name, position);
      stored = Math.max(stored, position);
      for (const waiter of waiters.splice(0)) {
        if (stored >= waiter.position) waiter.resolve();
        else waiters.push(waiter);
      }
    },
    reached(position: number): Promise<void> {
      if (stored >= position) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ position, resolve }));
    },
  };
}

async function setUp() {
  const dir = tempDataDir();
  const eventStore = openSqliteEventStore({ dataDir: dir.path, pollIntervalMs: 20 });
  const readStore = createMemoryReadStore();
  const bus = createInProcessBus({ retryDelayMs: 5 });
  const applied = { count: 0 };
  const runner = createProjectionRunner({
    projections: [countingProjection(applied)],
    eventStore,
    readStore,
    bus,
    logger,
  });
  return {
    dataDir: dir.path,
    eventStore,
    readStore,
    bus,
    runner,
    applied,
    async tearDown() {
      await runner.stop();
      await bus.close();
      await eventStore.close();
      dir.remove();
    },
  };
}

const snapshot = async (store: ReadStore, collection: string) =>
  store.collection(collection).find({}, { sort: { _id: 1 } });

async function appendThings(store: SqliteEventStore, streams: number, eventsEach: number) {
  let last = { globalPosition: 0, streamId: '' };
  for (let s = 0; s < streams; s++) {
    const streamId = `thing-${s}`;
    const result = await store.append(
      streamId,
      Array.from({ length: eventsEach }, () => newEvent()),
    );
    last = { globalPosition: result.globalPosition, streamId };
  }
  return last;
}

describe('projection runner', () => {
  test('catches up with events stored before it started, then reports ready', async () => {
    const t = await setUp();
    await appendThings(t.eventStore, 5, 3);
    await appendThings(t.eventStore, 0, 0);
    await t.eventStore.append('other-1', [newEvent()]);
    expect(t.runner.ready()).toBe(false);
    await t.runner.start();
    expect(t.runner.ready()).toBe(true);
    const docs = await snapshot(t.readStore, 'thingCounts');
    expect(docs.map((d) => [d._id, d.total])).toEqual([0, 1, 2, 3, 4].map((s) => [`thing-${s}`, 3]));
    // It read the other category too (its position is exact) without applying it.
    expect(t.runner.status()).toEqual([
      {
        name: 'thingCounts',
        position: await t.eventStore.headPosition(),
        caughtUp: true,
        rebuilding: false,
        applied: 15,
      },
    ]);
    await t.tearDown();
  });

  test('a catch-up reads only its categories from the store, and still answers a wait for any earlier write', async () => {
    const t = await setUp();
    await appendThings(t.eventStore, 3, 2);
    const other = await t.eventStore.append('other-1', [newEvent(), newEvent()]);
    // What the catch-up asked the store for: its own category, never the rest of the log.
    const asked: (readonly string[] | undefined)[] = [];
    const read = t.eventStore.readAllWithoutMetadata.bind(t.eventStore);
    t.eventStore.readAllWithoutMetadata = async (options) => {
      asked.push(options.categories);
      return read(options);
    };
    await t.runner.start();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((categories) => categories?.join() === 'thing')).toBe(true);
    expect(t.applied.count).toBe(6);
    const [status] = t.runner.status();
    expect(status!.position).toBe(other.globalPosition);
    expect(
      await t.runner.waitUntilVisible(
        { globalPosition: other.globalPosition, streamId: 'other-1' },
        undefined,
        50,
      ),
    ).toBe(true);
    await t.tearDown();
  });

  test('follows live appends through the relay and the bus; waitUntilVisible resolves once they are applied', async () => {
    const t = await setUp();
    await t.runner.start();
    const relay = await startRelay({
      store: t.eventStore,
      bus: t.bus,
      checkpoints: openSqliteCheckpointStore(t.dataDir),
      logger,
    });
    const target = await appendThings(t.eventStore, 3, 2);
    await expect(t.runner.waitUntilVisible(target, ['thingCounts'], 5000)).resolves.toBe(true);
    expect((await t.readStore.collection('thingCounts').findOne({ _id: 'thing-2' }))?.total).toBe(2);
    await relay.stop();
    await t.tearDown();
  });

  test('waitUntilVisible answers false after its timeout when the write never arrives', async () => {
    const t = await setUp();
    await t.runner.start();
    await expect(
      t.runner.waitUntilVisible({ globalPosition: 999, streamId: 'thing-x' }, ['thingCounts'], 50),
    ).resolves.toBe(false);
    await t.tearDown();
  });

  test('duplicates on the bus (a relay re-publishing) change nothing', async () => {
    const t = await setUp();
    await t.runner.start();
    const checkpoints = openSqliteCheckpointStore(t.dataDir);
    const relay = await startRelay({ store: t.eventStore, bus: t.bus, checkpoints, logger });
    const target = await appendThings(t.eventStore, 4, 2);
    await t.runner.waitUntilVisible(target, ['thingCounts']);
    const before = await snapshot(t.readStore, 'thingCounts');
    const appliedBefore = t.applied.count;
    // Publish the whole log again, as a relay does after dying between publish and checkpoint.
    const everything = await t.eventStore.readAll({ after: 0, maxCount: 1000 });
    await t.bus.publish(everything.map((event) => ({ topic: 'cubre.thing', key: event.streamId, event })));
    const more = await appendThings(t.eventStore, 1, 1);
    await t.runner.waitUntilVisible({ ...more, streamId: 'thing-0' }, ['thingCounts']);
    expect(t.applied.count).toBe(appliedBefore + 1);
    const after = await snapshot(t.readStore, 'thingCounts');
    expect(after.filter((d) => d._id !== 'thing-0')).toEqual(before.filter((d) => d._id !== 'thing-0'));
    expect(after.find((d) => d._id === 'thing-0')?.total).toBe(3);
    await relay.stop();
    await t.tearDown();
  });

  test('a rebuild from zero produces the same read model and keeps following the bus afterwards', async () => {
    const t = await setUp();
    await t.runner.start();
    const relay = await startRelay({
      store: t.eventStore,
      bus: t.bus,
      checkpoints: openSqliteCheckpointStore(t.dataDir),
      logger,
    });
    const target = await appendThings(t.eventStore, 20, 3);
    await t.runner.waitUntilVisible(target, ['thingCounts']);
    const before = await snapshot(t.readStore, 'thingCounts');
    const writes = appendThings(t.eventStore, 5, 1);
    const result = await t.runner.rebuild('thingCounts');
    expect(result.events).toBeGreaterThanOrEqual(60);
    const last = await writes;
    await t.runner.waitUntilVisible(last, ['thingCounts']);
    const after = await snapshot(t.readStore, 'thingCounts');
    expect(after.filter((d) => Number(String(d._id).split('-')[1]) >= 5)).toEqual(
      before.filter((d) => Number(String(d._id).split('-')[1]) >= 5),
    );
    expect(after.filter((d) => Number(String(d._id).split('-')[1]) < 5).map((d) => d.total)).toEqual([
      4, 4, 4, 4, 4,
    ]);
    await expect(t.runner.rebuild('nope')).rejects.toThrow('no projection');
    await relay.stop();
    await t.tearDown();
  });

  test('records its progress in the read store beside its collections', async () => {
    const t = await setUp();
    await appendThings(t.eventStore, 2, 1);
    await t.runner.start();
    const progress = await t.readStore.collection(PROGRESS_COLLECTION).findOne({ _id: 'thingCounts' });
    expect(progress).toMatchObject({ position: await t.eventStore.headPosition(), rebuilding: false });
    await t.tearDown();
  });

  test('a catch-up hands metadata only to projections that declare they need it', async () => {
    const t = await setUp();
    await appendThings(t.eventStore, 1, 2);
    const seen: Record<string, unknown[]> = { lean: [], full: [] };
    const recorder = (name: 'lean' | 'full', withMetadata: boolean): Projection => ({
      name,
      categories: ['thing'],
      collections: [],
      withMetadata,
      async apply(event) {
        seen[name]!.push(event.metadata?.actor);
      },
    });
    const runner = createProjectionRunner({
      projections: [recorder('lean', false), recorder('full', true)],
      eventStore: t.eventStore,
      readStore: t.readStore,
      bus: t.bus,
      logger,
    });
    await runner.start();
    expect(seen.full).toEqual([
      { kind: 'system', id: 'test' },
      { kind: 'system', id: 'test' },
    ]);
    expect(seen.lean).toEqual([undefined, undefined]);
    await runner.stop();
    await t.tearDown();
  });

  test('projector instances sharing a partitioned bus never erase each other’s partition progress', async () => {
    const t = await setUp();
    // A bus with retention whose deliveries the test controls: instance A owns partition 0, B partition 1.
    const handlers: ((messages: IncomingMessage[]) => Promise<void>)[] = [];
    const partitionedBus: MessageBus = {
      retainsHistory: true,
      publish: async () => undefined,
      consume: async ({ handle }) => {
        handlers.push(handle);
        return { pause: () => undefined, resume: () => undefined, stop: async () => undefined };
      },
      close: async () => undefined,
    };
    const instance = () =>
      createProjectionRunner({
        projections: [countingProjection({ count: 0 })],
        eventStore: t.eventStore,
        readStore: t.readStore,
        bus: partitionedBus,
        logger,
      });
    const [a, b] = [instance(), instance()];
    await a.start();
    await b.start();
    const message = (partition: number, position: number): IncomingMessage => ({
      topic: 'cubre.thing',
      partition,
      offset: String(position),
      key: `thing-p${partition}`,
      event: { ...newEvent(), streamId: `thing-p${partition}`, revision: position, globalPosition: position },
    });
    for (let position = 1; position <= 20; position++) {
      await handlers[position % 2]!([message(position % 2, position)]);
    }
    const progress = await t.readStore.collection(PROGRESS_COLLECTION).findOne({ _id: 'thingCounts' });
    expect(progress?.partitions).toEqual({ 'cubre_thing|0': 20, 'cubre_thing|1': 19 });
    await a.stop();
    await b.stop();
    await t.tearDown();
  });

  test('two projections with one name are refused', () => {
    const applied = { count: 0 };
    expect(() =>
      createProjectionRunner({
        projections: [countingProjection(applied), countingProjection(applied)],
        eventStore: openSqliteEventStore({ dataDir: tempDataDir().path }),
        readStore: createMemoryReadStore(),
        bus: createInProcessBus(),
        logger,
      }),
    ).toThrow('two projections');
  });
});

describe('relay', () => {
  test('a failure between publish and checkpoint re-publishes (duplicates), never skips', async () => {
    const t = await setUp();
    await t.runner.start();
    const checkpoints = openSqliteCheckpointStore(t.dataDir);
    const watched = checkpointsReaching(checkpoints);
    const published: number[] = [];
    let failOnce = true;
    const relay = await startRelay({
      store: t.eventStore,
      bus: t.bus,
      checkpoints: watched,
      logger,
      retryDelayMs: 5,
      afterPublish(batch) {
        published.push(...batch.map((e) => e.globalPosition));
        if (failOnce) {
          failOnce = false;
          throw new Error('crash between publish and checkpoint');
        }
      },
    });
    const target = await appendThings(t.eventStore, 3, 2);
    await expect(t.runner.waitUntilVisible(target, ['thingCounts'])).resolves.toBe(true);
    const head = await t.eventStore.headPosition();
    await watched.reached(head);
    // Some positions went out twice; every position went out.
    expect(published.length).toBeGreaterThan(new Set(published).size);
    expect(new Set(published)).toEqual(new Set(Array.from({ length: head }, (_, i) => i + 1)));
    expect(t.applied.count).toBe(6);
    expect(await checkpoints.load('relay')).toBe(head);
    await relay.stop();
    await t.tearDown();
  });

  test('an event the bus refuses for good is parked and the rest still goes out, in order', async () => {
    const t = await setUp();
    await t.runner.start();
    const checkpoints = openSqliteCheckpointStore(t.dataDir);
    const published: string[] = [];
    const pickyBus = {
      ...t.bus,
      retainsHistory: false,
      async publish(messages: { key: string; event: { revision: number } }[]) {
        if (messages.some((m) => m.key === 'thing-1' && m.event.revision === 1)) {
          throw new PermanentPublishError('MESSAGE_TOO_LARGE');
        }
        published.push(...messages.map((m) => `${m.key}@${m.event.revision}`));
      },
    } as MessageBus;
    await appendThings(t.eventStore, 3, 3);
    const watched = checkpointsReaching(checkpoints);
    const relay = await startRelay({
      store: t.eventStore,
      bus: pickyBus,
      checkpoints: watched,
      logger,
      retryDelayMs: 5,
    });
    await watched.reached(await t.eventStore.headPosition());
    expect(relay.parked()).toBe(1);
    expect(published).toEqual([
      'thing-0@0',
      'thing-0@1',
      'thing-0@2',
      'thing-1@0',
      'thing-1@2',
      'thing-2@0',
      'thing-2@1',
      'thing-2@2',
    ]);
    await relay.stop();
    await t.tearDown();
  });

  test('publishes are cut to the byte limit, at least one event each', () => {
    const message = (size: number) => ({
      topic: 'cubre.thing',
      key: 'thing-1',
      event: {
        ...newEvent('ThingHappened', { padding: 'x'.repeat(size) }),
        streamId: 'thing-1',
        revision: 0,
        globalPosition: 1,
      },
    });
    const chunks = chunkByBytes([message(100), message(100), message(5000), message(100)], 1000);
    expect(chunks.map((c) => c.length)).toEqual([2, 1, 1]);
  });

  test('stopping a relay during its back-off returns at once', async () => {
    const t = await setUp();
    await appendThings(t.eventStore, 1, 1);
    const failing = {
      ...t.bus,
      retainsHistory: false,
      publish: async () => Promise.reject(new Error('down')),
    } as MessageBus;
    const backingOff = signal<number>();
    const relay = await startRelay({
      store: t.eventStore,
      bus: failing,
      checkpoints: openSqliteCheckpointStore(t.dataDir),
      logger,
      retryDelayMs: 60_000,
      // A back-off that never ends by itself: returning at all proves stop() cut it short.
      wait: (ms) => {
        backingOff.resolve(ms);
        return new Promise(() => undefined);
      },
    });
    // Backing off for its longest, 10 s, when it is stopped.
    expect(await backingOff.promise).toBe(10_000);
    await relay.stop();
    await t.tearDown();
  });

  test('the checkpoint does not move when the bus refuses the publish', async () => {
    const t = await setUp();
    const checkpoints = openSqliteCheckpointStore(t.dataDir);
    let refusals = 0;
    const refusedThrice = signal();
    const refusingBus = {
      ...t.bus,
      retainsHistory: false,
      async publish() {
        if (++refusals === 3) refusedThrice.resolve();
        throw new Error('broker unavailable');
      },
    };
    await appendThings(t.eventStore, 1, 3);
    const relay = await startRelay({
      store: t.eventStore,
      bus: refusingBus,
      checkpoints,
      logger,
      retryDelayMs: 5,
    });
    // Two refusals were handled in full (back-off included) before the third publish was tried.
    await refusedThrice.promise;
    expect(await checkpoints.load('relay')).toBe(0);
    await relay.stop();
    await t.tearDown();
  });

  describe('on a durable read store', () => {
    /** A runner over the same event store and a read store reopened on the same file. */
    function durable(
      dataDir: string,
      eventStore: SqliteEventStore,
      projection: Projection,
      bus = createInProcessBus({ retryDelayMs: 5 }),
    ) {
      const readStore = openSqliteReadStore({ dataDir });
      const runner = createProjectionRunner({
        projections: [projection],
        eventStore,
        readStore,
        bus,
        logger,
      });
      return {
        readStore,
        runner,
        async stop() {
          await runner.stop();
          await bus.close();
          await readStore.close();
        },
      };
    }

    test('a restart applies only the events after the recorded progress', async () => {
      const t = await setUp();
      await appendThings(t.eventStore, 4, 2);
      const firstApplied = { count: 0 };
      const first = durable(t.dataDir, t.eventStore, countingProjection(firstApplied));
      await first.runner.start();
      expect(firstApplied.count).toBe(8);
      await first.stop();

      await t.eventStore.append('thing-0', [newEvent()]);
      const secondApplied = { count: 0 };
      const second = durable(t.dataDir, t.eventStore, countingProjection(secondApplied));
      await second.runner.start();
      expect(secondApplied.count).toBe(1);
      const docs = await snapshot(second.readStore, 'thingCounts');
      expect(docs.map((d) => d.total)).toEqual([3, 2, 2, 2]);
      await second.stop();
      await t.tearDown();
    });

    test('a projection whose version changed is rebuilt from zero at start', async () => {
      const t = await setUp();
      await appendThings(t.eventStore, 3, 2);
      const first = durable(t.dataDir, t.eventStore, countingProjection({ count: 0 }));
      await first.runner.start();
      await first.stop();

      // Version 2 writes `events` instead of `total`: nothing of version 1's documents may survive.
      const applied = { count: 0 };
      const v2: Projection = {
        ...countingProjection(applied),
        version: 2,
        async apply(event, store) {
          applied.count++;
          await store
            .collection('thingCounts')
            .guardedUpdate(
              event.streamId,
              { revision: { $lt: event.revision } },
              { $set: { revision: event.revision }, $inc: { events: 1 } },
              { upsert: true },
            );
        },
      };
      const second = durable(t.dataDir, t.eventStore, v2);
      await second.runner.start();
      expect(applied.count).toBe(6);
      expect(
        (await snapshot(second.readStore, 'thingCounts')).map(({ _id, events, total }) => ({
          _id,
          events,
          total,
        })),
      ).toEqual([0, 1, 2].map((s) => ({ _id: `thing-${s}`, events: 2, total: undefined })));
      expect(
        await second.readStore.collection(PROGRESS_COLLECTION).findOne({ _id: 'thingCounts' }),
      ).toMatchObject({
        version: 2,
        rebuilding: false,
        position: await t.eventStore.headPosition(),
      });
      await second.stop();
      await t.tearDown();
    });

    test("other projections' events move the position in memory; it is recorded with the next own event or at stop", async () => {
      const t = await setUp();
      const store = durable(t.dataDir, t.eventStore, countingProjection({ count: 0 }), t.bus);
      await store.runner.start();
      const relay = await startRelay({
        store: t.eventStore,
        bus: t.bus,
        checkpoints: openSqliteCheckpointStore(t.dataDir),
        logger,
      });
      const recorded = async () =>
        (await store.readStore.collection(PROGRESS_COLLECTION).findOne({ _id: 'thingCounts' }))?.position;
      const own = await appendThings(t.eventStore, 1, 1);
      await store.runner.waitUntilVisible(own, ['thingCounts']);
      expect(await recorded()).toBe(own.globalPosition);

      const foreign = await t.eventStore.append('other-1', [newEvent()]);
      const target = { globalPosition: foreign.globalPosition, streamId: 'other-1' };
      expect(await store.runner.waitUntilVisible(target, ['thingCounts'])).toBe(true);
      expect(await recorded()).toBe(own.globalPosition);
      await relay.stop();
      await store.runner.stop();
      expect(await recorded()).toBe(foreign.globalPosition);
      await store.readStore.close();
      await t.tearDown();
    });
  });
});
