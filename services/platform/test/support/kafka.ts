import { connectKafkaBus } from '@cubre/platform/adapters/kafka/bus';
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
