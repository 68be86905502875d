import type { LeadCatalogueKind, LeadCatalogueRecord, LeadPolicy } from '@cubre/schemas';
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

/** Catalogue records by kind: the live read model's, or the seeded defaults. */
export type LeadCatalogueRecords = { [K in LeadCatalogueKind]: readonly LeadCatalogueRecord<K>[] };

/** The policy a set of catalogue records gives (the decider's view of them: names, flags, links). */
export function leadPolicyOf(records: LeadCatalogueRecords): LeadPolicy {
  const { leadStatus, leadSubStatus, failureReason, leadTransition } = records;
  return {
    statuses: new Map(
      leadStatus.map(({ id, name, requiresSubStatus, requiresFailureReason, active }) => [
        id,
        { name, requiresSubStatus, requiresFailureReason, active },
      ]),
    ),
    subStatuses: new Map(
      leadSubStatus.map(({ id, name, parentIds, active }) => [
        id,
        { name, parentIds: [...parentIds], active },
      ]),
    ),
    failureReasons: new Map(
      failureReason.map(({ id, name, requestTypes, subStatusIds, countries, active }) => [
        id,
        {
          name,
          requestTypes: [...requestTypes],
          subStatusIds: [...subStatusIds],
          countries: [...countries],
          active,
        },
      ]),
    ),
    transitions: new Map(leadTransition.map(({ id, to }) => [id, new Set(to)])),
  };
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
