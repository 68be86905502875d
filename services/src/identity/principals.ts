import {
  ROLES_COLLECTION,
  USERS_COLLECTION,
  type Permission,
  type Principal,
  type RoleCode,
  type RoleDocument,
  type SessionUser,
  type UserDocument,
} from '@cubre/schemas';
import type { ReadStore } from '@cubre/platform/ports/readStore';

/** The permissions a set of roles grants now, from the `roles` read model (edited in the console). */
export async function permissionsOf(
  readStore: ReadStore,
  roles: readonly RoleCode[],
): Promise<Set<Permission>> {
  const docs = await readStore.collection<RoleDocument>(ROLES_COLLECTION).find({ _id: { $in: [...roles] } });
  return new Set(docs.flatMap((doc) => doc.permissions));
}

export const findUserById = (readStore: ReadStore, userId: string) =>
  readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId });

export const findUserByEmail = (readStore: ReadStore, email: string) =>
  readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ email: email.trim().toLowerCase() });

export async function principalFor(readStore: ReadStore, user: UserDocument): Promise<Principal> {
  return {
    userId: user._id,
    email: user.email,
    name: user.name,
    roles: user.roles,
    permissions: await permissionsOf(readStore, user.roles),
    organizationId: user.organizationId,
  };
}

/** The password must be changed: an administrator set it, or it is older than the allowed age (002-8.03). */
export function passwordExpired(user: UserDocument, now: Date, maxAgeDays: number): boolean {
  if (user.mustChangePassword) return true;
  return now.getTime() - Date.parse(user.passwordChangedAt) > maxAgeDays * 86_400_000;
}

/** The user as the console receives it at login and from /api/admin/me: never the password hash. */
export function sessionUserOf(principal: Principal, mustChangePassword: boolean): SessionUser {
  return {
    id: principal.userId,
    email: principal.email,
    name: principal.name,
    roles: principal.roles,
    permissions: [...principal.permissions].sort(),
    organizationId: principal.organizationId,
    mustChangePassword,
  };
}
