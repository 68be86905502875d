import { startKafkaMock, type KafkaMock } from '../../../../scripts/kafka-mock/mockCluster';
import { describeWithEngine } from '../../../../scripts/test/engines';
import type { BusConsumer } from '@cubre/platform/ports/bus';
import type { KafkaBusConsumer } from '@cubre/platform/adapters/kafka/bus';
import {
  fetchRound,
  groupSettled,
  kafkaBusOnMock as kafkaBusOn,
  kafkaMockAvailability as availability,
} from '../support/kafka';
import { busContract, committedOffsetsContract } from './busContract';

const topics: [string, string] = ['cubre.alpha', 'cubre.beta'];
// The contract hands back the consumers this bus made: Kafka consumers.
const deliveryRound = (consumer: BusConsumer) => fetchRound(consumer as KafkaBusConsumer);

describeWithEngine('Kafka bus contract (librdkafka mock cluster)', availability, () => {
  let mock: KafkaMock;
  beforeAll(async () => {
    mock = await startKafkaMock({ topics: topics.map((name) => ({ name, partitions: 3 })) });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  busContract(async () => {
    const bus = await kafkaBusOn(mock);
    return { bus, topics, deliveryRound, close: () => bus.close() };
  });

  committedOffsetsContract(async () => {
    const bus = await kafkaBusOn(mock);
    return { bus, topics, deliveryRound, close: () => bus.close() };
  });

  test('a stream always maps to the partition the producer chose for it', async () => {
    const bus = await kafkaBusOn(mock);
    await bus.refreshMetadata(['cubre.alpha']);
    const keys = Array.from({ length: 50 }, (_, i) => `alpha-${i}`);
    const seen = new Map<string, string>();
    let allSeen!: () => void;
    const everyKeySeen = new Promise<void>((resolve) => (allSeen = resolve));
    const consumer = await bus.consume({
      groupId: `test.partitions.${process.pid}`,
      topics: ['cubre.alpha'],
      handle: async (messages) => {
        for (const m of messages) if (keys.includes(m.key)) seen.set(m.key, `cubre_alpha|${m.partition}`);
        if (seen.size === keys.length) allSeen();
      },
    });
    await bus.publish(
      keys.map((key, i) => ({
        topic: 'cubre.alpha',
        key,
        event: {
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          type: 'ThingHappened',
          streamId: key,
          revision: 0,
          globalPosition: 5_000_000 + i,
          occurredAt: new Date().toISOString(),
          data: {},
          metadata: { correlationId: 'c', causationId: null, actor: { kind: 'system', id: 'test' } },
        },
      })),
    );
    await everyKeySeen;
    expect(seen.size).toBe(keys.length);
    for (const key of keys) expect(bus.partitionKeyOf(key)).toBe(seen.get(key));
    expect(new Set(seen.values()).size).toBeGreaterThan(1);
    await consumer.stop();
    await bus.close();
  }, 60_000);

  test('two consumers in one group share the partitions and together receive every message', async () => {
    const [busA, busB] = await Promise.all([kafkaBusOn(mock), kafkaBusOn(mock)]);
    const groupId = `test.share.${process.pid}.${Date.now()}`;
    const received = { a: new Set<number>(), b: new Set<number>() };
    const positions = Array.from({ length: 60 }, (_, i) => 7_000_000 + i);
    const all = () => new Set([...received.a, ...received.b].filter((p) => p >= 7_000_000));
    let allReceived!: () => void;
    const everyPositionReceived = new Promise<void>((resolve) => (allReceived = resolve));
    const check = () => {
      if (all().size === positions.length) allReceived();
    };
    const [a] = await Promise.all([
      busA.consume({
        groupId,
        topics: ['cubre.beta'],
        handle: async (m) => {
          m.forEach((x) => received.a.add(x.event.globalPosition));
          check();
        },
      }),
    ]);
    const b = await busB.consume({
      groupId,
      topics: ['cubre.beta'],
      handle: async (m) => {
        m.forEach((x) => received.b.add(x.event.globalPosition));
        check();
      },
    });
    // The rebalance that gives the second member its partitions has reached both members.
    await groupSettled([a, b]);
    await busA.publish(
      positions.map((position, i) => ({
        topic: 'cubre.beta',
        key: `beta-${i}`,
        event: {
          id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
          type: 'ThingHappened',
          streamId: `beta-${i}`,
          revision: 0,
          globalPosition: position,
          occurredAt: new Date().toISOString(),
          data: {},
          metadata: { correlationId: 'c', causationId: null, actor: { kind: 'system', id: 'test' } },
        },
      })),
    );
    await everyPositionReceived;
    expect(all().size).toBe(positions.length);
    expect([...received.a].filter((p) => p >= 7_000_000).length).toBeGreaterThan(0);
    expect([...received.b].filter((p) => p >= 7_000_000).length).toBeGreaterThan(0);
    await Promise.all([a.stop(), b.stop()]);
    await Promise.all([busA.close(), busB.close()]);
  }, 90_000);
});
