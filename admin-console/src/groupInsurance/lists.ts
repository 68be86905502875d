/**
 * Group insurance's vocabularies and the console's pure rules over them, without zod (the console's
 * Content-Security-Policy forbids the eval zod probes for): the statuses of seed 002 §4, the employee
 * list's movements, the bulk-load upload's accepted files, and which permission a button needs.
 */
import type { Permission } from '@cubre/schemas/identity/permissions';
import {
  BULK_FILE_EXTENSIONS,
  BULK_LOAD_MAX_BYTES,
  type BulkKind,
  type MovementFilter,
} from '@cubre/schemas/groupInsurance/statuses';

// The seed's lists themselves are the schemas' zod-free ones (the server's enums are built on them).
export {
  BULK_FILE_EXTENSIONS,
  BULK_FILE_FORMATS,
  BULK_KINDS,
  BULK_LOAD_STATUSES,
  EMPLOYEE_STATUSES,
  MOVEMENT_FILTERS,
  POLICY_EMPLOYEE_STATUSES,
  POLICY_STATUSES,
  type BulkFileFormat,
  type BulkKind,
  type BulkLoadStatus,
  type MovementFilter,
} from '@cubre/schemas/groupInsurance/statuses';

/** Seed 002 §9 "Upload maximum: 15", unit not shown: decided 15 MB (the server answers 413 beyond). */
export const MAX_BULK_FILE_BYTES = BULK_LOAD_MAX_BYTES;

/** Why a chosen file cannot be sent (a message key), or null when it may: the server judges it again. */
export function bulkFileProblem(file: { name: string; size: number } | null | undefined): string | null {
  if (!file) return 'cubre.groupInsurance.upload.errors.required';
  const name = file.name.toLowerCase();
  if (!BULK_FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return 'cubre.groupInsurance.upload.errors.extension';
  }
  if (file.size === 0) return 'cubre.groupInsurance.upload.errors.empty';
  if (file.size > MAX_BULK_FILE_BYTES) return 'cubre.groupInsurance.upload.errors.size';
  return null;
}

/** A load the server is still working on: its page polls until it settles. */
export const isBulkLoadRunning = (status: string | null | undefined): boolean =>
  status === 'VALIDATING' || status === 'COMMITTING';

/** How often a running load's page asks again. */
export const BULK_LOAD_POLL_MS = 1000;

export interface BulkProgress {
  rowsRead: number;
  rowsApplied: number;
  rowsToApply: number;
}

/**
 * The progress bar's percentage: while committing, rows applied of those to apply; while validating the
 * total is unknown until the file is read (null: an indeterminate bar).
 */
export function bulkProgressPercent(
  status: string,
  progress: BulkProgress | null | undefined,
): number | null {
  if (!progress || status !== 'COMMITTING' || progress.rowsToApply <= 0) return null;
  return Math.min(100, Math.round((progress.rowsApplied / progress.rowsToApply) * 100));
}

/** The insurer's answers to a process (002-4.08): whoever holds the permission answers for the insurer. */
export type ProcessAnswer = 'accept' | 'decline';

/** The process a person is in, by their status; none for a settled person. */
export function processOf(status: string | null | undefined): BulkKind | null {
  if (status === 'PROCESS_ACTIVATION') return 'activation';
  if (status === 'PROCESS_CANCELLATION') return 'cancellation';
  return null;
}

/** The permission that answers a process of `kind` (002-6.11). */
export function answerPermission(kind: BulkKind, answer: ProcessAnswer): Permission {
  return kind === 'activation'
    ? (`policy-employee:process-activation:${answer}` as const)
    : (`policy-employee:process-cancellation:${answer}` as const);
}

/** The permission that uploads a batch of `kind` (002-6.05). */
export const uploadPermission = (kind: BulkKind): Permission =>
  kind === 'activation' ? 'bulk-load:bulk-activation' : 'bulk-load:bulk-cancellation';

/** Group insurance's commands beyond reading: their buttons show only with these. */
export const GROUP_INSURANCE_ACTIONS = {
  /** Confirm (commit) or undo a batch. */
  process: 'bulk-load:process',
  /** Ask for an active person's cancellation, one by one. */
  cancel: 'policy-employee:active:process-cancellation',
  history: 'employee:read-history',
  export: 'employee:export',
} as const satisfies Record<string, Permission>;

/** The employee list's `movement` filter for a tab: TODAS is no filter at all. */
export const movementFilter = (movement: MovementFilter): Record<string, string> =>
  movement === 'TODAS' ? {} : { movement };
