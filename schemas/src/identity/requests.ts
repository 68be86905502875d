import { z } from 'zod';
import type { Actor } from '../events';
import { IDENTITY_ERRORS } from './errors';
import { Email, Recess } from './events';
import { INVALID_PASSWORD_FORM_MESSAGE, isPasswordFormValid } from './passwordRules';
import { isPermission, type Permission } from './permissions';
import { isRoleCode, UserStatus, type RoleCode } from './roles';

/**
 * Bodies and records of the identity resources under /api/admin (admin-console/API.md). An update accepts
 * the record as react-admin sends it back (`id`, `revision`, timestamps…): the read-only fields are
 * ignored, except `id` and `email`, which must name the record being updated.
 */

const Name = z.string().trim().min(2, 'al menos 2 caracteres').max(120);

/** A role code; an unknown one is rule ROLE_NOT_FOUND (seed 002 §8). */
export const RoleReference = z
  .string()
  .refine(isRoleCode, { message: IDENTITY_ERRORS.ROLE_NOT_FOUND, params: { rule: 'ROLE_NOT_FOUND' } })
  .transform((code) => code as RoleCode);

/** A permission name; an unknown one is rule NOT_FOUND. */
export const PermissionReference = z
  .string()
  .refine(isPermission, { message: 'permiso desconocido', params: { rule: 'NOT_FOUND' } })
  .transform((name) => name as Permission);

/** A password of the form of rule 002-5.05, else rule INVALID_PASSWORD_FORM (002-8.01). */
export const NewPassword = z
  .string()
  .max(200)
  .refine(isPasswordFormValid, {
    message: INVALID_PASSWORD_FORM_MESSAGE,
    params: { rule: 'INVALID_PASSWORD_FORM' },
  });

const OrganizationReference = z.string().trim().min(1).max(80);
const Revision = z.number().int().min(0);
const Timestamp = z.string().max(40);

export const UserCreateBody = z.strictObject({
  email: Email,
  name: Name,
  roles: z.array(RoleReference).min(1, 'al menos un rol').max(10),
  /** Required for company-administrator roles; a company administrator's own company by default. */
  organizationId: OrganizationReference.nullable().optional(),
  /** A temporary password: the user must change it at first sign-in. */
  password: NewPassword,
});
export type UserCreateBody = z.infer<typeof UserCreateBody>;

export const UserUpdateBody = z.strictObject({
  name: Name.optional(),
  roles: z.array(RoleReference).min(1, 'al menos un rol').max(10).optional(),
  organizationId: OrganizationReference.nullable().optional(),
  /** Rule 002-3.12: Activo or Inactivo; Inactivo disables the user (never deleted). */
  status: UserStatus.optional(),
  /** Rule 002-3.23: a recess with its reason (no leads assigned meanwhile); null ends it. */
  recess: Recess.nullable().optional(),
  /** A new temporary password (empty or null: unchanged); the user must change it at next sign-in. */
  password: z
    .string()
    .max(200)
    .refine((password) => password === '' || isPasswordFormValid(password), {
      message: INVALID_PASSWORD_FORM_MESSAGE,
      params: { rule: 'INVALID_PASSWORD_FORM' },
    })
    .nullable()
    .optional(),
  reason: z.string().trim().max(500).optional(),
  revision: Revision.optional(),
  // Read-only fields of the record react-admin sends back.
  id: z.string().optional(),
  email: z.string().optional(),
  mustChangePassword: z.boolean().optional(),
  passwordChangedAt: Timestamp.optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
});
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;

export const RoleUpdateBody = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  permissions: z.array(PermissionReference).max(1000),
  revision: Revision.optional(),
  id: z.string().optional(),
  updatedAt: Timestamp.optional(),
});
export type RoleUpdateBody = z.infer<typeof RoleUpdateBody>;

const OrganizationName = z.string().trim().min(2, 'al menos 2 caracteres').max(200);
/** The company's RUT (Chile) or tax id, as the administrator writes it. */
const TaxId = z.string().trim().min(1).max(40);

export const OrganizationCreateBody = z.strictObject({
  name: OrganizationName,
  rut: TaxId.nullable().optional(),
});
export type OrganizationCreateBody = z.infer<typeof OrganizationCreateBody>;

export const OrganizationUpdateBody = z.strictObject({
  name: OrganizationName.optional(),
  rut: TaxId.nullable().optional(),
  revision: Revision.optional(),
  id: z.string().optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
});
export type OrganizationUpdateBody = z.infer<typeof OrganizationUpdateBody>;

/** The records the admin API answers. */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  roles: RoleCode[];
  organizationId: string | null;
  status: UserStatus;
  mustChangePassword: boolean;
  passwordChangedAt: string;
  recess: { reason: string; until: string | null } | null;
  createdAt: string;
  updatedAt: string;
  revision: number;
}

export interface RoleRecord {
  id: RoleCode;
  name: string;
  permissions: Permission[];
  updatedAt: string;
  revision: number;
}

export interface OrganizationRecord {
  id: string;
  name: string;
  rut: string | null;
  createdAt: string;
  updatedAt: string;
  revision: number;
}

export interface AuditRecord {
  id: string;
  streamId: string;
  category: string;
  type: string;
  actor: Actor | null;
  occurredAt: string;
  position: number;
  revision: number;
  data: Record<string, unknown>;
}
