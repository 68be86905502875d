import { topicForCategory, type MessageBus } from '@cubre/platform/ports/bus';
import type { CheckpointStore } from '@cubre/platform/ports/checkpoints';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { RateLimitStore } from '@cubre/platform/ports/rateLimitStore';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { connectEventStoreDb } from '@cubre/platform/adapters/eventstoredb/eventStore';
import { createInProcessBus } from '@cubre/platform/adapters/inprocess/bus';
import { connectKafkaBus } from '@cubre/platform/adapters/kafka/bus';
import { connectMongoRateLimitStore } from '@cubre/platform/adapters/mongo/rateLimitStore';
import { createMongoReadStore } from '@cubre/platform/adapters/mongo/readStore';
import { readStoreCheckpointStore } from '@cubre/platform/adapters/readStoreCheckpointStore';
import { openSqliteCheckpointStore } from '@cubre/platform/adapters/sqlite/checkpointStore';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { openSqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import { openSqliteRateLimitStore } from '@cubre/platform/adapters/sqlite/rateLimitStore';
import { engineChoice, type RuntimeConfig } from './config';
import { allCategories } from './modules';

export interface Engines {
  eventStore: EventStore;
  readStore: ReadStore;
  bus: MessageBus;
  /** The relay's checkpoint: beside the events when embedded, in MongoDB when distributed. */
  checkpoints: CheckpointStore;
  /** The rate limits' counters, shared by every api process: DATA_DIR's SQLite file, or MongoDB when distributed. */
  rateLimits: RateLimitStore;
  /** Stream to `topic|partition` on Kafka, for read-your-writes across processes. */
  partitionKeyOf?(streamId: string): string;
  describe: ReturnType<typeof engineChoice>;
  close(): Promise<void>;
}

export interface EngineHooks {
  /** Test seam of the read store kill test: runs after every write to the embedded read store. */
  readStoreAfterWrite?(writes: number): void;
}

/** Opens each port on the engine the configuration selects (ARCHITECTURE.md, "One codebase, two runtimes"). */
export async function openEngines(
  config: RuntimeConfig,
  logger: Logger,
  hooks: EngineHooks = {},
): Promise<Engines> {
  const choice = engineChoice(config);
  const eventStore =
    choice.eventStore === 'eventstoredb'
      ? connectEventStoreDb(config.EVENTSTORE_URL!)
      : openSqliteEventStore({ dataDir: config.DATA_DIR });
  const readStore =
    choice.readStore === 'mongodb'
      ? await createMongoReadStore({ url: config.MONGO_URL!, dbName: config.MONGO_DB })
      : openSqliteReadStore({
          dataDir: config.DATA_DIR,
          cacheKib: config.READ_STORE_CACHE_MB * 1024,
          afterWrite: hooks.readStoreAfterWrite,
          onCommitError: (error) =>
            logger.error({ err: error }, 'read store commit failed; retrying (reads still see the writes)'),
        });
  const sqliteCheckpoints =
    choice.eventStore === 'sqlite' ? openSqliteCheckpointStore(config.DATA_DIR) : undefined;
  const checkpoints = sqliteCheckpoints ?? readStoreCheckpointStore(readStore);
  const rateLimits =
    choice.readStore === 'mongodb'
      ? await connectMongoRateLimitStore({ url: config.MONGO_URL!, dbName: config.MONGO_DB })
      : openSqliteRateLimitStore(config.DATA_DIR);

  let bus: MessageBus;
  let partitionKeyOf: Engines['partitionKeyOf'];
  if (choice.bus === 'kafka') {
    const kafka = await connectKafkaBus({
      brokers: config.KAFKA_BROKERS!,
      clientId: config.KAFKA_CLIENT_ID,
      logger,
      partitions: config.KAFKA_PARTITIONS,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
      idempotent: config.KAFKA_IDEMPOTENT,
    });
    const topics = allCategories().map(topicForCategory);
    if (config.ROLES.includes('relay') && config.KAFKA_CREATE_TOPICS) await kafka.ensureTopics(topics);
    // Only api and projector map streams to partitions. Topics may not exist yet (the relay creates them):
    // keep the configured partition count until the broker can tell, instead of failing to start.
    if (config.ROLES.includes('api') || config.ROLES.includes('projector')) {
      const refresh = () =>
        kafka.refreshMetadata(topics).then(
          () => true,
          (error: unknown) => {
            logger.warn({ err: error }, 'topic metadata unavailable; retrying in 10 s');
            return false;
          },
        );
      if (!(await refresh())) {
        const retry = setInterval(() => void refresh().then((ok) => ok && clearInterval(retry)), 10_000);
        retry.unref();
      }
    }
    bus = kafka;
    partitionKeyOf = (streamId) => kafka.partitionKeyOf(streamId);
  } else {
    const child = logger.child({ component: 'bus' });
    bus = createInProcessBus({
      onHandlerError: (groupId, error, attempt) =>
        child.error({ err: error, groupId, attempt }, 'consumer failed; retrying'),
    });
  }

  return {
    eventStore,
    readStore,
    bus,
    checkpoints,
    rateLimits,
    partitionKeyOf,
    describe: choice,
    async close() {
      await bus.close();
      await readStore.close();
      await rateLimits.close();
      sqliteCheckpoints?.close();
      await eventStore.close();
    },
  };
}
