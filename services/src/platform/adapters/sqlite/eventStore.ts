import { EventEmitter } from 'node:events';
import type { NewEvent, StoredEvent } from '@cubre/schemas';
import {
  EventIdReusedError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
} from '../../ports/eventStore';
import { pollingSubscription } from '../pollingSubscription';
import { openSqliteDatabase, type SqliteDatabase } from './database';

/** Rows are read as arrays (better-sqlite3 `raw` mode): half the cost of keyed row objects on replay. */
type EventRow = [
  position: number,
  id: string,
  streamId: string,
  revision: number,
  type: string,
  occurredAt: string,
  data: string,
  metadata: string,
];
const EVENT_COLUMNS = 'position, id, stream_id, revision, type, occurred_at, data, metadata';

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export interface SqliteEventStoreOptions {
  dataDir: string;
  /** How long a caught-up subscription sleeps before looking for appends made by other processes. */
  pollIntervalMs?: number;
}

export interface SqliteEventStore extends EventStore {
  readonly db: SqliteDatabase;
}

const toStoredEvent = ([
  position,
  id,
  streamId,
  revision,
  type,
  occurredAt,
  data,
  metadata,
]: EventRow): StoredEvent => ({
  id,
  type,
  streamId,
  revision,
  globalPosition: position,
  occurredAt,
  data: JSON.parse(data) as Record<string, unknown>,
  metadata: JSON.parse(metadata) as StoredEvent['metadata'],
});

function checkExpected(streamId: string, expected: ExpectedRevision, actual: number): void {
  const holds =
    expected === 'any' ||
    (expected === 'no_stream' && actual === -1) ||
    (expected === 'stream_exists' && actual >= 0) ||
    expected === actual;
  if (!holds) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

/**
 * The embedded event store: one SQLite file in WAL mode.
 *
 * Appends made in the same turn of the event loop are committed in one transaction (group commit): one
 * fsync covers them all, while each keeps its own expected-revision check and its own outcome.
 */
export function openSqliteEventStore(options: SqliteEventStoreOptions): SqliteEventStore {
  const db = openSqliteDatabase(options.dataDir);
  const appended = new EventEmitter();
  appended.setMaxListeners(0);

  const lastRevision = db.prepare<[string], { revision: number | null }>(
    'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
  );
  const byId = db.prepare<[string], { stream_id: string; revision: number; position: number }>(
    'SELECT stream_id, revision, position FROM events WHERE id = ?',
  );
  const insert = db.prepare<[string, string, number, string, string, string, string]>(
    `INSERT INTO events (id, stream_id, revision, type, occurred_at, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const readStreamRows = db
    .prepare<[string, number, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    )
    .raw(true);
  const readAllRows = db
    .prepare<[number, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
    )
    .raw(true);
  const head = db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events');

  /** A retry of an append that was stored already: same ids, same stream, consecutive revisions. */
  function priorAppend(streamId: string, events: NewEvent[]): AppendResult | undefined {
    const first = byId.get(events[0]!.id);
    if (!first) return undefined;
    let last = first;
    for (const [index, event] of events.entries()) {
      const row = index === 0 ? first : byId.get(event.id);
      if (!row || row.stream_id !== streamId || row.revision !== first.revision + index) {
        throw new EventIdReusedError(streamId, event.id);
      }
      last = row;
    }
    return { nextExpectedRevision: last.revision, globalPosition: last.position };
  }

  function appendOne(append: PendingAppend): AppendResult {
    const { streamId, events } = append;
    const retried = priorAppend(streamId, events);
    if (retried) return retried;
    const actual = lastRevision.get(streamId)?.revision ?? -1;
    checkExpected(streamId, append.expected, actual);
    let position = 0;
    for (const [index, event] of events.entries()) {
      const info = insert.run(
        event.id,
        streamId,
        actual + 1 + index,
        event.type,
        event.occurredAt,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      );
      position = Number(info.lastInsertRowid);
    }
    return { nextExpectedRevision: actual + events.length, globalPosition: position };
  }

  // One SAVEPOINT per append inside the group's transaction: a failing append rolls back alone.
  const appendInSavepoint = db.transaction(appendOne);
  const commitGroup = db.transaction((group: PendingAppend[]) =>
    group.map((append) => {
      try {
        return { ok: true as const, result: appendInSavepoint(append) };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError || error instanceof EventIdReusedError) {
          return { ok: false as const, error };
        }
        if (error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
          return { ok: false as const, error: new EventIdReusedError(append.streamId, append.events[0]!.id) };
        }
        throw error;
      }
    }),
  );

  let queue: PendingAppend[] = [];
  let closed = false;

  function flush() {
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    let outcomes: ReturnType<typeof commitGroup>;
    try {
      outcomes = commitGroup(group);
    } catch (error) {
      // The whole transaction failed (disk full, I/O error): nothing of the group was stored.
      for (const append of group) append.reject(error);
      return;
    }
    let stored = false;
    outcomes.forEach((outcome, index) => {
      if (outcome.ok) {
        stored = true;
        group[index]!.resolve(outcome.result);
      } else {
        group[index]!.reject(outcome.error);
      }
    });
    if (stored) appended.emit('appended');
  }

  const store: SqliteEventStore = {
    db,
    append(streamId, events, appendOptions = {}) {
      if (closed) return Promise.reject(new Error('event store is closed'));
      if (events.length === 0) {
        const actual = lastRevision.get(streamId)?.revision ?? -1;
        try {
          checkExpected(streamId, appendOptions.expectedRevision ?? 'any', actual);
        } catch (error) {
          return Promise.reject(error);
        }
        const position = head.get()?.position ?? 0;
        return Promise.resolve({ nextExpectedRevision: actual, globalPosition: position });
      }
      return new Promise<AppendResult>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ streamId, events, expected: appendOptions.expectedRevision ?? 'any', resolve, reject });
      });
    },
    async readStream(streamId, readOptions = {}) {
      return readStreamRows
        .all(streamId, readOptions.fromRevision ?? 0, readOptions.maxCount ?? Number.MAX_SAFE_INTEGER)
        .map(toStoredEvent);
    },
    async readAll({ after, maxCount }) {
      return readAllRows.all(after, maxCount).map(toStoredEvent);
    },
    subscribeToAll({ after, batchSize = 1000 }) {
      return pollingSubscription({
        after,
        batchSize,
        readAll: store.readAll,
        pollIntervalMs: options.pollIntervalMs ?? 250,
        onAppend(listener) {
          appended.on('appended', listener);
          return () => appended.off('appended', listener);
        },
      });
    },
    async headPosition() {
      return head.get()?.position ?? 0;
    },
    async close() {
      if (closed) return;
      flush();
      closed = true;
      db.close();
    },
  };
  return store;
}
