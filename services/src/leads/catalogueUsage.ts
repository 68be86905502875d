import { LEADS_COLLECTION } from '@cubre/projections/leads/projection';
import type { CatalogueUsage } from '../leadCatalogue';
import { referencesIn } from '../leadCatalogue';

const FIELD_OF = {
  leadStatus: 'status.id',
  leadSubStatus: 'subStatus.id',
  failureReason: 'failureReason.id',
};

/**
 * The leads that refer to a lead-catalogue record (in that status, sub-status or failure reason): leads'
 * answer to the catalogue's query port, so a record a lead still uses is not deleted. Served by the leads'
 * indexes on each field (services/test/readStore/requestPaths.test.ts).
 */
export const leadsReferringTo: CatalogueUsage = async (store, kind, id) => {
  if (kind === 'leadTransition') return [];
  const leads = store.collection(LEADS_COLLECTION);
  return [await referencesIn(leads, 'leads', { [FIELD_OF[kind]]: id }, (doc) => doc._id)];
};
