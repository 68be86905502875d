import { z } from 'zod';
import type { RoleCode } from './roles';

const names = <G extends string, A extends readonly string[]>(group: G, actions: A) =>
  actions.map((action) => `${group}:${action}`) as { [K in keyof A]: `${G}:${A[K] & string}` };

/**
 * Permission names of seed 002 §6 (rules 002-6.03 to 002-6.11), spelled `{group}:{action}` (the admin
 * group nests its subject: `admin:insurer:update-cutting-day`).
 */
export const SEED_PERMISSIONS = [
  ...names('policy', [
    'create',
    'read',
    'update',
    'delete',
    'duplicate',
    'renewal',
    'export',
    'upload-file',
    'read-history',
  ] as const),
  ...names('employee', [
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
  ] as const),
  ...names('bulk-load', ['read', 'process', 'bulk-cancellation', 'bulk-activation'] as const),
  ...names('payment', ['create', 'read', 'delete', 'export', 'upload-file'] as const),
  ...names('payment-period', ['create', 'read', 'delete', 'upload-file'] as const),
  ...names('tax-document', ['create', 'read', 'delete', 'upload-file', 'update-status'] as const),
  ...names('contact-us', ['create'] as const),
  ...names('admin', [
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
  ] as const),
  ...names('policy-employee', [
    'active:process-cancellation',
    'process-activation:accept',
    'process-activation:decline',
    'process-cancellation:accept',
    'process-cancellation:decline',
  ] as const),
] as const;

/**
 * The console's own permissions. Seed 002 §6 names none for leads or for the catalogues the console runs
 * on, so these are ours (admin-console/README.md): reading one's own leads versus all of them, moving a
 * lead, assigning, notes and agenda, the lead catalogues (statuses, sub-statuses, failure reasons,
 * transition policy), users, and the role-to-permission mapping.
 */
export const CONSOLE_PERMISSIONS = [
  ...names('lead', [
    'read',
    'read-all',
    'update-status',
    'assign',
    'note',
    'schedule',
    'read-history',
  ] as const),
  ...names('lead-catalogue', ['read', 'update'] as const),
  ...names('user', ['read', 'create', 'update'] as const),
  ...names('role', ['read', 'update'] as const),
  // Issue 15: recurring charges, arrears and the scheduler's jobs. Reading subscriptions and forcing a
  // charge are the seed's `payment:read` and `payment:create`; the mail outbox is the seed's
  // `admin:unsent-notification:*`. These are what the seed does not name.
  ...names('subscription', ['cancel'] as const),
  ...names('arrears', ['read', 'send-reminder'] as const),
  ...names('scheduler', ['read', 'run'] as const),
] as const;

export const PERMISSIONS = [...SEED_PERMISSIONS, ...CONSOLE_PERMISSIONS] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const PermissionName = z.enum(PERMISSIONS as unknown as [Permission, ...Permission[]], {
  error: 'permiso desconocido',
});

const SEED_SET: ReadonlySet<string> = new Set(SEED_PERMISSIONS);
const ALL_SET: ReadonlySet<string> = new Set(PERMISSIONS);

export const isPermission = (name: string): name is Permission => ALL_SET.has(name);

/** The group a permission is listed under: its first segment (`admin:insurer:read` is in `admin`). */
export const permissionGroupOf = (permission: Permission) => permission.slice(0, permission.indexOf(':'));

/** The `permissions` resource: every permission, its group, and whether seed 002 §6 names it. */
export const PERMISSION_RECORDS: readonly { id: Permission; group: string; seed: boolean }[] =
  PERMISSIONS.map((id) => ({ id, group: permissionGroupOf(id), seed: SEED_SET.has(id) }));

const LEAD_WORK: Permission[] = [
  'lead:read',
  'lead:update-status',
  'lead:note',
  'lead:schedule',
  'lead:read-history',
  'lead-catalogue:read',
];
const LEAD_SUPERVISION: Permission[] = [
  ...LEAD_WORK,
  'lead:read-all',
  'lead:assign',
  'lead-catalogue:update',
  'user:read',
];
const COMPANY_ADMINISTRATION: Permission[] = [
  'policy:read',
  'policy:export',
  'policy:read-history',
  'employee:read',
  'employee:create',
  'employee:update',
  'employee:delete',
  'employee:read-history',
  'employee:upload-file',
  'employee:export',
  'bulk-load:read',
  'bulk-load:process',
  'bulk-load:bulk-activation',
  'bulk-load:bulk-cancellation',
  // One person's cancellation asked by the company (002-6.11 "active process-cancellation"), as its bulk
  // cancellation is; the insurer's answers (accept, decline) stay with staff.
  'policy-employee:active:process-cancellation',
  'payment:read',
  'tax-document:read',
  'admin:organization:read',
  // Their own company's console users (the guard keeps them inside it, and to company-admin roles); the
  // roles list to choose from, and the audit of their company (both need role:read).
  'user:read',
  'user:create',
  'user:update',
  'role:read',
  'contact-us:create',
];
/**
 * Staff answer the insurer's side of group insurance (issue 16: BACKOFFICE and POSTVENTA accept or decline
 * a policy employee's activation or cancellation, 002-4.08, and ask for an active person's cancellation).
 */
const INSURER_PROCESSES: Permission[] = [
  'policy-employee:active:process-cancellation',
  'policy-employee:process-activation:accept',
  'policy-employee:process-activation:decline',
  'policy-employee:process-cancellation:accept',
  'policy-employee:process-cancellation:decline',
];
const POST_SALE: Permission[] = [
  ...LEAD_WORK,
  'lead:read-all',
  // After-sale staff follow customers who stopped paying (issue 15).
  'arrears:read',
  'arrears:send-reminder',
  'policy:read',
  'policy:update',
  'policy:read-history',
  'employee:read',
  'employee:read-history',
  // The batches they answer for the insurer as a whole ("Aceptar todo").
  'bulk-load:read',
  ...INSURER_PROCESSES,
  'payment:read',
  'tax-document:read',
];

/**
 * The mapping every role starts with: seed 002 §6 does not show which role holds which permission, so
 * this is our default (admin-console/README.md); whoever holds `role:update` edits it in the console.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleCode, Permission[]> = {
  ADMIN: [...PERMISSIONS],
  ADMINISTRADOR: [...PERMISSIONS],
  SUPERVISOR: LEAD_SUPERVISION,
  GERENTE: [...LEAD_SUPERVISION, 'admin:organization:read', 'admin:organization:metrics'],
  JEFATURA_SAC_CHILE: LEAD_SUPERVISION,
  EJECUTIVO: LEAD_WORK,
  EJECUTIVO_SOPORTE: [...LEAD_WORK, 'contact-us:create'],
  // Back office processes what sales produce (policies, employees, payments, tax documents): it reads
  // every lead for context but works none (issue 13, least privilege); a site that wants it to edits the
  // role in the console.
  BACKOFFICE: [
    'lead:read',
    'lead:read-all',
    'lead:read-history',
    'lead-catalogue:read',
    'policy:read',
    'employee:read',
    'employee:read-history',
    'bulk-load:read',
    ...INSURER_PROCESSES,
    // Every company's group insurance: the organization filter of its lists names the companies.
    'admin:organization:read',
    'payment:read',
    'payment-period:read',
    'tax-document:read',
    'tax-document:update-status',
    'arrears:read',
    'scheduler:read',
  ],
  POSTVENTA: POST_SALE,
  POSTVENTA_INDIVIDUAL_CHILE: POST_SALE,
  ADMIN_EMPRESA_QUEPLAN: COMPANY_ADMINISTRATION,
  ADMIN_EMPRESA_CLIENTE: COMPANY_ADMINISTRATION,
  ADMIN_EMPRESA_REMUNERACIONES: [
    'employee:read',
    'employee:export',
    'payment:read',
    'tax-document:read',
    'admin:organization:read',
  ],
  ADMIN_EMPRESA_GRUPO: COMPANY_ADMINISTRATION,
  ADMIN_CLIENT_QPCLIENTS: COMPANY_ADMINISTRATION,
  EXTERNAL_ADMIN_QPCLIENTS: COMPANY_ADMINISTRATION,
  ADMIN_QPACCESS: ['user:read', 'user:create', 'user:update', 'role:read'],
  ADMIN_PARTNER: ['admin:partner:read', 'admin:partner:update', 'contact-us:create'],
  CLIENT: ['policy:read', 'payment:read', 'contact-us:create'],
  REFERIDOR: ['contact-us:create'],
  REFERIDOR_MASCOTAS: ['contact-us:create'],
  REFERIDOR_PERU: ['contact-us:create'],
  REFERIDOR_CAMARA_VIDA: ['contact-us:create'],
};
