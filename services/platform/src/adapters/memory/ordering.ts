import { compareKeys, sortKeyOf, type SortField } from './sortKeys';

/**
 * Sorts matches and cuts the page out of them. Keys are worked out once per document (decorate, sort,
 * undecorate). When the page ends early in a large set, a bounded heap keeps only the best `skip + limit`
 * documents instead of sorting them all: O(n log k) and no allocation for the documents it turns away.
 * Ties keep the input order, so results are stable.
 */

interface Decorated<D> {
  first: unknown;
  /** Keys of the second and later sort fields; empty for a one-field sort. */
  rest: unknown[];
  doc: D;
  position: number;
}

export type Strategy = 'auto' | 'sort' | 'heap';

/**
 * When the page is at most this share of the matches, the heap is used. Measured on 8,000 matches in
 * random order (scripts/bench/readStore and a sweep): the heap is 20x faster for a page ending at 60,
 * 2.6x at 1,000, about even at 4,000. On matches already in reverse order, TimSort's best case, the full
 * sort wins by 2-4x; an eighth keeps that worst case around a millisecond.
 */
const HEAP_SHARE = 1 / 8;

function comparator(fields: readonly SortField[]): (a: Decorated<unknown>, b: Decorated<unknown>) => number {
  const firstDirection = fields[0]!.direction;
  const restDirections = fields.slice(1).map((field) => field.direction);
  return (a, b) => {
    let c = compareKeys(a.first, b.first) * firstDirection;
    if (c !== 0) return c;
    for (let i = 0; i < restDirections.length; i++) {
      c = compareKeys(a.rest[i], b.rest[i]) * restDirections[i]!;
      if (c !== 0) return c;
    }
    return a.position - b.position;
  };
}

const NO_KEYS: unknown[] = [];

function fill<D extends object>(
  target: Decorated<D>,
  doc: D,
  position: number,
  fields: readonly SortField[],
): void {
  target.first = sortKeyOf(doc, fields[0]!);
  if (fields.length > 1) {
    // A record the heap turned away brings its key array back for reuse.
    const rest =
      target.rest.length === fields.length - 1 ? target.rest : new Array<unknown>(fields.length - 1);
    for (let i = 1; i < fields.length; i++) rest[i - 1] = sortKeyOf(doc, fields[i]!);
    target.rest = rest;
  }
  target.doc = doc;
  target.position = position;
}

function fullSort<D extends object>(docs: readonly D[], fields: readonly SortField[], end: number): D[] {
  const decorated = docs.map((doc, position) => {
    const item: Decorated<D> = { first: undefined, rest: NO_KEYS, doc, position };
    fill(item, doc, position, fields);
    return item;
  });
  decorated.sort(comparator(fields));
  const out = new Array<D>(Math.min(end, decorated.length));
  for (let i = 0; i < out.length; i++) out[i] = decorated[i]!.doc;
  return out;
}

/** The best `k` documents in order, through a max-heap whose root is the worst one kept. */
function topK<D extends object>(docs: readonly D[], fields: readonly SortField[], k: number): D[] {
  const compare = comparator(fields) as (a: Decorated<D>, b: Decorated<D>) => number;
  const heap: Decorated<D>[] = [];
  let scratch: Decorated<D> = { first: undefined, rest: NO_KEYS, doc: docs[0]!, position: 0 };
  for (let position = 0; position < docs.length; position++) {
    fill(scratch, docs[position]!, position, fields);
    if (heap.length < k) {
      heap.push(scratch);
      siftUp(heap, heap.length - 1, compare);
      scratch = { first: undefined, rest: NO_KEYS, doc: docs[0]!, position: 0 };
    } else if (compare(scratch, heap[0]!) < 0) {
      const evicted = heap[0]!;
      heap[0] = scratch;
      siftDown(heap, 0, compare);
      scratch = evicted;
    }
  }
  heap.sort(compare);
  return heap.map((item) => item.doc);
}

function siftUp<T>(heap: T[], index: number, compare: (a: T, b: T) => number): void {
  const item = heap[index]!;
  while (index > 0) {
    const parent = (index - 1) >> 1;
    if (compare(heap[parent]!, item) >= 0) break;
    heap[index] = heap[parent]!;
    index = parent;
  }
  heap[index] = item;
}

function siftDown<T>(heap: T[], index: number, compare: (a: T, b: T) => number): void {
  const item = heap[index]!;
  const length = heap.length;
  for (;;) {
    let child = 2 * index + 1;
    if (child >= length) break;
    if (child + 1 < length && compare(heap[child + 1]!, heap[child]!) > 0) child++;
    if (compare(heap[child]!, item) <= 0) break;
    heap[index] = heap[child]!;
    index = child;
  }
  heap[index] = item;
}

/**
 * `docs` (in their natural order) sorted by `fields`, then `skip` and `limit` applied; a limit of 0 means
 * none, as in MongoDB.
 */
export function orderPage<D extends object>(
  docs: readonly D[],
  fields: readonly SortField[],
  skip: number,
  limit: number,
  strategy: Strategy = 'auto',
): D[] {
  const end = limit > 0 ? skip + limit : docs.length;
  if (docs.length === 0 || skip >= docs.length) return [];
  let sorted: D[];
  if (fields.length === 0) sorted = docs.slice(0, end);
  else {
    const heap = strategy === 'heap' || (strategy === 'auto' && limit > 0 && end <= docs.length * HEAP_SHARE);
    sorted = heap && end < docs.length ? topK(docs, fields, end) : fullSort(docs, fields, end);
  }
  return skip > 0 ? sorted.slice(skip) : sorted;
}
