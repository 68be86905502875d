import type { StoredEvent } from '@cubre/schemas';

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

/** One topic per aggregate category (issue 2, item 4). */
export function topicForCategory(category: string): string {
  return `cubre.${category}`;
}
