import { update as mingoUpdate, type Modifier as MingoModifier } from 'mingo/updater';
import type { ReadDocument, UpdateSpec } from '../../ports/readStore';
import { Draft } from './copyOnWrite';
import { InvalidUpdateError } from './errors';
import { frozenCopy, thawedCopy } from './frozenJson';
import { planUpdate } from './updatePlan';

export { validateUpdate } from './updatePlan';

/**
 * Applies a MongoDB update to a frozen document without touching it: the result shares every unchanged
 * subtree and is frozen, or is the same document when nothing changed. The port's operators run as
 * copy-on-write steps; anything else goes to mingo's updater on a deep clone (tens of microseconds).
 */

function withMingo<T extends ReadDocument>(doc: T, update: UpdateSpec, inserting: boolean): T {
  const { $setOnInsert, ...rest } = update;
  const modifier = (
    inserting && $setOnInsert ? { ...rest, $set: { ...rest.$set, ...$setOnInsert } } : rest
  ) as MingoModifier<Record<string, unknown>>;
  if (Object.keys(modifier).length === 0) return doc;
  const clone = thawedCopy(doc) as Record<string, unknown>;
  const changed = mingoUpdate(clone, modifier);
  if (changed.length === 0) return doc;
  return frozenCopy(clone, 'the updated document') as T;
}

/**
 * `doc` with `update` applied; `inserting` says whether `$setOnInsert` applies. Returns `doc` itself when
 * nothing changed.
 * @throws InvalidUpdateError for an unknown operator, conflicting paths, a wrong type, or a changed `_id`.
 */
export function applyUpdate<T extends ReadDocument>(doc: T, update: UpdateSpec, inserting: boolean): T {
  const steps = planUpdate(update, inserting);
  let result: T;
  if (steps) {
    const draft = new Draft(doc);
    for (const step of steps) draft.apply(step.path, step.modify, step.create);
    result = draft.finish();
  } else {
    result = withMingo(doc, update, inserting);
  }
  if (result._id !== doc._id) {
    throw new InvalidUpdateError(
      `an update may not change _id (from ${JSON.stringify(doc._id)} to ${JSON.stringify(result._id)})`,
    );
  }
  return result;
}
