import { CROSSES_ARRAY, resolvePlain, unchangedAt, type Path } from '../../memory/paths';

/**
 * What kinds of values an indexed path has held in a collection, as bits. SQL on `doc ->> path` answers a
 * MongoDB condition exactly only for some mixes: an array or an embedded document (COMPLEX) needs
 * MongoDB's fan-out rules, so such a path is never answered in SQL; `->>` reads true and false as 1 and 0,
 * so a path holding booleans and numbers cannot tell them apart. The bits only ever grow (until the
 * collection is dropped): finding out that a value went away would cost a scan.
 */
export const NUMBER = 1;
export const STRING = 2;
export const BOOLEAN = 4;
export const COMPLEX = 8;

/** The kind of the value at `path` (0 for null and missing, which `->>` reads as NULL, as MongoDB's null). */
export function kindAt(doc: object, path: Path): number {
  const value = resolvePlain(doc, path);
  if (value === CROSSES_ARRAY) return COMPLEX;
  switch (typeof value) {
    case 'undefined':
      return 0;
    case 'number':
      return NUMBER;
    case 'string':
      return STRING;
    case 'boolean':
      return BOOLEAN;
    default:
      return value === null ? 0 : COMPLEX;
  }
}

/** The kinds a write adds at `path`; the previous version's value is skipped when untouched. */
export function kindWritten(before: object | undefined, after: object, path: Path): number {
  if (before && unchangedAt(before, after, path)) return 0;
  return kindAt(after, path);
}

/** Whether SQL's order of `->>` values is MongoDB's for these kinds: null, numbers, strings, then booleans. */
export const sortsInSql = (kinds: number): boolean =>
  (kinds & COMPLEX) === 0 && ((kinds & BOOLEAN) === 0 || (kinds & (NUMBER | STRING)) === 0);
