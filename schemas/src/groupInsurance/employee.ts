import { z } from 'zod';
import {
  EMPLOYEE_STATUSES,
  GENDERS,
  INSURED_TYPES,
  MOVEMENTS,
  MOVEMENT_FILTERS,
  POLICY_EMPLOYEE_STATUSES,
} from './statuses';
import { RosterBatchKind } from './roster';

/**
 * The console's `employees` record: one insured person under one policy, id `{policyId}.{legalId}`
 * (a person under two policies is two records). `revision` is the roster stream's revision of the person's
 * last change: accept, decline and cancel are pinned to it (409 when it moved).
 */
export const EmployeeRecord = z.object({
  id: z.string(),
  organizationId: z.string(),
  policyId: z.string(),
  policyNumber: z.string(),
  legalId: z.string(),
  name: z.string(),
  paternalSurname: z.string(),
  maternalSurname: z.string().nullable(),
  birthDate: z.string().nullable(),
  /** Whole years from birthDate to today in Chile (002-5.15); null without a valid birth date. */
  age: z.number().int().nullable(),
  gender: z.enum(GENDERS).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  insuredType: z.enum(INSURED_TYPES),
  holderLegalId: z.string().nullable(),
  dependentType: z.string().nullable(),
  coverageGroup: z.string(),
  status: z.enum(POLICY_EMPLOYEE_STATUSES),
  employeeStatus: z.enum(EMPLOYEE_STATUSES),
  movement: z.enum(MOVEMENTS),
  effectiveDate: z.string(),
  cancellationReason: z.string().nullable(),
  /** The bulk load that last changed the person; null when it was a change made one at a time. */
  lastBulkLoadId: z.string().nullable(),
  /** The roster batch that last changed the person. */
  lastBatchId: z.string(),
  updatedAt: z.string(),
  revision: z.number().int(),
});
export type EmployeeRecord = z.infer<typeof EmployeeRecord>;

/** The employee list's filters (002-4.09 movement; ranges inclusive; q: a name or RUT prefix). */
export const EmployeeListFilter = z.strictObject({
  id: z.union([z.string(), z.array(z.string())]).optional(),
  movement: z.enum(MOVEMENT_FILTERS).optional(),
  organizationId: z.string().optional(),
  policyId: z.union([z.string(), z.array(z.string())]).optional(),
  coverageGroup: z.string().optional(),
  status: z.union([z.enum(POLICY_EMPLOYEE_STATUSES), z.array(z.enum(POLICY_EMPLOYEE_STATUSES))]).optional(),
  employeeStatus: z.enum(EMPLOYEE_STATUSES).optional(),
  insuredType: z.enum(INSURED_TYPES).optional(),
  effectiveDateFrom: z.iso.date().optional(),
  effectiveDateTo: z.iso.date().optional(),
  lastBulkLoadId: z.string().optional(),
  q: z.string().optional(),
  /** Only the people no longer insured (INACTIVE: canceled or declined); needs `employee:read-uninsured`. */
  uninsured: z.boolean().optional(),
});
export type EmployeeListFilter = z.infer<typeof EmployeeListFilter>;
export const EMPLOYEE_FILTER_KEYS = Object.keys(EmployeeListFilter.shape).filter((key) => key !== 'id');
export const EMPLOYEE_SORTABLE = [
  'paternalSurname',
  'legalId',
  'effectiveDate',
  'status',
  'coverageGroup',
  'updatedAt',
] as const;

/** One entry of `GET employees/{id}/history`: a roster change of the person, newest first. */
export const EmployeeHistoryEntry = z.object({
  id: z.string(),
  employeeId: z.string(),
  batchId: z.string(),
  kind: RosterBatchKind,
  bulkLoadId: z.string().nullable(),
  rowNumber: z.number().int().nullable(),
  statusBefore: z.enum(POLICY_EMPLOYEE_STATUSES).nullable(),
  statusAfter: z.enum(POLICY_EMPLOYEE_STATUSES).nullable(),
  movement: z.enum(MOVEMENTS).nullable(),
  effectiveDate: z.string().nullable(),
  by: z.string(),
  occurredAt: z.string(),
  revision: z.number().int(),
});
export type EmployeeHistoryEntry = z.infer<typeof EmployeeHistoryEntry>;

const Revision = z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER);

/** POST employees/{id}/accept | decline: the insurer's answer to the person's open process (002-4.08). */
export const AnswerProcessBody = z.strictObject({ revision: Revision.optional() });
export type AnswerProcessBody = z.infer<typeof AnswerProcessBody>;

/** POST employees/{id}/cancel: one person's cancellation request (`policy-employee:active:process-cancellation`). */
export const CancelEmployeeBody = z.strictObject({
  effectiveDate: z.iso.date({ error: 'una fecha AAAA-MM-DD' }),
  reason: z.string().trim().min(1, 'campo requerido').max(200),
  revision: Revision.optional(),
});
export type CancelEmployeeBody = z.infer<typeof CancelEmployeeBody>;
