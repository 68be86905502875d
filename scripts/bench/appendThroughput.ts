import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { NewEvent } from '@cubre/schemas';
import { openSqliteDatabase } from '@cubre/platform/adapters/sqlite/database';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { round, timed } from './stats';

function eventsFor(count: number): NewEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type: 'ComparatorUrlSaved',
    occurredAt: new Date().toISOString(),
    data: { link: `L${i}`, url: `/Comparar/Isapres?page=${i}`, path: `/Comparar/Isapres?page=${i}` },
    metadata: { correlationId: randomUUID(), causationId: null, actor: { kind: 'visitor', id: 'anonymous' } },
  }));
}

/**
 * Appends through the event store against raw better-sqlite3 inserts of the same rows into the same
 * schema, with the same durability (WAL, synchronous FULL) and one transaction per batch, in one run.
 */
export async function benchAppendThroughput(dir: string, batchSize: number, totalEvents: number) {
  const batches = Array.from({ length: totalEvents / batchSize }, () => eventsFor(batchSize));

  const store = openSqliteEventStore({ dataDir: join(dir, `store-${batchSize}`) });
  const storeMs = await timed(async () => {
    for (const [i, batch] of batches.entries()) {
      await store.append(`comparatorLink-bench${i}`, batch, { expectedRevision: 'no_stream' });
    }
  });
  await store.close();

  const raw = openSqliteDatabase(join(dir, `raw-${batchSize}`));
  const insert = raw.prepare(
    'INSERT INTO events (id, stream_id, revision, type, occurred_at, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertBatch = raw.transaction((streamId: string, events: NewEvent[]) => {
    events.forEach((event, revision) =>
      insert.run(
        event.id,
        streamId,
        revision,
        event.type,
        event.occurredAt,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      ),
    );
  });
  const rawBatches = batches.map((batch) => batch.map((event) => ({ ...event, id: randomUUID() })));
  const rawMs = await timed(() => {
    for (const [i, batch] of rawBatches.entries()) insertBatch(`comparatorLink-bench${i}`, batch);
  });
  raw.close();

  const storeRate = totalEvents / (storeMs / 1000);
  const rawRate = totalEvents / (rawMs / 1000);
  return {
    batchSize,
    events: totalEvents,
    eventStoreEventsPerSecond: Math.round(storeRate),
    rawSqliteEventsPerSecond: Math.round(rawRate),
    ratio: round(storeRate / rawRate, 3),
  };
}
