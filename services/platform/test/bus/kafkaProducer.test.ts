import { producerConfig } from '@cubre/platform/adapters/kafka/bus';

describe('the Kafka producer’s settings (issue 12)', () => {
  test('an idempotent producer retries without limit, as kafkajs needs to keep exactly one copy per send', () => {
    const config = producerConfig(true);
    expect(config).toMatchObject({ idempotent: true, maxInFlightRequests: 5, allowAutoTopicCreation: false });
    // kafkajs warns 'Limiting retries for the idempotent producer may invalidate EoS guarantees' below this.
    expect(config.retry?.retries).toBe(Number.MAX_SAFE_INTEGER);
  });

  test('without idempotence one request at a time keeps a stream’s order across retries', () => {
    const config = producerConfig(false);
    expect(config).toMatchObject({ idempotent: false, maxInFlightRequests: 1 });
    expect(config.retry).toBeUndefined();
  });
});
