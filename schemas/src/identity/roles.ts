import { z } from 'zod';

/**
 * Roles of seed 002 §6 (rules 002-6.01, 002-6.02). The seed names some roles only by description
 * ("pet, Peru and life-chamber variants" of REFERIDOR, "support executive", "enterprise admin variants
 * (queplan, client, payroll manager, group)", "individual post-sale Chile"); their codes here are ours,
 * spelled like the named ones.
 */
export const PLATFORM_ROLES = [
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
] as const;

/** Staff roles (rule 002-6.02): the people who work leads. */
export const STAFF_ROLES = [
  'EJECUTIVO',
  'SUPERVISOR',
  'GERENTE',
  'BACKOFFICE',
  'JEFATURA_SAC_CHILE',
  'ADMINISTRADOR',
  'POSTVENTA',
  'POSTVENTA_INDIVIDUAL_CHILE',
] as const;

export const ROLE_CODES = [...PLATFORM_ROLES, ...STAFF_ROLES] as const;
export const RoleCode = z.enum(ROLE_CODES, { error: 'rol desconocido' });
export type RoleCode = z.infer<typeof RoleCode>;
const ROLE_SET: ReadonlySet<string> = new Set(ROLE_CODES);
export const isRoleCode = (code: string): code is RoleCode => ROLE_SET.has(code);

/**
 * Company administrators: their users belong to one organization and every read they make is limited to
 * it (issue 5: "company administrators see only their own company").
 */
export const COMPANY_ADMIN_ROLES: readonly RoleCode[] = [
  'ADMIN_EMPRESA_QUEPLAN',
  'ADMIN_EMPRESA_CLIENTE',
  'ADMIN_EMPRESA_REMUNERACIONES',
  'ADMIN_EMPRESA_GRUPO',
  'ADMIN_CLIENT_QPCLIENTS',
  'EXTERNAL_ADMIN_QPCLIENTS',
];

/** Display names the console shows for each role (Spanish first: the console's default language). */
export const ROLE_NAMES: Record<RoleCode, string> = {
  ADMIN: 'Administrador de plataforma',
  EXTERNAL_ADMIN_QPCLIENTS: 'Administrador externo (clientes)',
  CLIENT: 'Cliente',
  ADMIN_PARTNER: 'Administrador de partner',
  REFERIDOR: 'Referidor',
  REFERIDOR_MASCOTAS: 'Referidor mascotas',
  REFERIDOR_PERU: 'Referidor Perú',
  REFERIDOR_CAMARA_VIDA: 'Referidor cámara de vida',
  EJECUTIVO_SOPORTE: 'Ejecutivo de soporte',
  ADMIN_EMPRESA_QUEPLAN: 'Administrador de empresa (Cubre)',
  ADMIN_EMPRESA_CLIENTE: 'Administrador de empresa cliente',
  ADMIN_EMPRESA_REMUNERACIONES: 'Encargado de remuneraciones',
  ADMIN_EMPRESA_GRUPO: 'Administrador de grupo de empresas',
  ADMIN_QPACCESS: 'Administrador de accesos',
  ADMIN_CLIENT_QPCLIENTS: 'Administrador cliente (clientes)',
  EJECUTIVO: 'Ejecutivo',
  SUPERVISOR: 'Supervisor',
  GERENTE: 'Gerente',
  BACKOFFICE: 'Backoffice',
  JEFATURA_SAC_CHILE: 'Jefatura SAC Chile',
  ADMINISTRADOR: 'Administrador',
  POSTVENTA: 'Postventa',
  POSTVENTA_INDIVIDUAL_CHILE: 'Postventa individual Chile',
};

/** User status of seed 002 §3 (rule 002-3.12). */
export const USER_STATUSES = ['Activo', 'Inactivo'] as const;
export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;
