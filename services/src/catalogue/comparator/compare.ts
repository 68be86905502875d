import { randomUUID } from 'node:crypto';
import { DEFAULT_TAKE, type CompareRequest, type ProductDefinition } from '@cubre/schemas';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import { currencyOf } from '../pricing/money';
import { ufToClp } from '../pricing/uf';
import { affinity } from './affinity';
import { detailPath } from './detailPath';
import { cardFilter, comparatorOf } from './filters';
import type { PricingContext } from './pricingContext';
import { createProfilePricer, type CardPrice } from './profilePricing';
import { resultCard, type ResultCard } from './resultCard';
import type { CatalogueSnapshot } from './snapshot';

interface Ranked {
  card: CardDocument;
  price: CardPrice;
  distance: number;
}

/** A query's whole ordered result: every page of it is a slice. */
/** A request whose page size is settled: its own, the comparator's (15 on landings), or 20 (seed 000 §9). */
type PagedRequest = CompareRequest & { take: number };
const paged = (request: CompareRequest, snapshot: CatalogueSnapshot): PagedRequest => ({
  ...request,
  take: request.take ?? comparatorOf(request, snapshot)?.pageSize ?? DEFAULT_TAKE,
});

/** An ignored profile is reported, so a client sees why its prices are "Desde". */
const profileErrorsOf = (request: CompareRequest) =>
  request.profileErrors ? { profileErrors: request.profileErrors } : {};

interface RankedResult {
  ranked: Ranked[];
  ufValue: number;
}

export interface CompareAnswer {
  metaData: {
    uuid: string;
    total: number;
    page: number;
    take: number;
    profileErrors?: { field: string; message: string }[];
  };
  data: ResultCard[];
}

const byName = (a: Ranked, b: Ranked) => a.card.displayName.localeCompare(b.card.displayName, 'es');
const requests = (r: Ranked) =>
  r.card.kind === 'product' ? (r.card.definition as ProductDefinition).requestCount : 0;
const recommendation = (r: Ranked) =>
  r.card.kind === 'product' ? (r.card.definition as ProductDefinition).recommendation : 5;
const promoted = (r: Ranked) =>
  r.card.kind === 'product' && (r.card.definition as ProductDefinition).isPromoted ? 1 : 0;

/** The orders of seed 000 §3; prices without a value ("Consultar") always go last. */
const ORDERS: Record<CompareRequest['order'], (a: Ranked, b: Ranked) => number> = {
  lowerPrice: (a, b) => a.price.sortKey - b.price.sortKey || byName(a, b),
  higherPrice: (a, b) =>
    (Number.isFinite(b.price.sortKey) ? b.price.sortKey : -1) -
      (Number.isFinite(a.price.sortKey) ? a.price.sortKey : -1) || byName(a, b),
  recommended: (a, b) =>
    promoted(b) - promoted(a) ||
    recommendation(b) - recommendation(a) ||
    b.distance - a.distance ||
    a.price.sortKey - b.price.sortKey,
  popular: (a, b) => requests(b) - requests(a) || a.price.sortKey - b.price.sortKey || byName(a, b),
  distance: (a, b) => b.distance - a.distance || a.price.sortKey - b.price.sortKey || byName(a, b),
};

/**
 * The amount a price filter compares (issue 11: a peso range over UF prices found nothing): the price as
 * the card shows it — UF prices in whole pesos at the day's UF value, special USD units in dollars — or,
 * when the request names a `targetCurrency`, in that currency where it converts (UF and CLP convert at the
 * UF value; pesos are never compared with dollars). Null: no shown price, or none in that currency, so it
 * falls in no range.
 */
export function amountForPriceFilter(
  price: CardPrice,
  target: CompareRequest['targetCurrency'],
  ufValue: number,
): number | null {
  if (price.amount === null || price.amount === 0) return null;
  const shown =
    price.unit === 'UF'
      ? { amount: ufToClp(price.amount, ufValue), currency: 'CLP' as const }
      : { amount: price.amount, currency: currencyOf(price.unit) };
  if (!target) return shown.amount;
  const wanted = currencyOf(target);
  if (wanted === shown.currency) return shown.amount;
  if (wanted === 'UF' && shown.currency === 'CLP')
    return price.unit === 'UF' ? price.amount : price.amount / ufValue;
  return null;
}

/**
 * POST /api/insurance/compare/metadata: filter the catalogue, price every remaining card for the
 * visitor's profile, order the whole filtered set (not the page) and cut the page. The ordered result
 * of a query is cached per catalogue version and day, so paging through it, or a second visitor with the
 * same profile and filters, costs a slice and the cards of one page.
 */
export function createComparator(context: PricingContext, options: { cacheSize?: number } = {}) {
  const cacheSize = options.cacheSize ?? 500;
  const cache = new Map<string, RankedResult>();
  // Serialized pages of cached results: a page asked again costs a lookup and a string join, which is
  // what lets the comparator keep up with a server sending a precomputed body (the benchmark).
  const pages = new Map<string, { total: number; data: string }>();
  const pageCacheSize = cacheSize * 4;

  function rank(
    request: CompareRequest,
    snapshot: CatalogueSnapshot,
    country: string,
    today: Date,
  ): RankedResult {
    const pricer = createProfilePricer(context, request.profile ?? undefined, today);
    const keep = cardFilter(request, snapshot, country);
    const wanted = [...(request.features ?? []), ...(request.featuresFilter ?? [])];
    const ranked: Ranked[] = [];
    for (const card of snapshot.cards) {
      if (!keep(card)) continue;
      const price = pricer.price(card);
      const amount = amountForPriceFilter(price, request.targetCurrency, pricer.ufValue);
      if (request.fromPrice !== undefined && (amount === null || amount < request.fromPrice)) continue;
      if (request.toPrice !== undefined && (amount === null || amount > request.toPrice)) continue;
      ranked.push({
        card,
        price,
        distance: affinity(card, price, pricer.suggestedRange, wanted, request.ponderer),
      });
    }
    ranked.sort(ORDERS[request.order]);
    return { ranked, ufValue: pricer.ufValue };
  }

  const keyOf = (request: CompareRequest, snapshot: CatalogueSnapshot, country: string, today: Date) => {
    const { page: _page, take: _take, uuid: _uuid, profileErrors: _errors, ...query } = request;
    return JSON.stringify([snapshot.version, today.toISOString().slice(0, 10), country, query]);
  };

  /** The whole ordered result of a query: from the cache (most recently used last), or ranked now. */
  function rankedFor(
    key: string,
    request: CompareRequest,
    snapshot: CatalogueSnapshot,
    country: string,
    today: Date,
  ) {
    let result = cache.get(key);
    if (result) {
      cache.delete(key);
    } else {
      result = rank(request, snapshot, country, today);
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
    }
    if (cacheSize > 0) cache.set(key, result);
    return result;
  }

  function page(
    request: PagedRequest,
    snapshot: CatalogueSnapshot,
    country: string,
    today: Date,
    key: string,
  ) {
    const result = rankedFor(key, request, snapshot, country, today);
    const typeSegments = new Map(
      snapshot.insuranceTypes.map((t) => [t.definition.name, t.definition.urlSegment]),
    );
    const start = (request.page - 1) * request.take;
    const data = result.ranked.slice(start, start + request.take).map((entry, offset) =>
      resultCard(entry.card, entry.price, {
        today,
        ufValue: result.ufValue,
        detailPath: detailPath(entry.card, typeSegments.get(entry.card.insuranceTypeName)),
        distance: entry.distance,
        index: start + offset,
      }),
    );
    return { total: result.ranked.length, data };
  }

  return {
    compare(given: CompareRequest, snapshot: CatalogueSnapshot, country: string, today: Date): CompareAnswer {
      const request = paged(given, snapshot);
      const { total, data } = page(
        request,
        snapshot,
        country,
        today,
        keyOf(request, snapshot, country, today),
      );
      const { page: number, take, uuid } = request;
      return {
        metaData: { uuid: uuid ?? randomUUID(), total, page: number, take, ...profileErrorsOf(request) },
        data,
      };
    },

    /** The same answer as JSON text, its page served from the page cache when it was built before. */
    compareJson(given: CompareRequest, snapshot: CatalogueSnapshot, country: string, today: Date): string {
      const request = paged(given, snapshot);
      const key = keyOf(request, snapshot, country, today);
      const pageKey = `${key}|${request.page}|${request.take}`;
      let cached = pages.get(pageKey);
      if (cached) {
        pages.delete(pageKey);
      } else {
        const built = page(request, snapshot, country, today, key);
        cached = { total: built.total, data: JSON.stringify(built.data) };
        if (pages.size >= pageCacheSize) pages.delete(pages.keys().next().value as string);
      }
      if (cacheSize > 0) pages.set(pageKey, cached);
      const metaData = {
        uuid: request.uuid ?? randomUUID(),
        total: cached.total,
        page: request.page,
        take: request.take,
        ...profileErrorsOf(request),
      };
      return `{"metaData":${JSON.stringify(metaData)},"data":${cached.data}}`;
    },
  };
}
export type Comparator = ReturnType<typeof createComparator>;
