import type Database from 'better-sqlite3';

/**
 * The face of a better-sqlite3 database that rate-limiter-flexible's `RateLimiterSQLite` uses, with each
 * statement prepared once. The library prepares its upsert on every call and wraps that one statement in
 * a transaction of its own: under the leads benchmark (32 connections, three limits per plan request) the
 * preparing and the BEGIN/COMMIT around it were 12% of the server's CPU (`node --cpu-prof`, issue 12).
 * A single statement is atomic by itself in SQLite's autocommit mode, so `transaction` runs it as it is;
 * the library only ever wraps one statement in it.
 */
export function statementCachingClient(db: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(sql: string): Database.Statement {
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    transaction<T>(work: () => T): () => T {
      return work;
    },
  };
}
