import { CATALOGUE_KINDS, type PriceQuote, type Profile } from '@cubre/schemas';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import { Router } from 'express';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import type { CatalogueSettings } from './settings';
import { createComparator } from './comparator/compare';
import { loadPricingContext, type PricingContext } from './comparator/pricingContext';
import { catalogueSnapshotsFor, type CatalogueSnapshots } from './comparator/snapshot';
import { compareRoutes } from './routes/compareRoutes';
import { comparatorContentRoutes } from './routes/comparatorContentRoutes';
import { globalesRoutes } from './routes/globalesRoutes';
import { organizationRoutes } from './routes/organizationRoutes';
import { priceRoutes } from './routes/priceRoutes';
import { productRoutes } from './routes/productRoutes';
import { indexOf } from './routes/params';
import { quoteOf } from './views/quote';

let pricing: PricingContext | undefined;
/** Reference tables are read once per process, on the first route set-up. */
const pricingContext = () => (pricing ??= loadPricingContext());

/** The stream categories the catalogue writes. */
export const CATALOGUE_MODULE_CATEGORIES = Object.values(CATALOGUE_KINDS).map((kind) => kind.category);

/** The catalogue and comparator API (seed 000 §7, 001 §7), with the catalogue's settings. */
export const catalogueModule = (settings: CatalogueSettings): HttpModule & { categories: string[] } => ({
  name: 'catalogue',
  categories: CATALOGUE_MODULE_CATEGORIES,
  routes(context: AppContext) {
    const router = Router();
    const snapshots = catalogueSnapshotsFor(context.readStore, context.clock);
    const budgets = settings.comparatorCache;
    const comparator = createComparator(pricingContext(), {
      rankedCacheBytes: budgets?.rankedBytes,
      pageCacheBytes: budgets?.pageBytes,
    });
    router.use(
      compareRoutes({
        snapshots,
        comparator,
        limited: context.rateLimits.guard('compare'),
        humanCheck: context.rateLimits.humanCheck,
        clock: context.clock,
      }),
    );
    router.use(globalesRoutes({ pricing: pricingContext(), clock: context.clock }));
    // The compare routes come first: /api/insurance/compare/… is theirs, not a product's.
    const catalogue = { snapshots, pricing: pricingContext(), clock: context.clock };
    router.use(productRoutes(catalogue));
    router.use(priceRoutes(catalogue));
    router.use(organizationRoutes(catalogue));
    router.use(comparatorContentRoutes(catalogue));
    return router;
  },
});

/**
 * The catalogue's quote for other domains (a lead keeps the price its visitor saw): a card priced for a
 * profile by the comparator's own pricer, on the clock's day.
 */
export function catalogueQuotes(snapshots: CatalogueSnapshots, clock: () => Date) {
  return async (card: CardDocument, profile?: Profile): Promise<PriceQuote> =>
    quoteOf(await indexOf(snapshots), card, pricingContext(), clock(), profile);
}
export type CatalogueQuotes = ReturnType<typeof catalogueQuotes>;

// What other domains may use of the catalogue (ARCHITECTURE.md: a domain reaches another through its
// index.ts only): the published snapshots and their cards, the catalogue's index and reference data.
export {
  catalogueSnapshotsFor,
  type CatalogueSnapshot,
  type CatalogueSnapshots,
} from './comparator/snapshot';
export { catalogueIndex } from './views/catalogueIndex';
export { productLookup } from './views/productLookup';
export { ADDITIONAL_INSURANCE_TYPES } from './views/organizations';
export { organizationsOfTypes } from './views/organizationsOfTypes';
export { organizationWebsite } from './views/organizationWebsite';
export { referenceDataDir } from './comparator/pricingContext';
export type { CardDocument } from '@cubre/projections/catalogue/documents';
export type { CatalogueSettings } from './settings';
