import { createMemoryReadStore } from '@cubre/platform/adapters/memory/readStore';
import { openSqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import type { ProjectionEvent } from '@cubre/platform/projections/projection';
import type { ReadDocument, ReadStore } from '@cubre/platform/ports/readStore';
import { groupInsuranceProjection } from '@cubre/projections/groupInsurance/projection';
import { GROUP_EMPLOYEES_COLLECTION } from '@cubre/projections/groupInsurance/documents';
import type { RosterChange } from '@cubre/schemas/groupInsurance/roster';
import {
  acmePolicyCreated,
  groupReadModelOf,
  insuredPerson,
  insuredState,
} from '../../../services/test/groupInsurance/rosterFixtures';

/*
 * On the distributed runtime `policy-{id}` and `policyRoster-{id}` are two Kafka topics: a projector may
 * take a roster's events before the policy's PolicyCreated. Whatever the order between the two streams
 * (each stream's own order kept, as a partition keeps it), the read model must come out the same.
 */

const POLICY = 'acme-P1';
let position = 0;
const event = (streamId: string, type: string, revision: number, data: Record<string, unknown>) =>
  ({
    id: `${streamId}.${revision}`,
    type,
    streamId,
    revision,
    globalPosition: ++position,
    occurredAt: `2026-11-0${revision + 1}T10:00:00.000Z`,
    data,
  }) satisfies ProjectionEvent;

const state = insuredState;
const ana = insuredPerson('11111111-1', { name: 'Ana' });
const luis = insuredPerson('22222222-2', { name: 'Luis' });

const policyEvents = [event(`policy-${POLICY}`, 'PolicyCreated', 0, acmePolicyCreated(POLICY))];
const roster = `policyRoster-${POLICY}`;
const batch = (batchId: string, kind: string, from: number, changes: RosterChange[]) => [
  event(roster, 'RosterBatchOpened', from, {
    policyId: POLICY,
    batchId,
    kind,
    bulkLoadId: null,
    refersTo: null,
    by: 'staff@cubre.cl',
  }),
  event(roster, 'RosterChangesRecorded', from + 1, { policyId: POLICY, batchId, changes }),
  event(roster, 'RosterBatchClosed', from + 2, { policyId: POLICY, batchId, changeCount: changes.length }),
];
const rosterEvents = [
  ...batch('b1', 'activation', 0, [
    { legalId: ana.legalId, rowNumber: 2, before: null, after: state(ana, 'PROCESS_ACTIVATION', 'ALTA') },
    { legalId: luis.legalId, rowNumber: 3, before: null, after: state(luis, 'PROCESS_ACTIVATION', 'ALTA') },
  ]),
  ...batch('b2', 'accept', 3, [
    {
      legalId: ana.legalId,
      rowNumber: null,
      before: state(ana, 'PROCESS_ACTIVATION', 'ALTA'),
      after: state(ana, 'ACTIVE', 'ALTA'),
    },
  ]),
];

async function readModelAfter(openStore: () => ReadStore, events: ProjectionEvent[]) {
  const store = openStore();
  await groupInsuranceProjection.setup!(store);
  for (const each of events) await groupInsuranceProjection.apply(each, store);
  const model = await groupReadModelOf(store);
  await store.close();
  return model;
}

// The test's store and the embedded runtime's (whose `null` filter the late PolicyCreated relies on).
describe.each([
  ['memory', () => createMemoryReadStore()],
  ['SQLite', () => openSqliteReadStore()],
])(
  'group insurance projection on the %s read store: the order between a policy and its roster',
  (_, open) => {
    const readModel = (events: ProjectionEvent[]) => readModelAfter(open, events);

    test('roster events delivered before the PolicyCreated give the read model of the streams in order', async () => {
      const inOrder = await readModel([...policyEvents, ...rosterEvents]);
      expect(inOrder.policies).toHaveLength(1);
      expect(inOrder.policies[0]).toMatchObject({
        organizationId: 'acme',
        number: 'P1',
        counts: { active: 1, pending: 1, canceled: 0 },
        rosterRevision: 5,
        openBatch: null,
      });
      expect(
        inOrder.employees.map((doc) => [doc._id, doc.organizationId, doc.policyNumber, doc.status]),
      ).toEqual([
        [`${POLICY}.${ana.legalId}`, 'acme', 'P1', 'ACTIVE'],
        [`${POLICY}.${luis.legalId}`, 'acme', 'P1', 'PROCESS_ACTIVATION'],
      ]);

      expect(await readModel([...rosterEvents, ...policyEvents])).toEqual(inOrder);
      // The policy between the roster's batches, and mid-batch.
      expect(
        await readModel([...rosterEvents.slice(0, 3), ...policyEvents, ...rosterEvents.slice(3)]),
      ).toEqual(inOrder);
      expect(await readModel([rosterEvents[0]!, ...policyEvents, ...rosterEvents.slice(1)])).toEqual(inOrder);
    });

    test('a PolicyCreated applied by another projector while a roster chunk is written from the placeholder', async () => {
      const inOrder = await readModel([...policyEvents, ...rosterEvents]);
      // The roster's chunk reads the placeholder, then the policy's projector applies PolicyCreated before the
      // chunk's first person is written: neither side saw the other's write before its own.
      const store = open();
      await groupInsuranceProjection.setup!(store);
      let interleaved = false;
      const racing: ReadStore = Object.create(store, {
        collection: {
          value: (name: string) => {
            const collection = store.collection(name);
            if (name !== GROUP_EMPLOYEES_COLLECTION) return collection;
            return Object.create(collection, {
              upsert: {
                value: async (doc: ReadDocument) => {
                  if (!interleaved) {
                    interleaved = true;
                    await groupInsuranceProjection.apply(policyEvents[0]!, store);
                  }
                  return collection.upsert(doc);
                },
              },
            });
          },
        },
      });
      for (const each of rosterEvents) await groupInsuranceProjection.apply(each, racing);
      expect(interleaved).toBe(true);
      expect(await groupReadModelOf(store)).toEqual(inOrder);
      await store.close();
    });

    test('a replay after the late PolicyCreated (a redelivered partition) changes nothing', async () => {
      const inOrder = await readModel([...policyEvents, ...rosterEvents]);
      expect(await readModel([...rosterEvents, ...policyEvents, ...rosterEvents, ...policyEvents])).toEqual(
        inOrder,
      );
    });
  },
);
