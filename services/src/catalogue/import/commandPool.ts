import type { Actor } from '@cubre/schemas';
import type { CatalogueKind } from '@cubre/schemas';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { defineCatalogueEntry, type DefineOutcome } from '../defineEntry';

/** How many commands an import keeps in flight: enough for the SQLite writer to commit them in groups. */
export const DEFAULT_CONCURRENCY = 64;

export interface CommandContext {
  actor: Actor;
  correlationId: string;
  now: Date;
}

/** What happened to the entries of one kind. */
export interface DefinitionCounts {
  defined: number;
  revised: number;
  unchanged: number;
}

export const noDefinitions = (): DefinitionCounts => ({ defined: 0, revised: 0, unchanged: 0 });

export function count(counts: DefinitionCounts, outcome: DefineOutcome['outcome']): void {
  counts[outcome]++;
}

/**
 * Runs commands with at most `limit` in flight. The SQLite store commits whatever arrived while the last
 * group was being fsynced as the next group, so 64 concurrent commands cost a few fsyncs, not 64.
 * A command's failure (the store, never a row: rows are checked before they get here) stops the pool:
 * `submit` and `drain` rethrow it.
 */
export class CommandPool {
  private readonly inFlight = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(private readonly limit: number = DEFAULT_CONCURRENCY) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency must be ≥ 1, got ${limit}`);
  }

  /** Waits for a free slot, then starts `task` without waiting for it. */
  async submit(task: () => Promise<void>): Promise<void> {
    while (this.inFlight.size >= this.limit) await Promise.race(this.inFlight);
    this.rethrow();
    const running: Promise<void> = task()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Waits for every command submitted. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
    this.rethrow();
  }

  /** Waits for the commands in flight without rethrowing: before giving up, never leave writes running. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private rethrow() {
    if (this.failure) throw this.failure.error;
  }
}

/** Defines every entry of a list through the pool, counting outcomes. */
export async function defineAll<K extends CatalogueKind>(
  store: EventStore,
  kind: K,
  definitions: ReadonlyArray<Parameters<typeof defineCatalogueEntry<K>>[2]>,
  context: CommandContext,
  pool: CommandPool,
): Promise<DefinitionCounts> {
  const counts = noDefinitions();
  for (const definition of definitions) {
    await pool.submit(async () => {
      count(counts, (await defineCatalogueEntry(store, kind, definition, context)).outcome);
    });
  }
  await pool.drain();
  return counts;
}
