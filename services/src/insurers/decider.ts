import {
  INSURER_SETTINGS_CATEGORY,
  InsurerOperationDaySetData,
  InsurerRetroactiveDaysSetData,
  type RetroactiveDays,
} from '@cubre/schemas/insurers/settings';
import { z } from 'zod';
import type { Decider } from '@cubre/platform/core/decider';

/** Stream of one insurer's settings: `insurerSettings-{organizationCode}`. */
export const insurerSettingsStream = (organizationCode: string) =>
  `${INSURER_SETTINGS_CATEGORY}-${organizationCode}`;

export const InsurerSettingsEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('InsurerOperationDaySet'), data: InsurerOperationDaySetData }),
  z.object({ type: z.literal('InsurerRetroactiveDaysSet'), data: InsurerRetroactiveDaysSetData }),
]);
export type InsurerSettingsEvent = z.infer<typeof InsurerSettingsEvent>;

export type InsurerSettingsCommand =
  | { type: 'SetOperationDay'; organizationCode: string; operationDay: number }
  | { type: 'SetRetroactiveDays'; organizationCode: string; days: RetroactiveDays };

export interface InsurerSettingsState {
  operationDay: number | null;
  retroactiveDays: RetroactiveDays | null;
}

const sameDays = (a: RetroactiveDays | null, b: RetroactiveDays) =>
  a !== null &&
  a.activationDaysBack === b.activationDaysBack &&
  a.activationDaysForward === b.activationDaysForward &&
  a.cancellationDaysBack === b.cancellationDaysBack &&
  a.cancellationDaysForward === b.cancellationDaysForward;

/**
 * An insurer's operation day (002-4.19) and retroactive days (002-9.04, 002-9.05), as its administrators
 * set them. Setting what is already set records nothing (a repeated save is no change in the audit).
 */
export const insurerSettingsDecider: Decider<
  InsurerSettingsState,
  InsurerSettingsCommand,
  InsurerSettingsEvent
> = {
  initialState: () => ({ operationDay: null, retroactiveDays: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'InsurerOperationDaySet':
        return { ...state, operationDay: event.data.operationDay };
      case 'InsurerRetroactiveDaysSet': {
        const { organizationCode: _code, ...days } = event.data;
        return { ...state, retroactiveDays: days };
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SetOperationDay':
        return state.operationDay === command.operationDay
          ? []
          : [
              {
                type: 'InsurerOperationDaySet',
                data: { organizationCode: command.organizationCode, operationDay: command.operationDay },
              },
            ];
      case 'SetRetroactiveDays':
        return sameDays(state.retroactiveDays, command.days)
          ? []
          : [
              {
                type: 'InsurerRetroactiveDaysSet',
                data: { organizationCode: command.organizationCode, ...command.days },
              },
            ];
    }
  },
};

export const insurerSettingsAggregate = {
  decider: insurerSettingsDecider,
  eventSchema: InsurerSettingsEvent,
};
