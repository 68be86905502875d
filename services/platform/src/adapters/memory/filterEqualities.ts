import type { Filter } from '../../ports/readStore';
import { isOperatorObject } from './valueTests';

/**
 * The equality conditions of a filter's top level (and of its `$and`): what an index can narrow by, and
 * what an upsert copies into the document it creates.
 */
export interface EqualityCondition {
  path: string;
  /** The field equals one of these (array fields: or holds one of them). */
  values: readonly unknown[];
  /** A single `field: value` or `$eq`, as opposed to an `$in`. */
  single: boolean;
}

const isRegExp = (value: unknown): boolean => value instanceof RegExp;

export function equalityConditions(
  filter: Filter | undefined,
  out: EqualityCondition[] = [],
): EqualityCondition[] {
  if (!filter) return out;
  for (const path of Object.keys(filter)) {
    const condition = filter[path];
    if (condition === undefined) continue;
    if (path === '$and' && Array.isArray(condition)) {
      for (const part of condition) equalityConditions(part as Filter, out);
    } else if (path.startsWith('$') || isRegExp(condition)) {
      continue;
    } else if (!isOperatorObject(condition)) {
      out.push({ path, values: [condition], single: true });
    } else if ('$eq' in condition && condition.$eq !== undefined && !isRegExp(condition.$eq)) {
      out.push({ path, values: [condition.$eq], single: true });
    } else if (Array.isArray(condition.$in) && !condition.$in.some(isRegExp)) {
      out.push({ path, values: condition.$in, single: false });
    }
  }
  return out;
}
