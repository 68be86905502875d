import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import {
  BULK_LOAD_CATEGORY,
  BulkLoadEvent,
  PROBLEMS_CHUNK_SIZE,
  type BulkLoadCounts,
  type BulkLoadProblem,
  type BulkLoadUploadedData,
} from '@cubre/schemas/groupInsurance/bulkLoad';
import type { BulkLoadStatus } from '@cubre/schemas/groupInsurance/statuses';
import type { z } from 'zod';

export const bulkLoadStream = (bulkLoadId: string) => `${BULK_LOAD_CATEGORY}-${bulkLoadId}`;

type Uploaded = z.infer<typeof BulkLoadUploadedData>;

export type BulkLoadCommand =
  | { type: 'Upload'; load: Uploaded }
  | { type: 'RecordValidationProgress'; bulkLoadId: string; rowsRead: number }
  | { type: 'RecordProblems'; bulkLoadId: string; problems: BulkLoadProblem[] }
  | { type: 'MarkValidated'; bulkLoadId: string; counts: BulkLoadCounts }
  | { type: 'StartCommit'; bulkLoadId: string; batchId: string; by: string }
  | { type: 'RecordCommitProgress'; bulkLoadId: string; rowsRead: number; rowsApplied: number }
  | { type: 'MarkCommitted'; bulkLoadId: string; rowsApplied: number }
  | { type: 'MarkUndone'; bulkLoadId: string; undoBatchId: string; by: string }
  | { type: 'Fail'; bulkLoadId: string; stage: 'validation' | 'commit'; reason: string };

export type BulkLoadState = {
  load: Uploaded | null;
  status: BulkLoadStatus | null;
  problemCount: number;
  counts: BulkLoadCounts | null;
  batchId: string | null;
};

const refused = (message: string, rule: string) => new CommandRejected(message, rule, 409, 'status');

/**
 * A bulk load's life (issue 16): the dry run records its problems and counts, the commit its roster batch
 * and progress, the undo the batch that reversed it. Commit only a validated load, undo only a committed
 * one; anything else is a 409 naming the status.
 */
export const bulkLoadDecider: Decider<BulkLoadState, BulkLoadCommand, BulkLoadEvent> = {
  initialState: () => ({ load: null, status: null, problemCount: 0, counts: null, batchId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'BulkLoadUploaded':
        return { ...state, load: event.data, status: 'VALIDATING' };
      case 'BulkLoadProblemsFound':
        return { ...state, problemCount: event.data.offset + event.data.problems.length };
      case 'BulkLoadValidated':
        return { ...state, status: 'VALIDATED', counts: event.data.counts };
      case 'BulkLoadCommitStarted':
        return { ...state, status: 'COMMITTING', batchId: event.data.batchId };
      case 'BulkLoadCommitted':
        return { ...state, status: 'COMMITTED' };
      case 'BulkLoadUndone':
        return { ...state, status: 'UNDONE' };
      case 'BulkLoadFailed':
        return { ...state, status: 'FAILED' };
      default:
        return state;
    }
  },
  decide(command, state) {
    if (command.type === 'Upload') {
      if (state.load) throw refused('la carga ya existe', 'exists');
      return [{ type: 'BulkLoadUploaded', data: command.load }];
    }
    const { bulkLoadId } = command;
    switch (command.type) {
      case 'RecordValidationProgress':
        return state.status === 'VALIDATING'
          ? [{ type: 'BulkLoadValidationProgressed', data: { bulkLoadId, rowsRead: command.rowsRead } }]
          : [];
      case 'RecordProblems': {
        if (state.status !== 'VALIDATING') return [];
        const events: BulkLoadEvent[] = [];
        for (let start = 0; start < command.problems.length; start += PROBLEMS_CHUNK_SIZE) {
          events.push({
            type: 'BulkLoadProblemsFound',
            data: {
              bulkLoadId,
              offset: state.problemCount + start,
              problems: command.problems.slice(start, start + PROBLEMS_CHUNK_SIZE),
            },
          });
        }
        return events;
      }
      case 'MarkValidated':
        return state.status === 'VALIDATING'
          ? [{ type: 'BulkLoadValidated', data: { bulkLoadId, counts: command.counts } }]
          : [];
      case 'StartCommit':
        if (state.status === 'COMMITTING' && state.batchId === command.batchId) return [];
        if (state.status !== 'VALIDATED') {
          throw refused(
            `solo se confirma una carga validada (está ${state.status ?? 'sin subir'})`,
            'not-validated',
          );
        }
        return [
          {
            type: 'BulkLoadCommitStarted',
            data: {
              bulkLoadId,
              batchId: command.batchId,
              rowsToApply: state.counts?.toApply ?? 0,
              by: command.by,
            },
          },
        ];
      case 'RecordCommitProgress':
        return state.status === 'COMMITTING'
          ? [
              {
                type: 'BulkLoadCommitProgressed',
                data: { bulkLoadId, rowsRead: command.rowsRead, rowsApplied: command.rowsApplied },
              },
            ]
          : [];
      case 'MarkCommitted':
        return state.status === 'COMMITTING'
          ? [
              {
                type: 'BulkLoadCommitted',
                data: { bulkLoadId, batchId: state.batchId!, rowsApplied: command.rowsApplied },
              },
            ]
          : [];
      case 'MarkUndone':
        if (state.status !== 'COMMITTED') {
          throw refused(
            `solo se deshace una carga confirmada (está ${state.status ?? 'sin subir'})`,
            'not-committed',
          );
        }
        return [
          { type: 'BulkLoadUndone', data: { bulkLoadId, undoBatchId: command.undoBatchId, by: command.by } },
        ];
      case 'Fail':
        // VALIDATED too: a load nobody committed expires (bulkLoadRetention.ts).
        return state.status === 'VALIDATING' || state.status === 'VALIDATED' || state.status === 'COMMITTING'
          ? [{ type: 'BulkLoadFailed', data: { bulkLoadId, stage: command.stage, reason: command.reason } }]
          : [];
    }
  },
};

export const bulkLoadAggregate = { decider: bulkLoadDecider, eventSchema: BulkLoadEvent };
