import type Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import type { NewEvent, StoredEvent } from '@cubre/schemas/events';
import {
  EventIdReusedError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventWithoutMetadata,
  type ReadAllOptions,
  type ExpectedRevision,
} from '../../ports/eventStore';
import { pollingSubscription } from '../pollingSubscription';
import { openSqliteDatabase, type SqliteDatabase } from './database';
import { startWriterThread, type AppendOutcome, type AppendRequest } from './writerThread';

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
const LEAN_COLUMNS = 'position, stream_id, revision, type, occurred_at, data';

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
  readAllWithoutMetadata(options: ReadAllOptions): Promise<EventWithoutMetadata[]>;
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

type LeanRow = [
  position: number,
  streamId: string,
  revision: number,
  type: string,
  occurredAt: string,
  data: string,
];

const toEventWithoutMetadata = ([
  position,
  streamId,
  revision,
  type,
  occurredAt,
  data,
]: LeanRow): EventWithoutMetadata => ({
  type,
  streamId,
  revision,
  globalPosition: position,
  occurredAt,
  data: JSON.parse(data) as Record<string, unknown>,
});

/** For appends of no events, checked on the main thread: nothing to write, nothing to send. */
function checkExpected(streamId: string, expected: ExpectedRevision, actual: number): void {
  const holds =
    expected === 'any' ||
    (expected === 'no_stream' && actual === -1) ||
    (expected === 'stream_exists' && actual >= 0) ||
    expected === actual;
  if (!holds) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

/**
 * The embedded event store: one SQLite file in WAL mode. Reads run on this thread's connection; appends
 * are committed by a writer thread (writerThread.ts) in groups: one transaction and one fsync per group,
 * each append with its own expected-revision check and outcome. WAL readers never block on the writer.
 */
export function openSqliteEventStore(options: SqliteEventStoreOptions): SqliteEventStore {
  const db = openSqliteDatabase(options.dataDir);
  const appended = new EventEmitter();
  appended.setMaxListeners(0);

  const lastRevision = db.prepare<[string], { revision: number | null }>(
    'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
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
  const readAllLeanRows = db
    .prepare<[number, number], LeanRow>(
      `SELECT ${LEAN_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
    )
    .raw(true);
  const head = db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events');

  /**
   * `readAll` of some categories: a stream of category `c` is named `c-…` (or just `c`), so each category
   * is `c` and the range ['c-', 'c.') of stream ids ('.' follows '-'), which `c2-…` or `cX-…` are not in.
   * NOT INDEXED keeps SQLite on the position order: left to itself it gathered the category through the
   * stream-id index and sorted it for every batch (the leads' 275,054 events: 8.3 s instead of 1.0 s).
   * Statements are kept by shape (columns, how many categories).
   */
  const categoryStatements = new Map<string, Database.Statement<unknown[], unknown>>();
  function categoryRows<Row>(columns: string, categories: readonly string[]) {
    const key = `${columns}:${categories.length}`;
    let statement = categoryStatements.get(key);
    if (!statement) {
      const ranges =
        categories.map(() => '(stream_id = ? OR (stream_id >= ? AND stream_id < ?))').join(' OR ') || '0';
      statement = db
        .prepare(
          `SELECT ${columns} FROM events NOT INDEXED WHERE position > ? AND (${ranges}) ORDER BY position LIMIT ?`,
        )
        .raw(true);
      categoryStatements.set(key, statement);
    }
    return statement as Database.Statement<unknown[], Row>;
  }
  const categoryArgs = (after: number, maxCount: number, categories: readonly string[]) => [
    after,
    // A stream named just `c` (no dash) is of category `c` too (categoryOf).
    ...categories.flatMap((category) => [category, `${category}-`, `${category}.`]),
    maxCount,
  ];

  const writer = startWriterThread(db.name);
  let queue: PendingAppend[] = [];
  let inFlight: Promise<void> | undefined;
  let pumpScheduled = false;
  let closed = false;

  const toRequest = ({ streamId, events, expected }: PendingAppend): AppendRequest => ({
    streamId,
    expected,
    rows: events.map((e) => [e.id, e.type, e.occurredAt, JSON.stringify(e.data), JSON.stringify(e.metadata)]),
  });

  function settle(append: PendingAppend, outcome: AppendOutcome) {
    if (outcome.ok)
      append.resolve({
        nextExpectedRevision: outcome.nextExpectedRevision,
        globalPosition: outcome.globalPosition,
      });
    else if (outcome.kind === 'revision')
      append.reject(new WrongExpectedRevisionError(append.streamId, append.expected, outcome.actual));
    else append.reject(new EventIdReusedError(append.streamId, outcome.eventId));
  }

  /**
   * Group commit: while one group is being committed (and fsynced) on the writer thread, new appends wait
   * in `queue`; they all go in the next group. One fsync per group, and the main thread never waits on it.
   */
  function pump() {
    pumpScheduled = false;
    if (inFlight || queue.length === 0) return;
    const group = queue;
    queue = [];
    inFlight = writer
      .commit(group.map(toRequest))
      .then(
        (outcomes) => {
          outcomes.forEach((outcome, index) => settle(group[index]!, outcome));
          if (outcomes.some((outcome) => outcome.ok)) appended.emit('appended');
        },
        (error: unknown) => {
          for (const append of group) append.reject(error);
        },
      )
      .finally(() => {
        inFlight = undefined;
        pump();
      });
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
        queue.push({ streamId, events, expected: appendOptions.expectedRevision ?? 'any', resolve, reject });
        // Appends made by the same synchronous code travel together even when the writer is idle; the rest
        // gather while a group is in flight. (A whole loop turn, setImmediate, cost a sequential writer a
        // third of its throughput for no better grouping.)
        if (!pumpScheduled && !inFlight) {
          pumpScheduled = true;
          queueMicrotask(pump);
        }
      });
    },
    async readStream(streamId, readOptions = {}) {
      return readStreamRows
        .all(streamId, readOptions.fromRevision ?? 0, readOptions.maxCount ?? Number.MAX_SAFE_INTEGER)
        .map(toStoredEvent);
    },
    async readAll({ after, maxCount, categories }) {
      if (categories)
        return categoryRows<EventRow>(EVENT_COLUMNS, categories)
          .all(...categoryArgs(after, maxCount, categories))
          .map(toStoredEvent);
      return readAllRows.all(after, maxCount).map(toStoredEvent);
    },
    async readAllWithoutMetadata({ after, maxCount, categories }) {
      if (categories)
        return categoryRows<LeanRow>(LEAN_COLUMNS, categories)
          .all(...categoryArgs(after, maxCount, categories))
          .map(toEventWithoutMetadata);
      return readAllLeanRows.all(after, maxCount).map(toEventWithoutMetadata);
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
    healthy: () => closed || writer.failure() === undefined,
    async headPosition() {
      return head.get()?.position ?? 0;
    },
    async close() {
      if (closed) return;
      closed = true;
      while (inFlight || queue.length > 0) {
        pump();
        await inFlight;
      }
      await writer.close();
      db.close();
    },
  };
  return store;
}
