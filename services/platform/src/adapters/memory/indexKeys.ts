import { collectValues, CROSSES_ARRAY, resolvePlain, type Path } from './paths';

/**
 * Unique-index keys: primitives standing for JSON values, so values MongoDB calls equal share a key.
 * Numbers, booleans and most strings are their own key (Map's SameValueZero already makes -0 equal 0);
 * objects and arrays become tagged JSON, and the rare string that starts with the tag is escaped.
 */
export type IndexKey = string | number | boolean | null;

const TAG = '\u0000';

function keyOf(value: unknown): IndexKey {
  switch (typeof value) {
    case 'number':
    case 'boolean':
      return value;
    case 'string':
      return value.charCodeAt(0) === 0 ? `${TAG}s${value}` : value;
    case 'undefined':
      return null;
    default:
      return value === null ? null : `${TAG}o${JSON.stringify(value)}`;
  }
}

/** MongoDB indexes an empty array as `undefined`, a key of its own (neither null nor missing). */
const EMPTY_ARRAY_KEY = `${TAG}[]`;

/**
 * Keys a unique index holds for the document, as MongoDB's multikey indexes do: each array item (not the
 * array), null for a missing field, following arrays on the way.
 */
export function uniqueKeys(doc: object, path: Path): IndexKey[] {
  const value = resolvePlain(doc, path);
  if (value !== CROSSES_ARRAY && !Array.isArray(value)) return [keyOf(value)];
  const keys = new Set<IndexKey>();
  const leaves = value === CROSSES_ARRAY ? collectValues(doc, path) : [value];
  for (const leaf of leaves) {
    if (!Array.isArray(leaf)) keys.add(keyOf(leaf));
    else if (leaf.length === 0) keys.add(EMPTY_ARRAY_KEY);
    else for (const item of leaf) keys.add(keyOf(item));
  }
  return [...keys];
}

/** Marks a document whose indexed path runs through an array: a candidate for every lookup. */
export const ANY_KEY = `${TAG}any`;

/**
 * Keys under which an equality lookup must find the document: the value itself (missing as null) and, for
 * an array, each item too, since `{ tags: 'x' }` matches `tags: ['x', 'y']`; ANY_KEY when the path runs
 * through an array, where MongoDB's fan-out rules decide.
 */
export function lookupKeys(doc: object, path: Path): IndexKey[] {
  const value = resolvePlain(doc, path);
  if (value === CROSSES_ARRAY) return [ANY_KEY];
  if (!Array.isArray(value)) return [keyOf(value)];
  return [keyOf(value), ...value.map(keyOf)];
}

/** The key an equality lookup of `value` reads. */
export const lookupKeyOf = (value: unknown): IndexKey => keyOf(value);
