import type { GroupPolicyDocument } from '@cubre/projections/groupInsurance/documents';
import type { CommandMetadata } from '@cubre/schemas/commands';
import type { PolicyCreatedData } from '@cubre/schemas/groupInsurance/policy';
import type { InsuredState } from '@cubre/schemas/groupInsurance/roster';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { policyAggregate, policyStream } from './policyDecider';
import { RosterWriter } from './roster';
import { rosterStream } from './rosterDecider';

/** A policy a sale opens and the people it activates (issue 14: a company's online purchase). */
export interface SalePolicy {
  policy: PolicyCreatedData;
  /** The activation batch's id: one per sale. */
  batchId: string;
  people: InsuredState[];
}

/**
 * Opens a company's policy and records its people as one activation batch, as a bulk load's commit
 * records them (`RosterWriter`): idempotent, so a sale's event delivered twice writes nothing more. The
 * policy exists once (its decider); a roster that has any event is left as it is. Answers whether the
 * people were written now. It does not wait for the read models: the policy it creates has an empty
 * roster by construction, which is all the writer needs (its id and that revision).
 */
export function openSalePolicy(eventStore: EventStore) {
  return async (
    { policy, batchId, people }: SalePolicy,
    metadata: (step: 'policy' | 'roster') => CommandMetadata,
  ): Promise<boolean> => {
    const { policyId } = policy;
    try {
      await handleCommand(
        eventStore,
        policyAggregate,
        policyStream(policyId),
        { type: 'CreatePolicy', policy },
        metadata('policy'),
      );
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
    }
    const written = async () =>
      (await eventStore.readStream(rosterStream(policyId), { maxCount: 1 })).length > 0;
    if (await written()) return false;
    const fresh = { _id: policyId, rosterRevision: -1, openBatch: null } as unknown as GroupPolicyDocument;
    const writer = new RosterWriter(eventStore, fresh, metadata('roster'));
    try {
      await writer.write({
        type: 'RecordBatch',
        policyId,
        batch: { batchId, kind: 'activation', bulkLoadId: null, refersTo: null, by: 'sale' },
        changes: people.map((after) => ({
          legalId: after.person.legalId,
          rowNumber: null,
          before: null,
          after,
        })),
      });
    } catch (error) {
      // Another delivery of the same event wrote it first (the append was pinned to an empty stream).
      if (await written()) return false;
      throw error;
    }
    return true;
  };
}
export type OpenSalePolicy = ReturnType<typeof openSalePolicy>;
