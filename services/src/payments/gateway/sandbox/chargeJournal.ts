import Database from 'better-sqlite3';
import { join } from 'node:path';
import { privateDatabaseFiles, privateDir } from '@cubre/platform/adapters/sqlite/privateFiles';
import type { ChargeResult, SubscriptionResult } from '../port';

/**
 * What the sandbox answered under each idempotency key, kept where a restart finds it: a real provider
 * remembers its charges whatever happens to us, so the sandbox must too, or reconciliation after a crash
 * could not be shown on a fresh clone. A SQLite file in DATA_DIR (`sandbox-gateway.sqlite`, 0600), or
 * memory when no folder is given (tests of the gateway alone). Card data never reaches it: results only.
 */
export type JournalAnswer = ChargeResult | SubscriptionResult;

/** A subscription the sandbox holds (issue 15): no card, only what later charges need. */
export type SandboxSubscription = {
  id: string;
  active: boolean;
  /** The test card's decline for every charge after the first (the card "that starts declining"). */
  laterCharges: { code: string; message: string } | null;
  charges: number;
};

export interface ChargeJournal {
  /** The answer under its key, with the subscription it changed in the same write (a crash keeps both or neither). */
  record(idempotencyKey: string, result: JournalAnswer, subscription?: SandboxSubscription): void;
  find(idempotencyKey: string): JournalAnswer | undefined;
  /** Subscriptions live here too, so a restart charges them as a provider would. */
  saveSubscription(subscription: SandboxSubscription): void;
  subscription(id: string): SandboxSubscription | undefined;
  close(): void;
}

export const SANDBOX_JOURNAL_FILE = 'sandbox-gateway.sqlite';
/** Charges kept in memory when there is no file (bounded: the oldest go first). */
const MEMORY_ENTRIES = 10_000;

export function memoryChargeJournal(): ChargeJournal {
  const entries = new Map<string, JournalAnswer>();
  const subscriptions = new Map<string, SandboxSubscription>();
  return {
    record(key, result, subscription) {
      if (subscription) subscriptions.set(subscription.id, { ...subscription });
      entries.set(key, result);
      if (entries.size > MEMORY_ENTRIES) entries.delete(entries.keys().next().value!);
    },
    find: (key) => entries.get(key),
    saveSubscription(subscription) {
      subscriptions.set(subscription.id, { ...subscription });
      if (subscriptions.size > MEMORY_ENTRIES) subscriptions.delete(subscriptions.keys().next().value!);
    },
    subscription: (id) => {
      const found = subscriptions.get(id);
      return found && { ...found };
    },
    close: () => {
      entries.clear();
      subscriptions.clear();
    },
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
  db.exec(`CREATE TABLE IF NOT EXISTS subscriptions (id TEXT PRIMARY KEY, record TEXT NOT NULL)`);
  const insert = db.prepare('INSERT OR IGNORE INTO charges (idempotency_key, result, at) VALUES (?, ?, ?)');
  const select = db.prepare('SELECT result FROM charges WHERE idempotency_key = ?');
  const saveSubscription = db.prepare('INSERT OR REPLACE INTO subscriptions (id, record) VALUES (?, ?)');
  const selectSubscription = db.prepare('SELECT record FROM subscriptions WHERE id = ?');
  return {
    // Synchronous and durable before the charge's answer leaves the sandbox, like a provider's own record.
    record: db.transaction((key: string, result: JournalAnswer, subscription?: SandboxSubscription) => {
      if (subscription) saveSubscription.run(subscription.id, JSON.stringify(subscription));
      insert.run(key, JSON.stringify(result), Date.now());
    }),
    find(key) {
      const row = select.get(key) as { result: string } | undefined;
      return row ? (JSON.parse(row.result) as JournalAnswer) : undefined;
    },
    saveSubscription: (subscription) =>
      void saveSubscription.run(subscription.id, JSON.stringify(subscription)),
    subscription(id) {
      const row = selectSubscription.get(id) as { record: string } | undefined;
      return row ? (JSON.parse(row.record) as SandboxSubscription) : undefined;
    },
    close: () => db.close(),
  };
}
