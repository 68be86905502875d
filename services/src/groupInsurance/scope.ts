import type { Principal } from '@cubre/schemas';
import type { Filter } from '@cubre/platform/ports/readStore';
import { recordNotFound } from '@cubre/platform/http/simpleRest';

/**
 * Whose group insurance a console user reaches (issue 16, tenant isolation on the server): a company
 * administrator (a user of an organization) only their organization's policies, employees, loads, problems,
 * reports and files; staff (BACKOFFICE, POSTVENTA, ADMIN: no organization) every company's.
 */
export type CompanyScope = { kind: 'all' } | { kind: 'organization'; organizationId: string };

export const companyScopeOf = (principal: Principal): CompanyScope =>
  principal.organizationId === null
    ? { kind: 'all' }
    : { kind: 'organization', organizationId: principal.organizationId };

/**
 * The filter a list starts from. A company administrator's filter naming another organization matches
 * nothing (the scope's equality and the filter's are both kept: never the filter's alone).
 */
export function scopedFilter(scope: CompanyScope, requested: string | undefined): Filter | null {
  if (scope.kind === 'all') return requested === undefined ? {} : { organizationId: requested };
  if (requested !== undefined && requested !== scope.organizationId) return null;
  return { organizationId: scope.organizationId };
}

/** A document of another company is a 404, as if it did not exist (its id tells nothing). */
export function inScopeOr404<T extends { organizationId: string }>(
  scope: CompanyScope,
  doc: T | null,
  resource: string,
  id: string,
): T {
  if (!doc || (scope.kind === 'organization' && doc.organizationId !== scope.organizationId)) {
    throw recordNotFound(resource, id);
  }
  return doc;
}
