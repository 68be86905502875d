import type { SortSpec } from '../../ports/readStore';
import { bySeq, type Entry } from './entry';
import { EqualityIndex } from './equalityIndex';
import { InvalidQueryError } from './errors';
import type { EqualityCondition } from './filterEqualities';
import { parsePath } from './paths';
import { UniqueConstraint } from './uniqueConstraint';

/**
 * A collection's indexes. Every index narrows equality filters on its first field (a compound index
 * serves its prefix, as in MongoDB); unique ones also refuse duplicate keys.
 */

/**
 * Values an index may narrow by. mingo, which answers some filters, compares embedded documents
 * regardless of field order, so those are left to a scan to keep indexed and unindexed answers equal.
 */
const narrowable = (value: unknown): boolean =>
  value === null ||
  typeof value !== 'object' ||
  (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'));

/** A scan keeps insertion order for free; an index only pays when it leaves a small share of it. */
const SCAN_SHARE = 4;

export class IndexCatalog {
  private readonly declared = new Map<string, boolean>();
  private readonly equality = new Map<string, EqualityIndex>();
  private readonly unique: UniqueConstraint[] = [];

  constructor(private readonly collection: string) {}

  get isEmpty(): boolean {
    return this.declared.size === 0;
  }

  /** Adds an index over the stored `entries`; declaring the same one again changes nothing. */
  declare(keys: SortSpec, unique: boolean, entries: Iterable<Entry>): void {
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new InvalidQueryError('an index needs at least one field');
    for (const field of fields) {
      if (keys[field] !== 1 && keys[field] !== -1) {
        throw new InvalidQueryError(
          `index direction of '${field}' must be 1 or -1, got ${String(keys[field])}`,
        );
      }
    }
    const name = fields.map((field) => `${field}_${keys[field]}`).join('_');
    const existing = this.declared.get(name);
    if (existing !== undefined) {
      if (existing !== unique) {
        throw new InvalidQueryError(`index ${name} already exists with unique: ${existing}`);
      }
      return;
    }
    const paths = fields.map(parsePath);
    const stored = [...entries];
    if (unique) {
      const constraint = new UniqueConstraint(this.collection, paths);
      constraint.build(stored);
      this.unique.push(constraint);
    }
    const first = paths[0]!;
    if (!this.equality.has(first.text)) {
      const index = new EqualityIndex(first);
      for (const entry of stored) index.add(entry, entry.doc);
      this.equality.set(first.text, index);
    }
    this.declared.set(name, unique);
  }

  /** @throws DuplicateKeyError when storing `doc` in `entry` (new when undefined) would break uniqueness. */
  checkWrite(entry: Entry | undefined, doc: object): void {
    for (const constraint of this.unique) constraint.check(entry, doc);
  }

  inserted(entry: Entry): void {
    for (const index of this.equality.values()) index.add(entry, entry.doc);
    for (const constraint of this.unique) constraint.add(entry, entry.doc);
  }

  replaced(entry: Entry, before: object): void {
    for (const index of this.equality.values()) index.replace(entry, before, entry.doc);
    for (const constraint of this.unique) constraint.replace(entry, before, entry.doc);
  }

  removed(entry: Entry): void {
    for (const index of this.equality.values()) index.remove(entry, entry.doc);
    for (const constraint of this.unique) constraint.remove(entry, entry.doc);
  }

  /**
   * The documents that may match a filter with these equality `conditions`, in insertion order, when an
   * index narrows them to a small share of the `total`; undefined when a scan is the better plan.
   */
  /** How many candidates the narrowest equality index would give, without building them. */
  candidateCount(conditions: readonly EqualityCondition[]): number | undefined {
    let best: number | undefined;
    for (const { path, values } of conditions) {
      const index = this.equality.get(path);
      if (!index || !values.every(narrowable)) continue;
      const count = index.count(values);
      if (best === undefined || count < best) best = count;
    }
    return best;
  }

  candidates(conditions: readonly EqualityCondition[], total: number): Entry[] | undefined {
    if (this.equality.size === 0) return undefined;
    let best: { index: EqualityIndex; values: readonly unknown[]; count: number } | undefined;
    for (const { path, values } of conditions) {
      const index = this.equality.get(path);
      if (!index || !values.every(narrowable)) continue;
      const count = index.count(values);
      if (!best || count < best.count) best = { index, values, count };
    }
    if (!best || best.count * SCAN_SHARE > total) return undefined;
    return [...best.index.lookup(best.values)].sort(bySeq);
  }
}
