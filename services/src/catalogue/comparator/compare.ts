import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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

/**
 * The id of a query's result set when the request names none (seed 000 §3 `metaData.uuid`: later pages
 * name it to come from the same result set): derived from the query, the catalogue version and the day,
 * so the same query is the same result set, and the same page the same bytes, which are then compressed
 * once (issue 12) instead of for every visitor. UUID-shaped, as clients expect.
 */
function resultSetId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Encodings a compare answer is kept in, as a browser asks for them. */
export type AnswerEncoding = 'br' | 'gzip';
const ENCODE: Record<AnswerEncoding, (text: string) => Buffer> = {
  // Quality 5: near the best ratio for JSON, cheap enough for the page's one-time cost.
  br: (text) => brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (text) => gzipSync(text, { level: 6 }),
};

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
  const pages = new Map<string, { total: number; data: string; encoded: Map<string, Buffer> }>();
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

  /** A page's answer from the page cache (most recently used last), built and kept when it is not there. */
  function cachedAnswer(given: CompareRequest, snapshot: CatalogueSnapshot, country: string, today: Date) {
    const request = paged(given, snapshot);
    const key = keyOf(request, snapshot, country, today);
    const pageKey = `${key}|${request.page}|${request.take}`;
    let entry = pages.get(pageKey);
    if (entry) {
      pages.delete(pageKey);
    } else {
      const built = page(request, snapshot, country, today, key);
      entry = { total: built.total, data: JSON.stringify(built.data), encoded: new Map() };
      if (pages.size >= pageCacheSize) pages.delete(pages.keys().next().value as string);
    }
    if (cacheSize > 0) pages.set(pageKey, entry);
    const cached = entry;
    const uuid = request.uuid ?? resultSetId(key);
    const errors = profileErrorsOf(request);
    return {
      entry: cached,
      uuid,
      errors: JSON.stringify(errors),
      text() {
        const metaData = { uuid, total: cached.total, page: request.page, take: request.take, ...errors };
        return `{"metaData":${JSON.stringify(metaData)},"data":${cached.data}}`;
      },
    };
  }

  return {
    compare(given: CompareRequest, snapshot: CatalogueSnapshot, country: string, today: Date): CompareAnswer {
      const request = paged(given, snapshot);
      const key = keyOf(request, snapshot, country, today);
      const { total, data } = page(request, snapshot, country, today, key);
      const { page: number, take, uuid } = request;
      return {
        metaData: { uuid: uuid ?? resultSetId(key), total, page: number, take, ...profileErrorsOf(request) },
        data,
      };
    },

    /** The same answer as JSON text, its page served from the page cache when it was built before. */
    compareJson(given: CompareRequest, snapshot: CatalogueSnapshot, country: string, today: Date): string {
      return cachedAnswer(given, snapshot, country, today).text();
    },

    /**
     * The same answer compressed as the client asked: a page of the cache is compressed once per
     * encoding and result-set id, so a compressed answer costs what a plain one does (issue 12).
     */
    compareEncoded(
      given: CompareRequest,
      snapshot: CatalogueSnapshot,
      country: string,
      today: Date,
      encoding: AnswerEncoding,
    ): Buffer {
      const answer = cachedAnswer(given, snapshot, country, today);
      const variant = `${encoding}|${answer.uuid}|${answer.errors}`;
      let body = answer.entry.encoded.get(variant);
      if (!body) {
        body = ENCODE[encoding](answer.text());
        // A client naming its own result-set ids could grow one page's variants: keep the last few.
        if (answer.entry.encoded.size >= 4) answer.entry.encoded.clear();
        answer.entry.encoded.set(variant, body);
      }
      return body;
    },
  };
}
export type Comparator = ReturnType<typeof createComparator>;
