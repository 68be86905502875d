import { ROLE_CATEGORY, RolePermissionsSetData, type Permission, type RoleCode } from '@cubre/schemas';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';

export const roleStream = (role: RoleCode) => `${ROLE_CATEGORY}-${role}`;

export const RoleDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('RolePermissionsSet'), data: RolePermissionsSetData }),
]);
export type RoleDomainEvent = z.infer<typeof RoleDomainEvent>;

export type SetRolePermissions = {
  type: 'SetRolePermissions';
  data: RoleDomainEvent['data'];
  /** Seeding sets the default mapping only on a role nobody has configured yet. */
  onlyIfNew?: boolean;
};

export type RoleState = { configured: boolean; name: string; permissions: Permission[] };

/**
 * Nobody can be locked out of the mapping editor: the platform administrator's role always keeps
 * `role:update` (whoever holds it can give every other permission back).
 */
export const LOCKOUT_GUARD: { role: RoleCode; permission: Permission } = {
  role: 'ADMIN',
  permission: 'role:update',
};

/** The role-to-permission mapping (seed 002 §6): edited in the console, every change kept as an event. */
export const roleDecider: Decider<RoleState, SetRolePermissions, RoleDomainEvent> = {
  initialState: () => ({ configured: false, name: '', permissions: [] }),
  evolve: (_state, event) => ({
    configured: true,
    name: event.data.name,
    permissions: event.data.permissions,
  }),
  decide(command, state) {
    if (command.onlyIfNew && state.configured) return [];
    if (
      command.data.role === LOCKOUT_GUARD.role &&
      !command.data.permissions.includes(LOCKOUT_GUARD.permission)
    ) {
      throw new CommandRejected(
        `el rol ${LOCKOUT_GUARD.role} conserva siempre el permiso ${LOCKOUT_GUARD.permission}: sin él nadie podría volver a editar los roles`,
        'NOT_EDITABLE',
        409,
        'permissions',
      );
    }
    const permissions = [...new Set(command.data.permissions)].sort();
    const unchanged =
      state.configured &&
      state.name === command.data.name &&
      permissions.length === state.permissions.length &&
      permissions.every((permission) => state.permissions.includes(permission));
    if (unchanged) return [];
    return [{ type: 'RolePermissionsSet', data: { ...command.data, permissions } }];
  },
};
