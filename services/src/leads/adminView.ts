import type { LeadDocument } from '@cubre/projections/leads/projection';
import type { AdminLeadView } from '@cubre/schemas/leads/adminViews';
import type { LeadState } from './decider';

/**
 * A lead as the console shows it: everything of the read model but its search keys. Personal data is
 * here on purpose: only staff holding lead:read reach it (never the storefront's GET).
 */
export function adminViewOf(doc: LeadDocument): AdminLeadView {
  const { _id, search: _search, ...rest } = doc;
  // Documents projected before online purchases (or quotes) were recorded have no `contracting` (`quote`).
  return { id: _id, ...rest, contracting: rest.contracting ?? null, quote: rest.quote ?? null };
}
export type { AdminLeadView };

/**
 * The lead as it stood at a past moment, folded by the decider from its events up to then (issue 5: the
 * "as of" view). The same fields as the read model, so the console renders both with one component.
 */
export function adminViewOfState(
  leadId: string,
  state: Extract<LeadState, { status: 'Requested' }>,
  times: { createdAt: string; updatedAt: string },
  revision: number,
  notesCount: number,
): AdminLeadView {
  const { request } = state;
  return {
    id: leadId,
    kind: request.kind,
    requestType: request.requestType,
    country: request.country,
    productCode: request.product.code,
    productName: request.product.displayName,
    productType: request.product.productType,
    insuranceType: request.product.insuranceType,
    organizationCode: request.product.organizationCode,
    organizationName: request.product.organizationName,
    basePlanCode: request.basePlanCode,
    status: state.leadStatus,
    subStatus: state.subStatus,
    failureReason: state.failureReason,
    executiveId: state.executive?.id ?? null,
    executiveName: state.executive?.name ?? null,
    duplicateOf: state.duplicateOf,
    notesCount,
    contact: state.contact,
    region: state.region,
    profile: state.profile,
    price: request.price,
    quote: request.quote ?? null,
    comparator: request.comparator,
    originPath: request.originPath,
    message: request.message ?? null,
    contracting: state.contracting,
    createdAt: times.createdAt,
    updatedAt: times.updatedAt,
    revision,
  };
}
