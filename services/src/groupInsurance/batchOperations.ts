import type { AppContext } from '@cubre/platform/http/app';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { BulkLoadDocument } from '@cubre/projections/groupInsurance/documents';
import type { CommandMetadata } from '@cubre/schemas/commands';
import { RosterChangesRecordedData, type RosterChange } from '@cubre/schemas/groupInsurance/roster';
import { BulkLoadWriter } from './bulkLoadWriter';
import {
  caughtUpPolicy,
  currentDocuments,
  employeesOf,
  insuredStateOf,
  newBatchId,
  RosterWriter,
  waitVisible,
} from './roster';
import { answerOutcome, undoChanges } from './rosterChangeDecider';
import { rosterStream } from './rosterDecider';

type Ports = Pick<AppContext, 'eventStore' | 'readStore' | 'visibility' | 'config'>;
const PAGE = 500;

/** Every change a batch recorded, read from the roster stream a page of events at a time. */
async function changesOfBatch(ports: Ports, policyId: string, batchId: string): Promise<RosterChange[]> {
  const changes: RosterChange[] = [];
  for (let from = 0; ; from += 50) {
    const events = await ports.eventStore.readStream(rosterStream(policyId), {
      fromRevision: from,
      maxCount: 50,
    });
    for (const event of events) {
      if (event.type !== 'RosterChangesRecorded' || event.data.batchId !== batchId) continue;
      changes.push(...RosterChangesRecordedData.parse(event.data).changes);
    }
    if (events.length < 50) return changes;
  }
}

/**
 * The undo of a committed load (issue 16): every person of its batch back as the batch found them, as one
 * batch of its own, while no later change touched any of them (else 409 naming the later batch, and its
 * bulk load when it was one).
 */
export async function undoBulkLoad(
  ports: Ports,
  load: BulkLoadDocument,
  metadata: CommandMetadata,
  by: string,
) {
  const writer = await BulkLoadWriter.open(ports.eventStore, load._id, metadata);
  if (writer.state.status !== 'COMMITTED') {
    throw new CommandRejected(
      `solo se deshace una carga confirmada (está ${writer.state.status ?? 'sin subir'})`,
      'not-committed',
      409,
      'status',
    );
  }
  const batchId = writer.state.batchId!;
  const policy = await caughtUpPolicy(ports, load.policyId);
  const done = await changesOfBatch(ports, policy._id, batchId);
  const undoBatchId = newBatchId();
  const roster = new RosterWriter(ports.eventStore, policy, metadata);
  let opened = false;
  for (let start = 0; start < done.length; start += PAGE) {
    const chunk = done.slice(start, start + PAGE);
    const docs = await currentDocuments(
      ports.readStore,
      policy._id,
      chunk.map((change) => change.legalId),
    );
    for (const change of chunk) {
      const doc = docs.get(change.legalId);
      const later = doc ? doc.lastBatchId : null;
      if (later !== batchId) {
        const who = doc?.lastBulkLoadId
          ? `la carga ${doc.lastBulkLoadId}`
          : `el cambio ${later ?? 'posterior'}`;
        throw new CommandRejected(
          `no se puede deshacer: ${who} cambió después a la persona ${change.legalId}; deshágalo primero`,
          'later-change',
          409,
          'id',
        );
      }
    }
  }
  // Checked whole before anything is written: an undo refused halfway would leave a batch open.
  for (let start = 0; start < done.length; start += PAGE) {
    const chunk = done.slice(start, start + PAGE);
    const docs = await currentDocuments(
      ports.readStore,
      policy._id,
      chunk.map((change) => change.legalId),
    );
    const current = new Map([...docs].map(([legalId, doc]) => [legalId, insuredStateOf(doc)]));
    if (!opened) {
      await roster.write({
        type: 'OpenBatch',
        policyId: policy._id,
        batch: { batchId: undoBatchId, kind: 'undo', bulkLoadId: load._id, refersTo: batchId, by },
      });
      opened = true;
    }
    await roster.write({
      type: 'RecordChanges',
      policyId: policy._id,
      batchId: undoBatchId,
      changes: undoChanges(chunk, current),
    });
  }
  if (opened) {
    await roster.write({
      type: 'CloseBatch',
      policyId: policy._id,
      batchId: undoBatchId,
      changeCount: done.length,
    });
    await waitVisible(ports, roster.lastWrite);
  }
  await writer.write({ type: 'MarkUndone', bulkLoadId: load._id, undoBatchId, by });
  await waitVisible(ports, writer.lastWrite);
}

/**
 * The insurer's answer to every open process a committed load left (002-4.08): its people still in
 * PROCESS_ACTIVATION or PROCESS_CANCELLATION from that load, as one batch. 409 when none is open.
 */
export async function answerBulkLoad(
  ports: Ports,
  load: BulkLoadDocument,
  answer: 'accept' | 'decline',
  metadata: CommandMetadata,
  by: string,
): Promise<number> {
  const policy = await caughtUpPolicy(ports, load.policyId);
  const roster = new RosterWriter(ports.eventStore, policy, metadata);
  const batchId = newBatchId();
  const status = load.kind === 'activation' ? 'PROCESS_ACTIVATION' : 'PROCESS_CANCELLATION';
  let answered = 0;
  let after = '';
  for (;;) {
    const page = await employeesOf(ports.readStore).find(
      { policyId: policy._id, lastBulkLoadId: load._id, status, ...(after ? { _id: { $gt: after } } : {}) },
      { sort: { _id: 1 }, limit: PAGE },
    );
    if (page.length === 0) break;
    const changes: RosterChange[] = [];
    for (const doc of page) {
      const outcome = answerOutcome(insuredStateOf(doc), answer);
      if (outcome.kind === 'change') changes.push(outcome.change);
    }
    if (answered === 0) {
      await roster.write({
        type: 'OpenBatch',
        policyId: policy._id,
        batch: { batchId, kind: answer, bulkLoadId: load._id, refersTo: load.batchId, by },
      });
    }
    await roster.write({ type: 'RecordChanges', policyId: policy._id, batchId, changes });
    answered += changes.length;
    after = page[page.length - 1]!._id;
    if (page.length < PAGE) break;
  }
  if (answered === 0) {
    throw new CommandRejected(
      'la carga no tiene procesos pendientes de respuesta',
      'no-open-process',
      409,
      'id',
    );
  }
  await roster.write({ type: 'CloseBatch', policyId: policy._id, batchId, changeCount: answered });
  await waitVisible(ports, roster.lastWrite);
  return answered;
}
