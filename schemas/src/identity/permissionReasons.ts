import { PERMISSIONS, type Permission } from './permissions';
import type { RoleCode } from './roles';

/**
 * Why each role holds each permission that changes something (issue 13: "each write permission of each
 * role has a line saying why"). Seed 002 §6 names the permissions but not who holds them, so the default
 * mapping (permissions.ts) is ours, built on least privilege; this table is its justification, and a test
 * keeps the two equal: a write permission without a reason here, or a reason for one the role lacks, fails.
 * Reading permissions (read, read-all, read-history, read-uninsured, read-comment, export, metrics) need
 * none: they change nothing, and the guard scopes what they show (a company administrator's reads stay in
 * their company; role:read shows them only the company roles they may give).
 */
const READ_ACTION = /:(read[\w-]*|export|metrics)$/;
export const isWritePermission = (permission: Permission) => !READ_ACTION.test(permission);

type Reasons = Partial<Record<Permission, string>>;

const LEAD_WORK: Reasons = {
  'lead:update-status': 'moves the leads assigned to them through the sales statuses (002 §3)',
  'lead:note': 'records what the customer said on the leads they work',
  'lead:schedule': 'books the calls and meetings (LLAMADA, REUNION) of the leads they work (002-3.25)',
};
const LEAD_SUPERVISION: Reasons = {
  ...LEAD_WORK,
  'lead:assign': "hands leads to executives and balances the team's queues",
  'lead-catalogue:update': 'keeps statuses, sub-statuses, failure reasons and the transition policy current',
};
const CONTACT = { 'contact-us:create': 'writes to Cubre from the console (002 §6 contact-us)' };
const COMPANY_ADMINISTRATION: Reasons = {
  'employee:create': "adds their company's employees to its group insurance",
  'employee:update': "corrects their company's employees' data",
  'employee:delete': 'removes employees who left their company',
  'employee:upload-file': "attaches their employees' documents the insurer asks for",
  'bulk-load:process': 'loads the payroll file of their company (002 §5)',
  'bulk-load:bulk-activation': 'activates many employees at once from that file',
  'bulk-load:bulk-cancellation': 'cancels many employees at once from that file',
  'policy-employee:active:process-cancellation':
    'asks for one employee who left their company to be cancelled, without a file (002-6.11)',
  'user:create': "gives their company's people console access, inside their company only",
  'user:update': "keeps their company's console users current (roles within the company ones, status)",
  ...CONTACT,
};
/** Staff answer for the insurer in group insurance (issue 16, 002-4.08, 002-6.11). */
const INSURER_PROCESSES: Reasons = {
  'policy-employee:active:process-cancellation':
    "asks for an insured person's cancellation on the company's request",
  'policy-employee:process-activation:accept': "records the insurer's acceptance of an employee's activation",
  'policy-employee:process-activation:decline': "records the insurer's refusal of an employee's activation",
  'policy-employee:process-cancellation:accept':
    "records the insurer's acceptance of an employee's cancellation",
  'policy-employee:process-cancellation:decline':
    "records the insurer's refusal of an employee's cancellation",
};
const POST_SALE: Reasons = {
  ...LEAD_WORK,
  ...INSURER_PROCESSES,
  'policy:update': "corrects a sold policy's data after the sale",
  'arrears:send-reminder': 'sends an arrears reminder again when a customer asks for it (issue 15)',
};
const USER_ACCESS: Reasons = {
  'user:create': 'creates console users on request',
  'user:update': "changes console users' roles and status on request",
};

/** Platform administrators hold every permission: the console's own administration needs each one. */
const everyWrite = (permissions: readonly Permission[]): Reasons =>
  Object.fromEntries(
    permissions
      .filter(isWritePermission)
      .map((permission) => [permission, 'platform administrator: runs the whole platform (002 §6 ADMIN)']),
  );

export const WRITE_PERMISSION_REASONS: Readonly<Record<RoleCode, Reasons>> = {
  ADMIN: everyWrite(PERMISSIONS),
  ADMINISTRADOR: everyWrite(PERMISSIONS),
  SUPERVISOR: LEAD_SUPERVISION,
  GERENTE: LEAD_SUPERVISION,
  JEFATURA_SAC_CHILE: LEAD_SUPERVISION,
  EJECUTIVO: LEAD_WORK,
  EJECUTIVO_SOPORTE: { ...LEAD_WORK, ...CONTACT },
  BACKOFFICE: {
    'tax-document:update-status': "records the insurer's acceptance or rejection of a tax document",
    ...INSURER_PROCESSES,
  },
  POSTVENTA: POST_SALE,
  POSTVENTA_INDIVIDUAL_CHILE: POST_SALE,
  ADMIN_EMPRESA_QUEPLAN: COMPANY_ADMINISTRATION,
  ADMIN_EMPRESA_CLIENTE: COMPANY_ADMINISTRATION,
  ADMIN_EMPRESA_REMUNERACIONES: {},
  ADMIN_EMPRESA_GRUPO: COMPANY_ADMINISTRATION,
  ADMIN_CLIENT_QPCLIENTS: COMPANY_ADMINISTRATION,
  EXTERNAL_ADMIN_QPCLIENTS: COMPANY_ADMINISTRATION,
  ADMIN_QPACCESS: USER_ACCESS,
  ADMIN_PARTNER: { 'admin:partner:update': "keeps their partner's data current", ...CONTACT },
  CLIENT: CONTACT,
  REFERIDOR: CONTACT,
  REFERIDOR_MASCOTAS: CONTACT,
  REFERIDOR_PERU: CONTACT,
  REFERIDOR_CAMARA_VIDA: CONTACT,
};
