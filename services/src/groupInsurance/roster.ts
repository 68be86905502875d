import { randomUUID } from 'node:crypto';
import { eventIdFor } from '@cubre/platform/commands/eventIds';
import type { AppContext } from '@cubre/platform/http/app';
import { HttpProblem } from '@cubre/platform/http/problem';
import { recordNotFound } from '@cubre/platform/http/simpleRest';
import type { EventStore, ExpectedRevision } from '@cubre/platform/ports/eventStore';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import {
  GROUP_EMPLOYEES_COLLECTION,
  GROUP_INSURANCE_PROJECTION,
  GROUP_POLICIES_COLLECTION,
  type GroupEmployeeDocument,
  type GroupPolicyDocument,
} from '@cubre/projections/groupInsurance/documents';
import type { CommandMetadata } from '@cubre/schemas/commands';
import { RosterEvent, type InsuredState } from '@cubre/schemas/groupInsurance/roster';
import { rosterDecider, rosterStream, type RosterCommand, type RosterState } from './rosterDecider';

type Ports = Pick<AppContext, 'eventStore' | 'readStore' | 'visibility' | 'config'>;

export const policiesOf = (readStore: ReadStore) =>
  readStore.collection<GroupPolicyDocument>(GROUP_POLICIES_COLLECTION);
export const employeesOf = (readStore: ReadStore) =>
  readStore.collection<GroupEmployeeDocument>(GROUP_EMPLOYEES_COLLECTION);

/** Waits until the group-insurance read models show a write. */
export async function waitVisible(ports: Ports, write: { globalPosition: number; streamId: string }) {
  if (write.globalPosition <= 0) return;
  await ports.visibility.waitUntilVisible(
    write,
    [GROUP_INSURANCE_PROJECTION],
    Math.max(ports.config.readYourWritesTimeoutMs, 5_000),
  );
}

/**
 * The policy's document once the read models have applied every roster event stored: the roster stream's
 * tail past the document's `rosterRevision` is read (normally empty, or the few events in flight) and
 * waited for. The employees of the policy are then those "as of" `rosterRevision`: what the roster
 * decisions are given, and what every append is pinned to.
 */
export async function caughtUpPolicy(ports: Ports, policyId: string): Promise<GroupPolicyDocument> {
  const streamId = rosterStream(policyId);
  for (let attempt = 0; attempt < 20; attempt++) {
    const policy = await policiesOf(ports.readStore).findOne({ _id: policyId });
    if (!policy) throw recordNotFound('policies', policyId);
    const tail = await ports.eventStore.readStream(streamId, {
      fromRevision: policy.rosterRevision + 1,
      maxCount: 20,
    });
    if (tail.length === 0) return policy;
    await waitVisible(ports, { globalPosition: tail[tail.length - 1]!.globalPosition, streamId });
  }
  throw new HttpProblem(
    503,
    'not-caught-up',
    'Intente de nuevo',
    'la lista de asegurados se está actualizando',
    [{ field: 'policyId', rule: 'caught-up', message: 'la lista de asegurados se está actualizando' }],
  );
}

/** A person's insurance as the decider sees it, from their employees document. */
export const insuredStateOf = (doc: GroupEmployeeDocument): InsuredState => ({
  person: doc.person,
  status: doc.status,
  movement: doc.movement,
  effectiveDate: doc.effectiveDate,
  cancellationReason: doc.cancellationReason,
});

/** The current documents of some people of a policy, by RUT (one query per chunk of rows). */
export async function currentDocuments(
  readStore: ReadStore,
  policyId: string,
  legalIds: string[],
): Promise<Map<string, GroupEmployeeDocument>> {
  if (legalIds.length === 0) return new Map();
  const docs = await employeesOf(readStore).find({ _id: { $in: legalIds.map((id) => `${policyId}.${id}`) } });
  return new Map(docs.map((doc) => [doc.legalId, doc]));
}

/**
 * Appends roster commands to one policy, each pinned to the revision the writer knows (the caught-up
 * policy's at first, then its own appends'): a write by anyone else in between is a 409, never an
 * interleaving. The state (the open batch) is kept as the appends move it.
 */
export class RosterWriter {
  private revision: number;
  private state: RosterState;
  private appends = 0;
  lastWrite = { globalPosition: 0, streamId: '' };

  constructor(
    private readonly store: EventStore,
    private readonly policy: GroupPolicyDocument,
    private readonly metadata: CommandMetadata,
  ) {
    this.revision = policy.rosterRevision;
    this.state = {
      openBatch: policy.openBatch ? { batchId: policy.openBatch.batchId, kind: policy.openBatch.kind } : null,
    };
  }

  get openBatchId() {
    return this.state.openBatch?.batchId ?? null;
  }

  async write(command: RosterCommand): Promise<void> {
    const decided = rosterDecider.decide(command, this.state).map((event) => RosterEvent.parse(event));
    if (decided.length === 0) return;
    const commandId = `${this.metadata.commandId}:roster:${this.appends++}`;
    const streamId = rosterStream(this.policy._id);
    const expected: ExpectedRevision = this.revision === -1 ? 'no_stream' : this.revision;
    const appended = await this.store.append(
      streamId,
      decided.map((event, index) => ({
        id: eventIdFor(commandId, index),
        type: event.type,
        data: event.data,
        occurredAt: this.metadata.receivedAt,
        metadata: {
          correlationId: this.metadata.correlationId,
          causationId: this.metadata.commandId,
          actor: this.metadata.actor,
        },
      })),
      { expectedRevision: expected },
    );
    this.revision = appended.nextExpectedRevision;
    this.state = decided.reduce(rosterDecider.evolve, this.state);
    this.lastWrite = { globalPosition: appended.globalPosition, streamId };
  }
}

export const newBatchId = () => randomUUID();
