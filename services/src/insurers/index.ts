import { INSURER_SETTINGS_CATEGORY } from '@cubre/schemas/insurers/settings';
import type { HttpModule } from '@cubre/platform/http/app';
import { insurerRoutes } from './routes';

/**
 * Insurers' operation (cutting) day and retroactive days (issue 15, seed 002 §4, §9): the console's
 * `insurers` and the queries other domains are given. Decisions: README.md beside this file.
 */
export const insurersModule: HttpModule & { categories: string[] } = {
  name: 'insurers',
  categories: [INSURER_SETTINGS_CATEGORY],
  routes: insurerRoutes,
};

export { nextOperationDate, operationDayOf, retroactiveDaysOf } from './queries';
export { INSURER_TYPES } from './routes';
