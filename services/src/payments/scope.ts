import type { Principal } from '@cubre/schemas';
import type { Filter } from '@cubre/platform/ports/readStore';

/**
 * Whose sales a console user reads (least privilege; issue 13's "a public answer never depends on other
 * people's data" applied to staff screens). An online purchase is a person's own, not a company's:
 *  - staff holding payment:read (back office, post-sale, administrators) read every sale;
 *  - a company administrator (a user of an organization) reads none: their company's business is its
 *    group policies (issue 16), never other people's purchases;
 *  - a CLIENT reads the sales bought with their own e-mail (the `buyer.email` index).
 */
export type SalesScope = { kind: 'all' } | { kind: 'none' } | { kind: 'buyer'; email: string };

export function salesScopeOf(principal: Principal): SalesScope {
  if (principal.organizationId !== null) return { kind: 'none' };
  if (principal.roles.length > 0 && principal.roles.every((role) => role === 'CLIENT')) {
    return { kind: 'buyer', email: principal.email.trim().toLowerCase() };
  }
  return { kind: 'all' };
}

/** The sales filter of a scope; null when the scope reads nothing at all. */
export function salesFilterOf(scope: SalesScope): Filter | null {
  if (scope.kind === 'none') return null;
  return scope.kind === 'buyer' ? { 'buyer.email': scope.email } : {};
}

/** A sale document's buyer e-mail is within the scope. */
export const saleInScope = (scope: SalesScope, sale: { buyer: { email: string } }) =>
  scope.kind === 'all' || (scope.kind === 'buyer' && sale.buyer.email.trim().toLowerCase() === scope.email);
