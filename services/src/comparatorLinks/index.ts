import type { HttpModule } from '@cubre/platform/http/app';
import { COMPARATOR_LINK_CATEGORY } from './decider';
import { comparatorLinkRoutes } from './routes';

export const comparatorLinksModule: HttpModule & { categories: string[] } = {
  name: 'comparatorLinks',
  categories: [COMPARATOR_LINK_CATEGORY],
  routes: comparatorLinkRoutes,
};
