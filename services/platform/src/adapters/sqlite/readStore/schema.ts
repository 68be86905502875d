import type { SortSpec } from '../../../ports/readStore';
import { InvalidQueryError } from '../../memory/errors';
import { parsePath, type Path } from '../../memory/paths';

/**
 * How the read store lays collections out in SQLite. One table per collection, `c:<name>`: `seq` (the
 * rowid: insertion order, which unsorted results and sort ties follow), `id` (the document's `_id`,
 * unique) and `doc` (the document as JSON text). A declared index is a SQLite index on the expressions
 * `doc ->> '$."a"."b"'` of its fields; a unique one also keeps its keys in a table `u:<name>:<index>`,
 * because MongoDB's unique rules (a missing field counts as null, every array item is a key) are not
 * SQLite's. Two tables describe the rest: the declared indexes, and what kinds of values each indexed path
 * has held (pathKinds.ts), which decides what SQL may answer exactly.
 */

/** Bumped when the layout changes: a store written in another layout is emptied and rebuilt from the log. */
export const LAYOUT_VERSION = 1;

export const METADATA_DDL = `
  CREATE TABLE IF NOT EXISTS _read_store_indexes (
    collection TEXT NOT NULL,
    name       TEXT NOT NULL,
    keys       TEXT NOT NULL,
    is_unique  INTEGER NOT NULL,
    UNIQUE (collection, name)
  );
  CREATE TABLE IF NOT EXISTS _read_store_paths (
    collection TEXT NOT NULL,
    path       TEXT NOT NULL,
    kinds      INTEGER NOT NULL,
    PRIMARY KEY (collection, path)
  ) WITHOUT ROWID;`;

export const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const quoteText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

export function checkCollectionName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name === '' || name.includes('\u0000')) {
    throw new InvalidQueryError(`a collection name is a non-empty string, got ${JSON.stringify(name)}`);
  }
}

/** The SQL names of one collection's table and of the objects that belong to it. */
export function tableNames(collection: string) {
  return {
    table: quoteIdentifier(`c:${collection}`),
    idIndex: quoteIdentifier(`id:${collection}`),
    index: (name: string) => quoteIdentifier(`i:${collection}:${name}`),
    uniqueKeys: (name: string) => quoteIdentifier(`u:${collection}:${name}`),
    multiKeys: (name: string) => quoteIdentifier(`m:${collection}:${name}`),
  };
}

export const tableDdl = (collection: string): string => {
  const names = tableNames(collection);
  return `
    CREATE TABLE IF NOT EXISTS ${names.table} (seq INTEGER PRIMARY KEY, id TEXT NOT NULL, doc TEXT NOT NULL);
    CREATE UNIQUE INDEX IF NOT EXISTS ${names.idIndex} ON ${names.table} (id);`;
};

/**
 * The SQL expression of a field path, or undefined when SQLite's JSON paths cannot spell it (a name with
 * a double quote or a backslash): such a path is never answered in SQL. `->>` gives a JSON string as TEXT,
 * a number as INTEGER or REAL, true and false as 1 and 0, null and a missing field as NULL.
 */
export function pathExpression(path: Path): string | undefined {
  if (path.text === '_id') return 'id';
  const spellable = (segment: string) =>
    ![...segment].some((c) => c === '"' || c === '\\' || c.charCodeAt(0) < 0x20);
  if (!path.segments.every(spellable)) return undefined;
  const jsonPath = `$${path.segments.map((segment) => `."${segment}"`).join('')}`;
  return `(doc ->> ${quoteText(jsonPath)})`;
}

export interface IndexField {
  path: Path;
  /** Undefined when SQLite cannot spell the path: the index still holds its unique keys, if any. */
  expression: string | undefined;
  direction: 1 | -1;
}

/** A declared index: MongoDB's name for it (`a_1_b_-1`), its fields, and whether it is unique. */
export interface IndexDefinition {
  name: string;
  fields: IndexField[];
  unique: boolean;
  /** Whether SQLite keeps it (every path has an expression); only then does it serve queries. */
  inSql: boolean;
}

export function indexDefinition(keys: SortSpec, unique: boolean): IndexDefinition {
  if (typeof keys !== 'object' || keys === null || Array.isArray(keys)) {
    throw new InvalidQueryError(`index keys are an object of field: 1 | -1, got ${JSON.stringify(keys)}`);
  }
  const names = Object.keys(keys);
  if (names.length === 0) throw new InvalidQueryError('an index needs at least one field');
  const fields = names.map((name): IndexField => {
    const direction = keys[name];
    if (direction !== 1 && direction !== -1) {
      throw new InvalidQueryError(`index direction of '${name}' must be 1 or -1, got ${String(direction)}`);
    }
    const path = parsePath(name);
    return { path, expression: pathExpression(path), direction };
  });
  return {
    name: names.map((name) => `${name}_${keys[name]}`).join('_'),
    fields,
    unique,
    inSql: fields.every((field) => field.expression !== undefined),
  };
}

export function indexDdl(collection: string, index: IndexDefinition): string | undefined {
  if (!index.inSql) return undefined;
  const names = tableNames(collection);
  const columns = index.fields.map((field) => `${field.expression}${field.direction === -1 ? ' DESC' : ''}`);
  return `CREATE INDEX IF NOT EXISTS ${names.index(index.name)} ON ${names.table} (${columns.join(', ')})`;
}

export const uniqueKeysDdl = (collection: string, index: IndexDefinition): string =>
  `CREATE TABLE IF NOT EXISTS ${tableNames(collection).uniqueKeys(index.name)} ` +
  '(key TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID';
