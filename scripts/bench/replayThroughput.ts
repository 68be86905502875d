import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pino from 'pino';
import { createProjectionRunner } from '@cubre/platform/projections/runner';
import { comparatorLinksProjection } from '../../projections/src/comparatorLinks/projection';
import { createInProcessBus } from '@cubre/platform/adapters/inprocess/bus';
import { openSqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { round, timed } from './stats';

/** Rebuilds the comparator-link projection from a log of `total` events; compares with reading the log alone. */
export async function benchReplayThroughput(dir: string, total: number) {
  const store = openSqliteEventStore({ dataDir: join(dir, 'replay') });
  const chunk = 5000;
  for (let start = 0; start < total; start += chunk) {
    await Promise.all(
      Array.from({ length: Math.min(chunk, total - start) }, (_, j) => {
        const link = `R${(start + j).toString(36).padStart(6, '0')}`;
        return store.append(`comparatorLink-${link}`, [
          {
            id: randomUUID(),
            type: 'ComparatorUrlSaved',
            occurredAt: new Date().toISOString(),
            data: { link, url: `/Comparar/Isapres?r=${start + j}`, path: `/Comparar/Isapres?r=${start + j}` },
            metadata: {
              correlationId: randomUUID(),
              causationId: null,
              actor: { kind: 'visitor', id: 'anonymous' },
            },
          },
        ]);
      }),
    );
  }

  const readOnlyMs = await timed(async () => {
    for (let after = 0; ;) {
      // The same read a catch-up does for a projection that needs no metadata.
      const batch = await store.readAllWithoutMetadata({ after, maxCount: 5000 });
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.globalPosition;
    }
  });

  // The runtime's embedded read store, a file beside the events: replays commit as they go.
  const readStore = openSqliteReadStore({ dataDir: join(dir, 'replay') });
  const runner = createProjectionRunner({
    projections: [comparatorLinksProjection],
    eventStore: store,
    readStore,
    bus: createInProcessBus(),
    logger: pino({ level: 'silent' }),
  });
  // Warm-up: the steady state is what a long rebuild runs at, not the first seconds of JIT compilation.
  await runner.rebuild('comparatorLinks');
  let result = { events: 0, durationMs: 0, position: 0 };
  const replayMs = await timed(async () => {
    result = await runner.rebuild('comparatorLinks');
  });
  const documents = await readStore.collection('comparatorLinks').count({});
  await readStore.close();
  await store.close();
  if (documents !== total) throw new Error(`replay produced ${documents} documents for ${total} events`);
  const replayRate = total / (replayMs / 1000);
  const readRate = total / (readOnlyMs / 1000);
  return {
    events: result.events,
    replayEventsPerSecond: Math.round(replayRate),
    readOnlyEventsPerSecond: Math.round(readRate),
    ratioToReadingAlone: round(replayRate / readRate, 3),
  };
}
