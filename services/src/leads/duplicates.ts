import { LEADS_COLLECTION, searchKeys, type LeadDocument } from '@cubre/projections/leads/projection';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { LeadRequest } from './leadModel';

/**
 * Duplicate detection (issue 5; README "Duplicates"): the earliest lead of the same RUT or e-mail for the
 * same product created within the window, which makes the new one Duplicado; null when none, or when the
 * window is 0 days. The `$or` is served by the union of the `search.rut` and `search.email` indexes
 * (services/test/readStore/requestPaths.test.ts explains it), so its cost does not grow with the leads.
 */
export async function earlierLeadOf(
  store: ReadStore,
  request: LeadRequest,
  window: { days: number; now: Date },
): Promise<string | null> {
  if (window.days === 0) return null;
  const keys = searchKeys(request.contact, request.country);
  const since = new Date(window.now.getTime() - window.days * 86_400_000).toISOString();
  const [earlier] = await store.collection<LeadDocument>(LEADS_COLLECTION).find(
    {
      productCode: request.product.code,
      createdAt: { $gte: since },
      _id: { $ne: request.leadId },
      $or: [{ 'search.rut': keys.rut }, { 'search.email': keys.email }],
    },
    { sort: { createdAt: 1 }, limit: 1 },
  );
  return earlier?._id ?? null;
}
