import type { Database } from 'better-sqlite3';
import type { AccessType, Probe } from './planner';

/** What `explain` tells of a query: how it found its documents, what SQL did, what reading cost. */
export interface QueryExplanation {
  collection: string;
  operation: 'find' | 'findOne' | 'count';
  /**
   * `id`, `index`, `union` (an `$or` through its branches' indexes), `walk` (an index in sort order),
   * `keys` (one index's keys read whole, never its documents), `scan` (every document), `size` (a count
   * of everything, kept in memory), `none` (the collection does not exist).
   */
  access: AccessType | 'size' | 'none';
  /** Declared index names read (`_id_` for the `_id` index). */
  indexes: string[];
  /**
   * Whether answering reads every document of the collection, or may: a scan, or a walk that does not
   * stop at a page SQL cuts. A request path must never do it (services/test/readStore/requestPaths.test.ts).
   */
  fullScan: boolean;
  /** SQL answers the whole filter: no document is tested in JavaScript. */
  filterInSql: boolean;
  sortInSql: boolean;
  /** SQL cuts `skip` and `limit`: only the page's documents are read. */
  pageInSql: boolean;
  sql: string | undefined;
  /** SQLite's EXPLAIN QUERY PLAN lines for that SQL. */
  sqlitePlan: string[];
  /** Candidates counted to choose between indexes. */
  probes: Probe[];
  /** Documents read into JavaScript. */
  examined: number;
  returned: number;
}

interface Explained {
  sql: string;
  params: unknown[];
  access: { type: AccessType; indexes: string[] };
  probes: Probe[];
  residual: unknown;
  sortInSql: boolean;
  pageInSql: boolean;
}

/** A query SQL never ran for: a count of everything (kept in memory) or a collection that does not exist. */
export function explainWithoutSql(
  collection: string,
  operation: QueryExplanation['operation'],
  access: 'size' | 'none',
  returned: number,
): QueryExplanation {
  return {
    collection,
    operation,
    access,
    indexes: [],
    fullScan: false,
    filterInSql: true,
    sortInSql: true,
    pageInSql: true,
    sql: undefined,
    sqlitePlan: [],
    probes: [],
    examined: 0,
    returned,
  };
}

export function explainQuery(
  collection: string,
  operation: QueryExplanation['operation'],
  query: Explained,
  db: Database,
  stats: { examined: number },
  returned: number,
): QueryExplanation {
  const sqlitePlan = (
    db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(query.params) as { detail: string }[]
  ).map((row) => row.detail);
  const { type } = query.access;
  return {
    collection,
    operation,
    access: type,
    indexes: query.access.indexes,
    fullScan: type === 'scan' || (type === 'walk' && !query.pageInSql),
    filterInSql: query.residual === undefined,
    sortInSql: query.sortInSql,
    pageInSql: query.pageInSql,
    sql: query.sql,
    sqlitePlan,
    probes: query.probes,
    examined: stats.examined,
    returned,
  };
}
