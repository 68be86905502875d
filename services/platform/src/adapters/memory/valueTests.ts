import { valuesEqual } from './bsonOrder';
import { InvalidQueryError } from './errors';
import { isPlainObject } from './frozenJson';

/**
 * Tests of one field's value (undefined when missing) for the common query operators, with MongoDB's
 * rules: an array matches when it or one of its elements does, comparisons stay inside a type bracket,
 * and null stands for missing. `undefined` from a factory means "not handled here": the caller falls
 * back to mingo for that field.
 */
export type ValueTest = (value: unknown) => boolean;

type Primitive = string | number | boolean;

const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === 'string' ||
  (typeof value === 'number' && !Number.isNaN(value)) ||
  typeof value === 'boolean';

const isOrdinaryValue = (value: unknown): boolean =>
  value === null ||
  isPrimitive(value) ||
  (typeof value === 'object' && (Array.isArray(value) || isPlainObject(value)));

const matchesNull: ValueTest = (v) => v === undefined || v === null || (Array.isArray(v) && v.includes(null));

const never: ValueTest = () => false;

export function equalsTest(x: unknown): ValueTest | undefined {
  if (x === null) return matchesNull;
  if (isPrimitive(x)) return (v) => v === x || (Array.isArray(v) && v.includes(x));
  if (!isOrdinaryValue(x)) return undefined;
  return (v) => valuesEqual(v, x) || (Array.isArray(v) && v.some((item) => valuesEqual(item, x)));
}

type Order = '$gt' | '$gte' | '$lt' | '$lte';

function orderTest(op: Order, x: unknown): ValueTest | undefined {
  // Against null only equality survives: `$gte: null` and `$lte: null` match null and missing.
  if (x === null) return op === '$gte' || op === '$lte' ? matchesNull : never;
  if (!isPrimitive(x)) return undefined;
  const type = typeof x;
  // JavaScript orders numbers, strings (by UTF-16 code unit) and booleans (false < true) as MongoDB does.
  let holds: ValueTest;
  switch (op) {
    case '$gt':
      holds = (v) => typeof v === type && (v as Primitive) > x;
      break;
    case '$gte':
      holds = (v) => typeof v === type && (v as Primitive) >= x;
      break;
    case '$lt':
      holds = (v) => typeof v === type && (v as Primitive) < x;
      break;
    case '$lte':
      holds = (v) => typeof v === type && (v as Primitive) <= x;
      break;
  }
  return (v) => holds(v) || (Array.isArray(v) && v.some(holds));
}

function inTest(op: string, list: unknown): ValueTest | undefined {
  if (!Array.isArray(list)) throw new InvalidQueryError(`${op} needs an array, got ${JSON.stringify(list)}`);
  if (!list.every(isOrdinaryValue)) return undefined;
  if (list.some((x) => typeof x === 'object' && x !== null && !Array.isArray(x) && isOperatorObject(x))) {
    return undefined;
  }
  if (list.every((x) => x === null || isPrimitive(x))) {
    // One member (the console's filters: one status, one country) is an equality: no Set lookup.
    if (list.length === 1) return equalsTest(list[0]);
    const members = new Set<unknown>(list.filter((x) => x !== null));
    const withNull = list.includes(null);
    if (!withNull) {
      return (v) => members.has(v) || (Array.isArray(v) && v.some((item) => members.has(item)));
    }
    return (v) =>
      v == null ||
      members.has(v) ||
      (Array.isArray(v) && v.some((item) => item === null || members.has(item)));
  }
  const tests = list.map((x) => equalsTest(x)!);
  return (v) => tests.some((test) => test(v));
}

/**
 * `$regex` with a pattern string and no `$options` (the console's name search): a string, or an array
 * with a string item, that the pattern finds. Flags go through `$options`, which mingo answers; a pattern
 * JavaScript cannot compile goes to mingo too, which reports it.
 */
function regexTest(pattern: unknown): ValueTest | undefined {
  if (typeof pattern !== 'string') return undefined;
  let expression: RegExp;
  try {
    expression = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  const holds = (v: unknown) => typeof v === 'string' && expression.test(v);
  return (v) => holds(v) || (Array.isArray(v) && v.some(holds));
}

function not(test: ValueTest | undefined): ValueTest | undefined {
  return test && ((v) => !test(v));
}

/** Whether `value` is an operator expression (`{ $gt: 1 }`) rather than a value to equal. */
export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (!isPlainObject(value)) return false;
  let operators = 0;
  let fields = 0;
  for (const key in value) {
    if (key.charCodeAt(0) === 36 /* $ */) operators++;
    else fields++;
  }
  if (operators > 0 && fields > 0) {
    throw new InvalidQueryError(`a condition mixes operators and fields: ${JSON.stringify(value)}`);
  }
  return operators > 0;
}

/** One operator of a field condition; undefined when mingo has to evaluate it. */
export function operatorTest(op: string, operand: unknown): ValueTest | undefined {
  if (operand === undefined) throw new InvalidQueryError(`${op} has no value`);
  switch (op) {
    case '$eq':
      return equalsTest(operand);
    case '$ne':
      return not(equalsTest(operand));
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return orderTest(op, operand);
    case '$in':
      return inTest(op, operand);
    case '$nin':
      return not(inTest(op, operand));
    case '$exists':
      return operand ? (v) => v !== undefined : (v) => v === undefined;
    case '$regex':
      return regexTest(operand);
    default:
      return undefined;
  }
}
