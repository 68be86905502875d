import {
  SHARED_INSURANCE_CATEGORY,
  SharedInsuranceData,
  type SharedInsuranceData as SharedInsuranceDataType,
} from '@cubre/schemas/site';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import { canonicalJson } from '@cubre/platform/core/canonicalJson';

/** Stream of one shared insurance: `sharedInsurance-{code}`. */
export { SHARED_INSURANCE_CATEGORY };
export const sharedInsuranceStream = (code: string) => `${SHARED_INSURANCE_CATEGORY}-${code}`;

export const SharedInsuranceDomainEvent = z.object({
  type: z.literal('SharedInsuranceSaved'),
  data: SharedInsuranceData,
});
export type SharedInsuranceDomainEvent = z.infer<typeof SharedInsuranceDomainEvent>;

export type SaveSharedInsurance = { type: 'SaveSharedInsurance'; data: SharedInsuranceDataType };
export type SharedInsuranceCommand = SaveSharedInsurance;

export type SharedInsuranceState = { status: 'Empty' } | { status: 'Saved'; data: SharedInsuranceDataType };

/** What a share is: its code aside, two shares with the same content are the same share. */
export const shareContentOf = ({ productCode, productType, path, profile }: SharedInsuranceDataType) =>
  canonicalJson({ productCode, productType, path, profile });

/**
 * A shared insurance (rule 000-7.26): one product, one profile, one comparator page, under a code derived
 * from that content. Sharing the same content again changes nothing (the visitor gets the same link back);
 * other content under a taken code is refused, and the caller derives the next candidate code.
 */
export const sharedInsuranceDecider: Decider<
  SharedInsuranceState,
  SharedInsuranceCommand,
  SharedInsuranceDomainEvent
> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(_state, event) {
    switch (event.type) {
      case 'SharedInsuranceSaved':
        return { status: 'Saved', data: event.data };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SaveSharedInsurance': {
        if (state.status === 'Empty') return [{ type: 'SharedInsuranceSaved', data: command.data }];
        if (shareContentOf(state.data) === shareContentOf(command.data)) return [];
        throw new CommandRejected(
          `el código ${state.data.code} ya nombra otro seguro compartido`,
          'code_taken',
          409,
          'code',
        );
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};
