import { z } from 'zod';
import { eventOf } from '../events';
import { RECESS_REASONS } from '../leadCatalogue/reference';
import { PermissionName } from './permissions';
import { RoleCode, UserStatus } from './roles';

/**
 * Identity events (seed 002 §5, §6, §8; issue 5): users (`user-{userId}`), the role-to-permission mapping
 * (`role-{ROLE}`) and organizations (`organization-{organizationId}`). Password hashes live only here and in
 * the aggregate's state: never in a read model, a log or an answer.
 */
export const USER_CATEGORY = 'user';
export const ROLE_CATEGORY = 'role';
/** Not 'organization': the catalogue's insurers and clinics own that category. */
export const ORGANIZATION_CATEGORY = 'clientCompany';
/**
 * One stream per e-mail address (`userEmail-{uuid derived from the address}`): claiming it before a user is
 * registered is what keeps two users from sharing an address, even when two creations race.
 */
export const USER_EMAIL_CATEGORY = 'userEmail';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]{1,64}@[^\s@]+\.[a-z]{2,}$/i, 'correo electrónico inválido');

/** A scrypt hash with its parameters: `scrypt$N$r$p$salt$hash` (base64url). */
export const PasswordHash = z.string().regex(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);

export const UserRegisteredData = z.strictObject({
  userId: z.uuid(),
  email: Email,
  name: z.string().trim().min(2).max(120),
  roles: z.array(RoleCode).min(1).max(10),
  /** The company a company administrator belongs to; null for staff. */
  organizationId: z.string().min(1).max(80).nullable(),
  passwordHash: PasswordHash,
  /** An administrator's temporary password must be changed at first login. */
  mustChangePassword: z.boolean(),
  /**
   * The company administrator who invited them (issue 13): the user shows in that company's lists once they
   * chose their own password (accepted), never before. Absent for users staff created.
   */
  invitedBy: z.uuid().optional(),
});
export const UserRegistered = eventOf('UserRegistered', UserRegisteredData);

export const UserPasswordChangedData = z.strictObject({
  userId: z.uuid(),
  passwordHash: PasswordHash,
  /** True when an administrator set it (the user must change it); false when the user chose it. */
  mustChangePassword: z.boolean(),
});
export const UserPasswordChanged = eventOf('UserPasswordChanged', UserPasswordChangedData);

/**
 * An invitation e-mail's accept link was issued to a user who has no password of their own yet (issue 15):
 * a company administrator's invitee, or the buyer of a company's policy. Only the SHA-256 of the link's
 * token is kept; the link itself goes out in the mail. `sequence` counts the links issued to this user
 * (a new one only once the previous expired); accepting a link records `UserPasswordChanged` with
 * `mustChangePassword: false`, which uses it up.
 */
export const UserInvitationIssuedData = z.strictObject({
  userId: z.uuid(),
  organizationId: z.string().min(1).max(80),
  sequence: z.number().int().positive(),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  expiresAt: z.iso.datetime({ offset: true }),
  /** The company administrator who invited them, or the system (`system:{id}`: a company's purchase). */
  invitedBy: z.string().min(1).max(120),
});
export const UserInvitationIssued = eventOf('UserInvitationIssued', UserInvitationIssuedData);

export const UserEmailClaimedData = z.strictObject({
  email: Email,
  /** The user the address belongs to from now on. */
  userId: z.uuid(),
});
export const UserEmailClaimed = eventOf('UserEmailClaimed', UserEmailClaimedData);

/**
 * A company administrator tried to create a user with an address that already has one (issue 13): they
 * were answered as for a free address, and this tells the address's owner instead. Kept on the address's
 * own stream, the outbox a mailer reads when there is one.
 */
export const UserEmailInvitationNoticedData = z.strictObject({
  email: Email,
  /** The user the address belongs to. */
  userId: z.uuid(),
  /** The company whose administrator tried, and who. */
  organizationId: z.string().min(1).max(80),
  invitedBy: z.uuid(),
});
export const UserEmailInvitationNoticed = eventOf(
  'UserEmailInvitationNoticed',
  UserEmailInvitationNoticedData,
);

/**
 * An executive's recess (rule 002-3.23): while it lasts nobody assigns them leads. `until` null means until
 * somebody ends it.
 */
export const Recess = z.strictObject({
  reason: z.enum(RECESS_REASONS, { error: `uno de: ${RECESS_REASONS.join(', ')}` }),
  until: z.iso.datetime({ offset: true }).nullable(),
});
export type Recess = z.infer<typeof Recess>;

export const UserUpdatedData = z.strictObject({
  userId: z.uuid(),
  changes: z.strictObject({
    name: z.string().trim().min(2).max(120).optional(),
    roles: z.array(RoleCode).min(1).max(10).optional(),
    organizationId: z.string().min(1).max(80).nullable().optional(),
    status: UserStatus.optional(),
    /** null ends a recess. */
    recess: Recess.nullable().optional(),
  }),
  reason: z.string().max(500).nullable(),
});
export const UserUpdated = eventOf('UserUpdated', UserUpdatedData);

export const RolePermissionsSetData = z.strictObject({
  role: RoleCode,
  name: z.string().min(1).max(120),
  permissions: z.array(PermissionName),
});
export const RolePermissionsSet = eventOf('RolePermissionsSet', RolePermissionsSetData);

export const OrganizationRegisteredData = z.strictObject({
  organizationId: z.string().min(1).max(80),
  name: z.string().trim().min(2).max(200),
  /** The company's RUT (Chile) or tax id, formatted. */
  rut: z.string().min(1).max(40).nullable(),
});
export const OrganizationRegistered = eventOf('OrganizationRegistered', OrganizationRegisteredData);

export const OrganizationUpdatedData = z.strictObject({
  organizationId: z.string().min(1).max(80),
  changes: z.strictObject({
    name: z.string().trim().min(2).max(200).optional(),
    rut: z.string().min(1).max(40).nullable().optional(),
  }),
});
export const OrganizationUpdated = eventOf('OrganizationUpdated', OrganizationUpdatedData);
