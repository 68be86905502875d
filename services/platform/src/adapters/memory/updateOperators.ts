import { compareValues, valuesEqual } from './bsonOrder';
import { REMOVE, UNCHANGED, type Modifier } from './copyOnWrite';
import { InvalidUpdateError } from './errors';
import { frozenCopy, seal } from './frozenJson';

/**
 * One update operator on one field, as a copy-on-write modifier with MongoDB's rules: a missing field is
 * created, a value of the wrong type is an error, and writing what is already there is no change (so
 * `guardedUpdate` can say whether anything changed, like MongoDB's `modifiedCount`).
 * `undefined` means mingo must apply the update (an operator form handled only there).
 */

/** Operators of the port. */
export const FAST_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$max',
  '$min',
  '$push',
  '$addToSet',
  '$pull',
  '$setOnInsert',
]);
/** Operators MongoDB and mingo know beyond the port: applied by mingo. */
export const MINGO_OPERATORS = new Set(['$mul', '$rename', '$pop', '$pullAll', '$bit', '$currentDate']);

const typeName = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

function onlyKey(operand: unknown, key: string): boolean {
  if (typeof operand !== 'object' || operand === null || Array.isArray(operand)) return false;
  const keys = Object.keys(operand);
  return keys.length === 1 && keys[0] === key;
}

const startsWithDollar = (operand: unknown): boolean =>
  typeof operand === 'object' &&
  operand !== null &&
  !Array.isArray(operand) &&
  Object.keys(operand).some((key) => key.startsWith('$'));

function arrayAt(op: string, path: string, current: unknown): readonly unknown[] {
  if (!Array.isArray(current)) {
    throw new InvalidUpdateError(`${op} needs an array at '${path}', which holds ${typeName(current)}`);
  }
  return current;
}

function eachItems(op: string, path: string, operand: unknown): unknown[] {
  const each = (operand as { $each: unknown }).$each;
  if (!Array.isArray(each)) throw new InvalidUpdateError(`${op}.$each at '${path}' needs an array`);
  return each.map((item) => frozenCopy(item, `${op} '${path}'`));
}

function set(op: string, path: string, operand: unknown): Modifier {
  const value = frozenCopy(operand, `${op} '${path}'`);
  return (current, exists) => (exists && valuesEqual(current, value) ? UNCHANGED : value);
}

function inc(path: string, amount: unknown): Modifier {
  if (typeof amount !== 'number') {
    throw new InvalidUpdateError(`$inc needs a number for '${path}', got ${typeName(amount)}`);
  }
  return (current, exists) => {
    if (!exists) return amount;
    if (typeof current !== 'number') {
      throw new InvalidUpdateError(`$inc cannot add to '${path}', which holds ${typeName(current)}`);
    }
    return amount === 0 ? UNCHANGED : current + amount;
  };
}

function bound(op: '$max' | '$min', path: string, operand: unknown): Modifier {
  const value = frozenCopy(operand, `${op} '${path}'`);
  const sign = op === '$max' ? 1 : -1;
  return (current, exists) => (!exists || compareValues(value, current) * sign > 0 ? value : UNCHANGED);
}

function push(path: string, operand: unknown): Modifier | undefined {
  let items: unknown[];
  if (onlyKey(operand, '$each')) items = eachItems('$push', path, operand);
  else if (startsWithDollar(operand))
    return undefined; // $slice, $sort, $position
  else items = [frozenCopy(operand, `$push '${path}'`)];
  return (current, exists) => {
    if (!exists) return seal(items.slice());
    const array = arrayAt('$push', path, current);
    return items.length === 0 ? UNCHANGED : seal([...array, ...items]);
  };
}

function addToSet(path: string, operand: unknown): Modifier {
  let items: unknown[];
  if (onlyKey(operand, '$each')) items = eachItems('$addToSet', path, operand);
  else if (startsWithDollar(operand)) {
    throw new InvalidUpdateError(`$addToSet at '${path}' accepts only $each as a modifier`);
  } else items = [frozenCopy(operand, `$addToSet '${path}'`)];
  return (current, exists) => {
    const array = exists ? arrayAt('$addToSet', path, current) : [];
    const added: unknown[] = [];
    for (const item of items) {
      const present = (other: unknown) => valuesEqual(other, item);
      if (!array.some(present) && !added.some(present)) added.push(item);
    }
    if (exists && added.length === 0) return UNCHANGED;
    return seal([...array, ...added]);
  };
}

function pull(path: string, operand: unknown): Modifier | undefined {
  // A document is a condition on the items (`{ $pull: { items: { qty: { $lt: 1 } } } }`): mingo's job.
  if (typeof operand === 'object' && operand !== null && !Array.isArray(operand)) return undefined;
  const value = frozenCopy(operand, `$pull '${path}'`);
  return (current, exists) => {
    if (!exists) return UNCHANGED;
    const array = arrayAt('$pull', path, current);
    const kept = array.filter((item) => !valuesEqual(item, value));
    return kept.length === array.length ? UNCHANGED : seal(kept);
  };
}

const unset: Modifier = (_current, exists) => (exists ? REMOVE : UNCHANGED);

/** The modifier for `op` on `path`, or undefined when mingo has to apply this update. */
export function modifierFor(op: string, path: string, operand: unknown): Modifier | undefined {
  switch (op) {
    case '$set':
    case '$setOnInsert':
      return set(op, path, operand);
    case '$unset':
      return unset;
    case '$inc':
      return inc(path, operand);
    case '$max':
    case '$min':
      return bound(op, path, operand);
    case '$push':
      return push(path, operand);
    case '$addToSet':
      return addToSet(path, operand);
    case '$pull':
      return pull(path, operand);
    default:
      return undefined;
  }
}

/** Whether the modifier only removes, so a missing path is left alone rather than created. */
export const removesOnly = (op: string): boolean => op === '$unset' || op === '$pull';
