import Database, { type Statement } from 'better-sqlite3';
import { join } from 'node:path';
import type { ReadDocument, ReadStore } from '../../../ports/readStore';
import { parsePath } from '../../memory/paths';
import { privateDatabaseFiles, privateDir } from '../privateFiles';
import { Commits } from './commits';
import {
  CollectionState,
  SqliteCollection,
  type ObservedQuery,
  type SqliteReadCollection,
  type StoreContext,
} from './collection';
import {
  checkCollectionName,
  indexDefinition,
  LAYOUT_VERSION,
  METADATA_DDL,
  pathExpression,
  quoteIdentifier,
  tableNames,
} from './schema';
import { MultiKeys } from './multiKeys';
import { UniqueKeys } from './uniqueKeys';

export const READ_STORE_FILE = 'readmodels.sqlite';

export interface SqliteReadStoreOptions {
  /** The folder of `readmodels.sqlite`; without it the store lives in memory (tests, tools). */
  dataDir?: string;
  /** SQLite's page cache, in KiB. */
  cacheKib?: number;
  /** Writes after which a commit happens at the end of the current unit of work, whatever the event loop. */
  maxPendingWrites?: number;
  /** A commit that failed (it is retried); the runtime logs it. */
  onCommitError?(error: unknown): void;
  /** Test seam: called after every write operation, inside the open transaction, with a running count. */
  afterWrite?(writes: number): void;
}

export interface SqliteReadStore extends ReadStore {
  collection<T extends ReadDocument = ReadDocument>(name: string): SqliteReadCollection<T>;
  unitOfWork<T>(work: () => Promise<T>): Promise<T>;
  /** Commits what was written so far. */
  flush(): void;
  /**
   * Calls `listener` with every find, findOne and count from now on, until the returned function is
   * called: the request-path test explains each read the routes make.
   */
  observeQueries(listener: (query: ObservedQuery) => void): () => void;
  /** The database file; undefined in memory. */
  readonly file: string | undefined;
}

const STATEMENT_CACHE_SIZE = 512;

/**
 * The embedded read store: MongoDB's query language over collections kept in SQLite (`readmodels.sqlite`
 * in DATA_DIR, WAL), durable with the projections' progress, so a restart replays only the events after
 * it. See README.md beside this file for the layout, the planner and the numbers behind the choice.
 */
export function openSqliteReadStore(options: SqliteReadStoreOptions = {}): SqliteReadStore {
  let file: string | undefined;
  if (options.dataDir) {
    privateDir(options.dataDir);
    file = join(options.dataDir, READ_STORE_FILE);
    privateDatabaseFiles(file);
  }
  const db = new Database(file ?? ':memory:');
  db.pragma('journal_mode = WAL');
  // A commit lost to a power cut loses the progress with the documents it moved: a restart replays more
  // events, from the event store, whose own commits are fsynced. NORMAL never fsyncs on commit in WAL mode.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma(`cache_size = ${-(options.cacheKib ?? 32 * 1024)}`);
  db.pragma('foreign_keys = OFF');
  resetIfOtherLayout(db);
  db.exec(METADATA_DDL);
  registerFunctions(db);

  const statements = new Map<string, Statement>();
  const statement = (sql: string): Statement => {
    let found = statements.get(sql);
    if (found) {
      // Most recently used last, so the first entry is the one to drop.
      statements.delete(sql);
      statements.set(sql, found);
      return found;
    }
    found = db.prepare(sql);
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    statements.set(sql, found);
    return found;
  };

  const lifecycle = { closed: false };
  const commits = new Commits(db, {
    maxPending: options.maxPendingWrites ?? 5_000,
    afterWrite: options.afterWrite,
    onCommitError: options.onCommitError ?? (() => undefined),
  });
  const listeners = new Set<(query: ObservedQuery) => void>();
  const context: StoreContext = {
    db,
    commits,
    observe: undefined,
    statement,
    checkOpen(collection) {
      if (lifecycle.closed) throw new Error(`the read store is closed (collection '${collection}')`);
    },
  };

  const states = loadStates(db);
  const handles = new Map<string, SqliteCollection<ReadDocument>>();

  function stateOf(name: string): CollectionState {
    let state = states.get(name);
    if (!state) states.set(name, (state = new CollectionState(name)));
    return state;
  }

  return {
    file,

    collection<T extends ReadDocument = ReadDocument>(name: string): SqliteReadCollection<T> {
      checkCollectionName(name);
      let handle = handles.get(name);
      if (!handle) handles.set(name, (handle = new SqliteCollection(context, stateOf(name))));
      return handle as unknown as SqliteReadCollection<T>;
    },

    async dropCollection(name: string): Promise<void> {
      if (lifecycle.closed) throw new Error('the read store is closed');
      checkCollectionName(name);
      const state = states.get(name);
      if (!state?.exists) return;
      const names = tableNames(name);
      commits.write(() => {
        for (const index of state.indexes) {
          if (index.unique) db.exec(`DROP TABLE IF EXISTS ${names.uniqueKeys(index.name)}`);
          db.exec(`DROP TABLE IF EXISTS ${names.multiKeys(index.name)}`);
        }
        db.exec(`DROP TABLE IF EXISTS ${names.table}`);
        db.prepare('DELETE FROM _read_store_indexes WHERE collection = ?').run(name);
        db.prepare('DELETE FROM _read_store_paths WHERE collection = ?').run(name);
      });
      // Statements on the dropped tables would fail once they are gone for good.
      for (const sql of [...statements.keys()]) {
        const keyTables = [`u:${name}:`, `m:${name}:`].map((prefix) => quoteIdentifier(prefix).slice(0, -1));
        if (sql.includes(names.table) || keyTables.some((prefix) => sql.includes(prefix))) {
          statements.delete(sql);
        }
      }
      state.reset();
    },

    unitOfWork: (work) => commits.unit(work),

    flush: () => commits.commit(),

    observeQueries(listener) {
      listeners.add(listener);
      context.observe = (query) => {
        for (const each of listeners) each(query);
      };
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) context.observe = undefined;
      };
    },

    async close(): Promise<void> {
      if (lifecycle.closed) return;
      lifecycle.closed = true;
      commits.stop();
      commits.commit();
      statements.clear();
      db.close();
    },
  };
}

/**
 * `mongo_regex(value, source, flags)`: whether `value` is a string the regular expression finds, as the
 * JavaScript evaluator decides it (conditions.ts); compiled once per pattern.
 */
function registerFunctions(db: Database.Database): void {
  const compiled = new Map<string, RegExp>();
  db.function('mongo_regex', { deterministic: true }, (value: unknown, source: unknown, flags: unknown) => {
    if (typeof value !== 'string') return 0;
    const key = `${String(flags)}/${String(source)}`;
    let regex = compiled.get(key);
    if (!regex) {
      if (compiled.size >= 256) compiled.clear();
      compiled.set(key, (regex = new RegExp(String(source), String(flags))));
    }
    return regex.test(value) ? 1 : 0;
  });
}

/** Empties a file written in another layout: its projections rebuild from the event store. */
function resetIfOtherLayout(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === LAYOUT_VERSION) return;
  const objects = db
    .prepare("SELECT type, name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { type: string; name: string }[];
  db.transaction(() => {
    for (const { name } of objects) db.exec(`DROP TABLE ${quoteIdentifier(name)}`);
    db.pragma(`user_version = ${LAYOUT_VERSION}`);
  })();
}

/** What the file already holds: its collections, their indexes, and the kinds of their indexed paths. */
function loadStates(db: Database.Database): Map<string, CollectionState> {
  const states = new Map<string, CollectionState>();
  const stateOf = (name: string) => {
    let state = states.get(name);
    if (!state) states.set(name, (state = new CollectionState(name)));
    return state;
  };
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'c:%'")
    .pluck()
    .all() as string[];
  for (const table of tables) stateOf(table.slice(2)).exists = true;
  const paths = db.prepare('SELECT collection, path, kinds FROM _read_store_paths').all() as {
    collection: string;
    path: string;
    kinds: number;
  }[];
  for (const { collection, path, kinds } of paths) {
    const parsed = parsePath(path);
    const expression = pathExpression(parsed);
    if (expression) stateOf(collection).paths.set(path, { path: parsed, expression, kinds });
  }
  const indexes = db
    .prepare('SELECT collection, keys, is_unique FROM _read_store_indexes ORDER BY rowid')
    .all() as { collection: string; keys: string; is_unique: number }[];
  const keyTables = new Set(
    db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'm:%'")
      .pluck()
      .all() as string[],
  );
  for (const { collection, keys, is_unique } of indexes) {
    const state = stateOf(collection);
    const index = indexDefinition(JSON.parse(keys) as Record<string, 1 | -1>, is_unique === 1);
    state.indexes.push(index);
    if (index.unique) state.unique.push(new UniqueKeys(db, collection, index));
    if (keyTables.has(`m:${collection}:${index.name}`))
      state.multikeys.push(new MultiKeys(db, collection, index));
  }
  return states;
}
