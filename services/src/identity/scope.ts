import {
  COMPANY_ADMIN_ROLES,
  ROLES_COLLECTION,
  type Permission,
  type Principal,
  type RoleCode,
  type RoleDocument,
} from '@cubre/schemas';
import type { Filter, ReadStore } from '@cubre/platform/ports/readStore';
import { forbidden } from '@cubre/platform/http/guard';

/**
 * A company administrator: a principal with a company-administrator role, or one who belongs to a company.
 * Everything they list or open is limited to their organization (another company's record is a 404), and
 * they give company-administrator roles only.
 */
export const isCompanyScoped = (principal: Principal) =>
  principal.organizationId !== null || principal.roles.some((role) => COMPANY_ADMIN_ROLES.includes(role));

/** An impossible organization id: a company administrator without a company sees nothing. */
const NO_ORGANIZATION = '\u0000none';

/** The organization a scoped principal is limited to; undefined for staff, who see every company. */
export function organizationScopeOf(principal: Principal): string | undefined {
  if (!isCompanyScoped(principal)) return undefined;
  return principal.organizationId ?? NO_ORGANIZATION;
}

/** A read-store filter limiting `field` to the principal's organization ({} for staff). */
export function scopeFilter(principal: Principal, field: string): Filter {
  const scope = organizationScopeOf(principal);
  return scope === undefined ? {} : { [field]: scope };
}

/**
 * The users a principal sees: every one for staff; for a company administrator their company's users who
 * accepted their invitation (issue 13). An invitee who has not chosen a password yet stays out of their
 * lists, pages and audit, as an address that belonged to another company's user does: nothing tells a free
 * address from a taken one.
 */
export function usersScopeFilter(principal: Principal): Filter {
  const scope = organizationScopeOf(principal);
  return scope === undefined ? {} : { organizationId: scope, pendingInvitation: { $ne: true } };
}

/** Whether a user is visible to the principal (usersScopeFilter for one document). */
export function userInScope(
  principal: Principal,
  user: { organizationId: string | null; pendingInvitation?: boolean },
): boolean {
  const scope = organizationScopeOf(principal);
  return scope === undefined || (scope === user.organizationId && user.pendingInvitation !== true);
}

/** Whether a record of `organizationId` is visible to the principal. */
export function inScope(principal: Principal, organizationId: string | null): boolean {
  const scope = organizationScopeOf(principal);
  return scope === undefined || scope === organizationId;
}

/**
 * Nobody hands out more than they hold: every permission of every role given (or of a user being changed)
 * must be one the principal has, and a company administrator gives company-administrator roles only.
 * Without this, whoever may create users (ADMIN_QPACCESS, a company administrator) could create an ADMIN.
 */
export async function assertGrantable(
  readStore: ReadStore,
  principal: Principal,
  roles: readonly RoleCode[],
  field = 'roles',
): Promise<void> {
  if (isCompanyScoped(principal)) {
    const outside = roles.filter((role) => !COMPANY_ADMIN_ROLES.includes(role));
    if (outside.length) {
      throw forbidden(
        'FORBIDDEN',
        `un administrador de empresa solo asigna roles de administración de empresa (no ${outside.join(', ')})`,
        field,
      );
    }
  }
  const docs = await readStore
    .collection<RoleDocument>(ROLES_COLLECTION)
    .find({ _id: { $in: [...new Set(roles)] } });
  for (const doc of docs) {
    const lacking = doc.permissions.filter((permission) => !principal.permissions.has(permission));
    if (lacking.length) {
      throw forbidden(
        'FORBIDDEN',
        `el rol ${doc._id} incluye permisos que usted no tiene (${lacking.slice(0, 5).join(', ')}${lacking.length > 5 ? '…' : ''})`,
        field,
      );
    }
  }
}

/** The permissions a role editor adds must be their own (same reason as assertGrantable). */
export function assertPermissionsHeld(principal: Principal, added: readonly Permission[]): void {
  const lacking = added.filter((permission) => !principal.permissions.has(permission));
  if (lacking.length) {
    throw forbidden(
      'FORBIDDEN',
      `no puede otorgar permisos que usted no tiene (${lacking.join(', ')})`,
      'permissions',
    );
  }
}
