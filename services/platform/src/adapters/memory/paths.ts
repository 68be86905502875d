/**
 * Dotted paths (`price.value`) resolved against stored documents. The hot paths read plain nested objects;
 * a path that runs through an array is reported, so callers can use MongoDB's fan-out rules instead.
 */

import { InvalidQueryError } from './errors';

export interface Path {
  readonly text: string;
  readonly segments: readonly string[];
  /**
   * Whether a segment names something every object inherits (`constructor`, `__proto__`): those lookups
   * must check own properties, which the common path skips for speed.
   */
  readonly needsOwnCheck: boolean;
}

/** Returned by `resolvePlain` when an array lies between the document and the path's last segment. */
export const CROSSES_ARRAY: unique symbol = Symbol('crosses an array');

const cache = new Map<string, Path>();
// Paths come from code and from the admin API's filters; the bound keeps hostile input from growing it.
const CACHE_LIMIT = 10_000;

export function parsePath(text: string): Path {
  let path = cache.get(text);
  if (path) return path;
  const segments = text.split('.');
  if (segments.some((segment) => segment === ''))
    throw new InvalidQueryError(`field path '${text}' has an empty part`);
  path = { text, segments, needsOwnCheck: segments.some((segment) => segment in Object.prototype) };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, path);
  return path;
}

function child(node: unknown, segment: string, ownCheck: boolean): unknown {
  if (ownCheck && !Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
  return (node as Record<string, unknown>)[segment];
}

/** The value at `path` (undefined when missing), or CROSSES_ARRAY when an intermediate value is an array. */
export function resolvePlain(doc: object, path: Path): unknown {
  const { segments, needsOwnCheck } = path;
  let node: unknown = doc;
  const last = segments.length - 1;
  for (let i = 0; i < last; i++) {
    node = child(node, segments[i]!, needsOwnCheck);
    if (typeof node !== 'object' || node === null) return undefined;
    if (Array.isArray(node)) return CROSSES_ARRAY;
  }
  return child(node, segments[last]!, needsOwnCheck);
}

/**
 * Whether `path` holds the same value in two versions of a document. Copy-on-write keeps an untouched
 * subtree the same object, so comparing references is enough; through an array only an untouched
 * top-level field proves it.
 */
export function unchangedAt(before: object, after: object, path: Path): boolean {
  const top = path.segments[0]!;
  if (child(before, top, true) === child(after, top, true)) return true;
  const value = resolvePlain(before, path);
  return value !== CROSSES_ARRAY && value === resolvePlain(after, path);
}

const isIndex = (segment: string): boolean => /^(0|[1-9]\d*)$/.test(segment);

/**
 * Every value `path` reaches, the way MongoDB's multikey indexes see them: an array on the way fans out
 * over its elements (and a numeric segment also picks the element at that position); a branch that ends
 * early contributes `undefined`. Arrays at the end are returned whole.
 */
export function collectValues(doc: object, path: Path): unknown[] {
  const out: unknown[] = [];
  const walk = (node: unknown, i: number): void => {
    if (i === path.segments.length) {
      out.push(node);
      return;
    }
    if (typeof node !== 'object' || node === null) {
      out.push(undefined);
      return;
    }
    const segment = path.segments[i]!;
    if (Array.isArray(node)) {
      if (isIndex(segment) && Number(segment) < node.length) walk(node[Number(segment)], i + 1);
      let reached = false;
      for (const element of node) {
        if (typeof element === 'object' && element !== null && !Array.isArray(element)) {
          walk(child(element, segment, true), i + 1);
          reached = true;
        }
      }
      if (!reached && !isIndex(segment)) out.push(undefined);
      return;
    }
    walk(child(node, segment, true), i + 1);
  };
  walk(doc, 0);
  return out;
}
