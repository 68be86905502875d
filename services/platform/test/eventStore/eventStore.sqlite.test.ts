import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { openSqliteCheckpointStore } from '@cubre/platform/adapters/sqlite/checkpointStore';
import { newEvent, newEvents, uniqueStream } from '../support/events';
import { tempDataDir } from '../support/tempDir';
import { eventStoreContract } from './eventStoreContract';

const dir = tempDataDir();
afterAll(() => dir.remove());

describe('SQLite event store contract', () => {
  eventStoreContract(async () => openSqliteEventStore({ dataDir: dir.path, pollIntervalMs: 20 }), {
    globalEventIds: true,
    filtersCategories: true,
  });
});

describe('SQLite event store specifics', () => {
  test('the database runs in WAL mode with synchronous FULL, so an acknowledged append survives a power cut', async () => {
    const store = openSqliteEventStore({ dataDir: tempDataDir().path });
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    // 2 = FULL
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    await store.close();
  });

  test('events survive closing and reopening the file', async () => {
    const data = tempDataDir();
    const stream = uniqueStream();
    const first = openSqliteEventStore({ dataDir: data.path });
    await first.append(stream, newEvents(3));
    await first.close();
    const second = openSqliteEventStore({ dataDir: data.path });
    expect((await second.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
    await second.close();
    data.remove();
  });

  test('appends of one event-loop turn are committed together yet keep their own outcomes', async () => {
    const data = tempDataDir();
    const store = openSqliteEventStore({ dataDir: data.path });
    const a = uniqueStream();
    const b = uniqueStream();
    const results = await Promise.allSettled([
      store.append(a, [newEvent()], { expectedRevision: 'no_stream' }),
      store.append(a, [newEvent()], { expectedRevision: 'no_stream' }),
      store.append(b, newEvents(2), { expectedRevision: 'no_stream' }),
      store.append(a, [newEvent()], { expectedRevision: 0 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await store.readStream(a)).toHaveLength(2);
    expect(await store.readStream(b)).toHaveLength(2);
    await store.close();
    data.remove();
  });

  test('a subscription sees appends made by another connection to the same file by polling', async () => {
    const data = tempDataDir();
    const reader = openSqliteEventStore({ dataDir: data.path, pollIntervalMs: 10 });
    const writer = openSqliteEventStore({ dataDir: data.path });
    const subscription = reader.subscribeToAll({ after: 0 });
    const stream = uniqueStream();
    const seen = (async () => {
      for await (const batch of subscription) if (batch.some((e) => e.streamId === stream)) return true;
      return false;
    })();
    await writer.append(stream, [newEvent()]);
    await expect(seen).resolves.toBe(true);
    await subscription.close();
    await writer.close();
    await reader.close();
    data.remove();
  });

  test('an append after close is refused', async () => {
    const store = openSqliteEventStore({ dataDir: tempDataDir().path });
    await store.close();
    await expect(store.append(uniqueStream(), [newEvent()])).rejects.toThrow('closed');
  });

  test('checkpoints only move forward and survive reopening', async () => {
    const data = tempDataDir();
    const store = openSqliteEventStore({ dataDir: data.path });
    const checkpoints = openSqliteCheckpointStore(data.path);
    expect(await checkpoints.load('relay')).toBe(0);
    await checkpoints.store('relay', 10);
    await checkpoints.store('relay', 7);
    expect(await checkpoints.load('relay')).toBe(10);
    checkpoints.close();
    await store.close();
    const reopened = openSqliteCheckpointStore(data.path);
    expect(await reopened.load('relay')).toBe(10);
    reopened.close();
    data.remove();
  });
});
