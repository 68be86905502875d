import type { SortSpec } from '../../ports/readStore';
import { compareValues } from './bsonOrder';
import { InvalidQueryError } from './errors';
import { collectValues, CROSSES_ARRAY, parsePath, resolvePlain, type Path } from './paths';

/**
 * Sort keys with MongoDB's rules: missing sorts as null; an array sorts by its smallest item ascending
 * and its largest descending; an empty array sorts before null.
 */

export interface SortField {
  path: Path;
  direction: 1 | -1;
}

/** The key of an empty array: below every value, null included. */
export const EMPTY_ARRAY: unique symbol = Symbol('empty array');

export function parseSort(spec: SortSpec | undefined): SortField[] {
  if (spec === undefined || spec === null) return [];
  if (typeof spec !== 'object' || Array.isArray(spec)) {
    throw new InvalidQueryError(`a sort is an object of field: 1 | -1, got ${JSON.stringify(spec)}`);
  }
  return Object.keys(spec).map((field) => {
    const direction = spec[field];
    if (direction !== 1 && direction !== -1) {
      throw new InvalidQueryError(
        `sort direction of '${field}' must be 1 or -1, got ${JSON.stringify(direction)}`,
      );
    }
    return { path: parsePath(field), direction };
  });
}

/** Orders two sort keys ascending. */
export function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number' && a === a && b === b) return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a === EMPTY_ARRAY || b === EMPTY_ARRAY) return a === b ? 0 : a === EMPTY_ARRAY ? -1 : 1;
  return compareValues(a, b);
}

/** The smallest (ascending) or largest (descending) of `items`. */
function extreme(items: readonly unknown[], direction: 1 | -1): unknown {
  let best: unknown = items[0];
  for (let i = 1; i < items.length; i++) {
    if (compareKeys(items[i], best) * direction < 0) best = items[i];
  }
  return best;
}

function arrayKey(array: readonly unknown[], direction: 1 | -1): unknown {
  return array.length === 0 ? EMPTY_ARRAY : extreme(array, direction);
}

export function sortKeyOf(doc: object, field: SortField): unknown {
  const value = resolvePlain(doc, field.path);
  if (value === undefined) return null;
  if (value === CROSSES_ARRAY) {
    // Every value the path reaches counts, items of arrays at its end included.
    const keys = collectValues(doc, field.path).map((leaf) =>
      Array.isArray(leaf) ? arrayKey(leaf, field.direction) : (leaf ?? null),
    );
    return extreme(keys, field.direction);
  }
  return Array.isArray(value) ? arrayKey(value, field.direction) : value;
}
