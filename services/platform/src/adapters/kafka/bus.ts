import { categoryOf, StoredEvent } from '@cubre/schemas/events';
import {
  Kafka,
  Partitioners,
  logLevel,
  type Consumer,
  type KafkaConfig,
  type LogEntry,
  type PartitionMetadata,
  type ProducerConfig,
} from 'kafkajs';
import {
  PermanentPublishError,
  topicForCategory,
  type BusConsumer,
  type ConsumeOptions,
  type IncomingMessage,
  type MessageBus,
} from '../../ports/bus';
import type { Logger } from '../../ports/logger';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  logger: Logger;
  /** Partitions per topic, when this process creates topics and when the count can't be read from the broker. */
  partitions: number;
  replicationFactor?: number;
  /**
   * Idempotent producer (exactly one copy per send even across retries). A real broker supports it;
   * librdkafka's mock cluster does not, so tests turn it off; consumers tolerate duplicates either way.
   */
  idempotent?: boolean;
  /** Tests against the mock cluster use 6 s: its group coordinator waits sessionTimeout − 1 s per rebalance. */
  sessionTimeoutMs?: number;
  rebalanceTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  /** Longest wait of a fetch with no data: bounds the latency of a quiet topic. */
  maxWaitTimeInMs?: number;
}

/**
 * A Kafka consumer, with what kafkajs tells about it: the partitions it holds, and its instrumentation
 * events, so that a caller (a metric, a test) can follow a rebalance or a fetch round instead of guessing
 * how long they take.
 */
export interface KafkaBusConsumer extends BusConsumer {
  /** Partitions this member was given at its last join of the group, by topic (empty before it joined). */
  assignment(): Record<string, number[]>;
  /** kafkajs' instrumentation events (GROUP_JOIN, FETCH_START, FETCH, ...); returns the unsubscriber. */
  on: Consumer['on'];
  readonly events: Consumer['events'];
}

export interface KafkaBus extends MessageBus {
  consume(options: ConsumeOptions): Promise<KafkaBusConsumer>;
  /** `topic|partition` of a stream, the key projections record progress under (for read-your-writes). */
  partitionKeyOf(streamId: string): string;
  /** Creates missing topics (real brokers; the mock cluster pre-creates them). */
  ensureTopics(topics: string[]): Promise<void>;
  /** Reads partition counts from the broker so `partitionKeyOf` matches the producer's choice. */
  refreshMetadata(topics: string[]): Promise<void>;
}

function kafkaLogger(logger: Logger): KafkaConfig['logCreator'] {
  const child = logger.child({ component: 'kafka' });
  return () =>
    ({ level, log }: LogEntry) => {
      const { message, ...extra } = log;
      if (level <= logLevel.ERROR) child.error(extra, message);
      else if (level === logLevel.WARN) child.warn(extra, message);
      else child.debug(extra, message);
    };
}

/** The protocol error type of a kafkajs error, looking through retry wrappers (`cause`). */
function kafkaErrorType(error: unknown): string | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const type = (current as { type?: unknown }).type;
    if (typeof type === 'string') return type;
  }
  return undefined;
}

/** Errors no retry can fix: the broker refuses the message itself. */
const PERMANENT = new Set([
  'MESSAGE_TOO_LARGE',
  'RECORD_LIST_TOO_LARGE',
  'INVALID_RECORD',
  'CORRUPT_MESSAGE',
]);

/** A message value as JSON, or null when it is not JSON at all (it is then skipped as unreadable). */
function parseJson(value: Buffer | null): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value.toString('utf8'));
  } catch {
    return null;
  }
}

/** The same partitioner the producer uses (murmur2 of the key, as Java clients do). */
const partitioner = Partitioners.DefaultPartitioner();
const partitionMetadata = (count: number): PartitionMetadata[] =>
  Array.from({ length: count }, (_, partitionId) => ({
    partitionId,
    leader: 0,
    replicas: [0],
    isr: [0],
    offlineReplicas: [],
    partitionErrorCode: 0,
  }));

/**
 * The producer's settings. An idempotent producer gets unlimited retries: kafkajs keeps its
 * exactly-once-per-send promise only then (it warns 'Limiting retries for the idempotent producer may
 * invalidate EoS guarantees' otherwise). A broker that stays down keeps the relay retrying, its checkpoint
 * where it was, until the broker is back or the relay stops.
 */
export function producerConfig(idempotent: boolean): ProducerConfig {
  return {
    idempotent,
    ...(idempotent ? { retry: { retries: Number.MAX_SAFE_INTEGER, maxRetryTime: 30_000 } } : {}),
    maxInFlightRequests: idempotent ? 5 : 1,
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  };
}

/**
 * The distributed bus on Kafka through kafkajs. Publishing waits for all in-sync replicas (acks -1).
 * Consumers run `eachBatch` and resolve an offset only after the handler finished with it, so a crash
 * redelivers instead of losing; a handler that throws gets the same messages again after a back-off.
 */
export async function connectKafkaBus(options: KafkaBusOptions): Promise<KafkaBus> {
  const logger = options.logger.child({ component: 'kafka-bus' });
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator: kafkaLogger(options.logger),
    retry: { retries: 8, initialRetryTime: 100 },
  });
  const idempotent = options.idempotent ?? true;
  const producer = kafka.producer(producerConfig(idempotent));
  await producer.connect();
  const consumers = new Set<Consumer>();
  const partitionCounts = new Map<string, number>();
  // One admin connection for the lag figures, opened on first use.
  let admin: ReturnType<Kafka['admin']> | undefined;
  const adminClient = async () => {
    if (!admin) {
      admin = kafka.admin();
      await admin.connect();
    }
    return admin;
  };

  const bus: KafkaBus = {
    retainsHistory: true,

    async publish(messages) {
      if (messages.length === 0) return;
      const byTopic = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
      for (const { topic, key, event } of messages) {
        const list = byTopic.get(topic) ?? [];
        list.push({
          key,
          value: JSON.stringify(event),
          headers: { 'event-type': event.type, 'correlation-id': event.metadata.correlationId },
        });
        byTopic.set(topic, list);
      }
      const send = () =>
        producer.sendBatch({
          acks: -1,
          topicMessages: [...byTopic].map(([topic, topicMessages]) => ({ topic, messages: topicMessages })),
        });
      try {
        await send();
      } catch (error) {
        const type = kafkaErrorType(error);
        if (type && PERMANENT.has(type)) throw new PermanentPublishError(type);
        // A category with no topic yet (a new aggregate): create it, then send again once.
        if (type !== 'UNKNOWN_TOPIC_OR_PARTITION') throw error;
        await bus.ensureTopics([...byTopic.keys()]);
        await send();
      }
    },

    async consume({ groupId, topics, handle }): Promise<KafkaBusConsumer> {
      const consumer = kafka.consumer({
        groupId,
        allowAutoTopicCreation: false,
        sessionTimeout: options.sessionTimeoutMs ?? 30_000,
        rebalanceTimeout: options.rebalanceTimeoutMs ?? 60_000,
        heartbeatInterval: options.heartbeatIntervalMs ?? 3_000,
        maxWaitTimeInMs: options.maxWaitTimeInMs ?? 100,
        retry: { retries: 8, initialRetryTime: 200 },
      });
      consumers.add(consumer);
      let stopping = false;
      // Recorded before the first join: `consumer.run` resolves only after it, so a listener added later would miss it.
      let assignment: Record<string, number[]> = {};
      consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        assignment = payload.memberAssignment;
      });
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        logger.error({ err: payload.error, groupId, restart: payload.restart }, 'consumer crashed');
        // kafkajs restarts by itself on retriable errors; otherwise start again from the committed offsets.
        if (!payload.restart && !stopping) {
          setTimeout(() => {
            if (stopping) return;
            start().catch((error) => logger.error({ err: error, groupId }, 'consumer restart failed'));
          }, 1000);
        }
      });

      async function start() {
        await consumer.connect();
        await consumer.subscribe({ topics, fromBeginning: true });
        await consumer.run({
          eachBatchAutoResolve: false,
          autoCommit: true,
          eachBatch: async ({
            batch,
            resolveOffset,
            heartbeat,
            commitOffsetsIfNecessary,
            isRunning,
            isStale,
          }) => {
            if (!isRunning() || isStale() || batch.messages.length === 0) return;
            const incoming: IncomingMessage[] = [];
            for (const message of batch.messages) {
              const parsed = StoredEvent.safeParse(parseJson(message.value));
              if (!parsed.success) {
                // A message no consumer can read would block the partition forever: record it and move on.
                logger.error(
                  { groupId, topic: batch.topic, partition: batch.partition, offset: message.offset },
                  'unreadable message skipped',
                );
                continue;
              }
              incoming.push({
                topic: batch.topic,
                partition: batch.partition,
                offset: message.offset,
                key: message.key?.toString('utf8') ?? parsed.data.streamId,
                event: parsed.data,
              });
            }
            if (incoming.length > 0) await handle(incoming);
            resolveOffset(batch.messages[batch.messages.length - 1]!.offset);
            await commitOffsetsIfNecessary();
            await heartbeat();
          },
        });
      }
      await start();

      return {
        /** Messages not yet handled by the group: high watermark minus committed offset, over its partitions. */
        async lag() {
          const client = await adminClient();
          const committed = await client.fetchOffsets({ groupId, topics });
          let total = 0;
          for (const { topic, partitions } of committed) {
            const ends = new Map((await client.fetchTopicOffsets(topic)).map((p) => [p.partition, p]));
            for (const { partition, offset } of partitions) {
              const end = ends.get(partition);
              if (!end) continue;
              const from = Number(offset) >= 0 ? Number(offset) : Number(end.low);
              total += Math.max(0, Number(end.high) - from);
            }
          }
          return total;
        },
        assignment: () => assignment,
        on: consumer.on.bind(consumer),
        events: consumer.events,
        pause: () => consumer.pause(topics.map((topic) => ({ topic }))),
        resume: () => consumer.resume(topics.map((topic) => ({ topic }))),
        async stop() {
          stopping = true;
          await consumer.disconnect();
          consumers.delete(consumer);
        },
      };
    },

    partitionKeyOf(streamId) {
      const topic = topicForCategory(categoryOf(streamId));
      const count = partitionCounts.get(topic) ?? options.partitions;
      const partition = partitioner({
        topic,
        partitionMetadata: partitionMetadata(count),
        message: { key: streamId, value: null },
      });
      return `${topic.replaceAll('.', '_')}|${partition}`;
    },

    async ensureTopics(topics) {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await admin.createTopics({
          waitForLeaders: true,
          topics: topics.map((topic) => ({
            topic,
            numPartitions: options.partitions,
            replicationFactor: options.replicationFactor ?? 1,
          })),
        });
      } finally {
        await admin.disconnect();
      }
    },

    async refreshMetadata(topics) {
      const admin = kafka.admin();
      await admin.connect();
      try {
        const metadata = await admin.fetchTopicMetadata({ topics });
        for (const topic of metadata.topics) partitionCounts.set(topic.name, topic.partitions.length);
      } finally {
        await admin.disconnect();
      }
    },

    async close() {
      await admin?.disconnect();
      await Promise.all([...consumers].map((consumer) => consumer.disconnect()));
      consumers.clear();
      await producer.disconnect();
    },
  };
  return bus;
}
