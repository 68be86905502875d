import { api } from '../api/client';
import type { CompareAnswer, Comparator } from '../api/types';
import { comparatorOfPath } from '@cubre/services/storefront/routing/pages';
import { SITE } from '../app/config';
import { storedProfile } from '../profile/storedProfile';
import { compareBody, filtersFromSearch, type ComparatorFilters } from '../domain/results/filters';
import { splitLanguage } from '../domain/routing/language';
import { redirectFor } from '../domain/routing/redirects';

/**
 * The comparator a path names: its base URL (the Cyber variant is the same comparator), or null. The
 * home and buscar show the default comparator.
 */
export function comparatorRoute(path: string): { baseUrl: string; cyber: boolean } | null {
  const clean = path.replace(/\/+$/, '') || '/';
  return comparatorOfPath(clean === '/' || clean === '/buscar' ? SITE.defaultPath : clean);
}

export const comparatorContentPath = (baseUrl: string) =>
  `/api/comparator?baseUrl=${encodeURIComponent(baseUrl)}`;

/** The body of one comparison: the same for the prefetch and the page, so the page finds the prefetched answer. */
export function comparisonBody(
  comparator: Comparator,
  filters: ComparatorFilters,
  profile: object | null,
  uuid?: string,
) {
  return compareBody(filters, {
    comparator: comparator.baseUrl,
    organizationTypes: comparator.organizationTypes,
    productType: comparator.productType,
    profile,
    take: comparator.pageSize,
    uuid,
    // The price filter's inputs are in the currency the cards show (pesos for UF plans): say so (issue 11).
    targetCurrency: comparator.priceCurrency ?? SITE.currency,
  });
}

const comparisons = new Map<string, Promise<CompareAnswer>>();

/** The prefetched answer for exactly this body, once: later calls (a retry, a refresh) go to the API. */
export function takePrefetchedComparison(body: object): Promise<CompareAnswer> | undefined {
  const key = JSON.stringify(body);
  const found = comparisons.get(key);
  comparisons.delete(key);
  return found;
}

/**
 * Asks for the comparator and its first results while React is still starting. On this project's 2-core
 * machines, evaluating and first rendering the bundle takes most of a second: the data should not wait
 * for it (issue 4's "first cards within 1.5 s"). A link with a perfil is left to the page, which applies it.
 */
export function prefetchComparison(location: Pick<Location, 'pathname' | 'search'>): void {
  const { path } = splitLanguage(location.pathname);
  // An old address is redirected first (Layout): its comparator is the new address's, asked for there.
  if (redirectFor(path) !== null) return;
  const route = comparatorRoute(path);
  if (!route || new URLSearchParams(location.search).has('perfil')) return;
  api<{ data: Comparator }>(comparatorContentPath(route.baseUrl))
    .then(({ data: comparator }) => {
      const profile = storedProfile(comparator.productType);
      const body = comparisonBody(comparator, filtersFromSearch(location.search), profile);
      const answer = api<CompareAnswer>('/api/insurance/compare/metadata', { method: 'POST', body });
      // Unused or failed prefetches are the page's to redo; never an unhandled rejection.
      answer.catch(() => undefined);
      comparisons.set(JSON.stringify(body), answer);
    })
    .catch(() => undefined);
}
