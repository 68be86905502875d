import { StoredEvent } from '@cubre/schemas/events';
import {
  WrongExpectedRevisionError,
  EventIdReusedError,
  type EventStore,
} from '@cubre/platform/ports/eventStore';
import { newEvent, newEvents, uniqueStream } from '../support/events';
import { signal } from '../support/signal';

/**
 * The behaviour every event store adapter must have (issue 2, item 3). A server-backed store is shared
 * between tests, so every test writes its own streams and reads `$all` only from its own start position.
 */
export interface EventStoreCapabilities {
  /**
   * Whether an event id is unique across the whole store (SQLite's unique index). EventStoreDB recognises
   * ids within a stream only, so reusing an id in another stream is not detected there.
   */
  globalEventIds: boolean;
  /** Whether `readAll` with `categories` leaves other categories out (SQLite), or only may (EventStoreDB). */
  filtersCategories?: boolean;
}

export function eventStoreContract(
  makeStore: () => Promise<EventStore>,
  capabilities: EventStoreCapabilities = { globalEventIds: true },
): void {
  let store: EventStore;
  beforeAll(async () => {
    store = await makeStore();
  });
  afterAll(async () => {
    await store.close();
  });

  describe('append and read a stream', () => {
    test('the first append returns revision 0 and a positive global position', async () => {
      const result = await store.append(uniqueStream(), [newEvent()], { expectedRevision: 'no_stream' });
      expect(result.nextExpectedRevision).toBe(0);
      expect(result.globalPosition).toBeGreaterThan(0);
    });

    test('events come back in order with their envelope, revisions from 0, valid against the schema', async () => {
      const stream = uniqueStream();
      const events = newEvents(3);
      const result = await store.append(stream, events);
      expect(result.nextExpectedRevision).toBe(2);
      const read = await store.readStream(stream);
      expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
      expect(read[2]!.globalPosition).toBe(result.globalPosition);
      for (const [i, event] of read.entries()) {
        expect(StoredEvent.parse(event)).toEqual(event);
        expect(event.streamId).toBe(stream);
        expect(event.data).toEqual({ index: i });
        expect(event.metadata).toEqual(events[i]!.metadata);
      }
      expect(read[1]!.globalPosition).toBeGreaterThan(read[0]!.globalPosition);
    });

    test('reading a stream that does not exist gives an empty list', async () => {
      expect(await store.readStream(uniqueStream())).toEqual([]);
    });

    test('readStream honours fromRevision and maxCount', async () => {
      const stream = uniqueStream();
      await store.append(stream, newEvents(5));
      const read = await store.readStream(stream, { fromRevision: 2, maxCount: 2 });
      expect(read.map((e) => e.revision)).toEqual([2, 3]);
    });

    test('payloads keep nested objects, arrays, unicode and numbers exactly', async () => {
      const stream = uniqueStream();
      const data = {
        nombre: 'Añasco Ñuñoa',
        edades: [25, 3],
        montos: { uf: 2.345, clp: 91234 },
        vacío: null,
      };
      await store.append(stream, [newEvent('ThingHappened', data)]);
      expect((await store.readStream(stream))[0]!.data).toEqual(data);
    });
  });

  describe('expected revision', () => {
    test('no_stream refuses an existing stream with the typed conflict error', async () => {
      const stream = uniqueStream();
      await store.append(stream, [newEvent()]);
      const error = await store
        .append(stream, [newEvent()], { expectedRevision: 'no_stream' })
        .catch((e) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0 });
    });

    test('stream_exists refuses a missing stream and accepts an existing one', async () => {
      const stream = uniqueStream();
      await expect(
        store.append(stream, [newEvent()], { expectedRevision: 'stream_exists' }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.append(stream, [newEvent()]);
      const result = await store.append(stream, [newEvent()], { expectedRevision: 'stream_exists' });
      expect(result.nextExpectedRevision).toBe(1);
    });

    test('an exact revision must equal the last revision of the stream', async () => {
      const stream = uniqueStream();
      await store.append(stream, newEvents(2));
      await expect(store.append(stream, [newEvent()], { expectedRevision: 0 })).rejects.toMatchObject({
        name: 'WrongExpectedRevisionError',
        expected: 0,
        actual: 1,
      });
      await expect(store.append(stream, [newEvent()], { expectedRevision: 1 })).resolves.toMatchObject({
        nextExpectedRevision: 2,
      });
    });

    test('an exact revision on a missing stream is a conflict with actual -1', async () => {
      const stream = uniqueStream();
      await expect(store.append(stream, [newEvent()], { expectedRevision: 0 })).rejects.toMatchObject({
        actual: -1,
      });
    });

    test('any appends whatever the stream holds', async () => {
      const stream = uniqueStream();
      await store.append(stream, [newEvent()], { expectedRevision: 'any' });
      await expect(store.append(stream, [newEvent()], { expectedRevision: 'any' })).resolves.toMatchObject({
        nextExpectedRevision: 1,
      });
    });

    test('a refused append stores nothing', async () => {
      const stream = uniqueStream();
      await store.append(stream, [newEvent()]);
      await store.append(stream, newEvents(3), { expectedRevision: 5 }).catch(() => undefined);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    test('50 concurrent appends expecting the same revision: exactly one wins, the rest conflict, nothing is lost', async () => {
      const stream = uniqueStream();
      await store.append(stream, [newEvent()]);
      const attempts = Array.from({ length: 50 }, (_, i) =>
        store.append(stream, [newEvent('ThingHappened', { attempt: i })], { expectedRevision: 0 }),
      );
      const outcomes = await Promise.allSettled(attempts);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(49);
      for (const outcome of lost) expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
      const read = await store.readStream(stream);
      expect(read).toHaveLength(2);
      const winner = outcomes.findIndex((o) => o.status === 'fulfilled');
      expect(read[1]!.data).toEqual({ attempt: winner });
    });
  });

  describe('idempotent re-append', () => {
    test('re-appending the same event ids returns the first result and stores nothing new', async () => {
      const stream = uniqueStream();
      const events = newEvents(2);
      const first = await store.append(stream, events, { expectedRevision: 'no_stream' });
      const again = await store.append(stream, events, { expectedRevision: 'no_stream' });
      expect(again).toEqual(first);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    test('a retry after later appends is still recognised', async () => {
      const stream = uniqueStream();
      const events = [newEvent()];
      const first = await store.append(stream, events);
      await store.append(stream, [newEvent()]);
      await expect(store.append(stream, events, { expectedRevision: 'no_stream' })).resolves.toEqual(first);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    (capabilities.globalEventIds ? test : test.skip)(
      'reusing one stored id with new ones is refused',
      async () => {
        const stream = uniqueStream();
        const [a] = newEvents(1);
        await store.append(stream, [a!]);
        await expect(store.append(stream, [newEvent(), a!])).rejects.toBeDefined();
        const other = uniqueStream();
        await expect(store.append(other, [a!])).rejects.toBeInstanceOf(EventIdReusedError);
        expect(await store.readStream(stream)).toHaveLength(1);
        expect(await store.readStream(other)).toHaveLength(0);
      },
    );
  });

  describe('$all', () => {
    test('readAll returns events after a position in global order, in batches', async () => {
      const start = await store.headPosition();
      const a = uniqueStream();
      const b = uniqueStream();
      await store.append(a, newEvents(2));
      await store.append(b, newEvents(2));
      await store.append(a, newEvents(1));
      const seen = [];
      let after = start;
      for (;;) {
        const batch = await store.readAll({ after, maxCount: 2 });
        if (batch.length === 0) break;
        expect(batch.length).toBeLessThanOrEqual(2);
        seen.push(...batch);
        after = batch[batch.length - 1]!.globalPosition;
      }
      const mine = seen.filter((e) => e.streamId === a || e.streamId === b);
      expect(mine.map((e) => [e.streamId, e.revision])).toEqual([
        [a, 0],
        [a, 1],
        [b, 0],
        [b, 1],
        [a, 2],
      ]);
      const positions = seen.map((e) => e.globalPosition);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      expect(new Set(positions).size).toBe(positions.length);
    });

    test('readAllWithoutMetadata, where offered, gives the same events as readAll minus ids and metadata', async () => {
      if (!store.readAllWithoutMetadata) return;
      const start = await store.headPosition();
      await store.append(uniqueStream(), newEvents(3));
      const full = await store.readAll({ after: start, maxCount: 100 });
      const lean = await store.readAllWithoutMetadata({ after: start, maxCount: 100 });
      expect(lean).toEqual(full.map(({ id: _id, metadata: _metadata, ...rest }) => rest));
    });

    test('readAll of some categories gives every event of them, in order, and (where filtered) nothing else', async () => {
      const start = await store.headPosition();
      const tag = Math.random().toString(36).slice(2, 8);
      const [mine, near, other] = [`mine${tag}`, `mine${tag}X`, `other${tag}`];
      const a = uniqueStream(mine);
      const b = uniqueStream(mine);
      await store.append(a, newEvents(2));
      await store.append(uniqueStream(near), newEvents(1));
      await store.append(uniqueStream(other), newEvents(2));
      await store.append(b, newEvents(1));
      await store.append(a, newEvents(1));
      const seen = [];
      let after = start;
      for (;;) {
        const read = { after, maxCount: 2, categories: [mine] };
        const batch = await store.readAll(read);
        if (batch.length === 0) break;
        expect(batch.length).toBeLessThanOrEqual(2);
        if (store.readAllWithoutMetadata) {
          const lean = await store.readAllWithoutMetadata(read);
          expect(lean).toEqual(batch.map(({ id: _id, metadata: _metadata, ...rest }) => rest));
        }
        seen.push(...batch);
        after = batch[batch.length - 1]!.globalPosition;
      }
      const ofMine = seen.filter((event) => event.streamId.startsWith(`${mine}-`));
      expect(ofMine.map((event) => [event.streamId, event.revision])).toEqual([
        [a, 0],
        [a, 1],
        [b, 0],
        [a, 2],
      ]);
      if (capabilities.filtersCategories) expect(seen).toEqual(ofMine);
    });

    test('headPosition is the position of the last append', async () => {
      const result = await store.append(uniqueStream(), newEvents(2));
      expect(await store.headPosition()).toBeGreaterThanOrEqual(result.globalPosition);
    });

    test('a catch-up subscription replays from a position and then goes live, in order', async () => {
      const stream = uniqueStream();
      const start = await store.headPosition();
      await store.append(stream, newEvents(3));
      const subscription = store.subscribeToAll({ after: start, batchSize: 2 });
      const received: string[] = [];
      const historyRead = signal();
      const done = (async () => {
        for await (const batch of subscription) {
          for (const event of batch) if (event.streamId === stream) received.push(`${event.revision}`);
          if (received.length >= 3) historyRead.resolve();
          if (received.length >= 6) break;
        }
      })();
      // Live part: appended once the subscription has delivered everything that was there before it.
      await historyRead.promise;
      await store.append(stream, newEvents(3));
      await done;
      await subscription.close();
      expect(received).toEqual(['0', '1', '2', '3', '4', '5']);
    });

    test('closing a subscription ends its iteration', async () => {
      const marker = uniqueStream();
      const subscription = store.subscribeToAll({ after: await store.headPosition() });
      const markerSeen = signal();
      const finished = (async () => {
        for await (const batch of subscription) {
          if (batch.some((event) => event.streamId === marker)) markerSeen.resolve();
        }
        return 'ended';
      })();
      // Once it delivered an event appended after it started, it is live: waiting for more when closed.
      await store.append(marker, newEvents(1));
      await markerSeen.promise;
      await subscription.close();
      await expect(finished).resolves.toBe('ended');
    });
  });
}
