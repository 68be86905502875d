import { InvalidUpdateError } from './errors';
import { defineField, seal } from './frozenJson';
import type { Path } from './paths';

/**
 * Edits of a frozen document that copy only the objects on the edited paths; everything else is shared
 * with the previous version. Objects copied by this draft are edited in place until `finish` freezes
 * them, so five `$set`s copy the top level once, not five times.
 */

/** What a modifier returns to leave the field as it is. */
export const UNCHANGED: unique symbol = Symbol('unchanged');
/** What a modifier returns to remove the field (in an array: to set the item to null, as MongoDB does). */
export const REMOVE: unique symbol = Symbol('remove');

/**
 * The new value of one field from its current one (`exists` tells missing from undefined). Values it
 * returns must already be frozen.
 */
export type Modifier = (current: unknown, exists: boolean) => unknown;

type Container = Record<string, unknown> | unknown[];

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

export class Draft<T extends object> {
  // Rarely more than a handful: an array is cheaper to allocate and search than a Set.
  private readonly owned: object[] = [];
  private current: T;

  constructor(readonly original: T) {
    this.current = original;
  }

  /**
   * Applies `modify` at `path`. With `create`, missing objects on the way are created (as `$set` does);
   * without, a missing or scalar step leaves the document alone (as `$unset` does).
   */
  apply(path: Path, modify: Modifier, create: boolean): void {
    const next = this.edit(this.current as Container, path, 0, modify, create);
    if (next !== UNCHANGED) this.current = next as T;
  }

  /** The edited document, frozen; the original itself when nothing changed. */
  finish(): T {
    for (const object of this.owned) seal(object);
    this.owned.length = 0;
    return this.current;
  }

  /** The edited node (a copy, or the node itself when this draft owns it), or UNCHANGED. */
  private edit(
    node: Container,
    path: Path,
    depth: number,
    modify: Modifier,
    create: boolean,
  ): Container | typeof UNCHANGED {
    const segment = path.segments[depth]!;
    const isArray = Array.isArray(node);
    const index = isArray && ARRAY_INDEX.test(segment) ? Number(segment) : -1;
    if (isArray && index < 0) {
      if (!create) return UNCHANGED;
      throw new InvalidUpdateError(
        `cannot create field '${segment}' of '${path.text}': ${this.where(path, depth)} is an array`,
      );
    }
    const exists = isArray ? index < node.length : Object.prototype.hasOwnProperty.call(node, segment);
    const current: unknown = !exists ? undefined : isArray ? node[index] : node[segment];
    let next: unknown;
    if (depth === path.segments.length - 1) {
      next = modify(current, exists);
      if (next === UNCHANGED) return UNCHANGED;
    } else {
      let child: Container;
      if (typeof current === 'object' && current !== null) {
        child = current as Container;
      } else if (!create) {
        return UNCHANGED;
      } else if (current === undefined) {
        child = {};
        this.owned.push(child);
      } else {
        throw new InvalidUpdateError(
          `cannot create field '${path.segments[depth + 1]}' of '${path.text}': ` +
            `${this.where(path, depth + 1)} holds ${describe(current)}`,
        );
      }
      next = this.edit(child, path, depth + 1, modify, create);
      if (next === UNCHANGED) return UNCHANGED;
    }
    const target = this.owned.includes(node) ? node : this.copy(node);
    if (Array.isArray(target)) {
      while (target.length < index) target.push(null);
      target[index] = next === REMOVE ? null : next;
    } else if (next === REMOVE) {
      delete target[segment];
    } else {
      defineField(target, segment, next);
    }
    return target;
  }

  private copy(node: Container): Container {
    const copy = Array.isArray(node) ? node.slice() : { ...node };
    this.owned.push(copy);
    return copy;
  }

  private where(path: Path, depth: number): string {
    return depth === 0 ? 'the document' : `'${path.segments.slice(0, depth).join('.')}'`;
  }
}
