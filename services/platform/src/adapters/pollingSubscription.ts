import type { StoredEvent } from '@cubre/schemas/events';
import type { EventSubscription, ReadAllOptions } from '../ports/eventStore';

export interface PollingSubscriptionOptions {
  after: number;
  batchSize: number;
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  /** Registers a wake-up call for new appends; returns the unregistration. */
  onAppend(listener: () => void): () => void;
  /** Upper bound on how long a caught-up subscription sleeps: picks up appends made by other processes. */
  pollIntervalMs: number;
}

/**
 * A catch-up subscription built from `readAll`: reads batches until the end of the log, then sleeps until
 * an append in this process wakes it, or the poll interval passes (another process may share the file).
 */
export function pollingSubscription(options: PollingSubscriptionOptions): EventSubscription {
  let closed = false;
  let wake: (() => void) | undefined;
  let signalled = false;
  const stopListening = options.onAppend(() => {
    signalled = true;
    wake?.();
  });

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (signalled || closed) return resolve();
      const timer = setTimeout(done, options.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function* batches(): AsyncGenerator<StoredEvent[]> {
    let after = options.after;
    try {
      while (!closed) {
        signalled = false;
        const batch = await options.readAll({ after, maxCount: options.batchSize });
        if (closed) return;
        if (batch.length > 0) {
          after = batch[batch.length - 1]!.globalPosition;
          yield batch;
          continue;
        }
        await sleep();
      }
    } finally {
      closed = true;
      stopListening();
    }
  }

  const iterator = batches();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      closed = true;
      wake?.();
      stopListening();
    },
  };
}
