import {
  CompareRequest,
  type ComparatorDefinition,
  type Country,
  type IsaprePlanDefinition,
  type PriceUnit,
  type ProductDefinition,
} from '@cubre/schemas';
import type {
  ComparatorProvider,
  ComparatorSummary,
  ComparatorView,
} from '@cubre/schemas/catalogue/comparator';
import { cardFilter } from '../comparator/filters';
import { currencyOf } from '../pricing/money';
import { featuresOf, type CatalogueIndex } from './catalogueIndex';

/** Whether a card is one of a comparator's in an edition: the comparator's own filter, nothing more. */
function comparatorCardFilter(index: CatalogueIndex, comparator: ComparatorDefinition, country: Country) {
  return cardFilter(
    CompareRequest.parse({
      comparator: comparator.code,
      organizationTypes: comparator.organizationTypes,
      displayShowcase: comparator.showcase,
    }),
    index.snapshot,
    country,
  );
}

/** The currency each edition's prices are written in when nothing else says (seed 000 §9, 001 §9). */
const EDITION_CURRENCY: Record<Country, PriceUnit> = { CL: 'CLP', PE: 'PEN', CO: 'COP', INT: 'USD' };

const shownCurrencies = new WeakMap<CatalogueIndex, Map<string, PriceUnit>>();

/**
 * The currency a comparator's cards show their prices in, in an edition: UF prices are shown in pesos,
 * special USD units in dollars; the most frequent among its cards, else the edition's. The storefront's
 * price filter is written in it and says so (`targetCurrency`, issue 11). Kept per catalogue version.
 */
export function shownCurrencyOf(index: CatalogueIndex, comparator: ComparatorDefinition, country: Country) {
  let known = shownCurrencies.get(index);
  if (!known) shownCurrencies.set(index, (known = new Map()));
  const key = `${comparator.code}|${country}`;
  const cached = known.get(key);
  if (cached) return cached;
  const keep = comparatorCardFilter(index, comparator, country);
  const counts = new Map<PriceUnit, number>();
  for (const card of index.snapshot.cards) {
    if (!keep(card)) continue;
    const unit =
      card.kind === 'isaprePlan'
        ? ('UF' as const)
        : (card.definition as ProductDefinition | IsaprePlanDefinition as ProductDefinition).price.unit;
    const currency = unit === 'UF' ? 'CLP' : currencyOf(unit);
    counts.set(currency, (counts.get(currency) ?? 0) + 1);
  }
  const found = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? EDITION_CURRENCY[country];
  known.set(key, found);
  return found;
}

/** A comparator's insurance types with their url segments and names, as its page links them. */
const typesOf = (index: CatalogueIndex, comparator: ComparatorDefinition) =>
  comparator.insuranceTypes.map((name) => {
    const type = index.insuranceType(name);
    return { name, urlSegment: type?.urlSegment ?? null, displayName: type?.displayName ?? name };
  });

/** A comparator in a list (GET /api/comparator): what a menu or a resolver needs, not its content. */
export function comparatorSummary(
  index: CatalogueIndex,
  comparator: ComparatorDefinition,
): ComparatorSummary {
  return {
    id: comparator.code,
    code: comparator.code,
    name: comparator.name,
    baseUrl: comparator.baseUrl,
    insuranceTypes: typesOf(index, comparator),
    organizationTypes: comparator.organizationTypes,
    productType: comparator.productType,
    pageSize: comparator.pageSize,
    showcase: comparator.showcase,
  };
}

/** A whole comparator (GET /api/comparator?baseUrl=): its summary and every piece of its page content. */
export function comparatorView(
  index: CatalogueIndex,
  comparator: ComparatorDefinition,
  country: Country,
): ComparatorView {
  return {
    ...comparatorSummary(index, comparator),
    /** The currency its cards' prices (and so its price filter) are in, in the request's edition. */
    priceCurrency: shownCurrencyOf(index, comparator, country),
    features: comparator.features,
    benefits: comparator.benefits,
    faq: comparator.faq,
    blockZones: comparator.blockZones,
    whyUs: comparator.whyUs,
  };
}

/** How many of a comparator's cards in an edition carry each code `codesOf` reads off a card. */
function countCodes(
  index: CatalogueIndex,
  comparator: ComparatorDefinition,
  country: Country,
  codesOf: (card: CatalogueIndex['snapshot']['cards'][number]) => Iterable<string>,
): Map<string, number> {
  const keep = comparatorCardFilter(index, comparator, country);
  const counts = new Map<string, number>();
  for (const card of index.snapshot.cards) {
    if (!keep(card)) continue;
    for (const code of codesOf(card)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

/**
 * The clinics and hospitals a comparator's products list as care providers in an edition, each with how
 * many of its cards list it (issue 11: the visitor filters by the clinic they want, `coverageOrganizations`).
 * Isapre plans list none (the public extract has no clinic lists), so the isapre comparator's list is empty
 * and the storefront says so. By name, Spanish collation.
 */
export function comparatorProviders(
  index: CatalogueIndex,
  comparator: ComparatorDefinition,
  country: Country,
): ComparatorProvider[] {
  const counts = countCodes(index, comparator, country, (card) =>
    card.kind === 'product' ? new Set((card.definition as ProductDefinition).careProviders) : [],
  );
  return [...counts]
    .map(([code, productCount]) => ({
      code,
      displayName: index.organization(code)?.displayName ?? code,
      productCount,
    }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'es'));
}

/**
 * A comparator's features as filters (GET /api/comparator/features/{id}), each with how many of the
 * comparator's cards in the edition have it, found with the comparator's own filter.
 */
export function comparatorFeatures(
  index: CatalogueIndex,
  comparator: ComparatorDefinition,
  country: Country,
) {
  const counts = countCodes(index, comparator, country, featuresOf);
  return comparator.features.map((feature) => ({ ...feature, productCount: counts.get(feature.code) ?? 0 }));
}
