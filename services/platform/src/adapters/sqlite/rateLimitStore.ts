import Database from 'better-sqlite3';
import { join } from 'node:path';
import { RateLimiterSQLite } from 'rate-limiter-flexible';
import type { RateLimitStore } from '../../ports/rateLimitStore';
import { statementCachingClient } from './cachedStatements';
import { sqliteExpiringState } from './expiringState';
import { privateDatabaseFiles, privateDir } from './privateFiles';

export const RATE_LIMITS_FILE = 'rate-limits.sqlite';
const TABLE = 'rate_limits';
/** Expired counters are deleted this often: the file holds at most one window's worth of clients. */
const SWEEP_MS = 60_000;

/**
 * The embedded runtime's counters: a SQLite file of their own in DATA_DIR (`rate-limits.sqlite`), so every
 * process started on the same DATA_DIR counts against the same allowances. WAL and `synchronous = NORMAL`:
 * a counter lost to a power cut only gives a client a few requests back, not worth an fsync per request.
 * Counters live on disk, not in the process: an attacker rotating addresses adds rows that the sweep
 * deletes once their window ends, never memory.
 */
export function openSqliteRateLimitStore(dataDir: string): RateLimitStore {
  // Its keys are clients' addresses: private like the rest of DATA_DIR (0700, files 0600).
  privateDir(dataDir);
  const file = join(dataDir, RATE_LIMITS_FILE);
  privateDatabaseFiles(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Another process may hold the write lock for the moment of its own increment: wait, don't fail.
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (
    key TEXT PRIMARY KEY,
    points INTEGER NOT NULL DEFAULT 0,
    expire INTEGER
  )`);
  db.exec(`CREATE INDEX IF NOT EXISTS ${TABLE}_expire ON ${TABLE} (expire)`);
  const sweep = db.prepare(`DELETE FROM ${TABLE} WHERE expire < ?`);
  const state = sqliteExpiringState(db);
  const client = statementCachingClient(db);
  const sweeper = setInterval(() => {
    try {
      sweep.run(Date.now());
      state.sweep(Date.now());
    } catch {
      // Another process held the file past the busy timeout: the next sweep deletes the same rows.
    }
  }, SWEEP_MS);
  sweeper.unref();

  return {
    engine: 'sqlite',
    state,
    limiter: ({ keyPrefix, points, durationSeconds }) =>
      new RateLimiterSQLite({
        storeClient: client,
        storeType: 'better-sqlite3',
        tableName: TABLE,
        tableCreated: true,
        // Our own sweep, stopped on close: the library's timer would run against a closed database.
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration: durationSeconds,
      }),
    async close() {
      clearInterval(sweeper);
      db.close();
    },
  };
}
