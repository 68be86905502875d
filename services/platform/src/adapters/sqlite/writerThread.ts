import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type { ExpectedRevision } from '../../ports/eventStore';

/** One append as it crosses to the writer thread: payloads already serialised. */
export interface AppendRequest {
  streamId: string;
  expected: ExpectedRevision;
  /** [id, type, occurredAt, data JSON, metadata JSON] per event. */
  rows: [string, string, string, string, string][];
}

export type AppendOutcome =
  | { ok: true; nextExpectedRevision: number; globalPosition: number }
  | { ok: false; kind: 'revision'; actual: number }
  | { ok: false; kind: 'idReused'; eventId: string };

type Reply = { batch: number; outcomes: AppendOutcome[] } | { batch: number; failure: string };

interface Port {
  on(event: 'message', listener: (message: unknown) => void): void;
  postMessage(message: unknown): void;
  close(): void;
}

/**
 * The writer thread's program. better-sqlite3 is synchronous: a commit with `synchronous = FULL` blocks its
 * thread for the fsync. On the main thread that stalled every request for the fsync's duration; here only
 * this thread waits, and whatever arrives meanwhile goes into the next group commit.
 *
 * Shipped to the worker as source text (`toString()` of this compiled function), so it must stay
 * self-contained: no reference to anything outside its body.
 */
export function writerThreadMain(
  port: Port,
  config: { file: string; driverPath: string },
  load: (id: string) => unknown,
) {
  const Database = load(config.driverPath) as typeof BetterSqlite3;
  const db = new Database(config.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // Each append probes the event-id and stream indexes at a random place: with SQLite's default 2 MiB
  // cache those pages were re-read from the OS for almost every append once the log held 275,054 events
  // (appendOne's CPU 5x that on an empty store, issue 12's profile). 32 MiB holds both indexes' hot pages.
  db.pragma('cache_size = -32768');
  const lastRevision = db.prepare('SELECT MAX(revision) FROM events WHERE stream_id = ?').pluck();
  const byId = db.prepare('SELECT stream_id, revision, position FROM events WHERE id = ?').raw(true);
  const insert = db.prepare(
    'INSERT INTO events (id, stream_id, revision, type, occurred_at, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );

  const refusal = (outcome: AppendOutcome) => Object.assign(new Error('refused'), { outcome });

  function appendOne(request: AppendRequest): AppendOutcome {
    const { streamId, rows } = request;
    // A retry of an append stored before: same ids, same stream, consecutive revisions.
    const first = byId.get(rows[0]![0]) as [string, number, number] | undefined;
    if (first) {
      let last = first;
      for (let i = 0; i < rows.length; i++) {
        const row = (i === 0 ? first : byId.get(rows[i]![0])) as [string, number, number] | undefined;
        if (!row || row[0] !== streamId || row[1] !== first[1] + i) {
          throw refusal({ ok: false, kind: 'idReused', eventId: rows[i]![0] });
        }
        last = row;
      }
      return { ok: true, nextExpectedRevision: last[1], globalPosition: last[2] };
    }
    const actual = (lastRevision.get(streamId) as number | null) ?? -1;
    const expected = request.expected;
    const holds =
      expected === 'any' ||
      (expected === 'no_stream' && actual === -1) ||
      (expected === 'stream_exists' && actual >= 0) ||
      expected === actual;
    if (!holds) throw refusal({ ok: false, kind: 'revision', actual });
    let position = 0;
    for (let i = 0; i < rows.length; i++) {
      const [id, type, occurredAt, data, metadata] = rows[i]!;
      try {
        position = Number(
          insert.run(id, streamId, actual + 1 + i, type, occurredAt, data, metadata).lastInsertRowid,
        );
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
          throw refusal({ ok: false, kind: 'idReused', eventId: id });
        }
        throw error;
      }
    }
    return { ok: true, nextExpectedRevision: actual + rows.length, globalPosition: position };
  }

  // One SAVEPOINT per append inside the group's transaction: a refused append rolls back alone.
  const appendInSavepoint = db.transaction(appendOne);
  const commitGroup = db.transaction((requests: AppendRequest[]) =>
    requests.map((request) => {
      try {
        return appendInSavepoint(request);
      } catch (error) {
        if (error instanceof Error && 'outcome' in error) return error.outcome as AppendOutcome;
        throw error;
      }
    }),
  );

  port.on('message', (message) => {
    const { batch, appends, close } = message as {
      batch: number;
      appends?: AppendRequest[];
      close?: boolean;
    };
    if (close) {
      db.close();
      port.close();
      return;
    }
    let reply: Reply;
    try {
      // IMMEDIATE: take the write lock up front. A deferred transaction that reads first and then writes
      // fails at once (SQLITE_BUSY_SNAPSHOT) if another process wrote in between.
      reply = { batch, outcomes: commitGroup.immediate(appends ?? []) };
    } catch (error) {
      // The whole transaction failed (disk full, I/O error): nothing of the group was stored.
      reply = { batch, failure: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}

export interface WriterThread {
  /** Undefined while the thread runs; the reason once it died (every commit then fails). */
  failure(): Error | undefined;
  /** Commits the requests in one transaction; resolves with one outcome per request, in order. */
  commit(appends: AppendRequest[]): Promise<AppendOutcome[]>;
  close(): Promise<void>;
}

/** Starts the writer thread on the event database file (its schema already created by the caller). */
export function startWriterThread(file: string): WriterThread {
  const source = `(${writerThreadMain.toString()})(require('node:worker_threads').parentPort, require('node:worker_threads').workerData, require);`;
  const worker = new Worker(source, {
    eval: true,
    workerData: { file, driverPath: require.resolve('better-sqlite3') },
  });
  const pending = new Map<number, { resolve(outcomes: AppendOutcome[]): void; reject(error: Error): void }>();
  let nextBatch = 0;
  let crashed: Error | undefined;

  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.batch);
    pending.delete(reply.batch);
    if (pending.size === 0) worker.unref();
    if ('failure' in reply) waiting?.reject(new Error(`event store write failed: ${reply.failure}`));
    else waiting?.resolve(reply.outcomes);
  });
  const failAll = (error: Error) => {
    crashed = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`event store writer thread exited (${code})`)));
  // An idle writer must not keep the process alive; while a commit is pending it must (see commit()).
  worker.unref();

  return {
    failure: () => crashed,
    commit(appends) {
      if (crashed) return Promise.reject(crashed);
      const batch = nextBatch++;
      return new Promise((resolve, reject) => {
        pending.set(batch, { resolve, reject });
        worker.ref();
        worker.postMessage({ batch, appends });
      });
    },
    async close() {
      if (crashed) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.ref();
      worker.postMessage({ close: true });
      await exited;
    },
  };
}
