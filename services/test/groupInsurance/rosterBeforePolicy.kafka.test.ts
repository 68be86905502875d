import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { createMemoryReadStore } from '@cubre/platform/adapters/memory/readStore';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { topicForCategory } from '@cubre/platform/ports/bus';
import { createProjectionRunner } from '@cubre/platform/projections/runner';
import { groupInsuranceProjection } from '@cubre/projections/groupInsurance/projection';
import { categoryOf, type StoredEvent } from '@cubre/schemas/events';
import { startKafkaMock } from '../../../scripts/kafka-mock/mockCluster';
import { describeWithEngine } from '../../../scripts/test/engines';
import { kafkaBusOnMock, kafkaMockAvailability as availability } from '../../platform/test/support/kafka';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { acmePolicyCreated, groupReadModelOf, insuredPerson, insuredState } from './rosterFixtures';
import { rutOf } from './support';

/*
 * The distributed runtime's projector takes `policyRoster-{id}` and `policy-{id}` from two topics: here the
 * roster's events are published, and applied, before the policy's PolicyCreated is even written. The read
 * model must come out as the streams applied in order would make it.
 */
const POLICY = 'kafka-P1';
const metadata = () => ({
  correlationId: randomUUID(),
  causationId: null,
  actor: { kind: 'system' as const, id: 'test' },
});
const newEvent = (type: string, data: Record<string, unknown>) => ({
  id: randomUUID(),
  type,
  occurredAt: new Date().toISOString(),
  data,
  metadata: metadata(),
});
const activation = (legalId: string, rowNumber: number) => ({
  legalId,
  rowNumber,
  before: null,
  after: insuredState(insuredPerson(legalId, { paternalSurname: 'Kafka' }), 'PROCESS_ACTIVATION', 'ALTA'),
});

const readModelOf = groupReadModelOf;

describeWithEngine('group insurance on Kafka (librdkafka mock cluster)', availability, () => {
  test("a roster's events projected before its policy's PolicyCreated give the read model of the streams in order", async () => {
    const topics = groupInsuranceProjection.categories.map((category) => ({
      name: topicForCategory(category),
      partitions: 3,
    }));
    const cluster = await startKafkaMock({ topics });
    const dir = tempDataDir();
    const eventStore = openSqliteEventStore({ dataDir: dir.path });
    const bus = await kafkaBusOnMock(cluster);
    const readStore = createMemoryReadStore();
    const runner = createProjectionRunner({
      projections: [groupInsuranceProjection],
      eventStore,
      readStore,
      bus,
      logger: pino({ level: 'silent' }),
      partitionKeyOf: (streamId) => bus.partitionKeyOf(streamId),
    });
    await runner.start();
    // What the relay does: each event to its category's topic, keyed by its stream.
    const relay = async (streamId: string) => {
      const events: StoredEvent[] = await eventStore.readStream(streamId);
      await bus.publish(
        events.map((event) => ({ topic: topicForCategory(categoryOf(streamId)), key: streamId, event })),
      );
      const last = events[events.length - 1]!;
      expect(await runner.waitUntilVisible(last, [groupInsuranceProjection.name], 60_000)).toBe(true);
    };

    const rosterStream = `policyRoster-${POLICY}`;
    const batch = { policyId: POLICY, batchId: 'b1' };
    const changes = [activation(rutOf(32_000_001), 2), activation(rutOf(32_000_002), 3)];
    await eventStore.append(rosterStream, [
      newEvent('RosterBatchOpened', {
        ...batch,
        kind: 'activation',
        bulkLoadId: null,
        refersTo: null,
        by: 'staff@cubre.cl',
      }),
      newEvent('RosterChangesRecorded', { ...batch, changes }),
      newEvent('RosterBatchClosed', { ...batch, changeCount: changes.length }),
    ]);
    await relay(rosterStream);
    // Applied to the placeholder: the people are there, without their company yet.
    const early = await readModelOf(readStore);
    expect(early.employees.map((doc) => doc.organizationId)).toEqual([null, null]);

    const policyStream = `policy-${POLICY}`;
    await eventStore.append(policyStream, [newEvent('PolicyCreated', acmePolicyCreated(POLICY))]);
    await relay(policyStream);

    // The same events applied in order, policy first.
    const inOrder = createMemoryReadStore();
    await groupInsuranceProjection.setup!(inOrder);
    for (const event of [
      ...(await eventStore.readStream(policyStream)),
      ...(await eventStore.readStream(rosterStream)),
    ]) {
      await groupInsuranceProjection.apply(event, inOrder);
    }
    const expected = await readModelOf(inOrder);
    expect(expected.employees.map((doc) => [doc.organizationId, doc.policyNumber])).toEqual([
      ['acme', 'P1'],
      ['acme', 'P1'],
    ]);
    expect(await readModelOf(readStore)).toEqual(expected);

    await runner.stop();
    await bus.close();
    await eventStore.close();
    await cluster.stop();
    dir.remove();
  }, 120_000);
});
