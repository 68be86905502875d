import { ORGANIZATION_CATEGORY, ROLE_CATEGORY, USER_CATEGORY } from '@cubre/schemas';
import { Router } from 'express';
import type { AppContext, HttpModule } from '../platform/http/app';
import { seedIdentity } from './seed';
import { sessionRoutes } from './sessionRoutes';

/**
 * Identity and permissions of the back-office console (seed 002 §5, §6, §8; issue 5): sign-in, the guard of
 * every admin route, users, roles and organizations. Decisions: README.md beside this file.
 */
export const identityModule: HttpModule & { categories: string[] } = {
  name: 'identity',
  categories: [USER_CATEGORY, ROLE_CATEGORY, ORGANIZATION_CATEGORY],
  routes(context: AppContext) {
    const router = Router();
    router.use(sessionRoutes(context));
    return router;
  },
  start: seedIdentity,
};
