import type { ProjectionEvent } from '@cubre/platform/projections/projection';
import type { UpdateSpec } from '@cubre/platform/ports/readStore';

type Data = Record<string, unknown>;

/** What each bulk-load event sets on the load's document; the writer validated every payload with zod. */
export function bulkLoadChange(event: ProjectionEvent): (UpdateSpec & { $set: Data }) | null {
  const data = event.data as Data;
  switch (event.type) {
    case 'BulkLoadUploaded':
      return {
        $set: {
          organizationId: data.organizationId,
          policyId: data.policyId,
          kind: data.kind,
          fileName: data.fileName,
          format: data.format,
          size: data.size,
          sha256: data.sha256,
          status: 'VALIDATING',
          progress: { rowsRead: 0, rowsApplied: 0, rowsToApply: 0 },
          counts: { rows: 0, valid: 0, invalid: 0, unchanged: 0, toApply: 0 },
          problemCount: 0,
          batchId: null,
          undoBatchId: null,
          failure: null,
          createdAt: event.occurredAt,
          createdBy: data.by,
        },
      };
    case 'BulkLoadValidationProgressed':
      return { $set: { 'progress.rowsRead': data.rowsRead } };
    case 'BulkLoadProblemsFound':
      return {
        $set: {},
        $max: { problemCount: (data.offset as number) + (data.problems as unknown[]).length },
      };
    case 'BulkLoadValidated': {
      const counts = data.counts as { rows: number; toApply: number };
      return {
        $set: {
          status: 'VALIDATED',
          counts,
          progress: { rowsRead: counts.rows, rowsApplied: 0, rowsToApply: counts.toApply },
        },
      };
    }
    case 'BulkLoadCommitStarted':
      return {
        $set: {
          status: 'COMMITTING',
          batchId: data.batchId,
          progress: { rowsRead: 0, rowsApplied: 0, rowsToApply: data.rowsToApply },
        },
      };
    case 'BulkLoadCommitProgressed':
      return { $set: { 'progress.rowsRead': data.rowsRead, 'progress.rowsApplied': data.rowsApplied } };
    case 'BulkLoadCommitted':
      return {
        $set: { status: 'COMMITTED', batchId: data.batchId, 'progress.rowsApplied': data.rowsApplied },
      };
    case 'BulkLoadUndone':
      return { $set: { status: 'UNDONE', undoBatchId: data.undoBatchId } };
    case 'BulkLoadFailed':
      return { $set: { status: 'FAILED', failure: data.reason } };
    default:
      return null;
  }
}
