import type { LeadDocument } from '@cubre/projections/leads/projection';
import type { AdminLeadView } from '@cubre/schemas/leads/adminViews';
import type { FoldedLead } from './state';

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
 * The console's record from the lead's own events (state.ts `foldLead`): as it stood at a past moment (the
 * "as of" view, issue 5), or now when the read model has not caught up. The same fields as the read model,
 * so the console renders both with one component.
 */
export function adminViewOfFold(leadId: string, folded: FoldedLead): AdminLeadView {
  const { state, createdAt, updatedAt, revision } = folded;
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
    notesCount: state.notes.length,
    contact: state.contact,
    region: state.region,
    profile: state.profile,
    price: request.price,
    quote: request.quote ?? null,
    comparator: request.comparator,
    originPath: request.originPath,
    message: request.message ?? null,
    contracting: state.contracting,
    createdAt,
    updatedAt,
    revision,
  };
}
