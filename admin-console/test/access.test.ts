import { DEFAULT_ROLE_PERMISSIONS } from '@cubre/schemas/identity/permissions';
import { LEAD_ACTIONS, RESOURCE_RULES, canAccess, hasPermission } from '../src/access';

const can = (role: keyof typeof DEFAULT_ROLE_PERMISSIONS, resource: string, action: string) =>
  canAccess(DEFAULT_ROLE_PERMISSIONS[role], resource, action);

describe('what the console shows each role (the server guards anyway)', () => {
  test('an executive works leads and reads the catalogues, but edits nothing and sees no users', () => {
    expect(can('EJECUTIVO', 'leads', 'list')).toBe(true);
    expect(can('EJECUTIVO', 'leads', 'show')).toBe(true);
    expect(can('EJECUTIVO', 'agenda', 'list')).toBe(true);
    expect(can('EJECUTIVO', 'lead-statuses', 'list')).toBe(true);
    expect(can('EJECUTIVO', 'lead-statuses', 'edit')).toBe(false);
    expect(can('EJECUTIVO', 'lead-statuses', 'delete')).toBe(false);
    expect(can('EJECUTIVO', 'users', 'list')).toBe(false);
    expect(can('EJECUTIVO', 'roles', 'list')).toBe(false);
    expect(hasPermission(DEFAULT_ROLE_PERMISSIONS.EJECUTIVO, LEAD_ACTIONS.assign)).toBe(false);
  });

  test('a supervisor edits the lead catalogues, reads users and assigns, but edits no roles', () => {
    expect(can('SUPERVISOR', 'failure-reasons', 'create')).toBe(true);
    expect(can('SUPERVISOR', 'lead-transitions', 'edit')).toBe(true);
    expect(can('SUPERVISOR', 'users', 'list')).toBe(true);
    expect(can('SUPERVISOR', 'users', 'create')).toBe(false);
    expect(can('SUPERVISOR', 'roles', 'edit')).toBe(false);
    expect(hasPermission(DEFAULT_ROLE_PERMISSIONS.SUPERVISOR, LEAD_ACTIONS.assign)).toBe(true);
  });

  test('an administrator reaches every screen; roles are edited, never created or deleted', () => {
    for (const resource of Object.keys(RESOURCE_RULES)) expect(can('ADMIN', resource, 'list')).toBe(true);
    expect(can('ADMIN', 'roles', 'edit')).toBe(true);
    expect(can('ADMIN', 'roles', 'create')).toBe(false);
    expect(can('ADMIN', 'roles', 'delete')).toBe(false);
    expect(can('ADMIN', 'users', 'delete')).toBe(false);
    expect(can('ADMIN', 'organizations', 'delete')).toBe(false);
    expect(can('ADMIN', 'permissions', 'edit')).toBe(false);
    expect(can('ADMIN', 'audit', 'edit')).toBe(false);
  });

  test('a company administrator sees their organization and users, no leads', () => {
    expect(can('ADMIN_EMPRESA_CLIENTE', 'organizations', 'list')).toBe(true);
    expect(can('ADMIN_EMPRESA_CLIENTE', 'organizations', 'edit')).toBe(false);
    expect(can('ADMIN_EMPRESA_CLIENTE', 'users', 'list')).toBe(true);
    expect(can('ADMIN_EMPRESA_CLIENTE', 'leads', 'list')).toBe(false);
  });

  test('sales and payments are read with payment:read; an executive sees neither', () => {
    for (const resource of ['sales', 'payments']) {
      for (const role of ['ADMIN', 'BACKOFFICE', 'POSTVENTA'] as const) {
        expect(can(role, resource, 'list')).toBe(true);
        expect(can(role, resource, 'show')).toBe(true);
      }
      expect(can('EJECUTIVO', resource, 'list')).toBe(false);
      expect(can('SUPERVISOR', resource, 'show')).toBe(false);
      expect(can('ADMIN', resource, 'edit')).toBe(false);
      expect(can('ADMIN', resource, 'delete')).toBe(false);
    }
  });

  test('the CSV export of sales and payments needs payment:export, which only the administrators hold', () => {
    const exporters = Object.entries(DEFAULT_ROLE_PERMISSIONS)
      .filter(([, permissions]) => permissions.includes('payment:export'))
      .map(([role]) => role)
      .sort();
    expect(exporters).toEqual(['ADMIN', 'ADMINISTRADOR']);
    expect(can('ADMIN', 'sales', 'export')).toBe(true);
    expect(can('ADMIN', 'payments', 'export')).toBe(true);
    expect(can('BACKOFFICE', 'sales', 'list')).toBe(true);
    expect(can('BACKOFFICE', 'sales', 'export')).toBe(false);
    expect(can('BACKOFFICE', 'payments', 'export')).toBe(false);
    // Elsewhere exporting a list is reading it, as before.
    expect(can('SUPERVISOR', 'leads', 'export')).toBe(true);
  });

  test('unknown resources and actions stay hidden', () => {
    expect(canAccess(['payment:read'], 'refunds', 'list')).toBe(false);
    expect(canAccess(['lead:read'], 'leads', 'fly')).toBe(false);
    expect(canAccess([], 'leads', 'list')).toBe(false);
  });
});
