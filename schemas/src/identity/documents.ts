import type { Permission } from './permissions';
import type { RoleCode, UserStatus } from './roles';

/** A user as the `users` read model holds it: no password hash, ever. */
export type UserDocument = {
  [key: string]: unknown;
  _id: string;
  email: string;
  name: string;
  roles: RoleCode[];
  organizationId: string | null;
  status: UserStatus;
  mustChangePassword: boolean;
  /** When the current password was set: its expiry counts from here. */
  passwordChangedAt: string;
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
  rut: string | null;
  createdAt: string;
  updatedAt: string;
  revision: number;
};

export const USERS_COLLECTION = 'users';
export const ROLES_COLLECTION = 'roles';
export const ORGANIZATIONS_COLLECTION = 'organizations';

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
