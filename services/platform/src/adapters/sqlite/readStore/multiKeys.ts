import type { Database, Statement } from 'better-sqlite3';
import { ANY_KEY, lookupKeyOf, lookupKeys, type IndexKey } from '../../memory/indexKeys';
import { unchangedAt } from '../../memory/paths';
import { tableNames, type IndexDefinition } from './schema';

/**
 * The keys of an index whose first field has held an array (MongoDB calls it multikey), where SQL on
 * `doc ->> path` cannot say what matches: a table of (key, seq) holding, for each document, its value,
 * each item of an array value, or ANY when the path runs through an array of documents. An equality or
 * `$in` on the field reads the rows of its keys and ANY's: candidates, which the filter then tests in
 * JavaScript (roles' permissions, users' roles, a sub-status's parents).
 */
export class MultiKeys {
  private readonly insert: Statement<[string, number]>;
  private readonly remove: Statement<[string, number]>;
  readonly table: string;

  constructor(
    db: Database,
    collection: string,
    readonly index: IndexDefinition,
  ) {
    this.table = tableNames(collection).multiKeys(index.name);
    this.insert = db.prepare(`INSERT OR IGNORE INTO ${this.table} (key, seq) VALUES (?, ?)`);
    this.remove = db.prepare(`DELETE FROM ${this.table} WHERE key = ? AND seq = ?`);
  }

  get path() {
    return this.index.fields[0]!.path;
  }

  private keysOf(doc: object): string[] {
    return [...new Set(lookupKeys(doc, this.path).map(encodeKey))];
  }

  written(seq: number, before: object | undefined, doc: object): void {
    if (before && unchangedAt(before, doc, this.path)) return;
    if (before) this.deleted(seq, before);
    for (const key of this.keysOf(doc)) this.insert.run(key, seq);
  }

  deleted(seq: number, doc: object): void {
    for (const key of this.keysOf(doc)) this.remove.run(key, seq);
  }

  build(rows: Iterable<[number, object]>): void {
    for (const [seq, doc] of rows) this.written(seq, undefined, doc);
  }

  /** The candidates of "the field equals one of `values`", as a subquery of `seq`s. */
  lookup(values: readonly unknown[]): { sql: string; params: string[] } {
    const keys = [...new Set([...values.map((value) => encodeKey(lookupKeyOf(value))), encodeKey(ANY_KEY)])];
    return {
      sql: `SELECT seq FROM ${this.table} WHERE key IN (${keys.map(() => '?').join(', ')})`,
      params: keys,
    };
  }
}

const encodeKey = (key: IndexKey): string =>
  typeof key === 'string' ? `s${key}` : `j${JSON.stringify(key)}`;

export const multiKeysDdl = (table: string): string =>
  `CREATE TABLE IF NOT EXISTS ${table} (key TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (key, seq)) WITHOUT ROWID`;
