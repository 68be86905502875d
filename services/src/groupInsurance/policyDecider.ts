import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import { POLICY_CATEGORY, PolicyEvent, type PolicyCreatedData } from '@cubre/schemas/groupInsurance/policy';

export const policyStream = (policyId: string) => `${POLICY_CATEGORY}-${policyId}`;

export type PolicyCommand =
  | { type: 'CreatePolicy'; policy: PolicyCreatedData }
  /** Whether the policy's arrears reminders also go to its active insured people (issue 15). */
  | { type: 'SetArrearsNotice'; policyId: string; notifyEmployeesOfArrears: boolean };
export type PolicyState = { created: boolean; notifyEmployeesOfArrears: boolean };

/**
 * A company's group policy (issue 16): created once by staff (`policy:create`); its arrears notice to the
 * insured people turned on or off (`policy:update-insurance-notification`), recorded only when it changes.
 */
export const policyDecider: Decider<PolicyState, PolicyCommand, PolicyEvent> = {
  initialState: () => ({ created: false, notifyEmployeesOfArrears: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'PolicyCreated':
        return { created: true, notifyEmployeesOfArrears: event.data.notifyEmployeesOfArrears ?? false };
      case 'PolicyArrearsNoticeChanged':
        return { ...state, notifyEmployeesOfArrears: event.data.notifyEmployeesOfArrears };
    }
  },
  decide(command, state) {
    if (command.type === 'SetArrearsNotice') {
      if (!state.created) {
        throw new CommandRejected(`no existe la póliza ${command.policyId}`, 'not_found', 422, 'id');
      }
      if (state.notifyEmployeesOfArrears === command.notifyEmployeesOfArrears) return [];
      const { policyId, notifyEmployeesOfArrears } = command;
      return [{ type: 'PolicyArrearsNoticeChanged', data: { policyId, notifyEmployeesOfArrears } }];
    }
    if (state.created) {
      throw new CommandRejected(`la póliza ${command.policy.policyId} ya existe`, 'exists', 409, 'id');
    }
    const { policy } = command;
    return [
      {
        type: 'PolicyCreated',
        data: { ...policy, notifyEmployeesOfArrears: policy.notifyEmployeesOfArrears ?? false },
      },
    ];
  },
};

export const policyAggregate = { decider: policyDecider, eventSchema: PolicyEvent };
