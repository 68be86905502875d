import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import { POLICY_CATEGORY, PolicyEvent, type PolicyCreatedData } from '@cubre/schemas/groupInsurance/policy';

export const policyStream = (policyId: string) => `${POLICY_CATEGORY}-${policyId}`;

export type PolicyCommand = { type: 'CreatePolicy'; policy: PolicyCreatedData };
export type PolicyState = { created: boolean };

/** A company's group policy (issue 16): created once by staff (`policy:create`). */
export const policyDecider: Decider<PolicyState, PolicyCommand, PolicyEvent> = {
  initialState: () => ({ created: false }),
  evolve: (state, event) => (event.type === 'PolicyCreated' ? { created: true } : state),
  decide(command, state) {
    if (state.created) {
      throw new CommandRejected(`la póliza ${command.policy.policyId} ya existe`, 'exists', 409, 'id');
    }
    return [{ type: 'PolicyCreated', data: command.policy }];
  },
};

export const policyAggregate = { decider: policyDecider, eventSchema: PolicyEvent };
