import type { HttpModule } from '@cubre/platform/http/app';
import { COMPARATOR_LINK_CATEGORY } from './decider';
import { comparatorLinkRoutes } from './routes';

export const comparatorLinksModule: HttpModule & { categories: string[] } = {
  name: 'comparatorLinks',
  categories: [COMPARATOR_LINK_CATEGORY],
  routes: comparatorLinkRoutes,
};

// What other domains may use of the comparator links (through this file only).
export { checkSiteUrl } from './siteUrl';
