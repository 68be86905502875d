import { Query } from 'mingo';
import type { Filter } from '../../ports/readStore';
import { InvalidQueryError } from './errors';
import { CROSSES_ARRAY, parsePath, resolvePlain } from './paths';
import { equalsTest, isOperatorObject, operatorTest, type ValueTest } from './valueTests';

/**
 * Turns a MongoDB filter into a predicate. The common operators run as plain closures (mingo's `Query`
 * costs tens of microseconds a document); anything else, and any path that runs through an array, where
 * MongoDB's fan-out rules get subtle, is answered by mingo, compiled once per filter.
 */
export type Predicate = (doc: object) => boolean;

export const matchAll: Predicate = () => true;

/** mingo's answer for one condition or a whole filter; built on first use for array-crossing paths. */
function mingoPredicate(criteria: Record<string, unknown>, lazy: boolean): Predicate {
  if (!lazy) {
    const query = new Query(criteria);
    return (doc) => query.test(doc as Record<string, unknown>);
  }
  let query: Query | undefined;
  return (doc) => (query ??= new Query(criteria)).test(doc as Record<string, unknown>);
}

function allOf(tests: ValueTest[]): ValueTest {
  if (tests.length === 1) return tests[0]!;
  if (tests.length === 2) {
    const [a, b] = tests as [ValueTest, ValueTest];
    return (v) => a(v) && b(v);
  }
  return (v) => tests.every((test) => test(v));
}

/** The test of one field's condition, or undefined when some part of it needs mingo. */
function conditionTest(condition: unknown): ValueTest | undefined {
  if (!isOperatorObject(condition)) return condition instanceof RegExp ? undefined : equalsTest(condition);
  const tests: ValueTest[] = [];
  for (const op of Object.keys(condition)) {
    const test = operatorTest(op, condition[op]);
    if (!test) return undefined;
    tests.push(test);
  }
  return allOf(tests);
}

function compileField(text: string, condition: unknown): Predicate {
  const test = conditionTest(condition);
  // A computed key, so a field named `__proto__` stays a field.
  const criteria = { [text]: condition };
  if (!test) return mingoPredicate(criteria, false);
  const path = parsePath(text);
  if (path.segments.length === 1 && !path.needsOwnCheck) {
    return (doc) => test((doc as Record<string, unknown>)[text]);
  }
  const fallback = mingoPredicate(criteria, true);
  return (doc) => {
    const value = resolvePlain(doc, path);
    return value === CROSSES_ARRAY ? fallback(doc) : test(value);
  };
}

function filterList(op: string, value: unknown): Filter[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new InvalidQueryError(`${op} needs a non-empty array of filters, got ${JSON.stringify(value)}`);
  }
  return value as Filter[];
}

function combine(predicates: Predicate[]): Predicate {
  if (predicates.length === 0) return matchAll;
  if (predicates.length === 1) return predicates[0]!;
  if (predicates.length === 2) {
    const [a, b] = predicates as [Predicate, Predicate];
    return (doc) => a(doc) && b(doc);
  }
  return (doc) => predicates.every((predicate) => predicate(doc));
}

export function compileFilter(filter: Filter | undefined): Predicate {
  if (filter === undefined || filter === null) return matchAll;
  if (typeof filter !== 'object' || Array.isArray(filter)) {
    throw new InvalidQueryError(`a filter is an object, got ${JSON.stringify(filter)}`);
  }
  const predicates: Predicate[] = [];
  for (const key of Object.keys(filter)) {
    const condition = filter[key];
    if (key.charCodeAt(0) !== 36 /* $ */) {
      // The MongoDB driver (with ignoreUndefined) drops undefined conditions; so do we.
      if (condition !== undefined) predicates.push(compileField(key, condition));
      continue;
    }
    switch (key) {
      case '$and':
        predicates.push(combine(filterList(key, condition).map(compileFilter)));
        break;
      case '$or': {
        const alternatives = filterList(key, condition).map(compileFilter);
        predicates.push((doc) => alternatives.some((predicate) => predicate(doc)));
        break;
      }
      case '$nor': {
        const excluded = filterList(key, condition).map(compileFilter);
        predicates.push((doc) => !excluded.some((predicate) => predicate(doc)));
        break;
      }
      case '$comment':
        break;
      default:
        // $expr, $where, $jsonSchema...: mingo answers the whole filter (or says what is wrong with it).
        return mingoPredicate(filter, false);
    }
  }
  return combine(predicates);
}
