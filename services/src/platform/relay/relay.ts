import { categoryOf, type StoredEvent } from '@cubre/schemas';
import { topicForCategory, type MessageBus } from '../ports/bus';
import type { CheckpointStore } from '../ports/checkpoints';
import type { EventStore } from '../ports/eventStore';
import type { Logger } from '../ports/logger';

export interface RelayOptions {
  store: EventStore;
  bus: MessageBus;
  checkpoints: CheckpointStore;
  logger: Logger;
  /** Checkpoint name; one relay per name may be active. */
  name?: string;
  batchSize?: number;
  /** Back-off after a failed publish before reading again from the stored checkpoint. */
  retryDelayMs?: number;
  /**
   * Called after the bus acknowledged a batch and before the checkpoint moves: the crash window the relay
   * test kills the process in.
   */
  afterPublish?(batch: StoredEvent[]): void | Promise<void>;
}

export interface Relay {
  /** Position of the last event published and checkpointed. */
  position(): number;
  stop(): Promise<void>;
}

/**
 * The transactional-outbox relay without an outbox table: the event store is the outbox. It reads `$all`
 * from its stored checkpoint, publishes each event to its category's topic keyed by stream id, and stores
 * the checkpoint only after the bus acknowledged. A crash between the two re-publishes (duplicates that
 * consumers ignore); nothing is ever skipped. No dual write: commands only ever write the event store.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const name = options.name ?? 'relay';
  const logger = options.logger.child({ component: 'relay' });
  let position = await options.checkpoints.load(name);
  let stopped = false;
  let subscription: ReturnType<EventStore['subscribeToAll']> | undefined;

  async function runOnce() {
    const after = await options.checkpoints.load(name);
    position = after;
    subscription = options.store.subscribeToAll({ after, batchSize: options.batchSize ?? 500 });
    for await (const batch of subscription) {
      await options.bus.publish(
        batch.map((event) => ({
          topic: topicForCategory(categoryOf(event.streamId)),
          key: event.streamId,
          event,
        })),
      );
      await options.afterPublish?.(batch);
      const last = batch[batch.length - 1]!.globalPosition;
      await options.checkpoints.store(name, last);
      position = last;
    }
  }

  const loop = (async () => {
    let failures = 0;
    while (!stopped) {
      try {
        await runOnce();
      } catch (error) {
        if (stopped) break;
        failures++;
        logger.error({ err: error, failures, position }, 'relay failed; resuming from its checkpoint');
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(10_000, (options.retryDelayMs ?? 200) * failures)),
        );
      }
    }
  })();

  logger.info({ position }, 'relay started');
  return {
    position: () => position,
    async stop() {
      stopped = true;
      await subscription?.close();
      await loop;
      logger.info({ position }, 'relay stopped');
    },
  };
}
