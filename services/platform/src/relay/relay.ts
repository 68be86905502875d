import { categoryOf, type StoredEvent } from '@cubre/schemas/events';
import { PermanentPublishError, topicForCategory, type MessageBus, type OutgoingMessage } from '../ports/bus';
import type { CheckpointStore } from '../ports/checkpoints';
import type { EventStore, EventSubscription } from '../ports/eventStore';
import type { Logger } from '../ports/logger';

export interface RelayOptions {
  store: EventStore;
  bus: MessageBus;
  checkpoints: CheckpointStore;
  logger: Logger;
  /** Checkpoint name; one relay per name may be active. */
  name?: string;
  batchSize?: number;
  /** Largest publish, in bytes of JSON: brokers refuse oversized batches (Kafka's message.max.bytes, 1 MB). */
  maxPublishBytes?: number;
  /** Back-off after a failed publish before reading again from the stored checkpoint. */
  retryDelayMs?: number;
  /**
   * The back-off's timer: resolves after `ms`. A test passes one it controls, to know the relay is backing
   * off and to stop it there, instead of letting real time pass.
   */
  wait?(ms: number): Promise<void>;
  /**
   * Called after the bus acknowledged a batch and before the checkpoint moves: the crash window the relay
   * test kills the process in.
   */
  afterPublish?(batch: StoredEvent[]): void | Promise<void>;
}

export interface Relay {
  /** Position of the last event published and checkpointed. */
  position(): number;
  /** Events the bus refused for good: still in the event store, logged, not on the bus. */
  parked(): number;
  stop(): Promise<void>;
}

const toMessage = (event: StoredEvent): OutgoingMessage => ({
  topic: topicForCategory(categoryOf(event.streamId)),
  key: event.streamId,
  event,
});

/** Splits a batch into publishes of at most `maxBytes` of JSON each (at least one event per publish). */
export function chunkByBytes(messages: OutgoingMessage[], maxBytes: number): OutgoingMessage[][] {
  const chunks: OutgoingMessage[][] = [];
  let current: OutgoingMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = Buffer.byteLength(JSON.stringify(message.event)) + message.key.length + 64;
    if (current.length > 0 && bytes + size > maxBytes) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(message);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * The transactional-outbox relay without an outbox table: the event store is the outbox. It reads `$all`
 * from its stored checkpoint, publishes each event to its category's topic keyed by stream id, and stores
 * the checkpoint only after the bus acknowledged. A crash between the two re-publishes (duplicates that
 * consumers ignore); nothing is ever skipped. No dual write: commands only ever write the event store.
 *
 * An event the bus refuses for good (`PermanentPublishError`) is parked: logged with its id, counted on
 * /metrics, left in the event store (projections still see it when they catch up or rebuild), and the relay
 * moves on rather than stalling every consumer behind it.
 */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const name = options.name ?? 'relay';
  const logger = options.logger.child({ component: 'relay' });
  const maxPublishBytes = options.maxPublishBytes ?? 512 * 1024;
  let position = await options.checkpoints.load(name);
  let parked = 0;
  let stopped = false;
  let subscription: EventSubscription | undefined;
  let wakeFromBackOff: (() => void) | undefined;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Publishes a chunk; on a permanent refusal, halves it until the refused events are found and parked. */
  async function publish(messages: OutgoingMessage[]): Promise<void> {
    try {
      await options.bus.publish(messages);
    } catch (error) {
      if (!(error instanceof PermanentPublishError)) throw error;
      if (messages.length === 1) {
        parked++;
        const { event } = messages[0]!;
        logger.error(
          {
            eventId: event.id,
            streamId: event.streamId,
            type: event.type,
            position: event.globalPosition,
            reason: error.message,
          },
          'event refused by the bus for good; parked (it stays in the event store)',
        );
        return;
      }
      const middle = Math.ceil(messages.length / 2);
      await publish(messages.slice(0, middle));
      await publish(messages.slice(middle));
    }
  }

  async function runOnce() {
    const after = await options.checkpoints.load(name);
    if (stopped) return;
    position = after;
    subscription = options.store.subscribeToAll({ after, batchSize: options.batchSize ?? 500 });
    for await (const batch of subscription) {
      if (stopped) return;
      for (const chunk of chunkByBytes(batch.map(toMessage), maxPublishBytes)) await publish(chunk);
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
        failures = 0;
        // The subscription ended by itself (a server closed it): start again, but never in a tight loop.
        if (!stopped) await wait(100);
      } catch (error) {
        if (stopped) break;
        failures++;
        logger.error({ err: error, failures, position }, 'relay failed; resuming from its checkpoint');
        await subscription?.close();
        // stop() may have come while the subscription closed, before there was a back-off to wake.
        if (stopped) break;
        await new Promise<void>((resolve) => {
          wakeFromBackOff = resolve;
          void wait(Math.min(10_000, (options.retryDelayMs ?? 200) * failures)).then(resolve);
        });
      }
    }
  })();

  logger.info({ position }, 'relay started');
  return {
    position: () => position,
    parked: () => parked,
    async stop() {
      stopped = true;
      wakeFromBackOff?.();
      await subscription?.close();
      await loop;
      logger.info({ position }, 'relay stopped');
    },
  };
}
