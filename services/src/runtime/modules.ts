import { catalogueProjection } from '@cubre/projections/catalogue/projection';
import { comparatorLinksProjection } from '@cubre/projections/comparatorLinks/projection';
import { identityProjection } from '@cubre/projections/identity/projection';
import { leadCatalogueProjection } from '@cubre/projections/leadCatalogue/projection';
import { contactsProjection, leadsProjection } from '@cubre/projections/leads/projection';
import { sharedInsuranceProjection } from '@cubre/projections/site/sharedInsurance';
import { catalogueModule } from '../catalogue';
import type { Projection } from '@cubre/platform/projections/projection';
import { comparatorLinksModule } from '../comparatorLinks';
import { identityModule } from '../identity';
import { leadCatalogueModule } from '../leadCatalogue';
import { leadsModule, leadsReferringTo } from '../leads';
import type { HttpModule } from '@cubre/platform/http/app';
import { siteModule } from '../site';

/** Every domain the runtime serves: its HTTP routes, its stream categories and its projections. */
export interface DomainModule extends HttpModule {
  categories: string[];
}

export const domainModules: DomainModule[] = [
  comparatorLinksModule,
  catalogueModule,
  siteModule,
  leadsModule,
  identityModule,
  leadCatalogueModule([leadsReferringTo]),
];

export const projections: Projection[] = [
  comparatorLinksProjection,
  catalogueProjection,
  sharedInsuranceProjection,
  leadsProjection,
  contactsProjection,
  identityProjection,
  leadCatalogueProjection,
];

/** Stream categories of every domain: the Kafka topics the relay writes to. */
export const allCategories = (): string[] => [
  ...new Set(domainModules.flatMap((module) => module.categories)),
];
