import Database from 'better-sqlite3';
import { join } from 'node:path';
import { privateDatabaseFiles, privateDir } from './privateFiles';

export type SqliteDatabase = Database.Database;

/**
 * Opens (and creates) the embedded event database in `dataDir`.
 *
 * Durability: WAL with `synchronous = FULL`. In WAL mode, NORMAL only syncs at checkpoints, so a power cut
 * can undo the last commits even though `append` already answered; FULL fsyncs the WAL on every commit,
 * which is what "an acknowledged append survives a power cut" needs. The cost (one fsync per commit) is paid
 * once per group of concurrent appends, because the event store commits queued appends together.
 */
export function openSqliteDatabase(
  dataDir: string,
  options: { fileName?: string; synchronous?: 'FULL' | 'NORMAL' } = {},
): SqliteDatabase {
  const fileName = options.fileName ?? 'events.sqlite';
  privateDir(dataDir);
  const file = join(dataDir, fileName);
  privateDatabaseFiles(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  // Another process (an import, a rebuild) may hold the write lock for a moment: wait, don't fail.
  db.pragma('busy_timeout = 5000');
  // The stream index a command reads its aggregate through is probed at a random place per command: the
  // default 2 MiB cache re-read its pages from the OS once the log grew (issue 12's lead requests).
  db.pragma('cache_size = -16384');
  db.exec(SCHEMAS[fileName === CHECKPOINTS_FILE ? 'checkpoints' : 'events']);
  return db;
}

export const CHECKPOINTS_FILE = 'checkpoints.sqlite';

const SCHEMAS = {
  events: `
    CREATE TABLE IF NOT EXISTS events (
      position    INTEGER PRIMARY KEY AUTOINCREMENT,
      id          TEXT    NOT NULL UNIQUE,
      stream_id   TEXT    NOT NULL,
      revision    INTEGER NOT NULL,
      type        TEXT    NOT NULL,
      occurred_at TEXT    NOT NULL,
      data        TEXT    NOT NULL,
      metadata    TEXT    NOT NULL,
      UNIQUE (stream_id, revision)
    );`,
  checkpoints: `
    CREATE TABLE IF NOT EXISTS checkpoints (
      name     TEXT    PRIMARY KEY,
      position INTEGER NOT NULL
    ) WITHOUT ROWID;`,
};
