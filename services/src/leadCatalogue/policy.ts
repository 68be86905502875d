import type { LeadCatalogueKind, LeadCatalogueRecord, LeadPolicy } from '@cubre/schemas';
import { leadPolicyOf } from '@cubre/schemas/leads/statusRules';
import {
  LEAD_CATALOGUE_VERSION_COLLECTION,
  LEAD_CATALOGUE_VERSION_ID,
  type LeadCatalogueVersionDocument,
} from '@cubre/projections/leadCatalogue/projection';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { catalogueCollection } from './references';

const cache = new WeakMap<ReadStore, { key: string; policy: LeadPolicy }>();

async function live<K extends LeadCatalogueKind>(
  store: ReadStore,
  kind: K,
): Promise<LeadCatalogueRecord<K>[]> {
  return (await catalogueCollection(store, kind).find({ deleted: false })) as LeadCatalogueRecord<K>[];
}

/**
 * The lead catalogues as the lead decider judges a status change by (`LeadPolicy` of
 * schemas/src/leads/policy.ts): every live status, sub-status and failure reason with its `active` flag, and
 * the transition policy (a status without a policy moves nowhere). It runs on every status change, so the
 * policy is cached per read store and rebuilt only when the projection applied a change since: one read of
 * one small document otherwise.
 */
export async function loadLeadPolicy(readStore: ReadStore): Promise<LeadPolicy> {
  // The version is read before the records: a change landing in between makes the next call reload.
  const version = await readStore
    .collection<LeadCatalogueVersionDocument>(LEAD_CATALOGUE_VERSION_COLLECTION)
    .findOne({ _id: LEAD_CATALOGUE_VERSION_ID });
  const key = version ? `${version.epoch}:${version.changes}` : 'empty';
  const cached = cache.get(readStore);
  if (cached?.key === key) return cached.policy;

  const [statuses, subStatuses, failureReasons, transitions] = await Promise.all([
    live(readStore, 'leadStatus'),
    live(readStore, 'leadSubStatus'),
    live(readStore, 'failureReason'),
    live(readStore, 'leadTransition'),
  ]);
  const policy = leadPolicyOf({
    leadStatus: statuses,
    leadSubStatus: subStatuses,
    failureReason: failureReasons,
    leadTransition: transitions,
  });
  cache.set(readStore, { key, policy });
  return policy;
}
