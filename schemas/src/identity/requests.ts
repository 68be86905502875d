import { z } from 'zod';
import { Actor } from '../events';
import { IDENTITY_ERRORS } from './errors';
import { Email, Recess } from './events';
import { INVALID_PASSWORD_FORM_MESSAGE, isPasswordFormValid } from './passwordRules';
import { PERMISSIONS, isPermission, type Permission } from './permissions';
import { RoleCode, UserStatus, isRoleCode } from './roles';

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
  /**
   * A temporary password: the user must change it at first sign-in. Staff must give one for a user of no
   * organization; a company's user (whoever creates it) needs none: without it the invitation e-mail's
   * link lets them choose their own.
   */
  password: NewPassword.optional(),
});
export type UserCreateBody = z.infer<typeof UserCreateBody>;

/** The invitation e-mail's link accepted (issue 15): its token and the password the invitee chose. */
export const InvitationAcceptBody = z.strictObject({
  token: z
    .string({ error: 'token es el del enlace de invitación' })
    .max(300)
    .refine((token) => /^[0-9a-f-]{36}\.\d{1,6}\.[\w-]{43}$/.test(token), {
      message: IDENTITY_ERRORS.INVITATION_INVALID,
      params: { rule: 'INVITATION_INVALID' },
    }),
  password: NewPassword,
});
export type InvitationAcceptBody = z.infer<typeof InvitationAcceptBody>;

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

/**
 * The records the admin API answers (built by services/src/identity's routes, which return these types;
 * the console reads them with `import type`). Not used to validate: the server builds them itself.
 */
const Instant = z.string();
const PermissionCode = z.enum(PERMISSIONS);

export const UserRecord = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(RoleCode),
  organizationId: z.string().nullable(),
  status: UserStatus,
  mustChangePassword: z.boolean(),
  passwordChangedAt: Instant,
  /** Set while the executive is on recess (rule 002-3.23). */
  recess: z.object({ reason: z.string(), until: Instant.nullable() }).nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  revision: z.number(),
});
export type UserRecord = z.infer<typeof UserRecord>;

export const RoleRecord = z.object({
  id: RoleCode,
  name: z.string(),
  permissions: z.array(PermissionCode),
  updatedAt: Instant,
  revision: z.number(),
});
export type RoleRecord = z.infer<typeof RoleRecord>;

export const OrganizationRecord = z.object({
  id: z.string(),
  name: z.string(),
  rut: z.string().nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  revision: z.number(),
});
export type OrganizationRecord = z.infer<typeof OrganizationRecord>;

export const AuditRecord = z.object({
  id: z.string(),
  streamId: z.string(),
  /** The stream's category: `user`, `role`, `organization`, `leadStatus`… */
  category: z.string(),
  type: z.string(),
  actor: Actor.nullable(),
  occurredAt: Instant,
  /** Position in the whole log: the order changes happened in. */
  position: z.number(),
  revision: z.number(),
  data: z.record(z.string(), z.unknown()),
});
export type AuditRecord = z.infer<typeof AuditRecord>;

/** The `invitations` resource (services/src/identity/invitationRoutes.ts). */
export const InvitationRecord = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  status: z.enum(['Invitación enviada', 'Aceptada']),
  invitedBy: z.string(),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type InvitationRecord = z.infer<typeof InvitationRecord>;

/** The `permissions` resource: a permission, its group, and whether seed 002 §6 names it. */
export const PermissionRecord = z.object({ id: PermissionCode, group: z.string(), seed: z.boolean() });
export type PermissionRecord = z.infer<typeof PermissionRecord>;

/** The user as the console receives it at login and from /api/admin/me: never the password hash. */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(RoleCode),
  permissions: z.array(PermissionCode),
  organizationId: z.string().nullable(),
  mustChangePassword: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;
