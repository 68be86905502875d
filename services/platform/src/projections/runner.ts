import { categoryOf } from '@cubre/schemas/events';
import {
  ALL_TOPICS,
  topicForCategory,
  type BusConsumer,
  type IncomingMessage,
  type MessageBus,
} from '@cubre/platform/ports/bus';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { createLock } from './lock';
import {
  PROGRESS_COLLECTION,
  type Projection,
  type ProjectionEvent,
  type ProjectionProgressDocument,
} from './projection';
import { createWaiters, type VisibilityTarget } from './waiters';

export interface ProjectionRunnerOptions {
  projections: Projection[];
  eventStore: EventStore;
  readStore: ReadStore;
  bus: MessageBus;
  logger: Logger;
  /** Events per read when catching up from the event store. */
  catchUpBatchSize?: number;
  /** How often lag is written to the log (only when a projection is behind or has moved). */
  lagLogIntervalMs?: number;
  /** Maps a stream to its partition key on a partitioned bus (`topic|partition`), for read-your-writes. */
  partitionKeyOf?(streamId: string): string | undefined;
}

export interface ProjectionStatus {
  name: string;
  position: number;
  caughtUp: boolean;
  rebuilding: boolean;
  /** Events applied by this process since it started. */
  applied: number;
}

interface Running {
  projection: Projection;
  version: number;
  categories: Set<string>;
  progress: ProjectionProgressDocument;
  /** The position last written to the progress record (what a restart resumes from). */
  persisted: { position: number; at: number };
  consumer?: BusConsumer;
  withLock: ReturnType<typeof createLock>;
  caughtUp: boolean;
  markCaughtUp(): void;
  caughtUpPromise: Promise<void>;
  applied: number;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  /** Every projection has caught up with the event store as it was when it started. */
  ready(): boolean;
  /** Resolves true once every named projection (all by default) shows the write, false after the timeout. */
  waitUntilVisible(target: VisibilityTarget, names?: string[], timeoutMs?: number): Promise<boolean>;
  /** Drops a projection's collections and replays the whole log into them. */
  rebuild(name: string): Promise<{ events: number; durationMs: number; position: number }>;
  status(): ProjectionStatus[];
  /**
   * Events each projection has still to apply: head minus position when it consumes in order, the
   * consumer group's lag on a partitioned bus (whose position only moves with catch-ups).
   */
  lag(head: number): Promise<Record<string, number>>;
  names(): string[];
  stop(): Promise<void>;
}

const partitionKey = (message: IncomingMessage) =>
  `${message.topic.replaceAll('.', '_')}|${message.partition}`;

/**
 * How stale a recorded position may grow while only other projections' events go by. In order (the
 * in-process bus) every projection sees every event, and writing each one's progress for every event
 * cost seven writes per event and moved the catalogue's progress (which the comparator's snapshot is keyed
 * by) on every lead. Waiters read the position in memory; a restart only re-reads, by category, what went
 * by since.
 */
const FOREIGN_PROGRESS_MS = 60_000;

/**
 * Runs named projections. Each keeps its own progress in the read store; catches up from the event store
 * (fast, in order), then follows the bus. On the in-process bus it follows every topic in publish order, so
 * its position is exact; on Kafka it follows its categories' topics and tracks a position per partition.
 * Events at or below the recorded position are skipped, and `apply` is idempotent besides, so duplicates
 * from a relay restart or a Kafka redelivery change nothing.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { eventStore, readStore, bus } = options;
  const logger = options.logger.child({ component: 'projections' });
  const ordered = !bus.retainsHistory;
  const progressCollection = readStore.collection<ProjectionProgressDocument>(PROGRESS_COLLECTION);
  const running = new Map<string, Running>();
  /** The store's unit of work: a batch and the progress it moves become durable together. */
  const unit = <T>(work: () => Promise<T>): Promise<T> =>
    readStore.unitOfWork ? readStore.unitOfWork(work) : work();
  const waiters = createWaiters((name) => running.get(name)?.progress, options.partitionKeyOf);
  let lagTimer: NodeJS.Timeout | undefined;
  const lastLogged = new Map<string, number>();

  for (const projection of options.projections) {
    if (running.has(projection.name)) throw new Error(`two projections are named ${projection.name}`);
    let markCaughtUp!: () => void;
    const caughtUpPromise = new Promise<void>((resolve) => (markCaughtUp = resolve));
    const version = projection.version ?? 1;
    running.set(projection.name, {
      projection,
      version,
      categories: new Set(projection.categories),
      progress: {
        _id: projection.name,
        position: 0,
        partitions: {},
        rebuilding: false,
        updatedAt: '',
        version,
      },
      persisted: { position: 0, at: 0 },
      withLock: createLock(),
      caughtUp: false,
      markCaughtUp,
      caughtUpPromise,
      applied: 0,
    });
  }

  /**
   * Records position and rebuild state. Partition positions are never written here: on Kafka several
   * projector instances share one progress record, each owning the partitions it was assigned, so a
   * whole-record write by one would erase the others' (see `savePartitions`).
   */
  async function saveProgress(run: Running) {
    run.progress = { ...run.progress, updatedAt: new Date().toISOString(), version: run.version };
    const { position, rebuilding, updatedAt, version } = run.progress;
    await progressCollection.guardedUpdate(
      run.projection.name,
      {},
      { $set: { position, rebuilding, updatedAt, version }, $setOnInsert: { partitions: {} } },
      { upsert: true },
    );
    run.persisted = { position, at: Date.now() };
    waiters.notify();
  }

  /** Moves only the given partitions forward ($max): concurrent instances never undo each other. */
  async function savePartitions(run: Running, moved: Record<string, number>) {
    const updatedAt = new Date().toISOString();
    const $max: Record<string, number> = {};
    for (const [key, position] of Object.entries(moved)) $max[`partitions.${key}`] = position;
    await progressCollection.guardedUpdate(
      run.projection.name,
      {},
      { $max, $set: { updatedAt }, $setOnInsert: { position: 0, rebuilding: false } },
      { upsert: true },
    );
    waiters.notify();
  }

  async function applyEvent(run: Running, event: ProjectionEvent) {
    if (!run.categories.has(categoryOf(event.streamId))) return;
    await run.projection.apply(event, readStore);
    run.applied++;
  }

  /**
   * Reads the event store from the recorded position to its end, only the projection's own categories
   * where the engine can filter (each projection used to parse the whole log at every start). The other
   * events need nothing from it: once the read is done, its position moves to the head as it was before
   * the read began, so a wait for any earlier write (whatever its category) is answered.
   */
  async function catchUp(run: Running): Promise<number> {
    let count = 0;
    const head = await eventStore.headPosition();
    const categories = run.projection.categories;
    for (;;) {
      const read = { after: run.progress.position, maxCount: options.catchUpBatchSize ?? 5000, categories };
      const batch: ProjectionEvent[] =
        run.projection.withMetadata || !eventStore.readAllWithoutMetadata
          ? await eventStore.readAll(read)
          : await eventStore.readAllWithoutMetadata(read);
      if (batch.length === 0) break;
      await unit(async () => {
        for (const event of batch) await applyEvent(run, event);
        run.progress.position = batch[batch.length - 1]!.globalPosition;
        await saveProgress(run);
      });
      count += batch.length;
      // Reads and applies resolve at once: without a turn of the event loop a rebuild would hold every
      // request (and the read store's commit) until its last batch.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (run.progress.position < head) {
      run.progress.position = head;
      await unit(() => saveProgress(run));
    }
    return count;
  }

  async function handle(run: Running, messages: IncomingMessage[]) {
    await run.caughtUpPromise;
    await run.withLock(() =>
      unit(async () => {
        let moved = false;
        const appliedBefore = run.applied;
        const movedPartitions: Record<string, number> = {};
        for (const message of messages) {
          const { event } = message;
          if (event.globalPosition <= run.progress.position) continue;
          if (ordered) {
            await applyEvent(run, event);
            run.progress.position = event.globalPosition;
            moved = true;
          } else {
            const key = partitionKey(message);
            if (event.globalPosition <= (run.progress.partitions[key] ?? 0)) continue;
            await applyEvent(run, event);
            run.progress.partitions = { ...run.progress.partitions, [key]: event.globalPosition };
            movedPartitions[key] = event.globalPosition;
          }
        }
        if (moved) {
          // Only other projections' events went by: the position moves in memory, and reaches the record
          // with this projection's next own event, or after a while.
          const own = run.applied > appliedBefore;
          if (own || Date.now() - run.persisted.at >= FOREIGN_PROGRESS_MS) await saveProgress(run);
          else waiters.notify();
        }
        if (Object.keys(movedPartitions).length > 0) await savePartitions(run, movedPartitions);
      }),
    );
  }

  async function subscribe(run: Running) {
    run.consumer = await bus.consume({
      groupId: `cubre.projection.${run.projection.name}`,
      topics: ordered ? [ALL_TOPICS] : run.projection.categories.map(topicForCategory),
      handle: (messages) => handle(run, messages),
    });
  }

  /** Drops the projection's collections and records a rebuild from position 0 (one unit of work). */
  async function resetToZero(run: Running) {
    await unit(async () => {
      for (const collection of run.projection.collections) await readStore.dropCollection(collection);
      run.progress = {
        _id: run.projection.name,
        position: 0,
        partitions: {},
        rebuilding: true,
        updatedAt: '',
        version: run.version,
      };
      await saveProgress(run);
    });
  }

  async function startOne(run: Running) {
    let stored = await progressCollection.findOne({ _id: run.projection.name });
    if (stored) {
      run.progress = { ...stored, partitions: stored.partitions ?? {} };
      run.persisted = { position: stored.position, at: Date.now() };
    }
    if (stored && (stored.version ?? 1) !== run.version) {
      // Durable read models written by another version of the projection: rebuilt from zero.
      logger.info(
        { projection: run.projection.name, from: stored.version ?? 1, to: run.version },
        'projection version changed: rebuilding from zero',
      );
      await run.withLock(() => resetToZero(run));
      stored = run.progress;
    }
    await run.projection.setup?.(readStore);
    // Without retention the consumer must join first, or messages published during the catch-up are lost;
    // its handler waits until the catch-up is done. With retention (Kafka) it joins afterwards, so a long
    // catch-up never holds a consumer that has to keep heartbeating.
    if (ordered) await subscribe(run);
    const needsCatchUp = ordered || !stored || stored.rebuilding;
    const started = Date.now();
    const events = needsCatchUp ? await run.withLock(() => catchUp(run)) : 0;
    if (run.progress.rebuilding) {
      run.progress.rebuilding = false;
      await unit(() => saveProgress(run));
    }
    run.caughtUp = true;
    run.markCaughtUp();
    if (!ordered) await subscribe(run);
    logger.info(
      {
        projection: run.projection.name,
        position: run.progress.position,
        events,
        durationMs: Date.now() - started,
      },
      'projection caught up',
    );
  }

  async function lagOf(run: Running, head: number): Promise<number> {
    if (!ordered && run.consumer?.lag) return run.consumer.lag();
    return Math.max(0, head - run.progress.position);
  }

  async function logLag() {
    const head = await eventStore.headPosition();
    for (const run of running.values()) {
      const lag = await lagOf(run, head);
      const moved = lastLogged.get(run.projection.name) !== run.applied;
      if (lag > 0 || moved) {
        logger.info(
          { projection: run.projection.name, position: run.progress.position, head, lag },
          'projection lag',
        );
        lastLogged.set(run.projection.name, run.applied);
      }
    }
  }

  return {
    async start() {
      await Promise.all([...running.values()].map(startOne));
      lagTimer = setInterval(() => {
        logLag().catch((error) => logger.warn({ err: error }, 'could not measure projection lag'));
      }, options.lagLogIntervalMs ?? 30_000);
      lagTimer.unref();
    },

    ready: () => [...running.values()].every((run) => run.caughtUp && !run.progress.rebuilding),

    waitUntilVisible(target, names, timeoutMs = 5000) {
      return waiters.wait(target, names ?? [...running.keys()], timeoutMs);
    },

    async rebuild(name) {
      const run = running.get(name);
      if (!run) throw new Error(`no projection is named ${name}`);
      const started = Date.now();
      run.consumer?.pause();
      try {
        const events = await run.withLock(async () => {
          await resetToZero(run);
          await run.projection.setup?.(readStore);
          const count = await catchUp(run);
          run.progress.rebuilding = false;
          await unit(() => saveProgress(run));
          return count;
        });
        const durationMs = Date.now() - started;
        logger.info(
          { projection: name, events, durationMs, position: run.progress.position },
          'projection rebuilt',
        );
        return { events, durationMs, position: run.progress.position };
      } finally {
        run.consumer?.resume();
      }
    },

    status: () =>
      [...running.values()].map((run) => ({
        name: run.projection.name,
        position: run.progress.position,
        caughtUp: run.caughtUp,
        rebuilding: run.progress.rebuilding,
        applied: run.applied,
      })),

    names: () => [...running.keys()],

    async lag(head) {
      const entries = await Promise.all(
        [...running.values()].map(async (run) => [run.projection.name, await lagOf(run, head)] as const),
      );
      return Object.fromEntries(entries);
    },

    async stop() {
      clearInterval(lagTimer);
      waiters.cancelAll();
      await Promise.all([...running.values()].map((run) => run.consumer?.stop()));
      // Positions that moved in memory only (other projections' events) are recorded, so the next start
      // does not read past them again.
      await unit(async () => {
        for (const run of running.values()) {
          if (run.caughtUp && !run.progress.rebuilding && run.progress.position > run.persisted.position) {
            await saveProgress(run);
          }
        }
      });
    },
  };
}
