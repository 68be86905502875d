import type { Filter, ReadDocument } from '@cubre/platform/ports/readStore';

/**
 * Seeded random documents and filters for the property-style tests: fields that are sometimes missing,
 * null, numbers, strings, booleans, arrays or embedded documents, and filters over them with the
 * operators the port promises. A failing seed replays exactly.
 */

export type Random = () => number;

/** mulberry32: small, fast and good enough to pick test cases. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

const MISSING = Symbol('missing');

const numberValues = [-2, 0, 1, 2, 2.5, 7];
const stringValues = ['a', 'b', 'c', 'B'];
const scalarValues = [...numberValues, ...stringValues, null, true, false];

function field(random: Random, values: readonly unknown[]): unknown {
  return pick(random, [...values, MISSING]);
}

function tags(random: Random): unknown {
  const roll = random();
  if (roll < 0.15) return MISSING;
  if (roll < 0.25) return pick(random, stringValues);
  const length = Math.floor(random() * 4);
  return Array.from({ length }, () => pick(random, ['x', 'y', 'z', 1, null]));
}

function nested(random: Random): unknown {
  const roll = random();
  if (roll < 0.15) return MISSING;
  if (roll < 0.2) return null;
  const doc: Record<string, unknown> = {};
  const v = field(random, [...numberValues, null]);
  if (v !== MISSING) doc.v = v;
  const w = field(random, ['p', 'q']);
  if (w !== MISSING) doc.w = w;
  return doc;
}

function items(random: Random): unknown {
  if (random() < 0.3) return MISSING;
  const length = Math.floor(random() * 3);
  return Array.from({ length }, () => (random() < 0.8 ? { k: pick(random, [1, 2, 3]) } : {}));
}

/** `count` documents with ids `d0`, `d1`... and a unique `rank` so any sort can end with it. */
export function randomDocs(random: Random, count: number): ReadDocument[] {
  return Array.from({ length: count }, (_, i) => {
    const doc: ReadDocument = { _id: `d${String(i).padStart(4, '0')}`, rank: i };
    const values: Record<string, unknown> = {
      n: field(random, scalarValues),
      s: field(random, [...stringValues, null]),
      tags: tags(random),
      nested: nested(random),
      items: items(random),
      flag: field(random, [true, false]),
    };
    for (const [key, value] of Object.entries(values)) if (value !== MISSING) doc[key] = value;
    return doc;
  });
}

/** The fields filters and indexes use; `items.k` runs through an array of documents. */
export const FILTER_FIELDS = ['n', 's', 'tags', 'nested.v', 'nested.w', 'items.k', 'flag'] as const;

const operandPool: Record<(typeof FILTER_FIELDS)[number], readonly unknown[]> = {
  n: scalarValues,
  s: [...stringValues, null],
  tags: ['x', 'y', 'z', 1, null, ['x', 'y'], []],
  'nested.v': [...numberValues, null],
  'nested.w': ['p', 'q', null],
  'items.k': [1, 2, 3, null],
  flag: [true, false, null],
};

/** Where mingo departs from MongoDB, so a comparison against mingo leaves these out. */
export interface FilterOptions {
  /** `$gte: null` and `$lte: null` match null and missing in MongoDB, nothing in mingo. */
  noNullRanges?: boolean;
  /** `$in: [[1, 2]]` matches the array [1, 2] itself in MongoDB, not in mingo. */
  noArraysInLists?: boolean;
}

function condition(random: Random, options: FilterOptions): Filter {
  const path = pick(random, FILTER_FIELDS);
  const pool = operandPool[path];
  const operand = () => pick(random, pool);
  const listItem = () => {
    let value = operand();
    while (options.noArraysInLists && Array.isArray(value)) value = operand();
    return value;
  };
  const list = () => Array.from({ length: 1 + Math.floor(random() * 3) }, listItem);
  const op = pick(random, [
    '=',
    '=',
    '=',
    '$eq',
    '$ne',
    '$gt',
    '$gte',
    '$lt',
    '$lte',
    '$in',
    '$in',
    '$nin',
    '$exists',
  ]);
  switch (op) {
    case '=':
      return { [path]: operand() };
    case '$in':
    case '$nin':
      return { [path]: { [op]: list() } };
    case '$exists':
      return { [path]: { $exists: random() < 0.5 } };
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      // Range operators against arrays are where engines differ most; keep to scalars.
      let value = operand();
      while (Array.isArray(value) || (options.noNullRanges && value === null)) value = operand();
      return { [path]: { [op]: value } };
    }
    default:
      return { [path]: { [op]: operand() } };
  }
}

/** A filter of one to three conditions, sometimes joined by $or or $and. */
export function randomFilter(random: Random, options: FilterOptions = {}): Filter {
  const count = 1 + Math.floor(random() * 3);
  const parts = Array.from({ length: count }, () => condition(random, options));
  if (count === 1) return parts[0]!;
  const roll = random();
  if (roll < 0.3) return { $or: parts };
  if (roll < 0.5) return { $and: parts };
  return Object.assign({}, ...parts) as Filter;
}
