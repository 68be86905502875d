import Database from 'better-sqlite3';
import { join } from 'node:path';
import { privateDatabaseFiles, privateDir } from '@cubre/platform/adapters/sqlite/privateFiles';
import type { ChargeResult } from '../port';

/**
 * What the sandbox answered under each idempotency key, kept where a restart finds it: a real provider
 * remembers its charges whatever happens to us, so the sandbox must too, or reconciliation after a crash
 * could not be shown on a fresh clone. A SQLite file in DATA_DIR (`sandbox-gateway.sqlite`, 0600), or
 * memory when no folder is given (tests of the gateway alone). Card data never reaches it: results only.
 */
export interface ChargeJournal {
  record(idempotencyKey: string, result: ChargeResult): void;
  find(idempotencyKey: string): ChargeResult | undefined;
  close(): void;
}

export const SANDBOX_JOURNAL_FILE = 'sandbox-gateway.sqlite';
/** Charges kept in memory when there is no file (bounded: the oldest go first). */
const MEMORY_ENTRIES = 10_000;

export function memoryChargeJournal(): ChargeJournal {
  const entries = new Map<string, ChargeResult>();
  return {
    record(key, result) {
      entries.set(key, result);
      if (entries.size > MEMORY_ENTRIES) entries.delete(entries.keys().next().value!);
    },
    find: (key) => entries.get(key),
    close: () => entries.clear(),
  };
}

export function fileChargeJournal(dataDir: string): ChargeJournal {
  privateDir(dataDir);
  const file = join(dataDir, SANDBOX_JOURNAL_FILE);
  // 0600 before SQLite opens it: its -wal and -shm take the database file's permissions.
  privateDatabaseFiles(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE IF NOT EXISTS charges (
    idempotency_key TEXT PRIMARY KEY,
    result TEXT NOT NULL,
    at INTEGER NOT NULL
  )`);
  const insert = db.prepare('INSERT OR IGNORE INTO charges (idempotency_key, result, at) VALUES (?, ?, ?)');
  const select = db.prepare('SELECT result FROM charges WHERE idempotency_key = ?');
  return {
    // Synchronous and durable before the charge's answer leaves the sandbox, like a provider's own record.
    record: (key, result) => void insert.run(key, JSON.stringify(result), Date.now()),
    find(key) {
      const row = select.get(key) as { result: string } | undefined;
      return row ? (JSON.parse(row.result) as ChargeResult) : undefined;
    },
    close: () => db.close(),
  };
}
