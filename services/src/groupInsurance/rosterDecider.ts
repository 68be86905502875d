import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import {
  POLICY_ROSTER_CATEGORY,
  ROSTER_CHUNK_SIZE,
  RosterEvent,
  type RosterBatchKind,
  type RosterChange,
} from '@cubre/schemas/groupInsurance/roster';

export const rosterStream = (policyId: string) => `${POLICY_ROSTER_CATEGORY}-${policyId}`;

export type BatchHeader = {
  batchId: string;
  kind: RosterBatchKind;
  bulkLoadId: string | null;
  refersTo: string | null;
  by: string;
};

/**
 * A policy roster's commands: a batch opened, recorded in chunks, closed (a bulk load's commit, an undo, a
 * batch's answer), or one change whole (one person's accept, decline or cancel).
 */
export type RosterCommand =
  | { type: 'OpenBatch'; policyId: string; batch: BatchHeader }
  | { type: 'RecordChanges'; policyId: string; batchId: string; changes: RosterChange[] }
  | { type: 'CloseBatch'; policyId: string; batchId: string; changeCount: number }
  | { type: 'RecordBatch'; policyId: string; batch: BatchHeader; changes: RosterChange[] };

/** Only what deciding needs: the batch open now, if any. */
export type RosterState = { openBatch: { batchId: string; kind: RosterBatchKind } | null };

const busy = (open: { batchId: string }) =>
  new CommandRejected(
    `la póliza tiene otro lote en curso (${open.batchId}); intente cuando termine`,
    'roster-busy',
    409,
    'policyId',
  );

/** Changes in chunks of ROSTER_CHUNK_SIZE: each event well under EventStoreDB's 1 MB. */
function chunksOf(policyId: string, batchId: string, changes: RosterChange[]): RosterEvent[] {
  const events: RosterEvent[] = [];
  for (let start = 0; start < changes.length; start += ROSTER_CHUNK_SIZE) {
    events.push({
      type: 'RosterChangesRecorded',
      data: { policyId, batchId, changes: changes.slice(start, start + ROSTER_CHUNK_SIZE) },
    });
  }
  return events;
}

/**
 * One batch at a time per policy: a batch or a change while another batch is open is refused (409), and
 * every append is pinned to the roster's revision besides (the handler), so two api processes never
 * interleave. Reopening the batch already open is no change: a commit resumed after a restart.
 */
export const rosterDecider: Decider<RosterState, RosterCommand, RosterEvent> = {
  initialState: () => ({ openBatch: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'RosterBatchOpened':
        return { openBatch: { batchId: event.data.batchId, kind: event.data.kind } };
      case 'RosterBatchClosed':
        return { openBatch: null };
      default:
        return state;
    }
  },
  decide(command, state) {
    const { policyId } = command;
    switch (command.type) {
      case 'OpenBatch':
        if (state.openBatch?.batchId === command.batch.batchId) return [];
        if (state.openBatch) throw busy(state.openBatch);
        return [{ type: 'RosterBatchOpened', data: { policyId, ...command.batch } }];
      case 'RecordChanges':
        if (state.openBatch?.batchId !== command.batchId) {
          throw new CommandRejected(`el lote ${command.batchId} no está abierto`, 'batch-not-open', 409);
        }
        return chunksOf(policyId, command.batchId, command.changes);
      case 'CloseBatch':
        if (state.openBatch?.batchId !== command.batchId) return [];
        return [
          {
            type: 'RosterBatchClosed',
            data: { policyId, batchId: command.batchId, changeCount: command.changeCount },
          },
        ];
      case 'RecordBatch': {
        if (state.openBatch) throw busy(state.openBatch);
        const { batchId } = command.batch;
        return [
          { type: 'RosterBatchOpened', data: { policyId, ...command.batch } },
          ...chunksOf(policyId, batchId, command.changes),
          {
            type: 'RosterBatchClosed',
            data: { policyId, batchId, changeCount: command.changes.length },
          },
        ];
      }
    }
  },
};

export const rosterAggregate = { decider: rosterDecider, eventSchema: RosterEvent };
