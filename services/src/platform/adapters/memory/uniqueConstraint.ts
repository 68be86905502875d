import type { Entry } from './entry';
import { DuplicateKeyError } from './errors';
import { uniqueKeys } from './indexKeys';
import { collectValues, unchangedAt, type Path } from './paths';

/**
 * A unique index, on one field or several. Like MongoDB's: a missing field counts as null (two documents
 * without the field collide), each array item is a key of its own, and one document may repeat a key.
 */
export class UniqueConstraint {
  private readonly owners = new Map<unknown, Entry>();

  constructor(
    private readonly collection: string,
    readonly paths: readonly Path[],
  ) {}

  /** The document's keys; a compound index combines one key of each field. */
  private keysOf(doc: object): unknown[] {
    const first = uniqueKeys(doc, this.paths[0]!);
    if (this.paths.length === 1) return first;
    let combined: unknown[][] = first.map((key) => [key]);
    for (const path of this.paths.slice(1)) {
      const keys = uniqueKeys(doc, path);
      combined = combined.flatMap((prefix) => keys.map((key) => [...prefix, key]));
    }
    return combined.map((tuple) => JSON.stringify(tuple));
  }

  private unchanged(before: object, after: object): boolean {
    return this.paths.every((path) => unchangedAt(before, after, path));
  }

  /** @throws DuplicateKeyError when another document already holds one of `doc`'s keys. */
  check(entry: Entry | undefined, doc: object): void {
    if (entry && this.unchanged(entry.doc, doc)) return;
    for (const key of this.keysOf(doc)) {
      const owner = this.owners.get(key);
      if (owner && owner !== entry) throw this.duplicate(doc);
    }
  }

  /** Indexes documents already stored, refusing the index if two of them collide. */
  build(entries: Iterable<Entry>): void {
    for (const entry of entries) {
      for (const key of this.keysOf(entry.doc)) {
        const owner = this.owners.get(key);
        if (owner && owner !== entry) throw this.duplicate(entry.doc);
        this.owners.set(key, entry);
      }
    }
  }

  add(entry: Entry, doc: object): void {
    for (const key of this.keysOf(doc)) this.owners.set(key, entry);
  }

  remove(entry: Entry, doc: object): void {
    for (const key of this.keysOf(doc)) if (this.owners.get(key) === entry) this.owners.delete(key);
  }

  replace(entry: Entry, before: object, after: object): void {
    if (this.unchanged(before, after)) return;
    this.remove(entry, before);
    this.add(entry, after);
  }

  private duplicate(doc: object): DuplicateKeyError {
    const value: Record<string, unknown> = {};
    for (const path of this.paths) {
      const values = collectValues(doc, path);
      value[path.text] = values.length === 1 ? (values[0] ?? null) : values;
    }
    return new DuplicateKeyError(
      this.collection,
      this.paths.map((path) => path.text),
      value,
    );
  }
}
