import type { CompareRequest } from '@cubre/schemas';
import { affinityOf, featureScore, fitOfClp, priceFit } from './affinity';
import type { CardColumns } from './cardColumns';
import { amountForPriceFilter } from './priceFilter';
import { planAmountUf, tidyPrice, type ProfilePricer, type TableFactors } from './profilePricing';
import type { CatalogueSnapshot } from './snapshot';

/**
 * A query's result for one profile, compact (issue 13): the indexes of the cards it keeps, with their sort
 * keys (pesos) and, for the affinity orders, their affinities, aligned: 12 to 20 bytes a card instead of
 * the card objects. Unsorted, a page is found by a selection of its first `start + take` (a pass over the
 * keys); once a page deep enough is asked for, the cards are sorted once and the keys dropped.
 */
export interface RankedQuery {
  /** Card indexes (in `snapshot.cards`): in catalogue order until `sorted`, then in the query's order. */
  cards: Uint32Array;
  keys: Float64Array | null;
  distances: Float64Array | null;
  sorted: boolean;
}

/** The bytes a ranked query holds: its typed arrays, exactly. */
export const rankedBytes = (ranked: RankedQuery) =>
  ranked.cards.byteLength + (ranked.keys?.byteLength ?? 0) + (ranked.distances?.byteLength ?? 0);

/** Orders that compare affinity: the others never compute it for the whole catalogue. */
const NEEDS_DISTANCE = new Set<CompareRequest['order']>(['recommended', 'distance']);

/** Pages up to this deep are selected (a pass and a small heap); deeper ones sort the whole result once. */
const SELECT_UP_TO = 400;

type Compare = (p: number, q: number) => number;

/**
 * Working arrays of `rankQuery`, reused (ranking is synchronous, one query at a time) and grown only with
 * the catalogue: a query allocates just its result, at its exact size.
 */
let workCards = new Uint32Array(0);
let workKeys = new Float64Array(0);
let workDistances = new Float64Array(0);

/**
 * The orders of seed 000 §3 over positions in a ranked query, the same comparisons the card objects had:
 * prices without a value ("Consultar") go last; ties fall to the Spanish name order where the order names
 * it, then to catalogue order (what the stable sort of the card list kept).
 */
function orderOf(order: CompareRequest['order'], ranked: RankedQuery, columns: CardColumns): Compare {
  const { nameRank, promoted, recommendation, requests } = columns;
  const { cards } = ranked;
  const key = ranked.keys!;
  const distance = ranked.distances!;
  const name = (p: number, q: number) => nameRank[cards[p]!]! - nameRank[cards[q]!]!;
  const known = (value: number) => (Number.isFinite(value) ? value : -1);
  switch (order) {
    case 'lowerPrice':
      return (p, q) => key[p]! - key[q]! || name(p, q) || p - q;
    case 'higherPrice':
      return (p, q) => known(key[q]!) - known(key[p]!) || name(p, q) || p - q;
    case 'recommended':
      return (p, q) =>
        promoted[cards[q]!]! - promoted[cards[p]!]! ||
        recommendation[cards[q]!]! - recommendation[cards[p]!]! ||
        distance[q]! - distance[p]! ||
        key[p]! - key[q]! ||
        p - q;
    case 'popular':
      return (p, q) =>
        requests[cards[q]!]! - requests[cards[p]!]! || key[p]! - key[q]! || name(p, q) || p - q;
    case 'distance':
      return (p, q) => distance[q]! - distance[p]! || key[p]! - key[q]! || name(p, q) || p - q;
  }
}

/**
 * Prices a query's candidates for one profile: for isapre plans a multiply and an add on the columns
 * (factors once per table), products through the pricer; then the price bounds and, for the affinity
 * orders, the affinity. No card object is made and nothing is sorted yet.
 */
export function rankQuery(
  request: CompareRequest,
  snapshot: CatalogueSnapshot,
  columns: CardColumns,
  candidates: Uint32Array,
  pricer: ProfilePricer,
): RankedQuery {
  const { ufValue, suggestedRange, beneficiaryCount } = pricer;
  const bounded = request.fromPrice !== undefined || request.toPrice !== undefined;
  const withDistance = NEEDS_DISTANCE.has(request.order);
  const wanted = [...(request.features ?? []), ...(request.featuresFilter ?? [])];
  // Each factor table's factors for the profile, once per query and only for tables a candidate uses.
  const factors: (TableFactors | undefined)[] = [];
  if (workCards.length < candidates.length) {
    workCards = new Uint32Array(candidates.length);
    workKeys = new Float64Array(candidates.length);
    workDistances = new Float64Array(candidates.length);
  }
  const cards = workCards;
  const keys = workKeys;
  const distances = withDistance ? workDistances : null;
  let size = 0;
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c]!;
    let sortKey: number;
    let fit = 0;
    if (columns.isPlan[i]) {
      const amount = planAmountUf(
        columns.planSevenPercent[i] === 1,
        columns.planBaseUf[i]!,
        columns.planGesUf[i]!,
        (factors[columns.planTable[i]!] ??= pricer.tableFactors(columns.tables[columns.planTable[i]!]!)),
        beneficiaryCount,
      );
      sortKey = amount === null ? Number.POSITIVE_INFINITY : amount * ufValue;
      if (bounded && !inBounds(request, { amount: tidyPrice(amount, 'UF'), unit: 'UF' }, ufValue)) continue;
      if (withDistance)
        fit = amount === null || !Number.isFinite(sortKey) ? 0.5 : fitOfClp(sortKey, suggestedRange);
    } else {
      const price = pricer.price(snapshot.cards[i]!);
      sortKey = price.sortKey;
      if (bounded && !inBounds(request, price, ufValue)) continue;
      if (withDistance) fit = priceFit(price, suggestedRange);
    }
    cards[size] = i;
    keys[size] = sortKey;
    if (distances) {
      distances[size] = affinityOf(
        columns.coverage[i]!,
        fit,
        featureScore(snapshot.cards[i]!, wanted),
        request.ponderer,
      );
    }
    size++;
  }
  // Copies at their exact sizes: what the cache counts is what the arrays hold.
  return {
    cards: cards.slice(0, size),
    keys: keys.slice(0, size),
    distances: distances?.slice(0, size) ?? null,
    sorted: false,
  };
}

/**
 * The card indexes of one page in the query's order. A shallow page selects the first `start + take`
 * positions with a bounded heap and sorts only those; a deeper one sorts the whole result in place (and
 * drops its keys: `ranked` becomes smaller, so a caller counting its bytes must count them again).
 */
export function pageCards(
  ranked: RankedQuery,
  order: CompareRequest['order'],
  columns: CardColumns,
  start: number,
  take: number,
): Uint32Array {
  const end = Math.min(ranked.cards.length, start + take);
  if (start >= end) return new Uint32Array(0);
  if (!ranked.sorted) {
    const compare = orderOf(order, ranked, columns);
    if (end <= SELECT_UP_TO) {
      const first = firstPositions(ranked.cards.length, end, compare);
      return first.subarray(start, end).map((p) => ranked.cards[p]!);
    }
    const positions = new Uint32Array(ranked.cards.length);
    for (let p = 0; p < positions.length; p++) positions[p] = p;
    positions.sort(compare);
    ranked.cards = positions.map((p) => ranked.cards[p]!);
    ranked.keys = null;
    ranked.distances = null;
    ranked.sorted = true;
  }
  return ranked.cards.slice(start, end);
}

/** The first `count` positions of `length` by `compare`, in order: a max-heap of `count`, then its sort. */
function firstPositions(length: number, count: number, compare: Compare): Uint32Array {
  const heap = new Uint32Array(count);
  let size = 0;
  const swap = (a: number, b: number) => {
    const t = heap[a]!;
    heap[a] = heap[b]!;
    heap[b] = t;
  };
  for (let p = 0; p < length; p++) {
    if (size < count) {
      heap[size] = p;
      for (let i = size++; i > 0;) {
        const parent = (i - 1) >> 1;
        if (compare(heap[i]!, heap[parent]!) <= 0) break;
        swap(i, parent);
        i = parent;
      }
    } else if (compare(p, heap[0]!) < 0) {
      heap[0] = p;
      for (let i = 0; ;) {
        const left = 2 * i + 1;
        let largest = i;
        if (left < size && compare(heap[left]!, heap[largest]!) > 0) largest = left;
        if (left + 1 < size && compare(heap[left + 1]!, heap[largest]!) > 0) largest = left + 1;
        if (largest === i) break;
        swap(i, largest);
        i = largest;
      }
    }
  }
  return heap.sort(compare);
}

function inBounds(
  request: CompareRequest,
  price: Parameters<typeof amountForPriceFilter>[0],
  ufValue: number,
): boolean {
  const amount = amountForPriceFilter(price, request.targetCurrency, ufValue);
  if (request.fromPrice !== undefined && (amount === null || amount < request.fromPrice)) return false;
  if (request.toPrice !== undefined && (amount === null || amount > request.toPrice)) return false;
  return true;
}
