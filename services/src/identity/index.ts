import { ORGANIZATION_CATEGORY, ROLE_CATEGORY, USER_CATEGORY, USER_EMAIL_CATEGORY } from '@cubre/schemas';
import { AUDITED_CATEGORIES } from '@cubre/projections/identity/audit';
import { Router } from 'express';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import { auditRoutes } from './auditRoutes';
import { invitationRoutes } from './invitationRoutes';
import { organizationRoutes } from './organizationRoutes';
import { roleRoutes } from './roleRoutes';
import { seedIdentity } from './seed';
import { sessionRoutes } from './sessionRoutes';
import { userRoutes } from './userRoutes';

/**
 * Identity and permissions of the back-office console (seed 002 §5, §6, §8; issue 5): sign-in, the guard of
 * every admin route, users, roles and permissions, organizations and the audit. Decisions: README.md
 * beside this file.
 */
export const identityModule: HttpModule & { categories: string[] } = {
  name: 'identity',
  // The categories identity writes, and those its audit follows (their topics must exist before the
  // identity projection subscribes to them on Kafka, whichever module writes them).
  categories: [
    ...new Set([
      USER_CATEGORY,
      USER_EMAIL_CATEGORY,
      ROLE_CATEGORY,
      ORGANIZATION_CATEGORY,
      ...AUDITED_CATEGORIES,
    ]),
  ],
  routes(context: AppContext) {
    const router = Router();
    router.use(sessionRoutes(context));
    router.use(userRoutes(context));
    router.use(roleRoutes(context));
    router.use(organizationRoutes(context));
    router.use(auditRoutes(context));
    router.use(invitationRoutes(context));
    return router;
  },
  start: seedIdentity,
};

// What other domains and the runtime may use of identity (ARCHITECTURE.md: through this file only).
export { identityAuthenticator } from './authentication';
export { findUserById, permissionsOf } from './principals';
