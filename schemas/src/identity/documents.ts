import type { Actor } from '../events';
import type { Permission } from './permissions';
import type { RoleCode, UserStatus } from './roles';

/** A user as the `users` read model holds it: no password hash, ever. */
export type UserDocument = {
  [key: string]: unknown;
  _id: string;
  email: string;
  name: string;
  /** The name lower-cased without accents: what the list's `q` filter matches ("tomas" finds Tomás). */
  nameKey: string;
  roles: RoleCode[];
  organizationId: string | null;
  status: UserStatus;
  mustChangePassword: boolean;
  /**
   * Invited by a company administrator and not yet signed in with a password of their own (issue 13):
   * hidden from company administrators, so their list tells no free address from a taken one.
   */
  pendingInvitation?: boolean;
  /** When the current password was set: its expiry counts from here. */
  passwordChangedAt: string;
  /** Set while the executive is on recess (rule 002-3.23); absent or null otherwise. */
  recess?: { reason: string; until: string | null } | null;
  createdAt: string;
  updatedAt: string;
  revision: number;
};

/** A role and the permissions it grants now (`roles` read model, `_id` is the role code). */
export type RoleDocument = {
  [key: string]: unknown;
  _id: RoleCode;
  name: string;
  permissions: Permission[];
  updatedAt: string;
  revision: number;
};

export type OrganizationDocument = {
  [key: string]: unknown;
  _id: string;
  name: string;
  /** The name lower-cased without accents, for the `q` filter. */
  nameKey: string;
  rut: string | null;
  createdAt: string;
  updatedAt: string;
  revision: number;
};

/**
 * One change to an audited record (users, roles, organizations, the lead catalogues): the event as stored,
 * with who made it. `_id` is the event's id. Password hashes are stripped from `data` before it is kept.
 */
export type AuditDocument = {
  [key: string]: unknown;
  _id: string;
  streamId: string;
  /** The stream's category: `user`, `role`, `organization`, `leadStatus`… */
  category: string;
  type: string;
  actor: Actor | null;
  occurredAt: string;
  /** Position in the whole log: the order changes happened in. */
  position: number;
  /** The record's revision this change produced. */
  revision: number;
  data: Record<string, unknown>;
};

/** Lower case without diacritics: how names are compared by the `q` filters. */
export const searchKeyOf = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export const USERS_COLLECTION = 'users';
export const ROLES_COLLECTION = 'roles';
export const ORGANIZATIONS_COLLECTION = 'organizations';
export const AUDIT_COLLECTION = 'audit';
export const INVITATIONS_COLLECTION = 'invitations';

/** The invitation status a company administrator reads: the same for a free and a taken address. */
export const INVITATION_SENT = 'Invitación enviada';
export const INVITATION_ACCEPTED = 'Aceptada';

/**
 * A company administrator's invitation (issue 13), one per company and address (`_id` derived from both):
 * sent to a free address (its user waits for the invitee's own password) or to one that was taken (its
 * owner was told instead). Both read 'Invitación enviada'; only the invitee choosing a password accepts it.
 */
export type InvitationDocument = {
  [key: string]: unknown;
  _id: string;
  organizationId: string;
  email: string;
  status: typeof INVITATION_SENT | typeof INVITATION_ACCEPTED;
  invitedBy: string;
  invitedAt: string;
  acceptedAt: string | null;
};

/** Who is calling an admin route, as the guard resolved them from the token and the read models. */
export interface Principal {
  userId: string;
  email: string;
  name: string;
  roles: RoleCode[];
  permissions: ReadonlySet<Permission>;
  /** Set for company administrators: every read they make is limited to this organization. */
  organizationId: string | null;
}
