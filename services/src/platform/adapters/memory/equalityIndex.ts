import type { Entry } from './entry';
import { ANY_KEY, keyOf, lookupKeys, type IndexKey } from './indexKeys';
import { unchangedAt, type Path } from './paths';

/**
 * A single-field index that narrows equality and `$in` filters to a few candidates. It only has to find a
 * superset of the matches (the filter still runs on each candidate), which keeps its keys simple.
 */
export class EqualityIndex {
  private readonly buckets = new Map<IndexKey, Set<Entry>>();
  /** Documents whose path runs through an array: MongoDB's fan-out rules decide, so always candidates. */
  private readonly everywhere = new Set<Entry>();

  constructor(readonly path: Path) {}

  add(entry: Entry, doc: object): void {
    const keys = lookupKeys(doc, this.path);
    if (keys === ANY_KEY) {
      this.everywhere.add(entry);
      return;
    }
    for (const key of keys) {
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = new Set()));
      bucket.add(entry);
    }
  }

  remove(entry: Entry, doc: object): void {
    const keys = lookupKeys(doc, this.path);
    if (keys === ANY_KEY) {
      this.everywhere.delete(entry);
      return;
    }
    for (const key of keys) {
      const bucket = this.buckets.get(key);
      if (!bucket) continue;
      bucket.delete(entry);
      if (bucket.size === 0) this.buckets.delete(key);
    }
  }

  replace(entry: Entry, before: object, after: object): void {
    // Copy-on-write keeps an unchanged field the same value, so most updates skip the index.
    if (unchangedAt(before, after, this.path)) return;
    this.remove(entry, before);
    this.add(entry, after);
  }

  /** How many candidates a lookup of `values` would give, without building them. */
  count(values: readonly unknown[]): number {
    let total = this.everywhere.size;
    for (const value of values) total += this.buckets.get(keyOf(value))?.size ?? 0;
    return total;
  }

  /** Candidates for "the field equals one of `values`", in no particular order. */
  lookup(values: readonly unknown[]): Set<Entry> {
    const found = new Set(this.everywhere);
    for (const value of values) {
      const bucket = this.buckets.get(keyOf(value));
      if (bucket) for (const entry of bucket) found.add(entry);
    }
    return found;
  }
}
