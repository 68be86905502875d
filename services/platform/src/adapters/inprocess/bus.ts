import {
  ALL_TOPICS,
  type BusConsumer,
  type ConsumeOptions,
  type IncomingMessage,
  type MessageBus,
  type OutgoingMessage,
} from '../../ports/bus';

interface Group {
  topics: Set<string>;
  /**
   * Offset of the next message this group has not handled, counted from the first message ever published:
   * `log` drops its handled head while other groups are inside their handlers, so positions relative to
   * it would shift under them (a group that read a batch before a trim skipped as many messages after it).
   */
  next: number;
  handle: ConsumeOptions['handle'];
  stopped: boolean;
  paused: boolean;
  wake?: () => void;
  idle?: Promise<void>;
}

export interface InProcessBusOptions {
  /** Delay before redelivering a batch whose handler threw. */
  retryDelayMs?: number;
  onHandlerError?(groupId: string, error: unknown, attempt: number): void;
  /** Largest batch handed to a handler. */
  batchSize?: number;
}

/**
 * The embedded bus: one ordered in-memory log (so every group sees messages in publish order, the global
 * order), consumer groups with their own cursor, a cursor moved only after the handler resolved, and a
 * failing handler retried without holding back the other groups. Messages every group has handled are
 * dropped. Publishing is acknowledged once the message is in the log, as a broker acknowledges a write.
 *
 * The log is memory: a process crash loses what a consumer had not handled yet, though the relay's
 * checkpoint has moved. So every embedded consumer catches up from the event store at start, from its own
 * durable position, before following the bus; projections do (their runner), and reactors must too.
 */
export function createInProcessBus(options: InProcessBusOptions = {}): MessageBus & {
  /** Messages still held for some group: lag of the slowest consumer. */
  pending(): number;
} {
  let log: IncomingMessage[] = [];
  let offsetBase = 0;
  const groups = new Map<string, Group>();
  let closed = false;

  /** Messages at the head of `log` that every group has handled. */
  function handledHead(): number {
    let smallest = log.length;
    for (const group of groups.values()) smallest = Math.min(smallest, group.next - offsetBase);
    return smallest;
  }

  function trim() {
    const handled = handledHead();
    // Copying the log on every batch would be quadratic: drop the handled head in large steps.
    if (handled < 1024 && handled < log.length) return;
    log = log.slice(handled);
    offsetBase += handled;
  }

  const sleep = (group: Group, ms?: number) =>
    new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        group.wake = undefined;
        resolve();
      }
      group.wake = done;
    });

  async function run(groupId: string, group: Group) {
    let attempt = 0;
    while (!group.stopped) {
      if (group.paused) {
        await sleep(group);
        continue;
      }
      const batch: IncomingMessage[] = [];
      let index = group.next;
      while (index - offsetBase < log.length && batch.length < (options.batchSize ?? 500)) {
        const message = log[index - offsetBase]!;
        if (group.topics.has(message.topic) || group.topics.has(ALL_TOPICS)) batch.push(message);
        index++;
      }
      if (index === group.next) {
        await sleep(group);
        continue;
      }
      try {
        if (batch.length > 0) await group.handle(batch);
        attempt = 0;
        group.next = index;
        trim();
      } catch (error) {
        attempt++;
        options.onHandlerError?.(groupId, error, attempt);
        await sleep(group, Math.min(5000, (options.retryDelayMs ?? 100) * attempt));
      }
    }
  }

  return {
    retainsHistory: false,
    async publish(messages: OutgoingMessage[]) {
      if (closed) throw new Error('bus is closed');
      for (const message of messages) {
        log.push({ ...message, partition: 0, offset: String(offsetBase + log.length) });
      }
      for (const group of groups.values()) group.wake?.();
    },

    async consume({ groupId, topics, handle }): Promise<BusConsumer> {
      if (groups.has(groupId))
        throw new Error(`consumer group ${groupId} already has a consumer in this process`);
      // A new group starts at the oldest message still held: nothing published after it joined is missed.
      const group: Group = {
        topics: new Set(topics),
        next: offsetBase,
        handle,
        stopped: false,
        paused: false,
      };
      groups.set(groupId, group);
      group.idle = run(groupId, group);
      return {
        async lag() {
          let count = 0;
          for (let index = group.next - offsetBase; index < log.length; index++) {
            if (group.topics.has(log[index]!.topic) || group.topics.has(ALL_TOPICS)) count++;
          }
          return count;
        },
        pause() {
          group.paused = true;
        },
        resume() {
          group.paused = false;
          group.wake?.();
        },
        async stop() {
          group.stopped = true;
          group.wake?.();
          await group.idle;
          groups.delete(groupId);
          trim();
        },
      };
    },

    async close() {
      closed = true;
      await Promise.all(
        [...groups.values()].map(async (group) => {
          group.stopped = true;
          group.wake?.();
          await group.idle;
        }),
      );
      groups.clear();
      log = [];
    },

    pending() {
      return log.length - handledHead();
    },
  };
}
