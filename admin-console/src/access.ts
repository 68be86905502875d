import type { Permission } from '@cubre/schemas/identity/permissions';

/**
 * Which permission each screen and button needs (admin-console/API.md, resources table). The console only
 * hides what the user may not do; the server refuses it anyway (403 FORBIDDEN naming the permission).
 */
interface ResourceRule {
  read: Permission | null;
  /** A list: any one of them (a bulk load of activations or of cancellations). */
  create?: Permission | readonly Permission[];
  edit?: Permission;
  delete?: Permission;
  /** The CSV export, when it needs more than reading (the file leaves the console with personal data). */
  export?: Permission;
}

const CATALOGUE: ResourceRule = {
  read: 'lead-catalogue:read',
  create: 'lead-catalogue:update',
  edit: 'lead-catalogue:update',
  delete: 'lead-catalogue:update',
};

export const RESOURCE_RULES: Record<string, ResourceRule> = {
  leads: { read: 'lead:read' },
  agenda: { read: 'lead:read' },
  'lead-statuses': CATALOGUE,
  'lead-sub-statuses': CATALOGUE,
  'failure-reasons': CATALOGUE,
  'lead-transitions': CATALOGUE,
  users: { read: 'user:read', create: 'user:create', edit: 'user:update' },
  invitations: { read: 'user:read' },
  roles: { read: 'role:read', edit: 'role:update' },
  permissions: { read: 'role:read' },
  audit: { read: 'role:read' },
  // Online sales and payments (issue 14): read-only here; the export only for payment:export (only the
  // ADMIN and ADMINISTRADOR roles hold it by default, schemas/src/identity/permissions.ts).
  sales: { read: 'payment:read', export: 'payment:export' },
  payments: { read: 'payment:read', export: 'payment:export' },
  // The scheduler's jobs and runs (issue 15): read here; "Ejecutar ahora" is scheduler:run (a button).
  'scheduler-jobs': { read: 'scheduler:read' },
  'job-runs': { read: 'scheduler:read' },
  // Insurers' settings (issue 15): each edited by its own command and permission (buttons on the page).
  insurers: { read: 'admin:insurer:read' },
  // Issue 15: subscriptions are read with the seed's payment:read; arrears with arrears:read.
  subscriptions: { read: 'payment:read' },
  arrears: { read: 'arrears:read' },
  // The mail outbox (issue 15): the seed's unsent-notification permissions; its retry is its own button.
  'mail-outbox': { read: 'admin:unsent-notification:read' },
  // Group insurance (issue 16): a company administrator's own company, every company for staff (the
  // server scopes). Policies are created by staff over the API only; a bulk load by whoever may upload
  // either kind (002-6.05); the employees' CSV only with employee:export.
  policies: { read: 'policy:read' },
  employees: { read: 'employee:read', export: 'employee:export' },
  'bulk-loads': {
    read: 'bulk-load:read',
    create: ['bulk-load:bulk-activation', 'bulk-load:bulk-cancellation'],
  },
  'bulk-load-problems': { read: 'bulk-load:read' },
  // Organizations are never deleted (their users and history name them): the API answers 405.
  organizations: {
    read: 'admin:organization:read',
    create: 'admin:organization:create',
    edit: 'admin:organization:update',
  },
};

/** Lead commands beyond reading: the buttons of the lead page, the kanban and the bulk reassignment. */
export const LEAD_ACTIONS = {
  changeStatus: 'lead:update-status',
  assign: 'lead:assign',
  note: 'lead:note',
  schedule: 'lead:schedule',
  history: 'lead:read-history',
  readAll: 'lead:read-all',
} as const satisfies Record<string, Permission>;

/** Subscription and arrears commands beyond reading (issue 15): their buttons show only with these. */
export const SUBSCRIPTION_ACTIONS = {
  forceCharge: 'payment:create',
  changeDate: 'payment:create',
  cancel: 'subscription:cancel',
  resendReminder: 'arrears:send-reminder',
} as const satisfies Record<string, Permission>;

/** react-admin's actions as this console reads them: list/show/export read, clone creates. */
function permissionFor(
  rule: ResourceRule,
  action: string,
): Permission | readonly Permission[] | null | undefined {
  switch (action) {
    case 'list':
    case 'show':
    case 'read':
      return rule.read;
    case 'export':
      return rule.export ?? rule.read;
    case 'create':
    case 'clone':
      return rule.create;
    case 'edit':
      return rule.edit;
    case 'delete':
      return rule.delete;
    default:
      return undefined;
  }
}

/**
 * Whether a user with `permissions` may do `action` on `resource`: unknown resources and actions are
 * refused, so a screen added without its rule stays hidden rather than open.
 */
export function canAccess(permissions: readonly string[], resource: string, action: string): boolean {
  const rule = RESOURCE_RULES[resource];
  if (!rule) return false;
  const needed = permissionFor(rule, action);
  if (needed === undefined) return false;
  if (needed === null) return true;
  return typeof needed === 'string'
    ? permissions.includes(needed)
    : needed.some((permission) => permissions.includes(permission));
}

export const hasPermission = (permissions: readonly string[] | undefined, permission: Permission): boolean =>
  !!permissions && permissions.includes(permission);
