import type { BulkLoadCounts, BulkLoadProblem } from '@cubre/schemas/groupInsurance/bulkLoad';
import type { CoverageGroup } from '@cubre/schemas/groupInsurance/policy';
import type { InsuredPerson, RosterBatchKind } from '@cubre/schemas/groupInsurance/roster';
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
