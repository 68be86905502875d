import type { ProjectionEvent } from '@cubre/platform/projections/projection';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { RosterChange } from '@cubre/schemas/groupInsurance/roster';
import { employeeStatusOf, type EmployeeStatus } from '@cubre/schemas/groupInsurance/statuses';
import {
  GROUP_EMPLOYEES_COLLECTION,
  GROUP_POLICIES_COLLECTION,
  searchKeyOf,
  type EmployeeHistoryItem,
  type GroupEmployeeDocument,
  type RosterPolicyDocument,
  type OpenBatch,
} from './documents';

const COUNT_OF: Record<EmployeeStatus, 'active' | 'pending' | 'canceled'> = {
  ACTIVE: 'active',
  PENDING: 'pending',
  INACTIVE: 'canceled',
};

/** The policy's counts moved by a chunk of changes: each change leaves its before's count for its after's. */
function countsDelta(changes: RosterChange[]): Record<string, number> {
  const delta: Record<string, number> = {};
  const move = (key: string, by: number) => (delta[`counts.${key}`] = (delta[`counts.${key}`] ?? 0) + by);
  for (const change of changes) {
    if (change.before) move(COUNT_OF[employeeStatusOf(change.before.status)], -1);
    if (change.after) move(COUNT_OF[employeeStatusOf(change.after.status)], 1);
  }
  return Object.fromEntries(Object.entries(delta).filter(([, by]) => by !== 0));
}

async function applyChanges(
  event: ProjectionEvent,
  store: ReadStore,
  policy: RosterPolicyDocument,
  batch: OpenBatch,
  changes: RosterChange[],
) {
  const employees = store.collection<GroupEmployeeDocument>(GROUP_EMPLOYEES_COLLECTION);
  // Who is on the roster already, in one query for the chunk: a person new to it is written whole (one
  // insert, without the update language's planning), everyone else through the guarded update.
  const existing =
    batch.kind === 'undo'
      ? null
      : new Set(
          (
            await employees.find({
              _id: { $in: changes.filter((change) => change.after).map((c) => `${policy._id}.${c.legalId}`) },
            })
          ).map((doc) => doc._id),
        );
  for (const change of changes) {
    const id = `${policy._id}.${change.legalId}`;
    const guard = { revision: { $lt: event.revision } };
    if (!change.after) {
      await employees.deleteMany({ _id: id, ...guard });
      continue;
    }
    const { person, status, movement, effectiveDate, cancellationReason } = change.after;
    const item: EmployeeHistoryItem = {
      batchId: batch.batchId,
      kind: batch.kind,
      bulkLoadId: batch.bulkLoadId,
      rowNumber: change.rowNumber,
      statusBefore: change.before?.status ?? null,
      statusAfter: status,
      movement,
      effectiveDate,
      by: batch.by,
      occurredAt: event.occurredAt,
      revision: event.revision,
    };
    const shared = {
      organizationId: policy.organizationId,
      policyId: policy._id,
      policyNumber: policy.number,
      person,
      legalId: person.legalId,
      paternalSurname: person.paternalSurname,
      coverageGroup: person.coverageGroup,
      insuredType: person.insuredType,
      status,
      employeeStatus: employeeStatusOf(status),
      movement,
      effectiveDate,
      cancellationReason,
      surnameKey: searchKeyOf(`${person.paternalSurname} ${person.maternalSurname ?? ''} ${person.name}`),
      nameKey: searchKeyOf(`${person.name} ${person.paternalSurname}`),
      updatedAt: event.occurredAt,
      revision: event.revision,
    };
    if (batch.kind === 'undo') {
      // The person as the undone batch found them: the batch before it is theirs again.
      const doc = await employees.findOne({ _id: id });
      const batches = (doc?.batches ?? []).slice(0, -1);
      const last = batches[batches.length - 1];
      await employees.guardedUpdate(
        id,
        guard,
        {
          $set: {
            ...shared,
            batches,
            lastBatchId: last?.batchId ?? batch.batchId,
            lastBulkLoadId: last?.bulkLoadId ?? null,
          },
          $push: { history: item },
        },
        { upsert: true },
      );
      continue;
    }
    if (existing && !existing.has(id)) {
      // Untyped: a person written from a placeholder policy has no organization or number yet.
      await store.collection(GROUP_EMPLOYEES_COLLECTION).upsert({
        _id: id,
        ...shared,
        lastBulkLoadId: batch.bulkLoadId,
        lastBatchId: batch.batchId,
        history: [item],
        batches: [{ batchId: batch.batchId, bulkLoadId: batch.bulkLoadId }],
      });
      existing.add(id);
      continue;
    }
    await employees.guardedUpdate(
      id,
      guard,
      {
        $set: { ...shared, lastBulkLoadId: batch.bulkLoadId, lastBatchId: batch.batchId },
        $push: { history: item, batches: { batchId: batch.batchId, bulkLoadId: batch.bulkLoadId } },
      },
      { upsert: true },
    );
  }
  const delta = countsDelta(changes);
  return delta;
}

/**
 * The policy's document before its `PolicyCreated` was applied: `policy-{id}` and `policyRoster-{id}` are
 * two topics on the distributed bus, so nothing orders one against the other. The roster's events are
 * applied to a document holding only the roster's part (`revision` -1, so `PolicyCreated` still applies);
 * its people are written without the organization and number, which `completeEarlyEmployees` fills in.
 */
async function placeholderPolicy(store: ReadStore, policyId: string): Promise<RosterPolicyDocument> {
  const policies = store.collection<RosterPolicyDocument>(GROUP_POLICIES_COLLECTION);
  await policies.guardedUpdate(policyId, {}, { $setOnInsert: { ...POLICY_PLACEHOLDER } }, { upsert: true });
  return (await policies.findOne({ _id: policyId }))!;
}

/** The fields a placeholder policy holds until its `PolicyCreated` (the roster's part at its start). */
export const POLICY_PLACEHOLDER = {
  organizationId: null,
  number: null,
  revision: -1,
  counts: { active: 0, pending: 0, canceled: 0 },
  rosterRevision: -1,
  openBatch: null,
} as const;

/**
 * The people a roster wrote before its policy was created get the policy's organization and number, a
 * page at a time (each page drops out of the filter once written). Idempotent: nothing matches once done.
 */
export async function completeEarlyEmployees(store: ReadStore, policy: RosterPolicyDocument) {
  if (policy.organizationId === null) return;
  const employees = store.collection<GroupEmployeeDocument>(GROUP_EMPLOYEES_COLLECTION);
  for (;;) {
    const page = await employees.find({ policyId: policy._id, organizationId: null }, { limit: 500 });
    if (!page.length) return;
    for (const doc of page) {
      await employees.guardedUpdate(
        doc._id,
        { organizationId: null },
        { $set: { organizationId: policy.organizationId, policyNumber: policy.number } },
      );
    }
  }
}

/**
 * A policy roster's events: the batch opened and closed on the policy's document, each chunk of changes
 * on the people's documents, the counts moved and the roster revision advanced in one guarded update.
 */
export async function applyRosterEvent(event: ProjectionEvent, store: ReadStore, policyId: string) {
  const policies = store.collection<RosterPolicyDocument>(GROUP_POLICIES_COLLECTION);
  const policy = (await policies.findOne({ _id: policyId })) ?? (await placeholderPolicy(store, policyId));
  if (policy.rosterRevision >= event.revision) return;
  const data = event.data as Record<string, unknown>;
  const set: Record<string, unknown> = { rosterRevision: event.revision };
  let inc: Record<string, number> = {};
  if (event.type === 'RosterBatchOpened') {
    const opened = data as OpenBatch;
    set.openBatch = {
      batchId: opened.batchId,
      kind: opened.kind,
      bulkLoadId: opened.bulkLoadId,
      refersTo: opened.refersTo,
      by: opened.by,
    } satisfies OpenBatch;
  } else if (event.type === 'RosterChangesRecorded' && policy.openBatch) {
    inc = await applyChanges(event, store, policy, policy.openBatch, data.changes as RosterChange[]);
  } else if (event.type === 'RosterBatchClosed') {
    set.openBatch = null;
  }
  await policies.guardedUpdate(
    policyId,
    { rosterRevision: { $lt: event.revision } },
    Object.keys(inc).length ? { $set: set, $inc: inc } : { $set: set },
  );
  if (policy.organizationId === null && event.type === 'RosterChangesRecorded') {
    // People written from a placeholder: if PolicyCreated was applied meanwhile (by another projector,
    // after this event read the policy), it may have missed them, so they are completed here.
    const now = await policies.findOne({ _id: policyId });
    if (now) await completeEarlyEmployees(store, now);
  }
}
