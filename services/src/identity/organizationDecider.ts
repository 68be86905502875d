import { ORGANIZATION_CATEGORY, OrganizationRegisteredData, OrganizationUpdatedData } from '@cubre/schemas';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';

export const organizationStream = (organizationId: string) => `${ORGANIZATION_CATEGORY}-${organizationId}`;

export const OrganizationDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('OrganizationRegistered'), data: OrganizationRegisteredData }),
  z.object({ type: z.literal('OrganizationUpdated'), data: OrganizationUpdatedData }),
]);
export type OrganizationDomainEvent = z.infer<typeof OrganizationDomainEvent>;
type Data<T extends OrganizationDomainEvent['type']> = Extract<OrganizationDomainEvent, { type: T }>['data'];

export type OrganizationCommand =
  | { type: 'RegisterOrganization'; data: Data<'OrganizationRegistered'> }
  | { type: 'UpdateOrganization'; data: Data<'OrganizationUpdated'> };

export type OrganizationState =
  { registered: false } | { registered: true; name: string; rut: string | null };

/** A company whose administrators use the console (their reads stay inside it). */
export const organizationDecider: Decider<OrganizationState, OrganizationCommand, OrganizationDomainEvent> = {
  initialState: () => ({ registered: false }),
  evolve(state, event) {
    if (event.type === 'OrganizationRegistered') {
      return { registered: true, name: event.data.name, rut: event.data.rut };
    }
    if (!state.registered) return state;
    return {
      registered: true,
      name: event.data.changes.name ?? state.name,
      rut: event.data.changes.rut === undefined ? state.rut : event.data.changes.rut,
    };
  },
  decide(command, state) {
    if (command.type === 'RegisterOrganization') {
      if (!state.registered) return [{ type: 'OrganizationRegistered', data: command.data }];
      if (state.name === command.data.name && state.rut === command.data.rut) return [];
      throw new CommandRejected('la organización ya existe', 'ORGANIZATION_EXISTS', 409, 'id');
    }
    if (!state.registered) {
      throw new CommandRejected('la organización no existe', 'NOT_FOUND', 422, 'id');
    }
    const { name, rut } = command.data.changes;
    const changes: Data<'OrganizationUpdated'>['changes'] = {};
    if (name !== undefined && name !== state.name) changes.name = name;
    if (rut !== undefined && rut !== state.rut) changes.rut = rut;
    if (Object.keys(changes).length === 0) return [];
    return [{ type: 'OrganizationUpdated', data: { ...command.data, changes } }];
  },
};
