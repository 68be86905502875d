import {
  groupPermissions,
  groupState,
  toggleGroup,
  togglePermission,
} from '../src/identity/permissionGroups';

const permissions = [
  { id: 'lead:read', group: 'lead' },
  { id: 'lead:assign', group: 'lead' },
  { id: 'user:read', group: 'user' },
  { id: 'admin:insurer:read', group: 'admin' },
];

describe('the role permissions checklist', () => {
  test('permissions are grouped by group, groups in the API order', () => {
    expect(groupPermissions(permissions)).toEqual([
      { group: 'lead', ids: ['lead:assign', 'lead:read'] },
      { group: 'user', ids: ['user:read'] },
      { group: 'admin', ids: ['admin:insurer:read'] },
    ]);
  });

  test('a group checkbox is off, mixed or on, and selects or clears the whole group', () => {
    const [lead] = groupPermissions(permissions);
    expect(groupState([], lead!)).toBe('none');
    expect(groupState(['lead:read'], lead!)).toBe('some');
    expect(groupState(['lead:read', 'lead:assign'], lead!)).toBe('all');
    expect(toggleGroup(['user:read', 'lead:read'], lead!, true)).toEqual([
      'user:read',
      'lead:assign',
      'lead:read',
    ]);
    expect(toggleGroup(['user:read', 'lead:read'], lead!, false)).toEqual(['user:read']);
  });

  test('one permission toggles alone', () => {
    expect(togglePermission(['lead:read'], 'user:read', true)).toEqual(['lead:read', 'user:read']);
    expect(togglePermission(['lead:read', 'user:read'], 'lead:read', false)).toEqual(['user:read']);
    expect(togglePermission(['lead:read'], 'lead:read', true)).toEqual(['lead:read']);
  });
});
