import type Database from 'better-sqlite3';
import type { ExpiringState } from '../../ports/expiringState';

const TABLE = 'expiring_state';

/**
 * ExpiringState in a SQLite file shared by the processes of one DATA_DIR (the rate limits' file). An update
 * runs in an IMMEDIATE transaction: the write lock is taken before the read, so two processes updating one
 * key serialise and neither loses the other's write. `sweep` deletes what expired.
 */
export function sqliteExpiringState(db: Database.Database): ExpiringState & { sweep(nowMs: number): void } {
  db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    expire INTEGER NOT NULL
  )`);
  db.exec(`CREATE INDEX IF NOT EXISTS ${TABLE}_expire ON ${TABLE} (expire)`);
  const select = db.prepare<[string, number], { value: string }>(
    `SELECT value FROM ${TABLE} WHERE key = ? AND expire > ?`,
  );
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO ${TABLE} (key, value, expire) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, expire = excluded.expire`,
  );
  const remove = db.prepare<[string]>(`DELETE FROM ${TABLE} WHERE key = ?`);
  const sweep = db.prepare<[number]>(`DELETE FROM ${TABLE} WHERE expire <= ?`);
  const read = <T>(key: string, nowMs: number): T | null => {
    const row = select.get(key, nowMs);
    return row ? (JSON.parse(row.value) as T) : null;
  };
  return {
    async get<T>(key: string, nowMs: number) {
      return read<T>(key, nowMs);
    },
    async update<T>(
      key: string,
      nowMs: number,
      update: (current: T | null) => { value: T; expiresAtMs: number } | null,
    ) {
      const run = db.transaction(() => {
        const next = update(read<T>(key, nowMs));
        if (next === null) {
          remove.run(key);
          return null;
        }
        upsert.run(key, JSON.stringify(next.value), next.expiresAtMs);
        return next.value;
      });
      return run.immediate();
    },
    sweep(nowMs) {
      sweep.run(nowMs);
    },
  };
}
