import { InvalidDocumentError } from './errors';

/**
 * Stored values are deeply frozen copies, so documents can be handed out without cloning and updates can
 * share unchanged subtrees with the previous version. Values from callers are always copied: remembering
 * which objects are already ours (a WeakSet) cost more than the copies it saved.
 */

function describe(value: unknown): string {
  if (typeof value === 'number') return `the number ${String(value)}`;
  if (typeof value !== 'object' || value === null) return `a ${typeof value}`;
  return `a ${(value.constructor as { name?: string } | undefined)?.name ?? 'non-plain'} object`;
}

/**
 * A plain object: made by a literal, JSON.parse or Object.create(null). Its prototype is checked for being
 * *an* Object.prototype rather than this realm's, since test runners and structuredClone hand over
 * objects from other realms.
 */
export function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** Freezes an object this module built, whose children are frozen already. */
export const seal = <T extends object>(value: T): T => Object.freeze(value);

/** Sets `key` even when it is `__proto__`, which plain assignment would treat as the prototype. */
export function defineField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** A deep, unfrozen copy of a stored value, for mingo's updater, which edits in place. */
export function thawedCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(thawedCopy);
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) defineField(copy, key, thawedCopy(field));
  return copy;
}

/** Thrown inside the copy; the path is only worked out when something was wrong. */
class NotJson {
  constructor(readonly value: unknown) {}
}

function copyOf(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON, and so a document stored as JSON text, has no NaN or Infinity.
      if (!Number.isFinite(value)) throw new NotJson(value);
      return value;
    case 'object':
      break;
    default:
      throw new NotJson(value);
  }
  if (value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      copy[i] = item === undefined ? null : copyOf(item);
    }
    return seal(copy);
  }
  if (!isPlainObject(value)) throw new NotJson(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) defineField(copy, key, copyOf(field));
  }
  return seal(copy);
}

function pathTo(root: unknown, bad: unknown, where: string): string | undefined {
  if (Object.is(root, bad)) return where;
  if (typeof root !== 'object' || root === null) return undefined;
  for (const [key, value] of Object.entries(root)) {
    const found = pathTo(value, bad, Array.isArray(root) ? `${where}[${key}]` : `${where}.${key}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * A deeply frozen copy of a JSON value. `undefined` object fields are dropped and `undefined` array
 * items become null, as JSON (and the MongoDB driver with `ignoreUndefined`) does.
 * @param where names the value in the error, e.g. `field 'price'`.
 */
export function frozenCopy(value: unknown, where: string): unknown {
  try {
    return copyOf(value);
  } catch (error) {
    if (!(error instanceof NotJson)) throw error;
    throw new InvalidDocumentError(
      `${pathTo(value, error.value, where) ?? where} holds ${describe(error.value)}; documents are plain ` +
        'JSON (dates as ISO strings)',
    );
  }
}
