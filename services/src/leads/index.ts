import { Router } from 'express';
import { catalogueQuotes } from '../catalogue';
import { catalogueSnapshotsFor } from '../catalogue';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import type { LeadSettings } from './settings';
import { CONTACT_REQUEST_CATEGORY } from './contactDecider';
import { contactRoutes } from './contactRoutes';
import { contractingRoutes } from './contractingRoutes';
import { LEAD_CATEGORY } from './leadModel';
import { leadAdminRoutes } from './adminRoutes';
import { leadCommands } from './leadCommands';
import { leadRoutes } from './routes';

/**
 * Plan and add-on requests (leads), an online purchase's steps and contact-form messages (seed 000 §7;
 * seed 002 §2, §3). Field names, answers and the decisions where the seeds are silent: README.md beside
 * this file.
 */
export const LEADS_MODULE_CATEGORIES = [LEAD_CATEGORY, CONTACT_REQUEST_CATEGORY];

/** The leads' routes, with the leads' settings (the duplicate window). */
export const leadsModule = (settings: LeadSettings): HttpModule & { categories: string[] } => ({
  name: 'leads',
  categories: LEADS_MODULE_CATEGORIES,
  routes(context: AppContext) {
    const router = Router();
    const snapshots = catalogueSnapshotsFor(context.readStore, context.clock);
    const quotes = catalogueQuotes(snapshots, context.clock);
    const commands = leadCommands({ ...context, leads: settings }, snapshots, quotes);
    router.use(leadRoutes(context, commands));
    router.use(contractingRoutes(context, commands));
    router.use(contactRoutes(context));
    router.use(leadAdminRoutes(context));
    return router;
  },
});

// What other domains may use of leads (ARCHITECTURE.md: through this file only).
export { leadsReferringTo } from './catalogueUsage';
export type { LeadSettings } from './settings';
export { leadSaleSteps, type RecordSaleStep, type SaleStep } from './saleSteps';
