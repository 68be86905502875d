import type { Database } from 'better-sqlite3';

/**
 * When the read store's writes become durable. Writes go into one open transaction, which this process
 * reads itself (a request sees a projection's write at once, as in memory); it is committed once the
 * event loop turns (`setImmediate`) or once it holds `maxPending` writes, but never while a unit of work
 * runs: a projection applies a batch of events and records its progress in one unit, so the two always
 * reach the file together. A process killed before a commit loses the uncommitted tail of both, and its
 * restart replays those events; SQLite's WAL ignores a transaction whose commit never finished.
 */
export class Commits {
  private pending = 0;
  private active = 0;
  private scheduled = false;
  private retry: NodeJS.Timeout | undefined;
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly options: {
      maxPending: number;
      /** Called after every write operation, inside the transaction (the kill test's seam). */
      afterWrite?: (writes: number) => void;
      onCommitError(error: unknown): void;
    },
  ) {}

  private writes = 0;

  /**
   * Runs one write operation inside the open transaction (opening it first). An operation checks what
   * could refuse it (a duplicate key, a malformed update) before it changes anything.
   */
  write<T>(operation: () => T): T {
    if (!this.db.inTransaction) this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = operation();
      this.pending++;
      this.writes++;
      this.options.afterWrite?.(this.writes);
      return result;
    } finally {
      // Even a refused write may have opened the transaction, which holds the file's write lock. A long
      // loop of writes outside units (that never lets the event loop turn) is cut into commits too.
      if (this.active === 0) {
        if (this.pending >= this.options.maxPending) this.tryCommit();
        else this.schedule();
      }
    }
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.active === 0) this.tryCommit();
    });
  }

  private tryCommit(): void {
    try {
      this.commit();
    } catch (error) {
      // SQLITE_BUSY (another process writing the file) keeps the transaction open: try again shortly.
      this.options.onCommitError(error);
      if (!this.retry) {
        this.retry = setTimeout(() => {
          this.retry = undefined;
          if (this.active === 0) this.tryCommit();
        }, 100);
        this.retry.unref();
      }
    }
  }

  /** Commits what was written so far (also at close); a no-op without an open transaction. */
  commit(): void {
    if (this.db.inTransaction) this.db.exec('COMMIT');
    this.pending = 0;
  }

  /**
   * Runs `work` as a unit: no commit happens while it runs, so its writes become durable together. Units
   * run one at a time, in the order they were asked for; `work` must not start another unit.
   */
  unit<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => {
      this.active++;
      try {
        return await work();
      } finally {
        this.active--;
        if (this.active === 0 && this.db.inTransaction) {
          if (this.pending >= this.options.maxPending) this.tryCommit();
          else this.schedule();
        }
      }
    });
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Cancels the retry timer (close). */
  stop(): void {
    clearTimeout(this.retry);
  }
}
