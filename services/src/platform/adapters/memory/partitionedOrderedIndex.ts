import type { Entry } from './entry';
import { keyOf, type IndexKey } from './indexKeys';
import { OrderedIndex } from './orderedIndex';
import { CROSSES_ARRAY, parsePath, resolvePlain, type Path } from './paths';

/**
 * A part's key: one partition field's own index key; several fields' keys as a JSON list, numbers tagged
 * as strings first (JSON would write NaN and Infinity as null). Undefined (missing) is null, as MongoDB
 * indexes it; an array or embedded document has no key.
 */
function partKey(values: readonly unknown[]): IndexKey | undefined {
  const keys: IndexKey[] = [];
  for (const value of values) {
    if (value === CROSSES_ARRAY || (typeof value === 'object' && value !== null)) return undefined;
    const key = keyOf(value);
    keys.push(typeof key === 'number' && values.length > 1 ? `\u0000n${key === 0 ? 0 : key}` : key);
  }
  return keys.length === 1 ? keys[0]! : JSON.stringify(keys);
}

/**
 * A compound ordered index `{ a: 1, b: 1, field: ±1 }`: one ordered index on `field` per combination of
 * values of the partition fields (`a`, `b`), so a filter naming one value of each (the console's "status
 * Asignado in Chile, newest first") walks only that part in order. A document whose partition value is an
 * array or an embedded document retires it, and sorts fall back to the plain ordered index or to sorting.
 */
export class PartitionedOrderedIndex {
  private readonly parts = new Map<IndexKey, OrderedIndex>();
  private readonly paths: Path[];
  usable = true;

  constructor(
    readonly partition: readonly string[],
    readonly field: string,
    entries: Iterable<Entry>,
  ) {
    this.paths = partition.map((path) => parsePath(path));
    for (const entry of entries) this.inserted(entry);
  }

  private partOf(doc: object): IndexKey | undefined {
    return partKey(this.paths.map((path) => resolvePlain(doc, path)));
  }

  private part(key: IndexKey): OrderedIndex {
    let part = this.parts.get(key);
    if (!part) this.parts.set(key, (part = new OrderedIndex(this.field, [])));
    return part;
  }

  private disable(): void {
    this.usable = false;
    this.parts.clear();
  }

  inserted(entry: Entry): void {
    if (!this.usable) return;
    const key = this.partOf(entry.doc);
    if (key === undefined) return this.disable();
    const part = this.part(key);
    part.inserted(entry);
    if (!part.usable) this.disable();
  }

  replaced(entry: Entry, before: object): void {
    if (!this.usable) return;
    const was = this.partOf(before);
    const now = this.partOf(entry.doc);
    if (now === undefined || was === undefined) return this.disable();
    if (was === now) {
      const part = this.part(now);
      part.replaced(entry, before);
      if (!part.usable) this.disable();
      return;
    }
    this.part(was).removedAs(entry, before);
    this.inserted(entry);
  }

  removed(entry: Entry): void {
    if (!this.usable) return;
    const key = this.partOf(entry.doc);
    if (key !== undefined) this.parts.get(key)?.removed(entry);
  }

  /**
   * The ordered part holding documents whose partition fields equal `values`, in the index's field order
   * (empty when none does); undefined for a value no part can hold (an array or embedded document).
   */
  partFor(values: readonly unknown[]): OrderedIndex | undefined {
    const key = partKey(values);
    if (key === undefined) return undefined;
    return this.parts.get(key) ?? new OrderedIndex(this.field, []);
  }
}
