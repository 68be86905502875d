import { SHARED_INSURANCE_CATEGORY, VISITOR_PROFILE_CATEGORY } from '@cubre/schemas/site';
import { Router } from 'express';
import { catalogueSnapshotsFor } from '../catalogue';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import { loadSiteConfig } from './config';
import { profileFormRoutes } from './profileForm/routes';
import { sharedInsuranceRoutes } from './sharedInsurance/routes';
import { regionRoutes } from './shell/regions';
import { shellRoutes } from './shell/routes';

/**
 * The site shell's API (seed 001 §7, seed 000 §7): menu, contact channels, route translation, version,
 * business line, the profile form and shared insurance links. Decisions where the seeds are silent:
 * README.md beside this file.
 */
export const siteModule: HttpModule & { categories: string[] } = {
  name: 'site',
  categories: [VISITOR_PROFILE_CATEGORY, SHARED_INSURANCE_CATEGORY],
  routes(context: AppContext) {
    // Read when the routes are built, so a bad setting stops the process at start, naming the variable.
    const site = loadSiteConfig();
    const snapshots = catalogueSnapshotsFor(context.readStore, context.clock);
    const router = Router();
    router.use(shellRoutes({ snapshots, site, publicOrigins: context.config.publicOrigins }));
    router.use(regionRoutes());
    router.use(profileFormRoutes(context));
    router.use(sharedInsuranceRoutes(context, snapshots));
    return router;
  },
};
