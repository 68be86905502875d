import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { BULK_LOAD_CATEGORY } from '@cubre/schemas/groupInsurance/bulkLoad';
import { POLICY_CATEGORY } from '@cubre/schemas/groupInsurance/policy';
import { POLICY_ROSTER_CATEGORY } from '@cubre/schemas/groupInsurance/roster';
import { bulkLoadChange } from './bulkLoads';
import {
  BULK_LOAD_PROBLEMS_COLLECTION,
  BULK_LOADS_COLLECTION,
  EMPLOYEE_INDEXES,
  GROUP_EMPLOYEES_COLLECTION,
  GROUP_INSURANCE_PROJECTION,
  GROUP_POLICIES_COLLECTION,
  POLICY_INDEXES,
  type BulkLoadDocument,
  type BulkLoadProblemDocument,
  type GroupPolicyDocument,
} from './documents';
import { applyRosterEvent, completeEarlyEmployees, POLICY_PLACEHOLDER } from './roster';

const idOf = (event: ProjectionEvent, category: string) => event.streamId.slice(category.length + 1);

async function applyPolicyEvent(event: ProjectionEvent, store: ReadStore) {
  if (event.type !== 'PolicyCreated') return;
  const data = event.data as Record<string, unknown>;
  const id = idOf(event, POLICY_CATEGORY);
  const policies = store.collection<GroupPolicyDocument>(GROUP_POLICIES_COLLECTION);
  await policies.guardedUpdate(
    id,
    { revision: { $lt: event.revision } },
    {
      $set: {
        organizationId: data.organizationId,
        insurerCode: data.insurerCode,
        number: data.number,
        name: data.name,
        status: data.status,
        startDate: data.startDate,
        coverageGroups: data.coverageGroups,
        createdAt: event.occurredAt,
        revision: event.revision,
      },
      // The roster's part, unless its events came first (their placeholder holds it then).
      $setOnInsert: {
        counts: POLICY_PLACEHOLDER.counts,
        rosterRevision: POLICY_PLACEHOLDER.rosterRevision,
        openBatch: POLICY_PLACEHOLDER.openBatch,
      },
    },
    { upsert: true },
  );
  // The roster's events came first (two topics on a partitioned bus): its people wait for the policy's
  // organization and number. Checked after the write, and on a replay too, so that neither a crash nor a
  // roster applied at the same time by another projector leaves one behind (roster.ts checks its side).
  const policy = await policies.findOne({ _id: id });
  if (policy && policy.rosterRevision >= 0) await completeEarlyEmployees(store, policy);
}

async function applyBulkLoadEvent(event: ProjectionEvent, store: ReadStore) {
  const id = idOf(event, BULK_LOAD_CATEGORY);
  const loads = store.collection<BulkLoadDocument>(BULK_LOADS_COLLECTION);
  if (event.type === 'BulkLoadProblemsFound') {
    const data = event.data as { offset: number; problems: BulkLoadProblemDocument[] };
    const load = await loads.findOne({ _id: id });
    // Ids by position: a replayed chunk rewrites the same documents.
    let position = data.offset;
    for (const problem of data.problems) {
      await store.collection<BulkLoadProblemDocument>(BULK_LOAD_PROBLEMS_COLLECTION).upsert({
        _id: `${id}.${position}`,
        bulkLoadId: id,
        organizationId: load?.organizationId ?? '',
        position,
        rowNumber: problem.rowNumber,
        column: problem.column,
        rule: problem.rule,
        message: problem.message,
      });
      position++;
    }
  }
  const change = bulkLoadChange(event);
  if (!change) return;
  await loads.guardedUpdate(
    id,
    { revision: { $lt: event.revision } },
    { ...change, $set: { ...change.$set, updatedAt: event.occurredAt, revision: event.revision } },
    { upsert: true },
  );
}

/**
 * Group insurance (issue 16): the console's `policies`, `employees` (one document per insured person per
 * policy, with the person's history), `bulk-loads` and `bulk-load-problems`. One projection for the three
 * categories, so that a policy's roster revision and its employees are always seen together: the roster
 * decider is given the employees "as of" the policy document's `rosterRevision`.
 */
export const groupInsuranceProjection: Projection = {
  name: GROUP_INSURANCE_PROJECTION,
  version: 4,
  categories: [POLICY_CATEGORY, POLICY_ROSTER_CATEGORY, BULK_LOAD_CATEGORY],
  collections: [
    GROUP_POLICIES_COLLECTION,
    GROUP_EMPLOYEES_COLLECTION,
    BULK_LOADS_COLLECTION,
    BULK_LOAD_PROBLEMS_COLLECTION,
  ],
  async setup(store) {
    const policies = store.collection(GROUP_POLICIES_COLLECTION);
    for (const keys of POLICY_INDEXES) await policies.createIndex(keys);
    // The employee list's and the write path's (documents.ts says which serves what).
    const employees = store.collection(GROUP_EMPLOYEES_COLLECTION);
    for (const keys of EMPLOYEE_INDEXES) await employees.createIndex(keys);
    const loads = store.collection(BULK_LOADS_COLLECTION);
    await loads.createIndex({ organizationId: 1, createdAt: 1 });
    await loads.createIndex({ policyId: 1, kind: 1, sha256: 1 });
    await loads.createIndex({ status: 1 });
    await loads.createIndex({ createdAt: 1 });
    await store.collection(BULK_LOAD_PROBLEMS_COLLECTION).createIndex({ bulkLoadId: 1, position: 1 });
  },
  async apply(event, store) {
    if (event.streamId.startsWith(`${POLICY_ROSTER_CATEGORY}-`)) {
      await applyRosterEvent(event, store, idOf(event, POLICY_ROSTER_CATEGORY));
    } else if (event.streamId.startsWith(`${POLICY_CATEGORY}-`)) {
      await applyPolicyEvent(event, store);
    } else if (event.streamId.startsWith(`${BULK_LOAD_CATEGORY}-`)) {
      await applyBulkLoadEvent(event, store);
    }
  },
};
