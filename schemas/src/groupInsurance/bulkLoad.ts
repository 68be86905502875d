import { z } from 'zod';
import { eventOf } from '../events';
import { BULK_FILE_FORMATS, BULK_KINDS, BULK_LOAD_STATUSES } from './statuses';

/**
 * A bulk load of activations or cancellations (002-1.01, issue 16): stream `bulkLoad-{bulkLoadId}`.
 * Uploaded (the file kept under DATA_DIR/bulk-loads/{id}) → validated (the dry run: counts and the per-row
 * problems, in chunks) → committing (progress) → committed (its roster batch) → undone; failed when the file
 * cannot be read. Progress counts are cumulative, so a repeated event never skews them.
 */
export const BULK_LOAD_CATEGORY = 'bulkLoad';
export const PROBLEMS_CHUNK_SIZE = 500;

export const BulkLoadId = z.uuid({ error: 'el identificador de una carga es un UUID' });
export const BulkKindSchema = z.enum(BULK_KINDS, { error: 'kind es activation o cancellation' });
export const BulkLoadStatusSchema = z.enum(BULK_LOAD_STATUSES);

const Count = z.number().int().nonnegative();

/** One problem of one row, as the downloadable report and the console's table show it (Spanish message). */
export const BulkLoadProblem = z.strictObject({
  rowNumber: z.number().int().nonnegative(),
  column: z.string().max(80),
  rule: z.string().min(1).max(80),
  message: z.string().min(1).max(500),
});
export type BulkLoadProblem = z.infer<typeof BulkLoadProblem>;

export const BulkLoadCounts = z.strictObject({
  /** Data rows read (the header not counted). */
  rows: Count,
  valid: Count,
  invalid: Count,
  /** Valid rows that change nothing (the same file again, or the unchanged rows of a corrected one). */
  unchanged: Count,
  toApply: Count,
});
export type BulkLoadCounts = z.infer<typeof BulkLoadCounts>;

export const BulkLoadUploadedData = z.strictObject({
  bulkLoadId: BulkLoadId,
  organizationId: z.string().min(1).max(120),
  policyId: z.string().min(1).max(60),
  kind: BulkKindSchema,
  fileName: z.string().min(1).max(255),
  format: z.enum(BULK_FILE_FORMATS),
  size: Count,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  by: z.string().min(1).max(200),
});
export const BulkLoadUploaded = eventOf('BulkLoadUploaded', BulkLoadUploadedData);

export const BulkLoadValidationProgressedData = z.strictObject({ bulkLoadId: BulkLoadId, rowsRead: Count });
export const BulkLoadValidationProgressed = eventOf(
  'BulkLoadValidationProgressed',
  BulkLoadValidationProgressedData,
);

export const BulkLoadProblemsFoundData = z.strictObject({
  bulkLoadId: BulkLoadId,
  /** Position of the chunk's first problem among all of the load's problems (the read model's ids). */
  offset: Count,
  problems: z.array(BulkLoadProblem).min(1).max(PROBLEMS_CHUNK_SIZE),
});
export const BulkLoadProblemsFound = eventOf('BulkLoadProblemsFound', BulkLoadProblemsFoundData);

export const BulkLoadValidatedData = z.strictObject({ bulkLoadId: BulkLoadId, counts: BulkLoadCounts });
export const BulkLoadValidated = eventOf('BulkLoadValidated', BulkLoadValidatedData);

export const BulkLoadCommitStartedData = z.strictObject({
  bulkLoadId: BulkLoadId,
  /** The roster batch the commit records its changes in. */
  batchId: z.string().min(1).max(80),
  rowsToApply: Count,
  by: z.string().min(1).max(200),
});
export const BulkLoadCommitStarted = eventOf('BulkLoadCommitStarted', BulkLoadCommitStartedData);

export const BulkLoadCommitProgressedData = z.strictObject({
  bulkLoadId: BulkLoadId,
  rowsRead: Count,
  rowsApplied: Count,
});
export const BulkLoadCommitProgressed = eventOf('BulkLoadCommitProgressed', BulkLoadCommitProgressedData);

export const BulkLoadCommittedData = z.strictObject({
  bulkLoadId: BulkLoadId,
  batchId: z.string().min(1).max(80),
  rowsApplied: Count,
});
export const BulkLoadCommitted = eventOf('BulkLoadCommitted', BulkLoadCommittedData);

export const BulkLoadUndoneData = z.strictObject({
  bulkLoadId: BulkLoadId,
  /** The roster batch that reversed the load's. */
  undoBatchId: z.string().min(1).max(80),
  by: z.string().min(1).max(200),
});
export const BulkLoadUndone = eventOf('BulkLoadUndone', BulkLoadUndoneData);

export const BulkLoadFailedData = z.strictObject({
  bulkLoadId: BulkLoadId,
  stage: z.enum(['validation', 'commit']),
  /** Spanish, for the console: why the file could not be read or the commit could not finish. */
  reason: z.string().min(1).max(500),
});
export const BulkLoadFailed = eventOf('BulkLoadFailed', BulkLoadFailedData);

const typed = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.strictObject({ type: z.literal(type), data });
export const BulkLoadEvent = z.discriminatedUnion('type', [
  typed('BulkLoadUploaded', BulkLoadUploadedData),
  typed('BulkLoadValidationProgressed', BulkLoadValidationProgressedData),
  typed('BulkLoadProblemsFound', BulkLoadProblemsFoundData),
  typed('BulkLoadValidated', BulkLoadValidatedData),
  typed('BulkLoadCommitStarted', BulkLoadCommitStartedData),
  typed('BulkLoadCommitProgressed', BulkLoadCommitProgressedData),
  typed('BulkLoadCommitted', BulkLoadCommittedData),
  typed('BulkLoadUndone', BulkLoadUndoneData),
  typed('BulkLoadFailed', BulkLoadFailedData),
]);
export type BulkLoadEvent = z.infer<typeof BulkLoadEvent>;

/** The query of POST /api/admin/bulk-loads (the file is the raw body). */
export const UploadBulkLoadQuery = z.strictObject({
  policyId: z.string().trim().min(1, 'campo requerido').max(60),
  kind: BulkKindSchema,
  fileName: z.string().trim().min(1, 'campo requerido').max(255),
});
export type UploadBulkLoadQuery = z.infer<typeof UploadBulkLoadQuery>;

/** GET /api/admin/bulk-loads/template?kind=&format= : the empty file with the seed's columns. */
export const BulkLoadTemplateQuery = z.strictObject({
  kind: BulkKindSchema,
  format: z.enum(BULK_FILE_FORMATS).default('xlsx'),
});

/** The console's `bulk-loads` record. */
export const BulkLoadRecord = z.object({
  id: BulkLoadId,
  organizationId: z.string(),
  policyId: z.string(),
  policyNumber: z.string(),
  kind: BulkKindSchema,
  fileName: z.string(),
  size: Count,
  status: BulkLoadStatusSchema,
  progress: z.object({ rowsRead: Count, rowsApplied: Count, rowsToApply: Count }),
  counts: BulkLoadCounts,
  /** The roster batch of its commit, once committing. */
  batchId: z.string().nullable(),
  /** Why it failed (Spanish), when FAILED. */
  failure: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  revision: z.number().int(),
});
export type BulkLoadRecord = z.infer<typeof BulkLoadRecord>;

/** The console's `bulk-load-problems` record: id `{bulkLoadId}.{n}`, listed by `filter={"bulkLoadId":…}`. */
export const BulkLoadProblemRecord = BulkLoadProblem.extend({
  id: z.string(),
  bulkLoadId: BulkLoadId,
  organizationId: z.string(),
});
export type BulkLoadProblemRecord = z.infer<typeof BulkLoadProblemRecord>;

/** POST bulk-loads/{id}/commit | undo | accept | decline: pinned to the record's revision when given. */
export const BulkLoadCommandBody = z.strictObject({
  revision: z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER).optional(),
});
