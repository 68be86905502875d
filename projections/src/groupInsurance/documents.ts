import type { BulkLoadCounts, BulkLoadProblem } from '@cubre/schemas/groupInsurance/bulkLoad';
import type { CoverageGroup } from '@cubre/schemas/groupInsurance/policy';
import type { InsuredPerson, RosterBatchKind } from '@cubre/schemas/groupInsurance/roster';
import type { SortSpec } from '@cubre/platform/ports/readStore';
import type {
  BulkKind,
  BulkLoadStatus,
  EmployeeStatus,
  Movement,
  PolicyEmployeeStatus,
  PolicyStatus,
} from '@cubre/schemas/groupInsurance/statuses';

export const GROUP_INSURANCE_PROJECTION = 'groupInsurance';
export const GROUP_POLICIES_COLLECTION = 'groupPolicies';
export const GROUP_EMPLOYEES_COLLECTION = 'groupEmployees';
export const BULK_LOADS_COLLECTION = 'bulkLoads';
export const BULK_LOAD_PROBLEMS_COLLECTION = 'bulkLoadProblems';

/** The roster batch a policy has open: no other batch or single change may start until it closes. */
export type OpenBatch = {
  batchId: string;
  kind: RosterBatchKind;
  bulkLoadId: string | null;
  refersTo: string | null;
  by: string;
};

export type GroupPolicyDocument = {
  [key: string]: unknown;
  _id: string;
  organizationId: string;
  insurerCode: string;
  number: string;
  name: string;
  status: PolicyStatus;
  startDate: string;
  coverageGroups: CoverageGroup[];
  counts: { active: number; pending: number; canceled: number };
  createdAt: string;
  /** Revision of `policy-{id}`. */
  revision: number;
  /** Revision of `policyRoster-{id}` this document (and every employee of the policy) reflects; -1: none. */
  rosterRevision: number;
  openBatch: OpenBatch | null;
};

/**
 * The policy's document as the roster's events see it: before its PolicyCreated was applied (the two
 * streams are two topics on the distributed bus) it is a placeholder holding only the roster's part, its
 * organization and number null (projections/src/groupInsurance/roster.ts). The routes read policies only
 * once created.
 */
export type RosterPolicyDocument = {
  [key: string]: unknown;
  _id: string;
  organizationId: string | null;
  number: string | null;
  counts: GroupPolicyDocument['counts'];
  revision: number;
  rosterRevision: number;
  openBatch: OpenBatch | null;
};

/** One roster change of a person, kept on the person's document (newest last). */
export type EmployeeHistoryItem = {
  batchId: string;
  kind: RosterBatchKind;
  bulkLoadId: string | null;
  rowNumber: number | null;
  statusBefore: PolicyEmployeeStatus | null;
  statusAfter: PolicyEmployeeStatus | null;
  movement: Movement | null;
  effectiveDate: string | null;
  by: string;
  occurredAt: string;
  revision: number;
};

/** One insured person under one policy: `_id` `{policyId}.{legalId}`. */
export type GroupEmployeeDocument = {
  [key: string]: unknown;
  _id: string;
  organizationId: string;
  policyId: string;
  policyNumber: string;
  person: InsuredPerson;
  legalId: string;
  paternalSurname: string;
  coverageGroup: string;
  insuredType: InsuredPerson['insuredType'];
  status: PolicyEmployeeStatus;
  employeeStatus: EmployeeStatus;
  movement: Movement;
  effectiveDate: string;
  cancellationReason: string | null;
  lastBulkLoadId: string | null;
  lastBatchId: string;
  /** Lowercase, accent-free "paternal maternal name" and "name paternal": what q's name prefix searches. */
  surnameKey: string;
  nameKey: string;
  history: EmployeeHistoryItem[];
  /**
   * The batches whose changes make the person's state now, oldest first: a change pushes its batch, an
   * undo pops it, so the undo of an earlier batch is allowed again once a later one was undone.
   */
  batches: { batchId: string; bulkLoadId: string | null }[];
  updatedAt: string;
  /** The roster revision of the person's last change. */
  revision: number;
};

export type BulkLoadDocument = {
  [key: string]: unknown;
  _id: string;
  organizationId: string;
  policyId: string;
  kind: BulkKind;
  fileName: string;
  format: 'csv' | 'xlsx';
  size: number;
  sha256: string;
  status: BulkLoadStatus;
  progress: { rowsRead: number; rowsApplied: number; rowsToApply: number };
  counts: BulkLoadCounts;
  problemCount: number;
  batchId: string | null;
  undoBatchId: string | null;
  failure: string | null;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  revision: number;
};

export type BulkLoadProblemDocument = BulkLoadProblem & {
  [key: string]: unknown;
  _id: string;
  bulkLoadId: string;
  organizationId: string;
  /** Position among the load's problems: the report's and the table's order. */
  position: number;
};

/** Lowercase without accents: the search keys of names. */
export const searchKeyOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The employee list's order: last changed first, ties by `_id` (the console's default sort, and what
 * every list index below ends in, so a page is a stretch of one index and never a sort of its matches).
 */
export const EMPLOYEE_LIST_ORDER = { updatedAt: -1, _id: 1 } as const satisfies SortSpec;

/**
 * The employees read model's indexes (issue 16, the list over 1,000,000 people). Each request path of the
 * list has one index that names every condition it sends and then its order, so the page is read in order
 * and the count is a count of that index's keys:
 * - a company administrator's lists start with `organizationId`; staff's (every company) have the same
 *   indexes without it;
 * - one policy's lists start with `policyId` whoever asks (the route checks the policy is the caller's
 *   and then drops the organization, which the policy implies);
 * - then ALTAS/BAJAS (`movement`) and `status`, the console's tabs and its always-shown filter;
 * - `q` reads `surnameKey` or `legalId` as a prefix range, its results in that key's order.
 * Other filters (coverage group, employee status, dates, insured type) are tested on the rows of the
 * narrowest of these, in the list's order. Each also leads an index of its own, so that SQL tests them
 * (the store answers in SQL only the paths some index holds), the page stops in SQL, and staff's count of
 * one of them alone reads that index, not every person. Each index costs every roster change a write:
 * only these, and the write path's two.
 */
export const EMPLOYEE_INDEXES: readonly SortSpec[] = [
  ...([{}, { movement: 1 }, { movement: 1, status: 1 }, { status: 1 }] as SortSpec[]).flatMap((filter) => [
    { organizationId: 1, ...filter, ...EMPLOYEE_LIST_ORDER },
    { ...filter, ...EMPLOYEE_LIST_ORDER },
  ]),
  { policyId: 1, ...EMPLOYEE_LIST_ORDER },
  { policyId: 1, movement: 1, ...EMPLOYEE_LIST_ORDER },
  { policyId: 1, movement: 1, status: 1, ...EMPLOYEE_LIST_ORDER },
  { organizationId: 1, surnameKey: 1, _id: 1 },
  { surnameKey: 1, _id: 1 },
  { organizationId: 1, legalId: 1, _id: 1 },
  { legalId: 1, _id: 1 },
  { employeeStatus: 1, ...EMPLOYEE_LIST_ORDER },
  { effectiveDate: 1, _id: 1 },
  { coverageGroup: 1, insuredType: 1 },
  // The write path's: the people a batch changed (a resumed commit), a load's open processes.
  { policyId: 1, lastBatchId: 1 },
  { lastBulkLoadId: 1 },
];

/** The policies list's sorts; each has an index of its own and one under `organizationId` (a few policies per company). */
export const POLICY_SORTABLE = ['number', 'name', 'startDate', 'status', 'createdAt'] as const;
export const POLICY_INDEXES: readonly SortSpec[] = [
  ...POLICY_SORTABLE.flatMap((field): SortSpec[] => [
    { organizationId: 1, [field]: 1, _id: 1 },
    { [field]: 1, _id: 1 },
  ]),
  // Staff's filter by insurer, across every company.
  { insurerCode: 1, _id: 1 },
];
