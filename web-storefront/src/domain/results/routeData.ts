/**
 * What a comparator route reads (rules 000-2.33, 000-4.18). The original kept it in each route's data
 * (insuranceType, productType, isComparable, compare, features, compareUrl, type); here the route names
 * its comparator by base URL and the comparator the API resolves (000-7.29) carries the same facts, so
 * one table lives on the server. `isComparable` is per plan (the card's flag), not per route; the compare
 * page is one for every comparator (Comparar-Planes), so there is no per-route compareUrl.
 */

export interface ComparatorFacts {
  code: string;
  productType?: string | null;
  insuranceTypes: readonly { name: string }[];
  features?: readonly { code: string }[];
}

export interface ComparatorRouteData {
  /** Internal names of the insurance types compared ('SEGURO COMPLEMENTARIO'). */
  insuranceTypes: string[];
  /** '' for the default product type; SEGURO_MASCOTAS, SEGURO COLECTIVO… */
  productType: string;
  /** Codes of the flag filters the route offers. */
  features: string[];
  /** The route's type contains 'landing': page size 15 and 'more results' instead of pages (000-9.01). */
  landing: boolean;
  /** The route marks compare: its plans can be ticked for Comparar-Planes. */
  compare: boolean;
}

/**
 * The route data of a comparator. Every comparator page of this site marks compare: the seed does not
 * say which of the original's routes did not, and no comparator here lacks Comparar-Planes.
 */
export function comparatorRouteData(comparator: ComparatorFacts): ComparatorRouteData {
  return {
    insuranceTypes: comparator.insuranceTypes.map((type) => type.name),
    productType: comparator.productType ?? '',
    features: (comparator.features ?? []).map((feature) => feature.code),
    landing: /landing/i.test(comparator.code),
    compare: true,
  };
}

/**
 * Comparison is on only when the route marks compare and the plan's information exists (000-4.18): a
 * plan not loaded yet, or one the catalogue marks not comparable, cannot be ticked.
 */
export function comparisonOn(
  routeMarksCompare: boolean,
  item: { isComparable?: boolean | null } | null | undefined,
): boolean {
  return routeMarksCompare && item !== null && item !== undefined && item.isComparable !== false;
}
