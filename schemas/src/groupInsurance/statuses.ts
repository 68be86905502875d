/**
 * The group-insurance vocabularies of seed 002 §4 as plain lists, without zod: the console imports them at no
 * cost (the zod enums of the other files are built on them, so there is one list of each).
 */

/** 002-4.04: a policy's status, and the process words an insured person goes through under a policy. */
export const POLICY_STATUSES = [
  'ACTIVE',
  'CANCELED',
  'PENDING',
  'PROCESS_ACTIVATION',
  'PROCESS_CANCELLATION',
  'DECLINE',
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/**
 * An insured person's status under one policy (002-4.04's process words): PROCESS_ACTIVATION (activation
 * requested) → ACTIVE (the insurer accepts) or DECLINE; ACTIVE → PROCESS_CANCELLATION (cancellation
 * requested) → CANCELED (accepted) or back to ACTIVE (declined).
 */
export const POLICY_EMPLOYEE_STATUSES = [
  'PROCESS_ACTIVATION',
  'ACTIVE',
  'DECLINE',
  'PROCESS_CANCELLATION',
  'CANCELED',
] as const satisfies readonly PolicyStatus[];
export type PolicyEmployeeStatus = (typeof POLICY_EMPLOYEE_STATUSES)[number];

/** 002-4.05: employee (and document, organization) statuses. */
export const EMPLOYEE_STATUSES = ['ACTIVE', 'PENDING', 'INACTIVE'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/**
 * The person's employee status derived from their process status: insured now (ACTIVE, and ACTIVE while a
 * cancellation waits for the insurer), waiting to be insured (PENDING), not insured (INACTIVE).
 */
export const employeeStatusOf = (status: PolicyEmployeeStatus): EmployeeStatus =>
  status === 'ACTIVE' || status === 'PROCESS_CANCELLATION'
    ? 'ACTIVE'
    : status === 'PROCESS_ACTIVATION'
      ? 'PENDING'
      : 'INACTIVE';

/** The last process kind of a person: an activation (alta) or a cancellation (baja). */
export const MOVEMENTS = ['ALTA', 'BAJA'] as const;
export type Movement = (typeof MOVEMENTS)[number];

/** 002-4.09: the employee list's filters: activations, cancellations, all. */
export const MOVEMENT_FILTERS = ['ALTAS', 'BAJAS', 'TODAS'] as const;
export type MovementFilter = (typeof MOVEMENT_FILTERS)[number];
export const movementOfFilter = (filter: MovementFilter): Movement | null =>
  filter === 'ALTAS' ? 'ALTA' : filter === 'BAJAS' ? 'BAJA' : null;

/** 002-3.41/3.42 insuredType: the employee (holder) or a dependant (carga). */
export const INSURED_TYPES = ['TITULAR', 'CARGA'] as const;
export type InsuredType = (typeof INSURED_TYPES)[number];

export const GENDERS = ['Masculino', 'Femenino'] as const;

/** A bulk load activates or cancels (002-1.01; the two row shapes of 002-3.41 and 3.42). */
export const BULK_KINDS = ['activation', 'cancellation'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

/** The file formats of a bulk load (002-5.13's list reduced to spreadsheets). */
export const BULK_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type BulkFileFormat = (typeof BULK_FILE_FORMATS)[number];
export const BULK_FILE_EXTENSIONS = ['.csv', '.xls', '.xlsx'] as const;

/** Largest bulk-load file accepted (RULES.md "Upload maximum: 15", decided 15 MB). */
export const BULK_LOAD_MAX_BYTES = 15 * 1024 * 1024;

/**
 * A bulk load's life: the dry run (VALIDATING → VALIDATED), the commit (COMMITTING → COMMITTED), the undo
 * (UNDONE); FAILED when its file could not be read at all.
 */
export const BULK_LOAD_STATUSES = [
  'VALIDATING',
  'VALIDATED',
  'COMMITTING',
  'COMMITTED',
  'UNDONE',
  'FAILED',
] as const;
export type BulkLoadStatus = (typeof BULK_LOAD_STATUSES)[number];
