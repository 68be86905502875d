import type { StoredEvent } from '@cubre/schemas/events';

/** One event on its way to a topic; the key (the stream id) keeps an aggregate's events in order. */
export interface OutgoingMessage {
  topic: string;
  key: string;
  event: StoredEvent;
}

export interface IncomingMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string;
  event: StoredEvent;
}

export interface ConsumeOptions {
  /** Consumers sharing a group id share the partitions; each group sees every message. */
  groupId: string;
  topics: string[];
  /**
   * Called with messages of one partition in order. Offsets are committed only after it resolves;
   * if it throws, the same messages come again, so handlers must be idempotent.
   */
  handle(messages: IncomingMessage[]): Promise<void>;
}

export interface BusConsumer {
  /** Messages published to the group's topics and not yet handled by it, where the bus can tell. */
  lag?(): Promise<number>;
  /** Stops fetching new messages (a running handler finishes); the group membership is kept. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/**
 * Subscribes an in-process consumer to every topic, in publish order: lets an embedded projection track
 * the global position exactly. Kafka consumers name their topics.
 */
export const ALL_TOPICS = '*';

export interface MessageBus {
  /**
   * Whether a new consumer group can read messages published before it joined (Kafka's retention).
   * Without it, a consumer must join before it catches up from the event store, or it may miss messages.
   */
  readonly retainsHistory: boolean;
  /** Resolves once the bus acknowledged every message; only then may the relay move its checkpoint. */
  publish(messages: OutgoingMessage[]): Promise<void>;
  consume(options: ConsumeOptions): Promise<BusConsumer>;
  close(): Promise<void>;
}

/**
 * A message the bus will never accept however often it is retried (larger than the broker allows, say).
 * The relay parks such an event (it stays in the event store) instead of retrying it forever.
 */
export class PermanentPublishError extends Error {
  override readonly name = 'PermanentPublishError';
}

/** One topic per aggregate category (issue 2, item 4). */
export function topicForCategory(category: string): string {
  return `cubre.${category}`;
}
