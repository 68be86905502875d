import { randomUUID } from 'node:crypto';
import { createProjectionRunner } from '@cubre/platform/projections/runner';
import { comparatorLinksProjection } from '@cubre/projections/comparatorLinks/projection';
import { createMemoryReadStore } from '@cubre/platform/adapters/memory/readStore';
import { openSqliteEventStore, type SqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import pino from 'pino';
import { startKafkaMock } from '../../../scripts/kafka-mock/mockCluster';
import { describeWithEngine } from '../../../scripts/test/engines';
import { startChildRuntime } from '../support/childRuntime';
import { kafkaBusOnMock, kafkaMockAvailability as availability } from '../../platform/test/support/kafka';
import { signal } from '../../platform/test/support/signal';
import { tempDataDir } from '../../platform/test/support/tempDir';

const logger = pino({ level: 'silent' });

/** Saves `count` links; returns each write's stream and position, to wait for it in the read model. */
async function saveLinks(store: SqliteEventStore, from: number, count: number) {
  const written: { streamId: string; globalPosition: number }[] = [];
  for (let i = from; i < from + count; i++) {
    const link = `Crash${String(i).padStart(3, '0')}`;
    const { globalPosition } = await store.append(
      `comparatorLink-${link}`,
      [
        {
          id: randomUUID(),
          type: 'ComparatorUrlSaved',
          occurredAt: new Date().toISOString(),
          data: { link, url: `/Comparar/Isapres?i=${i}`, path: `/Comparar/Isapres?i=${i}` },
          metadata: { correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: 'test' } },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    written.push({ streamId: `comparatorLink-${link}`, globalPosition });
  }
  return written;
}

describeWithEngine('relay crash on Kafka (librdkafka mock cluster)', availability, () => {
  test('killing the relay between publish and checkpoint produces duplicates that projections ignore, never a gap', async () => {
    const cluster = await startKafkaMock({ topics: [{ name: 'cubre.comparatorLink', partitions: 3 }] });
    const dir = tempDataDir();
    const store = openSqliteEventStore({ dataDir: dir.path });
    const bus = await kafkaBusOnMock(cluster);
    const readStore = createMemoryReadStore();
    const runner = createProjectionRunner({
      projections: [comparatorLinksProjection],
      eventStore: store,
      readStore,
      bus,
      logger,
      partitionKeyOf: (streamId) => bus.partitionKeyOf(streamId),
    });
    // A plain consumer group that counts deliveries, to see the duplicates the projection must ignore.
    const deliveries: number[] = [];
    const eightyDelivered = signal();
    const counter = await bus.consume({
      groupId: 'test.delivery-counter',
      topics: ['cubre.comparatorLink'],
      handle: async (messages) => {
        deliveries.push(...messages.map((m) => m.event.globalPosition));
        if (deliveries.length >= 80) eightyDelivered.resolve();
      },
    });
    await runner.start();

    const first = await saveLinks(store, 0, 30);
    const relayEnv = {
      DATA_DIR: dir.path,
      ROLES: 'relay',
      KAFKA_BROKERS: cluster.bootstrap.join(','),
      KAFKA_IDEMPOTENT: 'false',
      KAFKA_CREATE_TOPICS: 'false',
      KAFKA_PARTITIONS: '3',
    };
    const doomed = await startChildRuntime({ ...relayEnv, CUBRE_TEST_KILL_AFTER_PUBLISH: '1' });
    expect(await doomed.exited).toBe('SIGKILL');

    const second = await saveLinks(store, 30, 20);
    const relay = await startChildRuntime(relayEnv);
    const links = readStore.collection('comparatorLinks');
    // Every write shows in the read model (each in its own partition's progress), and the counting group
    // has seen the 30 re-published ones on top of the 50.
    const visible = await Promise.all(
      [...first, ...second].map((write) => runner.waitUntilVisible(write, ['comparatorLinks'], 60_000)),
    );
    expect(visible.every(Boolean)).toBe(true);
    await eightyDelivered.promise;

    // The first 30 went out twice; all 50 arrived; the projection applied each exactly once.
    expect(deliveries.length).toBeGreaterThanOrEqual(80);
    expect(new Set(deliveries).size).toBe(50);
    expect(await links.count({})).toBe(50);
    expect(runner.status()[0]!.applied).toBe(50);
    const live = await links.find({}, { sort: { _id: 1 } });
    await runner.rebuild('comparatorLinks');
    expect(await links.find({}, { sort: { _id: 1 } })).toEqual(live);

    relay.child.kill('SIGTERM');
    expect(await relay.exited).toBe(0);
    await counter.stop();
    await runner.stop();
    await bus.close();
    await store.close();
    await cluster.stop();
    dir.remove();
  }, 120_000);
});
