import type { UpdateSpec } from '../../ports/readStore';
import type { Modifier } from './copyOnWrite';
import { InvalidUpdateError } from './errors';
import { parsePath, type Path } from './paths';
import { FAST_OPERATORS, MINGO_OPERATORS, modifierFor, removesOnly } from './updateOperators';

/**
 * Reads an update specification: validates it as MongoDB would (known operators, objects of fields, no
 * path named twice or inside another) and turns it into copy-on-write steps in MongoDB's field order.
 */
export interface Step {
  path: Path;
  modify: Modifier;
  /** Whether missing objects on the way are created (`$set`) or the step is skipped (`$unset`). */
  create: boolean;
}

function operandOf(op: string, operand: unknown): Record<string, unknown> {
  if (typeof operand !== 'object' || operand === null || Array.isArray(operand)) {
    throw new InvalidUpdateError(`${op} needs an object of fields, got ${JSON.stringify(operand)}`);
  }
  return operand as Record<string, unknown>;
}

/** Whether one path is the other or lies inside it (`a` and `a.b`). */
function overlap(a: string, b: string): boolean {
  if (a.length === b.length) return a === b;
  if (a.length > b.length) return a.charCodeAt(b.length) === 46 /* . */ && a.startsWith(b);
  return b.charCodeAt(a.length) === 46 && b.startsWith(a);
}

function checkConflicts(paths: readonly string[]): void {
  // Updates name a handful of paths: comparing pairs beats building a Set.
  for (let i = 1; i < paths.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = paths[j]!;
      const b = paths[i]!;
      if (!overlap(a, b)) continue;
      if (a === b) throw new InvalidUpdateError(`the update names '${a}' more than once`);
      const [outer, inner] = a.length < b.length ? [a, b] : [b, a];
      throw new InvalidUpdateError(`the update names both '${outer}' and '${inner}', which lies inside it`);
    }
  }
}

/** 'fast' for the port's operators, 'mingo' for those only mingo applies; throws for anything else. */
function kindOf(op: string): 'fast' | 'mingo' {
  if (FAST_OPERATORS.has(op)) return 'fast';
  if (MINGO_OPERATORS.has(op)) return 'mingo';
  if (op.startsWith('$')) throw new InvalidUpdateError(`unknown update operator ${op}`);
  throw new InvalidUpdateError(
    `the update has field '${op}' outside an operator: write { $set: { ${op}: ... } } ` +
      '(upsert replaces whole documents)',
  );
}

function checkShape(update: UpdateSpec): void {
  if (typeof update !== 'object' || update === null || Array.isArray(update)) {
    throw new InvalidUpdateError(`an update is an object of operators, got ${JSON.stringify(update)}`);
  }
}

const noOperator = (): InvalidUpdateError =>
  new InvalidUpdateError('an update needs at least one operator ($set, $inc...)');

const NUMERIC = /^(0|[1-9]\d*)$/;

/**
 * MongoDB (5.0 on) applies an update's fields in the order of their names, segment by segment, numbers
 * as numbers, whatever operator names them; new fields are therefore added in that order.
 */
function byFieldName(a: Step, b: Step): number {
  const x = a.path.segments;
  const y = b.path.segments;
  for (let i = 0; i < x.length && i < y.length; i++) {
    const s = x[i]!;
    const t = y[i]!;
    if (s === t) continue;
    if (s.charCodeAt(0) <= 57 && t.charCodeAt(0) <= 57 && NUMERIC.test(s) && NUMERIC.test(t)) {
      return Number(s) - Number(t);
    }
    return s < t ? -1 : 1;
  }
  return x.length - y.length;
}

/** Insertion sort: for the few steps of an update it is several times faster than Array.prototype.sort. */
function sortSteps(steps: Step[]): void {
  for (let i = 1; i < steps.length; i++) {
    const step = steps[i]!;
    let j = i - 1;
    while (j >= 0 && byFieldName(steps[j]!, step) > 0) {
      steps[j + 1] = steps[j]!;
      j--;
    }
    steps[j + 1] = step;
  }
}

/** @throws InvalidUpdateError when `update` could never be applied, whatever the document. */
export function validateUpdate(update: UpdateSpec): void {
  checkShape(update);
  const paths: string[] = [];
  let operators = 0;
  // for...in rather than Object.keys: update specs are fresh literals, and this runs for every event.
  for (const op in update) {
    operators++;
    kindOf(op);
    for (const path in operandOf(op, update[op as keyof UpdateSpec])) paths.push(path);
  }
  if (operators === 0) throw noOperator();
  checkConflicts(paths);
}

/**
 * The steps of `update` (`inserting` says whether `$setOnInsert` counts), or undefined when mingo has to
 * apply it: an operator or form only mingo knows, or a positional path such as `items.$.qty`.
 * @throws InvalidUpdateError for anything MongoDB would refuse.
 */
export function planUpdate(update: UpdateSpec, inserting: boolean): Step[] | undefined {
  checkShape(update);
  const paths: string[] = [];
  const steps: Step[] = [];
  let needsMingo = false;
  let operators = 0;
  for (const op in update) {
    operators++;
    if (kindOf(op) === 'mingo') needsMingo = true;
    const fields = operandOf(op, update[op as keyof UpdateSpec]);
    const skip = op === '$setOnInsert' && !inserting;
    for (const text in fields) {
      paths.push(text);
      if (needsMingo || skip) continue;
      if (text.includes('$')) {
        needsMingo = true;
        continue;
      }
      const operand = fields[text];
      // The MongoDB driver (with ignoreUndefined) drops undefined operands; so do we.
      if (operand === undefined) continue;
      const modify = modifierFor(op, text, operand);
      if (modify) steps.push({ path: parsePath(text), modify, create: !removesOnly(op) });
      else needsMingo = true;
    }
  }
  if (operators === 0) throw noOperator();
  checkConflicts(paths);
  if (needsMingo) return undefined;
  sortSteps(steps);
  return steps;
}
