/** A permission as GET /api/admin/permissions lists it: `{group}:{action}`, grouped by its group. */
import type { PermissionRecord } from '@cubre/schemas/identity/requests';
export type { PermissionRecord };

export interface PermissionGroup {
  group: string;
  ids: string[];
}

/**
 * Permissions by group, groups in first-seen order (the API's), ids sorted within a group. Any id reads:
 * the grouping does not depend on which permissions exist.
 */
export function groupPermissions(
  permissions: readonly (Omit<PermissionRecord, 'id' | 'seed'> & { id: string })[],
): PermissionGroup[] {
  const groups = new Map<string, string[]>();
  for (const permission of permissions) {
    const ids = groups.get(permission.group) ?? [];
    ids.push(permission.id);
    groups.set(permission.group, ids);
  }
  return [...groups].map(([group, ids]) => ({ group, ids: [...ids].sort() }));
}

/** Whether none, some or all of a group's permissions are selected (the group checkbox's state). */
export function groupState(selected: readonly string[], group: PermissionGroup): 'none' | 'some' | 'all' {
  const count = group.ids.filter((id) => selected.includes(id)).length;
  return count === 0 ? 'none' : count === group.ids.length ? 'all' : 'some';
}

/** The selection with a whole group turned on or off; other permissions keep their state and order. */
export function toggleGroup(selected: readonly string[], group: PermissionGroup, on: boolean): string[] {
  const rest = selected.filter((id) => !group.ids.includes(id));
  return on ? [...rest, ...group.ids] : rest;
}

/** The selection with one permission turned on or off. */
export function togglePermission(selected: readonly string[], id: string, on: boolean): string[] {
  const rest = selected.filter((item) => item !== id);
  return on ? [...rest, id] : rest;
}
