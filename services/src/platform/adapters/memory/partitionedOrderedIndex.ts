import type { Entry } from './entry';
import { keyOf, type IndexKey } from './indexKeys';
import { OrderedIndex } from './orderedIndex';
import { CROSSES_ARRAY, parsePath, resolvePlain, type Path } from './paths';

/**
 * A compound ordered index `{ partition: 1, field: ±1 }`: one ordered index on `field` per value of
 * `partition`, so a filter naming one value of the partition (the console's "status Asignado, newest
 * first") walks only that part in order. A document whose partition value is an array or an embedded
 * document retires it, and sorts fall back to the plain ordered index or to sorting.
 */
export class PartitionedOrderedIndex {
  private readonly parts = new Map<IndexKey, OrderedIndex>();
  private readonly path: Path;
  usable = true;

  constructor(
    readonly partition: string,
    readonly field: string,
    entries: Iterable<Entry>,
  ) {
    this.path = parsePath(partition);
    for (const entry of entries) this.inserted(entry);
  }

  private partOf(doc: object): IndexKey | undefined {
    const value = resolvePlain(doc, this.path);
    if (value === CROSSES_ARRAY || (typeof value === 'object' && value !== null)) return undefined;
    return keyOf(value === undefined ? null : value);
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

  /** The ordered part holding documents whose partition equals `value` (empty when none does). */
  partFor(value: unknown): OrderedIndex | undefined {
    if (typeof value === 'object' && value !== null) return undefined;
    return this.parts.get(keyOf(value)) ?? new OrderedIndex(this.field, []);
  }
}
