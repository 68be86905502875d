import type { Database, Statement } from 'better-sqlite3';
import { DuplicateKeyError } from '../../memory/errors';
import { uniqueKeys } from '../../memory/indexKeys';
import { collectValues, unchangedAt } from '../../memory/paths';
import { tableNames, type IndexDefinition } from './schema';

/**
 * A unique index's keys, kept in a table of its own with MongoDB's rules (indexKeys.ts): a missing field
 * counts as null, so two documents without it collide; every array item is a key; a compound index
 * combines one key of each field. A document may repeat a key of its own.
 */
export class UniqueKeys {
  private readonly owner: Statement<[string], number>;
  private readonly insert: Statement<[string, number]>;
  private readonly remove: Statement<[string, number]>;

  constructor(
    db: Database,
    private readonly collection: string,
    readonly index: IndexDefinition,
  ) {
    const table = tableNames(collection).uniqueKeys(index.name);
    this.owner = db.prepare<[string], number>(`SELECT seq FROM ${table} WHERE key = ?`).pluck();
    this.insert = db.prepare(`INSERT OR REPLACE INTO ${table} (key, seq) VALUES (?, ?)`);
    this.remove = db.prepare(`DELETE FROM ${table} WHERE key = ? AND seq = ?`);
  }

  /** The document's keys as text: a tag for the type, so 1, true and '1' stay apart. */
  private keysOf(doc: object): string[] {
    const perField = this.index.fields.map((field) => uniqueKeys(doc, field.path));
    if (perField.length === 1)
      return perField[0]!.map((key) => (typeof key === 'string' ? `s${key}` : `j${JSON.stringify(key)}`));
    let combined: unknown[][] = [[]];
    for (const keys of perField) combined = combined.flatMap((prefix) => keys.map((key) => [...prefix, key]));
    return combined.map((tuple) => `t${JSON.stringify(tuple)}`);
  }

  private unchanged(before: object | undefined, after: object): boolean {
    return before !== undefined && this.index.fields.every((field) => unchangedAt(before, after, field.path));
  }

  /** @throws DuplicateKeyError when another document holds one of `doc`'s keys. */
  check(seq: number | undefined, before: object | undefined, doc: object): void {
    if (this.unchanged(before, doc)) return;
    for (const key of this.keysOf(doc)) {
      const owner = this.owner.get(key);
      if (owner !== undefined && owner !== seq) throw this.duplicate(doc);
    }
  }

  /** Moves the document's keys from its previous version (if any) to `doc`; `check` came first. */
  written(seq: number, before: object | undefined, doc: object): void {
    if (this.unchanged(before, doc)) return;
    if (before) this.deleted(seq, before);
    for (const key of this.keysOf(doc)) this.insert.run(key, seq);
  }

  deleted(seq: number, doc: object): void {
    for (const key of this.keysOf(doc)) this.remove.run(key, seq);
  }

  /** Indexes stored documents when the index is declared, refusing it if two of them collide. */
  build(rows: Iterable<[number, object]>): void {
    for (const [seq, doc] of rows) {
      this.check(seq, undefined, doc);
      this.written(seq, undefined, doc);
    }
  }

  private duplicate(doc: object): DuplicateKeyError {
    const value: Record<string, unknown> = {};
    for (const { path } of this.index.fields) {
      const values = collectValues(doc, path);
      value[path.text] = values.length === 1 ? (values[0] ?? null) : values;
    }
    return new DuplicateKeyError(
      this.collection,
      this.index.fields.map((field) => field.path.text),
      value,
    );
  }
}
