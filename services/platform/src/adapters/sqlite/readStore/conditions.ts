import type { Filter } from '../../../ports/readStore';
import { isOperatorObject } from '../../memory/valueTests';
import { BOOLEAN, COMPLEX, NUMBER, STRING } from './pathKinds';

/**
 * MongoDB filter conditions as SQL on `doc ->> path`, where SQL gives exactly MongoDB's answer for the
 * kinds of values the path has held (pathKinds.ts); everything else stays a residual filter that the
 * documents SQL returns are tested against in JavaScript (the memory adapter's filter compiler). A
 * condition is translated whole or not at all, so SQL never answers half of one.
 */

/** How an index on the term's path can find its documents. */
export type TermUse = 'eq' | 'in' | 'range' | 'keys' | 'none';

export interface FieldTerm {
  type: 'field';
  path: string;
  sql: string;
  params: unknown[];
  /**
   * `eq`: one value (or null); `in`: several; `range`: an interval; `keys`: a substring, found by reading
   * the keys of an index on the path without its documents; `none`: tested row by row.
   */
  use: TermUse;
}

export interface OrTerm {
  type: 'or';
  branches: Term[][];
  sql: string;
  params: unknown[];
}

export type Term = FieldTerm | OrTerm;

export interface Translation {
  terms: Term[];
  /** What SQL does not answer; undefined when SQL answers the whole filter. */
  residual: Filter | undefined;
}

/** What the collection knows of a path: its SQL expression and kinds, undefined when it is not indexed. */
export interface PathFacts {
  (path: string): { expression: string; kinds: number } | undefined;
}

const conjunction = (terms: readonly Term[]): { sql: string; params: unknown[] } => ({
  sql: terms.map((term) => term.sql).join(' AND '),
  params: terms.flatMap((term) => term.params),
});

export function translateFilter(filter: Filter | undefined, facts: PathFacts): Translation {
  const terms: Term[] = [];
  const rest: Filter[] = [];
  const collect = (part: Filter) => {
    for (const key of Object.keys(part)) {
      const condition = part[key];
      if (condition === undefined) continue;
      if (key === '$and' && Array.isArray(condition)) {
        for (const inner of condition) collect(inner as Filter);
      } else if (key === '$or' && Array.isArray(condition)) {
        const or = orTerm(condition as Filter[], facts);
        if (or) terms.push(or);
        else rest.push({ $or: condition });
      } else if (key === '$comment') {
        continue;
      } else if (key.startsWith('$')) {
        rest.push({ [key]: condition });
      } else {
        const translated = fieldTerms(key, condition, facts);
        if (translated) terms.push(...translated);
        else rest.push({ [key]: condition });
      }
    }
  };
  if (filter) collect(filter);
  return { terms, residual: rest.length === 0 ? undefined : rest.length === 1 ? rest[0] : { $and: rest } };
}

/** An `$or` whose every branch SQL answers whole, as one term; undefined otherwise. */
function orTerm(branches: Filter[], facts: PathFacts): OrTerm | undefined {
  const translated: Term[][] = [];
  for (const branch of branches) {
    const { terms, residual } = translateFilter(branch, facts);
    if (residual !== undefined || terms.length === 0) return undefined;
    translated.push(terms);
  }
  const parts = translated.map(conjunction);
  return {
    type: 'or',
    branches: translated,
    sql: `(${parts.map((part) => `(${part.sql})`).join(' OR ')})`,
    params: parts.flatMap((part) => part.params),
  };
}

const term = (path: string, sql: string, params: unknown[], use: TermUse): FieldTerm => ({
  type: 'field',
  path,
  sql,
  params,
  use,
});

const NOTHING = (path: string) => term(path, '0', [], 'none');

/** `$in`-style lists and plain values: what `->>` can equal exactly, given the path's kinds. */
function sqlValue(value: unknown, kinds: number): { value: unknown } | undefined {
  if (typeof value === 'string') return { value };
  if (typeof value === 'number') return Number.isFinite(value) && !(kinds & BOOLEAN) ? { value } : undefined;
  if (typeof value === 'boolean') return kinds & NUMBER ? undefined : { value: value ? 1 : 0 };
  return undefined;
}

const COMPARISONS = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
type Comparison = keyof typeof COMPARISONS;

function fieldTerms(path: string, condition: unknown, facts: PathFacts): FieldTerm[] | undefined {
  if (path === '_id') return idTerms(condition);
  const fact = facts(path);
  if (!fact || fact.kinds & COMPLEX) return undefined;
  const { expression: e, kinds } = fact;
  if (condition instanceof RegExp) return regexTerm(path, e, kinds, condition, undefined);
  if (!isOperatorObject(condition)) return equality(path, e, kinds, condition);
  const out: FieldTerm[] = [];
  for (const op of Object.keys(condition)) {
    const operand = condition[op];
    let terms: FieldTerm[] | undefined;
    if (op === '$eq') terms = equality(path, e, kinds, operand);
    else if (op === '$in') terms = inList(path, e, kinds, operand);
    else if (op === '$ne') terms = notEqual(path, e, kinds, operand);
    else if (op in COMPARISONS) terms = comparison(path, e, kinds, op as Comparison, operand);
    else if (op === '$regex') terms = regexTerm(path, e, kinds, operand, condition.$options);
    else if (op === '$options') terms = [];
    if (!terms) return undefined;
    out.push(...terms);
  }
  return out;
}

function equality(path: string, e: string, kinds: number, value: unknown): FieldTerm[] | undefined {
  if (value === null) return [term(path, `${e} IS NULL`, [], 'eq')];
  const sql = sqlValue(value, kinds);
  return sql && [term(path, `${e} = ?`, [sql.value], 'eq')];
}

function inList(path: string, e: string, kinds: number, list: unknown): FieldTerm[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const params: unknown[] = [];
  let withNull = false;
  for (const item of list) {
    if (item === null) {
      withNull = true;
      continue;
    }
    const sql = sqlValue(item, kinds);
    if (!sql) return undefined;
    params.push(sql.value);
  }
  const marks = params.map(() => '?').join(', ');
  if (params.length === 0) return [withNull ? term(path, `${e} IS NULL`, [], 'eq') : NOTHING(path)];
  if (withNull) return [term(path, `(${e} IN (${marks}) OR ${e} IS NULL)`, params, 'none')];
  // One value is an equality, written as one so SQLite reads an index's order after it (`IN (?)` it sorts).
  if (params.length === 1) return [term(path, `${e} = ?`, params, 'eq')];
  return [term(path, `${e} IN (${marks})`, params, 'in')];
}

function notEqual(path: string, e: string, kinds: number, value: unknown): FieldTerm[] | undefined {
  // `IS NOT` is true for NULL, as `$ne` matches a missing field.
  if (value === null) return [term(path, `${e} IS NOT NULL`, [], 'none')];
  const sql = sqlValue(value, kinds);
  return sql && [term(path, `${e} IS NOT ?`, [sql.value], 'none')];
}

/**
 * MongoDB compares only within a type: `$lt: 'm'` matches strings, never numbers. SQLite orders every
 * number before every string, so a bound on the other side ('' is the smallest string) keeps the
 * comparison to one type when the path holds both.
 */
function comparison(
  path: string,
  e: string,
  kinds: number,
  op: Comparison,
  value: unknown,
): FieldTerm[] | undefined {
  if (value === null) {
    return [op === '$gte' || op === '$lte' ? term(path, `${e} IS NULL`, [], 'eq') : NOTHING(path)];
  }
  const upper = op === '$lt' || op === '$lte';
  const bound = term(path, `${e} ${COMPARISONS[op]} ?`, [value], 'range');
  if (typeof value === 'string') {
    return upper && kinds & (NUMBER | BOOLEAN) ? [bound, term(path, `${e} >= ''`, [], 'range')] : [bound];
  }
  if (typeof value === 'number' && Number.isFinite(value) && !(kinds & BOOLEAN)) {
    return !upper && kinds & STRING ? [bound, term(path, `${e} < ''`, [], 'range')] : [bound];
  }
  return undefined;
}

/** The text a regular expression matches when it is a plain string (`a\.b` is `a.b`); undefined if not. */
export function literalOf(source: string): string | undefined {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined || !/[\\^$.*+?()[\]{}|/-]/.test(next)) return undefined;
      out += next;
      i++;
    } else if (/[\^$.*+?()[\]{}|]/.test(c)) {
      return undefined;
    } else {
      out += c;
    }
  }
  return out;
}

/** Flags a regular expression is evaluated with here as in JavaScript's evaluator (no `g`/`y`: stateful). */
const PLAIN_FLAGS = /^[imsu]*$/;

/**
 * The pattern and flags the JavaScript evaluator tests a `$regex` with: a string without `$options` gets
 * the `u` flag (valueTests.ts), with `$options` those flags (mingo); a RegExp its own. Undefined when it
 * cannot be evaluated the same way in SQL.
 */
function regexOf(pattern: unknown, options: unknown): { source: string; flags: string } | undefined {
  if (pattern instanceof RegExp) {
    return options === undefined && PLAIN_FLAGS.test(pattern.flags)
      ? { source: pattern.source, flags: pattern.flags }
      : undefined;
  }
  if (typeof pattern !== 'string') return undefined;
  if (options !== undefined && (typeof options !== 'string' || !/^[ims]*$/.test(options))) return undefined;
  const flags = options === undefined ? 'u' : options;
  try {
    new RegExp(pattern, flags);
  } catch {
    return undefined;
  }
  return { source: pattern, flags };
}

/**
 * A `$regex`: a plain substring without flags on a path that only ever held strings is SQLite's `instr`;
 * any other is tested by `mongo_regex` (store.ts), JavaScript's RegExp as the evaluator uses it. Either way
 * an index on the path answers it by reading its keys alone, never the documents (the console's searches).
 */
function regexTerm(
  path: string,
  e: string,
  kinds: number,
  pattern: unknown,
  options: unknown,
): FieldTerm[] | undefined {
  const regex = regexOf(pattern, options);
  if (!regex) return undefined;
  const literal = regex.flags.replace('u', '') === '' ? literalOf(regex.source) : undefined;
  if (literal !== undefined && (kinds & ~STRING) === 0) {
    return [term(path, `instr(${e}, ?) > 0`, [literal], 'keys')];
  }
  return [term(path, `mongo_regex(${e}, ?, ?)`, [regex.source, regex.flags], 'keys')];
}

/** `_id` is the `id` column, always a string: any other value matches nothing. */
function idTerms(condition: unknown): FieldTerm[] | undefined {
  const path = '_id';
  if (condition instanceof RegExp) return undefined;
  const equals = (value: unknown): FieldTerm[] | undefined =>
    value instanceof RegExp
      ? undefined
      : [typeof value === 'string' ? term(path, 'id = ?', [value], 'eq') : NOTHING(path)];
  if (!isOperatorObject(condition)) return equals(condition);
  const out: FieldTerm[] = [];
  for (const op of Object.keys(condition)) {
    const operand = condition[op];
    if (op === '$eq') {
      const terms = equals(operand);
      if (!terms) return undefined;
      out.push(...terms);
    } else if (op === '$in') {
      if (!Array.isArray(operand) || operand.some((item) => item instanceof RegExp)) return undefined;
      const ids = operand.filter((item): item is string => typeof item === 'string');
      const marks = ids.map(() => '?').join(', ');
      // An empty list still goes through the index, which finds nothing at once.
      out.push(term(path, `id IN (${marks})`, ids, ids.length === 1 ? 'eq' : 'in'));
    } else if (op === '$ne') {
      if (operand instanceof RegExp) return undefined;
      if (typeof operand === 'string') out.push(term(path, 'id <> ?', [operand], 'none'));
    } else if (op in COMPARISONS) {
      out.push(
        typeof operand === 'string'
          ? term(path, `id ${COMPARISONS[op as Comparison]} ?`, [operand], 'range')
          : NOTHING(path),
      );
    } else if (op === '$regex') {
      const terms = regexTerm(path, 'id', STRING, operand, condition.$options);
      if (!terms) return undefined;
      out.push(...terms);
    } else if (op === '$options') {
      continue;
    } else {
      return undefined;
    }
  }
  return out;
}

export const termsSql = conjunction;
