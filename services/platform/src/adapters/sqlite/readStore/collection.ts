import type { Database, Statement } from 'better-sqlite3';
import type {
  Filter,
  FindOptions,
  ReadCollection,
  ReadDocument,
  SortSpec,
  UpdateSpec,
} from '../../../ports/readStore';
import { InvalidDocumentError, InvalidQueryError } from '../../memory/errors';
import { compileFilter, type Predicate } from '../../memory/filterCompiler';
import { equalityConditions } from '../../memory/filterEqualities';
import { frozenCopy } from '../../memory/frozenJson';
import { orderPage } from '../../memory/ordering';
import type { Path } from '../../memory/paths';
import { parseSort, type SortField } from '../../memory/sortKeys';
import { applyUpdate, validateUpdate } from '../../memory/updater';
import type { Commits } from './commits';
import { termsSql, translateFilter, type Translation } from './conditions';
import { explainQuery, explainWithoutSql, type QueryExplanation } from './explain';
import { COMPLEX, kindWritten, sortsInSql } from './pathKinds';
import { chooseAccess, type Access, type CollectionFacts, type Probe } from './planner';
import {
  indexDdl,
  indexDefinition,
  pathExpression,
  tableDdl,
  tableNames,
  uniqueKeysDdl,
  type IndexDefinition,
} from './schema';
import { MultiKeys, multiKeysDdl } from './multiKeys';
import { UniqueKeys } from './uniqueKeys';

/** A read as a caller asked it (`observeQueries`). */
export interface ObservedQuery {
  collection: string;
  operation: 'find' | 'findOne' | 'count';
  filter: Filter;
  options: FindOptions;
}

/** What the store shares with its collections. */
export interface StoreContext {
  db: Database;
  commits: Commits;
  /** Called with every read, when someone listens. */
  observe: ((query: ObservedQuery) => void) | undefined;
  /** A prepared statement for `sql`, kept for reuse. */
  statement(sql: string): Statement;
  /** @throws when the store is closed. */
  checkOpen(collection: string): void;
}

export interface TrackedPath {
  path: Path;
  expression: string;
  kinds: number;
}

/** One collection as this process knows it: its table, indexes and the kinds of its indexed paths. */
export class CollectionState {
  readonly names: ReturnType<typeof tableNames>;
  exists = false;
  indexes: IndexDefinition[] = [];
  unique: UniqueKeys[] = [];
  /** Key tables of the indexes whose first field has held an array. */
  multikeys: MultiKeys[] = [];
  readonly paths = new Map<string, TrackedPath>();
  /** Documents stored, once counted. */
  size: number | undefined;
  /** Moves on every write: a cached count is good while it has not moved. */
  version = 0;
  readonly counts = new Map<string, { version: number; total: number }>();

  constructor(readonly name: string) {
    this.names = tableNames(name);
  }

  /** Forgets everything (the collection was dropped). */
  reset(): void {
    this.exists = false;
    this.indexes = [];
    this.unique = [];
    this.multikeys = [];
    this.paths.clear();
    this.size = 0;
    this.version++;
    this.counts.clear();
  }
}

const COUNT_CACHE_SIZE = 64;

export type ExplainOptions = FindOptions & { operation?: 'find' | 'findOne' | 'count' };

export interface SqliteReadCollection<T extends ReadDocument = ReadDocument> extends ReadCollection<T> {
  /** How the store answers this query, and what answering it read (it runs the query). */
  explain(filter?: Filter, options?: ExplainOptions): Promise<QueryExplanation>;
}

/** A query ready to run: its SQL, and what JavaScript still does with the rows. */
export interface PlannedQuery {
  sql: string;
  params: unknown[];
  access: Access;
  probes: Probe[];
  residual: Predicate | undefined;
  /** The sort JavaScript applies (none when SQL sorts or no sort was asked). */
  sortInJs: SortField[];
  sortInSql: boolean;
  pageInSql: boolean;
  skip: number;
  limit: number;
}

export interface RunStats {
  examined: number;
}

function whole(name: string, value: number | undefined): number {
  if (value === undefined) return 0;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new InvalidQueryError(`${name} must be a whole number of at least 0, got ${String(value)}`);
  }
  return value;
}

function checkId(id: unknown): asserts id is string {
  if (typeof id !== 'string') {
    throw new InvalidDocumentError(`_id must be a string, got ${JSON.stringify(id) ?? typeof id}`);
  }
}

function checkFilter(filter: unknown, operation: string): asserts filter is Filter {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new InvalidQueryError(`${operation} needs a filter object, got ${JSON.stringify(filter)}`);
  }
}

/**
 * The document an upsert creates: `_id` and the guard's equality fields, as MongoDB seeds an upsert from
 * its query's equality clauses.
 */
function seedFromGuard(id: string, guard: Filter): ReadDocument {
  const fields: Record<string, unknown> = {};
  let any = false;
  for (const condition of equalityConditions(guard)) {
    if (!condition.single || condition.path === '_id') continue;
    fields[condition.path] = condition.values[0];
    any = true;
  }
  const seed: ReadDocument = { _id: id };
  return any ? applyUpdate(seed, { $set: fields }, true) : seed;
}

const parse = (text: string): ReadDocument => JSON.parse(text) as ReadDocument;

/**
 * Values a key table may narrow an equality by: scalars and arrays of them. Embedded documents compare
 * by field order in one evaluator and not in the other (mingo), so those are left to the filter alone.
 */
const narrowable = (value: unknown): boolean =>
  value === null ||
  typeof value !== 'object' ||
  (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'));

/** The kinds a path holds in the stored documents, read with SQLite's `json_type` (an index is declared). */
function storedKinds(db: Database, table: string, path: Path): number {
  const prefixes = path.segments.map(
    (_, i) =>
      `json_type(doc, '$${path.segments
        .slice(0, i + 1)
        .map((s) => `."${s.replaceAll("'", "''")}"`)
        .join('')}')`,
  );
  const rows = db
    .prepare(`SELECT DISTINCT ${prefixes.join(', ')} FROM ${table}`)
    .raw()
    .all() as (string | null)[][];
  let kinds = 0;
  for (const types of rows) {
    const last = types[types.length - 1];
    if (types.slice(0, -1).includes('array')) kinds |= COMPLEX;
    else if (last === 'integer' || last === 'real') kinds |= 1;
    else if (last === 'text') kinds |= 2;
    else if (last === 'true' || last === 'false') kinds |= 4;
    else if (last === 'array' || last === 'object') kinds |= COMPLEX;
  }
  return kinds;
}

/** The port over one collection: documents are JSON text in SQLite, handed out as fresh copies. */
export class SqliteCollection<T extends ReadDocument> implements SqliteReadCollection<T> {
  constructor(
    private readonly store: StoreContext,
    private readonly state: CollectionState,
  ) {}

  private open(): CollectionState {
    this.store.checkOpen(this.state.name);
    return this.state;
  }

  // ─── reading ────────────────────────────────────────────────────────────────────────────────────────

  private facts(filter: Filter | undefined): CollectionFacts {
    const { names } = this.state;
    const multikeyLookups: CollectionFacts['multikeyLookups'] = [];
    if (filter && this.state.multikeys.length > 0) {
      const keysOf = (path: string) => this.state.multikeys.find((multikey) => multikey.path.text === path);
      for (const { path, values } of equalityConditions(filter)) {
        const keys = keysOf(path);
        if (keys && values.every(narrowable)) {
          multikeyLookups.push({ index: keys.index.name, ...keys.lookup(values) });
        }
      }
      // `$all` holds every value: any one of them narrows (a role granting these permissions).
      for (const [path, condition] of Object.entries(filter)) {
        const all = (condition as { $all?: unknown } | null)?.$all;
        const keys = Array.isArray(all) && all.length > 0 && keysOf(path);
        if (keys && narrowable(all[0]))
          multikeyLookups.push({ index: keys.index.name, ...keys.lookup([all[0]]) });
      }
    }
    return {
      multikeyLookups,
      table: names.table,
      idIndex: names.idIndex,
      indexes: this.state.indexes,
      indexName: (name) => (name === '_id_' ? names.idIndex : names.index(name)),
      countUpTo: (sql, params, cap) =>
        this.store.statement(`SELECT count(*) FROM (${sql} LIMIT ${cap})`).pluck().get(params) as number,
    };
  }

  private translate(filter: Filter | undefined): Translation {
    return translateFilter(filter, (path) => this.state.paths.get(path));
  }

  /** The SQL of a sort (undefined when some field is not known to sort in SQL as in MongoDB). */
  private sortSql(sort: readonly SortField[]): string | undefined {
    const parts: string[] = [];
    for (const field of sort) {
      let expression: string | undefined;
      if (field.path.text === '_id') expression = 'id';
      else {
        const tracked = this.state.paths.get(field.path.text);
        if (tracked && sortsInSql(tracked.kinds)) expression = tracked.expression;
      }
      if (!expression) return undefined;
      parts.push(field.direction === -1 ? `${expression} DESC` : expression);
    }
    return parts.join(', ');
  }

  /** Plans a query; `select` is what each row holds (`doc`, `seq, doc` or `count(*)`). */
  plan(
    filter: Filter | undefined,
    sort: SortField[],
    skip: number,
    limit: number,
    select: string,
  ): PlannedQuery {
    const translation = this.translate(filter);
    // A sort field pinned to one value by an equality orders nothing; left in ORDER BY, SQLite (which does
    // not see an indexed expression as constant) would sort what the index already yields in order.
    const pinned = new Set(
      translation.terms.flatMap((term) => (term.type === 'field' && term.use === 'eq' ? [term.path] : [])),
    );
    const ordering = sort.filter((field) => field.path.text === '_id' || !pinned.has(field.path.text));
    const sortSql = ordering.length > 0 ? this.sortSql(ordering) : '';
    const sortInSql = sortSql !== undefined;
    const residual = translation.residual === undefined ? undefined : compileFilter(translation.residual);
    const pageInSql = residual === undefined && sortInSql && select !== 'count(*)';
    const end = limit > 0 ? skip + limit : 0;
    const { access, probes } = chooseAccess(this.facts(filter), translation, sortInSql ? sort : [], end);
    const conditions = termsSql(translation.terms);
    const where = [access.where?.sql, conditions.sql].filter(Boolean);
    const params = [...(access.where?.params ?? []), ...conditions.params];
    let sql = `SELECT ${select} FROM ${access.from}`;
    if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`;
    // `seq` (insertion order) breaks ties as MongoDB's natural order does, except after `_id`, which is
    // unique: there it only made SQLite sort each one-row group of an index read backwards (a list's DESC).
    const uniqueSort = Boolean(sortSql) && sort.some((field) => field.path.text === '_id');
    const order = uniqueSort ? [sortSql] : [sortSql, 'seq'].filter(Boolean);
    if (select !== 'count(*)') sql += ` ORDER BY ${order.join(', ')}`;
    if (pageInSql && (limit > 0 || skip > 0)) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(limit > 0 ? limit : -1, skip);
    }
    return {
      sql,
      params,
      access,
      probes,
      residual,
      sortInJs: sortInSql ? [] : sort,
      sortInSql: sortInSql && sort.length > 0,
      pageInSql,
      skip,
      limit,
    };
  }

  /** Runs a planned `doc` query: rows parsed, the residual filter applied, then the sort and page. */
  run(query: PlannedQuery, stats: RunStats = { examined: 0 }): ReadDocument[] {
    const statement = this.store.statement(query.sql).pluck();
    if (query.pageInSql) {
      const rows = statement.all(query.params) as string[];
      stats.examined += rows.length;
      return rows.map(parse);
    }
    const { residual, skip, limit } = query;
    if (query.sortInJs.length === 0) {
      // Rows come in their final order: stop once the page is full.
      const page: ReadDocument[] = [];
      let skipped = 0;
      for (const text of statement.iterate(query.params) as IterableIterator<string>) {
        stats.examined++;
        const doc = parse(text);
        if (residual && !residual(doc)) continue;
        if (skipped < skip) skipped++;
        else page.push(doc);
        if (limit > 0 && page.length >= limit) break;
      }
      return page;
    }
    const matches: ReadDocument[] = [];
    for (const text of statement.iterate(query.params) as IterableIterator<string>) {
      stats.examined++;
      const doc = parse(text);
      if (!residual || residual(doc)) matches.push(doc);
    }
    return orderPage(matches, query.sortInJs, skip, limit);
  }

  private size(state: CollectionState): number {
    if (!state.exists) return 0;
    state.size ??= this.store.statement(`SELECT count(*) FROM ${state.names.table}`).pluck().get() as number;
    return state.size;
  }

  private findPlan(filter: Filter | undefined, options: FindOptions | undefined): PlannedQuery {
    if (filter !== undefined) checkFilter(filter, 'find');
    const skip = whole('skip', options?.skip);
    const limit = whole('limit', options?.limit);
    const sort = parseSort(options?.sort);
    // Malformed filters are refused whatever part of them SQL would have answered.
    compileFilter(filter);
    return this.plan(filter, sort, skip, limit, 'doc');
  }

  async find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    const state = this.open();
    this.store.observe?.({
      collection: state.name,
      operation: 'find',
      filter: filter ?? {},
      options: options ?? {},
    });
    const query = this.findPlan(filter, options);
    return state.exists ? (this.run(query) as T[]) : [];
  }

  async findOne(filter: Filter): Promise<T | null> {
    const state = this.open();
    this.store.observe?.({ collection: state.name, operation: 'findOne', filter, options: {} });
    checkFilter(filter, 'findOne');
    const query = this.findPlan(filter, { limit: 1 });
    return state.exists ? ((this.run(query)[0] as T | undefined) ?? null) : null;
  }

  async count(filter?: Filter): Promise<number> {
    const state = this.open();
    this.store.observe?.({ collection: state.name, operation: 'count', filter: filter ?? {}, options: {} });
    if (filter !== undefined) checkFilter(filter, 'count');
    compileFilter(filter);
    if (filter === undefined || Object.keys(filter).length === 0) return this.size(state);
    if (!state.exists) return 0;
    // The console asks the same count for every page: answered from a cache until the next write.
    const key = JSON.stringify(filter);
    const cached = state.counts.get(key);
    if (cached && cached.version === state.version) return cached.total;
    const total = this.countMatches(filter);
    if (state.counts.size >= COUNT_CACHE_SIZE) state.counts.delete(state.counts.keys().next().value!);
    state.counts.set(key, { version: state.version, total });
    return total;
  }

  private countMatches(filter: Filter, stats: RunStats = { examined: 0 }): number {
    const counted = this.plan(filter, [], 0, 0, 'count(*)');
    if (!counted.residual) return this.store.statement(counted.sql).pluck().get(counted.params) as number;
    return this.run(this.plan(filter, [], 0, 0, 'doc'), stats).length;
  }

  async explain(filter: Filter = {}, options: ExplainOptions = {}): Promise<QueryExplanation> {
    const state = this.open();
    const operation = options.operation ?? 'find';
    checkFilter(filter, operation);
    if (operation === 'count' && Object.keys(filter).length === 0) {
      return explainWithoutSql(state.name, operation, 'size', this.size(state));
    }
    compileFilter(filter);
    if (!state.exists) return explainWithoutSql(state.name, operation, 'none', 0);
    const stats: RunStats = { examined: 0 };
    if (operation === 'count') {
      const counted = this.plan(filter, [], 0, 0, 'count(*)');
      if (!counted.residual) {
        const total = this.store.statement(counted.sql).pluck().get(counted.params) as number;
        return explainQuery(state.name, operation, counted, this.store.db, stats, total);
      }
    }
    const query =
      operation === 'count'
        ? this.plan(filter, [], 0, 0, 'doc')
        : this.findPlan(filter, operation === 'findOne' ? { limit: 1 } : options);
    const returned = this.run(query, stats).length;
    return explainQuery(state.name, operation, query, this.store.db, stats, returned);
  }

  // ─── writing ────────────────────────────────────────────────────────────────────────────────────────

  private ensureTable(state: CollectionState): void {
    if (state.exists) return;
    this.store.db.exec(tableDdl(state.name));
    state.exists = true;
    state.size = 0;
  }

  private rowOf(id: string): [number, string] | undefined {
    const state = this.state;
    if (!state.exists) return undefined;
    return this.store.statement(`SELECT seq, doc FROM ${state.names.table} WHERE id = ?`).raw().get(id) as
      [number, string] | undefined;
  }

  /** Notes the kinds of values `after` holds at the indexed paths, persisting any new kind. */
  private noteKinds(before: object | undefined, after: object): void {
    for (const tracked of this.state.paths.values()) {
      const kind = kindWritten(before, after, tracked.path);
      if ((tracked.kinds | kind) === tracked.kinds) continue;
      tracked.kinds |= kind;
      this.store
        .statement(
          `INSERT INTO _read_store_paths (collection, path, kinds) VALUES (?, ?, ?)
           ON CONFLICT (collection, path) DO UPDATE SET kinds = excluded.kinds`,
        )
        .run(this.state.name, tracked.path.text, tracked.kinds);
      if (kind & COMPLEX) this.addMultikeys(tracked.path.text);
    }
  }

  /**
   * Key tables for the indexes led by `path`, which has just held an array: built from the stored
   * documents once, then kept by every write.
   */
  private addMultikeys(path: string): void {
    const state = this.state;
    const db = this.store.db;
    for (const index of state.indexes) {
      if (!index.inSql || index.fields[0]!.path.text !== path) continue;
      if (state.multikeys.some((keys) => keys.index.name === index.name)) continue;
      db.exec(multiKeysDdl(state.names.multiKeys(index.name)));
      const keys = new MultiKeys(db, state.name, index);
      // Read first: SQLite cannot write the keys while a read of the same connection is open.
      const rows = db.prepare(`SELECT seq, doc FROM ${state.names.table}`).raw().all() as [number, string][];
      keys.build(rows.map(([seq, text]): [number, object] => [seq, parse(text)]));
      state.multikeys.push(keys);
    }
  }

  /** Stores `after` as the document in row `seq` (a new row when undefined); returns the row. */
  private save(seq: number | undefined, before: ReadDocument | undefined, after: ReadDocument): number {
    const state = this.state;
    for (const unique of state.unique) unique.check(seq, before, after);
    this.noteKinds(before, after);
    const text = JSON.stringify(after);
    if (seq === undefined) {
      const result = this.store
        .statement(`INSERT INTO ${state.names.table} (id, doc) VALUES (?, ?)`)
        .run(after._id, text);
      seq = Number(result.lastInsertRowid);
      if (state.size !== undefined) state.size++;
    } else {
      this.store.statement(`UPDATE ${state.names.table} SET doc = ? WHERE seq = ?`).run(text, seq);
    }
    for (const unique of state.unique) unique.written(seq, before, after);
    for (const keys of state.multikeys) keys.written(seq, before, after);
    state.version++;
    return seq;
  }

  async upsert(doc: T): Promise<void> {
    const state = this.open();
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
      throw new InvalidDocumentError(`a document is an object, got ${JSON.stringify(doc)}`);
    }
    checkId(doc._id);
    const copy = frozenCopy(doc, 'the document') as ReadDocument;
    this.store.commits.write(() => {
      this.ensureTable(state);
      const row = this.rowOf(copy._id);
      // The previous version only matters to key tables (whose keys move) and kinds (recomputed anyway).
      const before = row && state.unique.length + state.multikeys.length > 0 ? parse(row[1]) : undefined;
      this.save(row?.[0], before, copy);
    });
  }

  async guardedUpdate(
    id: string,
    guard: Filter,
    update: UpdateSpec,
    options?: { upsert?: boolean },
  ): Promise<boolean> {
    const state = this.open();
    checkId(id);
    checkFilter(guard, 'guardedUpdate');
    const row = this.rowOf(id);
    if (row) {
      const doc = parse(row[1]);
      if (!compileFilter(guard)(doc)) {
        // MongoDB rejects a malformed update whether or not a document matched; so do we.
        validateUpdate(update);
        return false;
      }
      const next = applyUpdate(doc, update, false);
      if (next === doc) return false;
      this.store.commits.write(() => this.save(row[0], doc, next));
      return true;
    }
    if (!options?.upsert) {
      validateUpdate(update);
      return false;
    }
    const created = applyUpdate(seedFromGuard(id, guard), update, true);
    this.store.commits.write(() => {
      this.ensureTable(state);
      this.save(undefined, undefined, created);
    });
    return true;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const state = this.open();
    checkFilter(filter, 'deleteMany');
    compileFilter(filter);
    if (!state.exists) return 0;
    if (Object.keys(filter).length === 0) {
      return this.store.commits.write(() => {
        const { changes } = this.store.statement(`DELETE FROM ${state.names.table}`).run();
        for (const unique of state.unique) {
          this.store.statement(`DELETE FROM ${state.names.uniqueKeys(unique.index.name)}`).run();
        }
        for (const keys of state.multikeys) this.store.statement(`DELETE FROM ${keys.table}`).run();
        state.size = 0;
        state.version++;
        return changes;
      });
    }
    const query = this.plan(filter, [], 0, 0, 'seq, doc');
    const doomed: [number, ReadDocument][] = [];
    for (const [seq, text] of this.store.statement(query.sql).raw().iterate(query.params) as IterableIterator<
      [number, string]
    >) {
      const doc = parse(text);
      if (!query.residual || query.residual(doc)) doomed.push([seq, doc]);
    }
    if (doomed.length === 0) return 0;
    return this.store.commits.write(() => {
      const remove = this.store.statement(`DELETE FROM ${state.names.table} WHERE seq = ?`);
      for (const [seq, doc] of doomed) {
        remove.run(seq);
        for (const unique of state.unique) unique.deleted(seq, doc);
        for (const keys of state.multikeys) keys.deleted(seq, doc);
      }
      if (state.size !== undefined) state.size -= doomed.length;
      state.version++;
      return doomed.length;
    });
  }

  async createIndex(keys: SortSpec, options?: { unique?: boolean; ordered?: boolean }): Promise<void> {
    const state = this.open();
    const index = indexDefinition(keys, options?.unique === true);
    const existing = state.indexes.find((declared) => declared.name === index.name);
    if (existing) {
      if (existing.unique !== index.unique) {
        throw new InvalidQueryError(`index ${index.name} already exists with unique: ${existing.unique}`);
      }
      return;
    }
    const db = this.store.db;
    this.store.commits.write(() => {
      this.ensureTable(state);
      const added: string[] = [];
      db.exec('SAVEPOINT create_index');
      try {
        for (const { path } of index.fields) {
          const expression = pathExpression(path);
          if (path.text === '_id' || !expression || state.paths.has(path.text)) continue;
          const kinds = storedKinds(db, state.names.table, path);
          state.paths.set(path.text, { path, expression, kinds });
          added.push(path.text);
          db.prepare(
            `INSERT INTO _read_store_paths (collection, path, kinds) VALUES (?, ?, ?)
             ON CONFLICT (collection, path) DO UPDATE SET kinds = excluded.kinds`,
          ).run(state.name, path.text, kinds);
        }
        let unique: UniqueKeys | undefined;
        if (index.unique) {
          db.exec(uniqueKeysDdl(state.name, index));
          unique = new UniqueKeys(db, state.name, index);
          // Read first: SQLite cannot write the keys while a read of the same connection is open.
          const rows = db.prepare(`SELECT seq, doc FROM ${state.names.table} ORDER BY seq`).raw().all() as [
            number,
            string,
          ][];
          unique.build(rows.map(([seq, text]): [number, object] => [seq, parse(text)]));
        }
        const ddl = indexDdl(state.name, index);
        if (ddl) db.exec(ddl);
        db.prepare(
          'INSERT OR REPLACE INTO _read_store_indexes (collection, name, keys, is_unique) VALUES (?, ?, ?, ?)',
        ).run(state.name, index.name, JSON.stringify(keys), index.unique ? 1 : 0);
        state.indexes.push(index);
        if (unique) state.unique.push(unique);
        const first = state.paths.get(index.fields[0]!.path.text);
        if (first && first.kinds & COMPLEX) this.addMultikeys(first.path.text);
        db.exec('RELEASE create_index');
        state.version++;
      } catch (error) {
        db.exec('ROLLBACK TO create_index');
        db.exec('RELEASE create_index');
        for (const path of added) state.paths.delete(path);
        state.indexes = state.indexes.filter((declared) => declared !== index);
        state.unique = state.unique.filter((keys) => keys.index !== index);
        state.multikeys = state.multikeys.filter((keys) => keys.index !== index);
        throw error;
      }
    });
  }
}
