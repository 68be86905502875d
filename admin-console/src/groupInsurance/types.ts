/**
 * Group insurance's records as the console reads them (issue 16): the server's own types, from the zod
 * schemas it builds and validates them with, read with `import type` (no zod in the bundle).
 */
export type { PolicyRecord, CoverageGroup } from '@cubre/schemas/groupInsurance/policy';
export type { EmployeeRecord, EmployeeHistoryEntry } from '@cubre/schemas/groupInsurance/employee';
export type { BulkLoadRecord, BulkLoadProblemRecord } from '@cubre/schemas/groupInsurance/bulkLoad';
