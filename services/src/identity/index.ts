import { ORGANIZATION_CATEGORY, ROLE_CATEGORY, USER_CATEGORY, USER_EMAIL_CATEGORY } from '@cubre/schemas';
import { AUDITED_CATEGORIES } from '@cubre/projections/identity/audit';
import { Router } from 'express';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import type { IdentitySettings } from './settings';
import { auditRoutes } from './auditRoutes';
import { invitationAcceptRoutes } from './invitationAcceptRoutes';
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
// The categories identity writes, and those its audit follows (their topics must exist before the
// identity projection subscribes to them on Kafka, whichever module writes them).
export const IDENTITY_MODULE_CATEGORIES = [
  ...new Set([
    USER_CATEGORY,
    USER_EMAIL_CATEGORY,
    ROLE_CATEGORY,
    ORGANIZATION_CATEGORY,
    ...AUDITED_CATEGORIES,
  ]),
];

/** Identity's routes and seed, with identity's settings (tokens, passwords, sign-in throttle, demo users). */
export const identityModule = (settings: IdentitySettings): HttpModule & { categories: string[] } => ({
  name: 'identity',
  categories: IDENTITY_MODULE_CATEGORIES,
  routes(appContext: AppContext) {
    const context = { ...appContext, identity: settings };
    const router = Router();
    router.use(sessionRoutes(context));
    router.use(userRoutes(context));
    router.use(roleRoutes(context));
    router.use(organizationRoutes(context));
    router.use(auditRoutes(context));
    // Before the invitations resource, whose writes answer 405.
    router.use(invitationAcceptRoutes(context));
    router.use(invitationRoutes(context));
    return router;
  },
  start: (context) => seedIdentity({ ...context, identity: settings }),
});

// What other domains and the runtime may use of identity (ARCHITECTURE.md: through this file only).
export { identityAuthenticator } from './authentication';
export type { IdentitySettings } from './settings';
export { findUserById, permissionsOf } from './principals';
// The projection a command waits for when staff must see it in the audit at once (arrears' notice switch).
export { IDENTITY_PROJECTION } from '@cubre/projections/identity/projection';
// The buyer of a company's policy invited as its administrator (the company-sale reactor, issue 15).
export {
  companyAdministratorInviter,
  type CompanyAdministratorInvited,
  type InviteCompanyAdministrator,
} from './companyAdministrator';
export type { InvitationMail } from './sendInvitation';
