import { LEAD_CATALOGUE_CATEGORIES } from '@cubre/schemas';
import { Router } from 'express';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import { referenceRoutes } from './referenceRoutes';
import { leadCatalogueRoutes } from './routes';
import { seedLeadCatalogue } from './seed';

/**
 * The editable lead catalogues of the back-office console (seed 002 §3 and §4, issue 5): lead statuses,
 * sub-statuses, failure reasons and the transition policy, seeded with the default catalogue at start.
 * Decisions where the seed is silent: README.md beside this file.
 */
export const leadCatalogueModule: HttpModule & { categories: string[] } = {
  name: 'leadCatalogue',
  categories: [...LEAD_CATALOGUE_CATEGORIES],
  routes(context: AppContext) {
    const router = Router();
    router.use(leadCatalogueRoutes(context));
    router.use(referenceRoutes(context));
    return router;
  },
  start: seedLeadCatalogue,
};
