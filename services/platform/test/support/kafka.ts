import { connectKafkaBus, type KafkaBusConsumer } from '@cubre/platform/adapters/kafka/bus';
import pino from 'pino';
import { kafkaMockAvailable, type KafkaMock } from '../../../../scripts/kafka-mock/mockCluster';

const mock = kafkaMockAvailable();

/** Whether librdkafka's mock cluster can run here, in the shape `describeWithEngine` takes. */
export const kafkaMockAvailability = mock.ok
  ? { available: true as const }
  : { available: false as const, reason: `librdkafka's mock cluster is unavailable: ${mock.reason}` };

/**
 * A Kafka bus on the mock cluster. Its group coordinator waits sessionTimeout − 1 s per rebalance and hangs
 * a first join below ~3.5 s (scripts/kafka-mock/README.md), and it has no idempotent producer.
 */
export function kafkaBusOnMock(cluster: KafkaMock, partitions = 3) {
  return connectKafkaBus({
    brokers: cluster.bootstrap,
    clientId: 'cubre-test',
    logger: pino({ level: 'silent' }),
    partitions,
    idempotent: false,
    sessionTimeoutMs: 6000,
    rebalanceTimeoutMs: 10_000,
    heartbeatIntervalMs: 500,
  });
}

/**
 * Resolves once the consumer has gone round its fetch loop after this call: a fetch started after it (so it
 * asked for every message acknowledged before the call), and then another one started, which kafkajs does
 * only after the batches of the previous fetch were handled and their offsets committed. Whatever the
 * consumer could have received by the call, it has handled by then. The mock cluster runs one broker, so
 * the consumer runs one fetch loop.
 */
export function fetchRound(consumer: KafkaBusConsumer): Promise<void> {
  return new Promise((resolve) => {
    let starts = 0;
    const unsubscribe = consumer.on(consumer.events.FETCH_START, () => {
      if (++starts < 2) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Resolves once every consumer holds partitions and none holds one another does: the group's rebalance
 * after its last member joined has reached every member (each member's GROUP_JOIN).
 */
export function groupSettled(consumers: KafkaBusConsumer[]): Promise<void> {
  const settled = () => {
    const held = consumers.map((consumer) =>
      Object.entries(consumer.assignment()).flatMap(([topic, partitions]) =>
        partitions.map((partition) => `${topic}|${partition}`),
      ),
    );
    const all = held.flat();
    return held.every((partitions) => partitions.length > 0) && new Set(all).size === all.length;
  };
  return new Promise((resolve) => {
    const unsubscribers = consumers.map((consumer) => consumer.on(consumer.events.GROUP_JOIN, () => check()));
    function check() {
      if (!settled()) return;
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      resolve();
    }
    check();
  });
}
