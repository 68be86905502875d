import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { DEFAULT_TAKE, type CompareRequest } from '@cubre/schemas';
import { affinity } from './affinity';
import { ByteLru } from './byteLru';
import { cardColumnsOf } from './cardColumns';
import { detailPath } from './detailPath';
import { cardFilter, comparatorOf } from './filters';
import type { PricingContext } from './pricingContext';
import { createProfilePricer } from './profilePricing';
import { pageCards, rankedBytes, rankQuery, type RankedQuery } from './ranking';
import type { CompareAnswer } from '@cubre/schemas/catalogue/resultCard';
import { resultCard } from './resultCard';
import type { CatalogueSnapshot } from './snapshot';

export { amountForPriceFilter } from './priceFilter';

/** A request whose page size is settled: its own, the comparator's (15 on landings), or 20 (seed 000 §9). */
type PagedRequest = CompareRequest & { take: number };
const paged = (request: CompareRequest, snapshot: CatalogueSnapshot): PagedRequest => ({
  ...request,
  take: request.take ?? comparatorOf(request, snapshot)?.pageSize ?? DEFAULT_TAKE,
});

/** An ignored profile is reported, so a client sees why its prices are "Desde". */
const profileErrorsOf = (request: CompareRequest) =>
  request.profileErrors ? { profileErrors: request.profileErrors } : {};

const MIB = 1024 * 1024;
/** Whole orders of queries (4 bytes a card: ~34 kB each over the full catalogue, so ~1,900 of them). */
export const DEFAULT_RANKED_CACHE_BYTES = 64 * MIB;
/** Pages as sent, plain and compressed (~34 kB plain and ~3.5 kB compressed for 20 cards). */
export const DEFAULT_PAGE_CACHE_BYTES = 32 * MIB;

export interface ComparatorOptions {
  /** Budget of the cache of ranked orders (and the filters' candidate lists), in bytes; 0 keeps none. */
  rankedCacheBytes?: number;
  /** Budget of the cache of pages as sent (plain and compressed), in bytes; 0 keeps none. */
  pageCacheBytes?: number;
}

/**
 * The id of a query's result set when the request names none (seed 000 §3 `metaData.uuid`: later pages
 * name it to come from the same result set): derived from the query, the catalogue version and the day,
 * so the same query is the same result set, and the same page the same bytes, which are then compressed
 * once (issue 12) instead of for every visitor. UUID-shaped, as clients expect.
 */
const resultSetIdOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Encodings a compare answer is kept in, as a browser asks for them. */
export type AnswerEncoding = 'br' | 'gzip';
const ENCODE: Record<AnswerEncoding, (body: Buffer | string) => Buffer> = {
  // Quality 5: near the best ratio for JSON, cheap enough for the page's one-time cost.
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

/** The answer's shape: schemas/src/catalogue/resultCard.ts, the one the storefront reads. */
export type { CompareAnswer };

/** A page as sent: its cards' JSON, and its compressed answers by encoding, result-set id and errors. */
interface PageEntry {
  total: number;
  data: Buffer;
  encoded: Map<string, Buffer>;
}
/** A page's bytes: its buffers exactly, plus each variant's key (two bytes a character) and map slot. */
const pageBytes = (entry: PageEntry) => {
  let bytes = entry.data.byteLength + 128; // and the variants' Map
  for (const [variant, body] of entry.encoded) bytes += body.byteLength + variant.length * 2 + 64;
  return bytes;
};
const CLOSE = Buffer.from('}');

/** The fields of a request that do not choose its cards: whom they are priced for, how they are ordered. */
function filterOnly(request: CompareRequest) {
  const {
    page: _page,
    take: _take,
    uuid: _uuid,
    profileErrors: _errors,
    profile: _profile,
    order: _order,
    ponderer: _ponderer,
    fromPrice: _from,
    toPrice: _to,
    targetCurrency: _currency,
    ...filters
  } = request;
  return filters;
}

/**
 * POST /api/insurance/compare/metadata: filter the catalogue, price every remaining card for the
 * visitor's profile, order the whole filtered set (not the page) and cut the page.
 *
 * Memory is bounded in bytes (issue 13), in two least-recently-used caches: ranked results (a query's
 * cards as indexes with their sort keys, 12 to 20 bytes a card, 4 once sorted; and the filters' candidate
 * lists, 4 bytes a card), so paging through a result costs a selection or a slice; and the pages as sent,
 * plain and compressed, so a repeated profile costs a lookup. Cards are built only for the page asked
 * for, priced again for it by the same pricer (a price is microseconds).
 */
export function createComparator(context: PricingContext, options: ComparatorOptions = {}) {
  const ranked = new ByteLru<RankedQuery | Uint32Array>(
    options.rankedCacheBytes ?? DEFAULT_RANKED_CACHE_BYTES,
  );
  const pages = new ByteLru<PageEntry>(options.pageCacheBytes ?? DEFAULT_PAGE_CACHE_BYTES);
  // Keys of pages asked once, waiting for a second request to enter `pages`: a 32nd of its budget.
  const seen = new ByteLru<true>(Math.floor(pages.budgetBytes / 32));

  /** The catalogue indexes a query's filters keep, in catalogue order: shared by every profile. */
  function candidatesFor(request: CompareRequest, snapshot: CatalogueSnapshot, country: string) {
    const key = `f:${sha256(JSON.stringify([snapshot.version, country, filterOnly(request)]))}`;
    let candidates = ranked.get(key);
    if (!(candidates instanceof Uint32Array)) {
      const keep = cardFilter(request, snapshot, country);
      const kept: number[] = [];
      snapshot.cards.forEach((card, i) => keep(card) && kept.push(i));
      candidates = Uint32Array.from(kept);
      ranked.set(key, candidates, candidates.byteLength);
    }
    return candidates;
  }

  /** A query's identity: its digest keys the caches and names its result set. */
  const digestOf = (request: CompareRequest, snapshot: CatalogueSnapshot, country: string, today: Date) => {
    const { page: _page, take: _take, uuid: _uuid, profileErrors: _errors, ...query } = request;
    return sha256(JSON.stringify([snapshot.version, today.toISOString().slice(0, 10), country, query]));
  };

  /** The cards of one page: the query's order from the cache or ranked now, then only its slice built. */
  function page(
    request: PagedRequest,
    snapshot: CatalogueSnapshot,
    country: string,
    today: Date,
    digest: string,
  ) {
    const pricer = createProfilePricer(context, request.profile ?? undefined, today);
    const columns = cardColumnsOf(snapshot);
    const key = `r:${digest}`;
    let result = ranked.get(key);
    if (!result || result instanceof Uint32Array) {
      result = rankQuery(request, snapshot, columns, candidatesFor(request, snapshot, country), pricer);
      ranked.set(key, result, rankedBytes(result));
    }
    const start = (request.page - 1) * request.take;
    const wasSorted = result.sorted;
    const cards = pageCards(result, request.order, columns, start, request.take);
    // A deep page sorted the result and dropped its keys: it is counted again, smaller.
    if (result.sorted !== wasSorted) ranked.set(key, result, rankedBytes(result));
    const wanted = [...(request.features ?? []), ...(request.featuresFilter ?? [])];
    const data = Array.from(cards, (cardIndex, offset) => {
      const card = snapshot.cards[cardIndex]!;
      const price = pricer.price(card);
      return resultCard(card, price, {
        today,
        ufValue: pricer.ufValue,
        detailPath: detailPath(card, columns.typeSegments.get(card.insuranceTypeName)),
        distance: affinity(card, price, pricer.suggestedRange, wanted, request.ponderer),
        index: start + offset,
      });
    });
    return { total: result.cards.length, data };
  }

  /**
   * A page's answer from the page cache; built when it is not there, and kept from its second request on:
   * a flood of profiles each asked once (issue 13) passes by the cache instead of evicting the pages
   * visitors repeat, and costs no copy into it.
   */
  function cachedAnswer(given: CompareRequest, snapshot: CatalogueSnapshot, country: string, today: Date) {
    const request = paged(given, snapshot);
    const digest = digestOf(request, snapshot, country, today);
    const pageKey = `${digest}|${request.page}|${request.take}`;
    let entry = pages.get(pageKey);
    let data: string | Buffer | undefined = entry?.data;
    let total = entry?.total ?? 0;
    if (!entry) {
      const built = page(request, snapshot, country, today, digest);
      total = built.total;
      data = JSON.stringify(built.data);
      if (seen.get(pageKey)) {
        seen.delete(pageKey);
        entry = { total, data: Buffer.from(data), encoded: new Map() };
        pages.set(pageKey, entry, pageBytes(entry));
      } else {
        seen.set(pageKey, true, pageKey.length * 2);
      }
    }
    const uuid = request.uuid ?? resultSetIdOf(digest);
    const errors = profileErrorsOf(request);
    const head = () =>
      `{"metaData":${JSON.stringify({ uuid, total, page: request.page, take: request.take, ...errors })},"data":`;
    return {
      entry,
      pageKey,
      uuid,
      errors: JSON.stringify(errors),
      /** The answer's JSON: bytes when the page is kept (a copy of them), text when it was just built. */
      body(): Buffer | string {
        return typeof data === 'string'
          ? `${head()}${data}}`
          : Buffer.concat([Buffer.from(head()), data!, CLOSE]);
      },
    };
  }

  return {
    compare(given: CompareRequest, snapshot: CatalogueSnapshot, country: string, today: Date): CompareAnswer {
      const request = paged(given, snapshot);
      const digest = digestOf(request, snapshot, country, today);
      const { total, data } = page(request, snapshot, country, today, digest);
      const { page: number, take, uuid } = request;
      return {
        metaData: {
          uuid: uuid ?? resultSetIdOf(digest),
          total,
          page: number,
          take,
          ...profileErrorsOf(request),
        },
        data,
      };
    },

    /** The same answer as JSON (text, or its UTF-8 bytes), its page from the page cache when it is there. */
    compareJson(
      given: CompareRequest,
      snapshot: CatalogueSnapshot,
      country: string,
      today: Date,
    ): Buffer | string {
      return cachedAnswer(given, snapshot, country, today).body();
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
      const { entry } = answer;
      if (!entry) return ENCODE[encoding](answer.body());
      const variant = `${encoding}|${answer.uuid}|${answer.errors}`;
      let body = entry.encoded.get(variant);
      if (!body) {
        body = ENCODE[encoding](answer.body());
        // A client naming its own result-set ids could grow one page's variants: keep the last few.
        if (entry.encoded.size >= 4) entry.encoded.clear();
        entry.encoded.set(variant, body);
        // The page grew: counted again, so the cache's bytes stay within its budget.
        pages.set(answer.pageKey, entry, pageBytes(entry));
      }
      return body;
    },

    /** Bytes held by each cache and their budgets (for tests, the benchmark and /metrics). */
    cacheStats() {
      return {
        ranked: { bytes: ranked.bytes, entries: ranked.size, budgetBytes: ranked.budgetBytes },
        pages: { bytes: pages.bytes, entries: pages.size, budgetBytes: pages.budgetBytes },
        seenPages: { bytes: seen.bytes, entries: seen.size, budgetBytes: seen.budgetBytes },
      };
    },
  };
}
export type Comparator = ReturnType<typeof createComparator>;
