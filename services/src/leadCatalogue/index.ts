import { LEAD_CATALOGUE_CATEGORIES } from '@cubre/schemas';
import { Router } from 'express';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import { referenceRoutes } from './referenceRoutes';
import { leadCatalogueRoutes } from './routes';
import { seedLeadCatalogue } from './seed';
import type { CatalogueUsage } from './usage';

/**
 * The editable lead catalogues of the back-office console (seed 002 §3 and §4, issue 5): lead statuses,
 * sub-statuses, failure reasons and the transition policy, seeded with the default catalogue at start.
 * Decisions where the seed is silent: README.md beside this file.
 */
export const leadCatalogueModule = (
  usages: readonly CatalogueUsage[],
): HttpModule & { categories: string[] } => ({
  name: 'leadCatalogue',
  categories: [...LEAD_CATALOGUE_CATEGORIES],
  routes(context: AppContext) {
    const router = Router();
    router.use(leadCatalogueRoutes(context, usages));
    router.use(referenceRoutes(context));
    return router;
  },
  start: seedLeadCatalogue,
});

// What other domains may use of the lead catalogues (ARCHITECTURE.md: through this file only).
export type { CatalogueReference } from './decider';
export type { CatalogueUsage } from './usage';
export { referencesIn } from './references';
export { loadLeadPolicy } from './policy';
export { DEFAULT_LEAD_SUB_STATUSES, SUB_STATUS_IDS } from '@cubre/schemas/leadCatalogue/defaults';
