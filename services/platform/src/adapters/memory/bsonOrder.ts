/**
 * MongoDB's comparison order for JSON values: values of different types compare by type bracket
 * (missing and null < numbers < strings < objects < arrays < booleans), values of one bracket by value.
 * Equality is the same relation, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` differ, as they do in MongoDB.
 */

const NULL_RANK = 1;
const NUMBER_RANK = 2;
const STRING_RANK = 3;
const OBJECT_RANK = 4;
const ARRAY_RANK = 5;
const BOOLEAN_RANK = 8;
/** Anything that is not JSON; never stored (documents are validated), but filters may carry it. */
const OTHER_RANK = 20;

export function typeRank(value: unknown): number {
  if (value === null || value === undefined) return NULL_RANK;
  switch (typeof value) {
    case 'number':
      return NUMBER_RANK;
    case 'string':
      return STRING_RANK;
    case 'boolean':
      return BOOLEAN_RANK;
    case 'object':
      return Array.isArray(value) ? ARRAY_RANK : OBJECT_RANK;
    default:
      return OTHER_RANK;
  }
}

/** NaN sorts below every other number and equals itself, as in MongoDB. */
function compareNumbers(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  const aNaN = Number.isNaN(a);
  const bNaN = Number.isNaN(b);
  return aNaN === bNaN ? 0 : aNaN ? -1 : 1;
}

function compareArrays(a: readonly unknown[], b: readonly unknown[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** Embedded documents compare field by field in stored order: value type, then name, then value. */
function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  const length = Math.min(aKeys.length, bKeys.length);
  for (let i = 0; i < length; i++) {
    const aKey = aKeys[i]!;
    const bKey = bKeys[i]!;
    const rank = typeRank(a[aKey]) - typeRank(b[bKey]);
    if (rank !== 0) return rank;
    if (aKey !== bKey) return aKey < bKey ? -1 : 1;
    const c = compareValues(a[aKey], b[bKey]);
    if (c !== 0) return c;
  }
  return aKeys.length - bKeys.length;
}

/** Negative, zero or positive as `a` sorts before, with or after `b`; missing counts as null. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  switch (typeof a) {
    case 'number':
      return compareNumbers(a, b as number);
    case 'string':
      return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
    case 'boolean':
      return a ? 1 : -1;
    case 'object':
      if (a === null || b === null || a === undefined || b === undefined) return 0;
      return Array.isArray(a)
        ? compareArrays(a, b as unknown[])
        : compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
    default:
      return 0;
  }
}

/** MongoDB equality of stored values: objects field by field in order, arrays item by item. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN equals NaN; missing equals only missing (a filter's `null` matching missing is the caller's rule).
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!valuesEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  for (let i = 0; i < aKeys.length; i++) {
    const key = aKeys[i]!;
    if (key !== bKeys[i]) return false;
    if (!valuesEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
