import type { Filter, ReadDocument } from '../../ports/readStore';
import { bySeq, type Entry } from './entry';
import { equalityConditions } from './filterEqualities';
import type { Predicate } from './filterCompiler';
import { IndexCatalog } from './indexCatalog';
import { OrderedIndex } from './orderedIndex';
import { PartitionedOrderedIndex } from './partitionedOrderedIndex';

/**
 * One collection's documents and indexes: writes keep the indexes in step (checking uniqueness before
 * anything changes), reads pick the candidates a filter can be narrowed to.
 */
export class CollectionState {
  readonly entries = new Map<string, Entry>();
  private catalog: IndexCatalog;
  private nextSeq = 0;
  /** Single-field indexes also kept in sort order, by field. */
  readonly ordered = new Map<string, OrderedIndex>();
  /** Compound ordered indexes `{ partition, field }`, by field. */
  readonly partitioned = new Map<string, PartitionedOrderedIndex[]>();
  /** Moves on every write: a cached answer is good while it has not moved. */
  version = 0;

  constructor(readonly name: string) {
    this.catalog = new IndexCatalog(name);
  }

  get indexes(): IndexCatalog {
    return this.catalog;
  }

  /** Stores `doc` (frozen) under its `_id`, replacing the previous version in place. */
  put(doc: ReadDocument): void {
    this.version++;
    const entry = this.entries.get(doc._id);
    if (entry) {
      this.replace(entry, doc);
      return;
    }
    if (!this.catalog.isEmpty) this.catalog.checkWrite(undefined, doc);
    const created: Entry = { doc, seq: this.nextSeq++ };
    this.entries.set(doc._id, created);
    if (!this.catalog.isEmpty) this.catalog.inserted(created);
    for (const index of this.ordered.values()) index.inserted(created);
    for (const list of this.partitioned.values()) for (const index of list) index.inserted(created);
  }

  replace(entry: Entry, doc: ReadDocument): void {
    if (entry.doc === doc) return;
    this.version++;
    const before = entry.doc;
    if (!this.catalog.isEmpty) this.catalog.checkWrite(entry, doc);
    entry.doc = doc;
    if (!this.catalog.isEmpty) this.catalog.replaced(entry, before);
    for (const index of this.ordered.values()) index.replaced(entry, before);
    for (const list of this.partitioned.values()) for (const index of list) index.replaced(entry, before);
  }

  remove(entry: Entry): void {
    this.version++;
    if (!this.catalog.isEmpty) this.catalog.removed(entry);
    for (const index of this.ordered.values()) index.removed(entry);
    for (const list of this.partitioned.values()) for (const index of list) index.removed(entry);
    this.entries.delete(entry.doc._id);
  }

  /** Keeps `field` in sort order within each value of `partition` from now on. */
  declarePartitioned(partition: readonly string[], field: string): void {
    const list = this.partitioned.get(field) ?? [];
    if (list.some((index) => index.partition.join('\u0000') === partition.join('\u0000'))) return;
    list.push(new PartitionedOrderedIndex(partition, field, this.entries.values()));
    this.partitioned.set(field, list);
  }

  /** Keeps `field` in sort order from now on (createIndex with `ordered`). */
  declareOrdered(field: string): void {
    if (!this.ordered.has(field)) this.ordered.set(field, new OrderedIndex(field, this.entries.values()));
  }

  /**
   * How many candidates `filter`'s `_id` or equality indexes narrow it to, without building them; undefined
   * when nothing narrows it.
   */
  candidateCount(filter: Filter | undefined): number | undefined {
    if (!filter) return undefined;
    const conditions = equalityConditions(filter);
    const byId = conditions.find((condition) => condition.path === '_id');
    if (byId) return byId.values.length;
    return this.catalog.candidateCount(conditions);
  }

  /** Forgets every document and index (dropCollection); handles to the collection stay usable. */
  clear(): void {
    this.version++;
    this.entries.clear();
    this.catalog = new IndexCatalog(this.name);
    this.ordered.clear();
    this.partitioned.clear();
  }

  /** Entries matching `predicate` in insertion order, up to `max`. */
  matching(filter: Filter | undefined, predicate: Predicate, max = Infinity): Entry[] {
    const out: Entry[] = [];
    this.visit(filter, predicate, max, (entry) => out.push(entry));
    return out;
  }

  /** Documents matching `predicate` in insertion order, up to `max`. */
  matchingDocs(filter: Filter | undefined, predicate: Predicate, max = Infinity): ReadDocument[] {
    const out: ReadDocument[] = [];
    this.visit(filter, predicate, max, (entry) => out.push(entry.doc));
    return out;
  }

  count(filter: Filter | undefined, predicate: Predicate): number {
    let total = 0;
    this.visit(filter, predicate, Infinity, () => total++);
    return total;
  }

  /** Calls `found` with each match, at most `max` times. */
  private visit(
    filter: Filter | undefined,
    predicate: Predicate,
    max: number,
    found: (entry: Entry) => unknown,
  ): void {
    if (max <= 0) return;
    let seen = 0;
    const candidates = this.candidates(filter);
    // Two loops rather than one over either: a for-of that sees both arrays and Map iterators is slower.
    if (candidates) {
      for (const entry of candidates) {
        if (!predicate(entry.doc)) continue;
        found(entry);
        if (++seen >= max) return;
      }
    } else {
      for (const entry of this.entries.values()) {
        if (!predicate(entry.doc)) continue;
        found(entry);
        if (++seen >= max) return;
      }
    }
  }

  /** What `filter` narrows to by `_id` or an index, in insertion order; undefined means scan everything. */
  private candidates(filter: Filter | undefined): Entry[] | undefined {
    if (!filter || this.entries.size === 0) return undefined;
    const conditions = equalityConditions(filter);
    if (conditions.length === 0) return undefined;
    const byId = conditions.find((condition) => condition.path === '_id');
    if (byId) {
      const found = new Set<Entry>();
      for (const id of byId.values) {
        const entry = typeof id === 'string' ? this.entries.get(id) : undefined;
        if (entry) found.add(entry);
      }
      return [...found].sort(bySeq);
    }
    return this.catalog.candidates(conditions, this.entries.size);
  }
}
