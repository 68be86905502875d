import type { Entry } from './entry';
import { CROSSES_ARRAY, parsePath, resolvePlain, type Path } from './paths';
import { compareKeys } from './sortKeys';

interface Slot {
  key: unknown;
  entry: Entry;
}

const NOT_SCALAR: unique symbol = Symbol('not a scalar');

/**
 * A single-field index kept in sort order (MongoDB's indexes always are): a sort on its field walks it and
 * stops once the page is full, instead of sorting every match (the console's lead list: newest first,
 * page 50 of 100,000 leads). Slots are ordered by the field's sort key, then by insertion order. Keeping it
 * costs a binary search and a splice per write that changes the field, cheap when values arrive in order
 * (dates of creation); it is asked for with `createIndex(keys, { ordered: true })`. A document whose value
 * is an array (sort keys then differ by direction) makes it unusable, and sorts fall back to sorting.
 */
export class OrderedIndex {
  private slots: Slot[] = [];
  private path: Path;
  usable = true;

  constructor(
    readonly field: string,
    entries: Iterable<Entry>,
  ) {
    this.path = parsePath(field);
    for (const entry of entries) {
      const key = this.keyOf(entry.doc);
      if (key === NOT_SCALAR) {
        this.disable();
        return;
      }
      this.slots.push({ key, entry });
    }
    this.slots.sort(compareSlots);
  }

  private keyOf(doc: object): unknown {
    const value = resolvePlain(doc, this.path);
    if (value === CROSSES_ARRAY || Array.isArray(value)) return NOT_SCALAR;
    return value === undefined ? null : value;
  }

  private disable(): void {
    this.usable = false;
    this.slots = [];
  }

  /** First slot not before (key, seq). */
  private lowerBound(key: unknown, seq: number): number {
    let low = 0;
    let high = this.slots.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const slot = this.slots[middle]!;
      const c = compareKeys(slot.key, key) || slot.entry.seq - seq;
      if (c < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  inserted(entry: Entry): void {
    if (!this.usable) return;
    const key = this.keyOf(entry.doc);
    if (key === NOT_SCALAR) return this.disable();
    this.slots.splice(this.lowerBound(key, entry.seq), 0, { key, entry });
  }

  replaced(entry: Entry, before: object): void {
    if (!this.usable) return;
    const key = this.keyOf(entry.doc);
    if (key === NOT_SCALAR) return this.disable();
    const old = this.keyOf(before);
    const at = this.lowerBound(old, entry.seq);
    if (this.slots[at]?.entry !== entry) throw new Error(`ordered index on ${this.field} lost an entry`);
    if (compareKeys(old, key) === 0) {
      this.slots[at] = { key, entry };
      return;
    }
    this.slots.splice(at, 1);
    this.slots.splice(this.lowerBound(key, entry.seq), 0, { key, entry });
  }

  removed(entry: Entry): void {
    this.removedAs(entry, entry.doc);
  }

  /** Removes `entry`, found by the key it had in `doc` (its previous version when it moved elsewhere). */
  removedAs(entry: Entry, doc: object): void {
    if (!this.usable) return;
    const key = this.keyOf(doc);
    if (key === NOT_SCALAR) return;
    const at = this.lowerBound(key, entry.seq);
    if (this.slots[at]?.entry === entry) this.slots.splice(at, 1);
  }

  /**
   * Visits entries in the field's order (`direction` 1 ascending, -1 descending), one group of equal keys
   * at a time, each group in insertion order (ties are the caller's to order by the sort's other fields),
   * until `visit` returns false. A group of one, the common case for dates, costs no allocation.
   */
  walk(
    direction: 1 | -1,
    visitOne: (entry: Entry) => boolean,
    visitGroup: (group: Entry[]) => boolean,
  ): void {
    const slots = this.slots;
    const n = slots.length;
    for (let k = 0; k < n;) {
      // `first` is the group's first slot in walking order; the group runs while keys stay equal.
      const first = direction === 1 ? k : n - 1 - k;
      const key = slots[first]!.key;
      let size = 1;
      while (k + size < n && sameKey(slots[first + direction * size]!.key, key)) size++;
      if (size === 1) {
        if (!visitOne(slots[first]!.entry)) return;
      } else {
        const from = direction === 1 ? first : first - size + 1;
        if (!visitGroup(slots.slice(from, from + size).map((slot) => slot.entry))) return;
      }
      k += size;
    }
  }
}

/** Equal sort keys; two different strings (dates, the usual key) answer without the general comparison. */
const sameKey = (a: unknown, b: unknown): boolean =>
  a === b ? true : typeof a === 'string' && typeof b === 'string' ? false : compareKeys(a, b) === 0;

const compareSlots = (a: Slot, b: Slot) => compareKeys(a.key, b.key) || a.entry.seq - b.entry.seq;
