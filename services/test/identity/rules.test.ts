import { isWritePermission, WRITE_PERMISSION_REASONS } from '@cubre/schemas/identity/permissionReasons';
import {
  CONSOLE_PERMISSIONS,
  COMPANY_ADMIN_ROLES,
  DEFAULT_ROLE_PERMISSIONS,
  IDENTITY_ERRORS,
  PERMISSIONS,
  PERMISSION_RECORDS,
  PLATFORM_ROLES,
  ROLE_CODES,
  STAFF_ROLES,
  SEED_PERMISSIONS,
  USER_STATUSES,
  UserCreateBody,
  UserUpdateBody,
  isPasswordFormValid,
} from '@cubre/schemas';
import { withoutSecrets } from '@cubre/projections/identity/audit';

describe('password form (seed 002 §5, §8)', () => {
  test('002-5.05 002-8.01 8 to 12 characters with a lower-case letter, an upper-case letter, a digit and a special character', () => {
    for (const valid of ['Demo.2026!', 'aB3$efgh', 'Ñandú#2026x', 'Abcdefgh1-23']) {
      expect(isPasswordFormValid(valid)).toBe(true);
    }
    for (const invalid of [
      'aB3$efg', // 7 characters
      'aB3$efghijklm', // 13 characters
      'AB3$EFGH', // no lower case
      'ab3$efgh', // no upper case
      'aBc$efgh', // no digit
      'aB3defgh', // no special character
      'aB3$ efgh', // a space is not a special character
      '',
    ]) {
      expect(isPasswordFormValid(invalid)).toBe(false);
    }
  });

  test('002-8.01 the API bodies name the rule INVALID_PASSWORD_FORM', () => {
    const created = UserCreateBody.safeParse({
      email: 'a@b.cl',
      name: 'Ana',
      roles: ['EJECUTIVO'],
      password: 'corta',
    });
    expect(created.success).toBe(false);
    expect(created.error!.issues[0]).toMatchObject({
      path: ['password'],
      params: { rule: 'INVALID_PASSWORD_FORM' },
    });
    // An update without a new password may send it empty (react-admin's untouched field).
    expect(UserUpdateBody.safeParse({ password: '' }).success).toBe(true);
    expect(UserUpdateBody.safeParse({ password: 'corta' }).success).toBe(false);
  });
});

describe('users', () => {
  test('002-3.12 user status is Activo or Inactivo', () => {
    expect(USER_STATUSES).toEqual(['Activo', 'Inactivo']);
    expect(UserUpdateBody.safeParse({ status: 'Inactivo' }).success).toBe(true);
    expect(UserUpdateBody.safeParse({ status: 'Suspendido' }).success).toBe(false);
  });
});

describe('roles (seed 002 §6)', () => {
  test('002-6.01 the platform roles, with the referrer, support, enterprise-admin and post-sale variants', () => {
    for (const role of [
      'ADMIN',
      'EXTERNAL_ADMIN_QPCLIENTS',
      'CLIENT',
      'ADMIN_PARTNER',
      'REFERIDOR',
      'REFERIDOR_MASCOTAS',
      'REFERIDOR_PERU',
      'REFERIDOR_CAMARA_VIDA',
      'EJECUTIVO_SOPORTE',
      'ADMIN_EMPRESA_QUEPLAN',
      'ADMIN_EMPRESA_CLIENTE',
      'ADMIN_EMPRESA_REMUNERACIONES',
      'ADMIN_EMPRESA_GRUPO',
      'ADMIN_QPACCESS',
      'ADMIN_CLIENT_QPCLIENTS',
    ]) {
      expect(PLATFORM_ROLES).toContain(role);
    }
  });

  test('002-6.02 the staff roles', () => {
    expect([...STAFF_ROLES].sort()).toEqual(
      [
        'EJECUTIVO',
        'SUPERVISOR',
        'GERENTE',
        'BACKOFFICE',
        'JEFATURA_SAC_CHILE',
        'ADMINISTRADOR',
        'POSTVENTA',
        'POSTVENTA_INDIVIDUAL_CHILE',
      ].sort(),
    );
  });

  test('every role has a default mapping of known permissions; ADMIN holds them all', () => {
    expect(Object.keys(DEFAULT_ROLE_PERMISSIONS).sort()).toEqual([...ROLE_CODES].sort());
    for (const permissions of Object.values(DEFAULT_ROLE_PERMISSIONS)) {
      for (const permission of permissions) expect(PERMISSIONS).toContain(permission);
    }
    expect([...DEFAULT_ROLE_PERMISSIONS.ADMIN].sort()).toEqual([...PERMISSIONS].sort());
  });

  test('company administrators start with no lead permission and cannot edit the role mapping', () => {
    for (const role of COMPANY_ADMIN_ROLES) {
      const permissions = DEFAULT_ROLE_PERMISSIONS[role];
      expect(
        permissions.filter((permission) => /^lead(-catalogue)?:|^role:update$/.test(permission)),
      ).toEqual([]);
    }
  });
});

describe('permission names (seed 002 §6)', () => {
  const has = (group: string, actions: string[]) => {
    for (const action of actions) expect(SEED_PERMISSIONS).toContain(`${group}:${action}`);
  };

  test('002-6.03 policy permissions', () => {
    has('policy', [
      'create',
      'read',
      'update',
      'delete',
      'duplicate',
      'renewal',
      'export',
      'upload-file',
      'read-history',
    ]);
  });

  test('002-6.04 employee permissions', () => {
    has('employee', [
      'read',
      'create',
      'update',
      'update-with-policies',
      'delete',
      'add-policy',
      'read-history',
      'read-uninsured',
      'upload-file',
      'export',
    ]);
  });

  test('002-6.05 bulk-load permissions', () => {
    has('bulk-load', ['read', 'process', 'bulk-cancellation', 'bulk-activation']);
  });

  test('002-6.06 payment permissions', () => {
    has('payment', ['create', 'read', 'delete', 'export', 'upload-file']);
  });

  test('002-6.07 payment-period permissions', () => {
    has('payment-period', ['create', 'read', 'delete', 'upload-file']);
  });

  test('002-6.08 tax-document permissions', () => {
    has('tax-document', ['create', 'read', 'delete', 'upload-file', 'update-status']);
  });

  test('002-6.09 contact-us permissions', () => {
    has('contact-us', ['create']);
  });

  test('002-6.10 admin permissions', () => {
    has('admin', [
      'preinvoice:read',
      'preinvoice:request-update',
      'policy:update-insurance-notification',
      'partner:read',
      'partner:update',
      'partner:create',
      'unsent-notification:read',
      'unsent-notification:update-status',
      'insurer:read',
      'insurer:update-cutting-day',
      'insurer:update-retroactive-days',
      'insurer:contact:read',
      'insurer:contact:update',
      'insurer:contact:create',
      'insurer:contact:delete',
      'organization:read',
      'organization:update',
      'organization:create',
      'organization:delete',
      'organization:export',
      'organization:metrics',
      'employee:read',
      'tax-document:read-comment',
    ]);
  });

  test('002-6.11 policy-employee permissions', () => {
    has('policy-employee', [
      'active:process-cancellation',
      'process-activation:accept',
      'process-activation:decline',
      'process-cancellation:accept',
      'process-cancellation:decline',
    ]);
  });

  test('the permissions resource lists each name once, grouped, and tells the seed names from ours', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect(PERMISSION_RECORDS.map((record) => record.id)).toEqual([...PERMISSIONS]);
    for (const record of PERMISSION_RECORDS) {
      expect(record.id.startsWith(`${record.group}:`)).toBe(true);
      expect(record.seed).toBe((SEED_PERMISSIONS as readonly string[]).includes(record.id));
    }
    expect(PERMISSION_RECORDS.filter((record) => !record.seed).map((record) => record.id)).toEqual([
      ...CONSOLE_PERMISSIONS,
    ]);
  });
});

describe('error catalogue (seed 002 §8)', () => {
  test('002-8.05 the identity API names the seed error types it answers with', () => {
    for (const rule of [
      'DISABLED_USER',
      'INVALID_TOKEN',
      'USER_ALREADY_EXISTS',
      'USER_NOT_FOUND',
      'NOT_EDITABLE',
      'ROLE_NOT_FOUND',
      'NOT_FOUND',
      'TOKEN_EXPIRED',
    ]) {
      expect(IDENTITY_ERRORS).toHaveProperty(rule);
      expect(IDENTITY_ERRORS[rule as keyof typeof IDENTITY_ERRORS]).toMatch(/\S/);
    }
    expect(IDENTITY_ERRORS.INVALID_CREDENTIALS).toBe('Credenciales inválidas.');
  });
});

describe('audit', () => {
  test('password hashes are stripped at any depth, everything else is kept', () => {
    expect(
      withoutSecrets({
        userId: 'u',
        passwordHash: 'scrypt$1$1$1$a$b',
        nested: [{ passwordHash: 'x', keep: 1 }],
        changes: { name: 'Ana', password: 'plain' },
      }),
    ).toEqual({ userId: 'u', nested: [{ keep: 1 }], changes: { name: 'Ana' } });
  });
});

describe('least privilege (issue 13, "Data at rest and roles")', () => {
  test('every write permission of every role has a reason, and no reason names one the role lacks', () => {
    for (const role of ROLE_CODES) {
      const writes = DEFAULT_ROLE_PERMISSIONS[role].filter(isWritePermission).sort();
      const reasons = WRITE_PERMISSION_REASONS[role];
      expect([role, Object.keys(reasons).sort()]).toEqual([role, writes]);
      for (const reason of Object.values(reasons)) expect(reason!.length).toBeGreaterThan(20);
    }
  });

  test('back office reads every lead but works none', () => {
    const backOffice = DEFAULT_ROLE_PERMISSIONS.BACKOFFICE;
    expect(backOffice).toContain('lead:read-all');
    for (const write of ['lead:update-status', 'lead:note', 'lead:schedule', 'lead:assign'] as const)
      expect(backOffice).not.toContain(write);
  });

  test('reading permissions are told apart from writing ones', () => {
    expect(isWritePermission('lead:read-all')).toBe(false);
    expect(isWritePermission('employee:export')).toBe(false);
    expect(isWritePermission('admin:organization:metrics')).toBe(false);
    expect(isWritePermission('employee:read-uninsured')).toBe(false);
    expect(isWritePermission('lead:update-status')).toBe(true);
    expect(isWritePermission('admin:insurer:update-cutting-day')).toBe(true);
  });
});
