import { CompareRequest, type ComparatorDefinition, type Country } from '@cubre/schemas';
import { cardFilter } from '../comparator/filters';
import { featuresOf, type CatalogueIndex } from './catalogueIndex';

/** A comparator's insurance types with their url segments and names, as its page links them. */
const typesOf = (index: CatalogueIndex, comparator: ComparatorDefinition) =>
  comparator.insuranceTypes.map((name) => {
    const type = index.insuranceType(name);
    return { name, urlSegment: type?.urlSegment ?? null, displayName: type?.displayName ?? name };
  });

/** A comparator in a list (GET /api/comparator): what a menu or a resolver needs, not its content. */
export function comparatorSummary(index: CatalogueIndex, comparator: ComparatorDefinition) {
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
export function comparatorView(index: CatalogueIndex, comparator: ComparatorDefinition) {
  return {
    ...comparatorSummary(index, comparator),
    features: comparator.features,
    benefits: comparator.benefits,
    faq: comparator.faq,
    blockZones: comparator.blockZones,
    whyUs: comparator.whyUs,
  };
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
  const keep = cardFilter(
    CompareRequest.parse({
      comparator: comparator.code,
      organizationTypes: comparator.organizationTypes,
      displayShowcase: comparator.showcase,
    }),
    index.snapshot,
    country,
  );
  const counts = new Map<string, number>();
  for (const card of index.snapshot.cards) {
    if (!keep(card)) continue;
    for (const code of featuresOf(card)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return comparator.features.map((feature) => ({ ...feature, productCount: counts.get(feature.code) ?? 0 }));
}
