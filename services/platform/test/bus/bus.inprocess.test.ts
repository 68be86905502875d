import { createInProcessBus } from '@cubre/platform/adapters/inprocess/bus';
import { ALL_TOPICS } from '@cubre/platform/ports/bus';
import { newEvent } from '../support/events';
import { signal } from '../support/signal';
import { busContract } from './busContract';

describe('in-process bus contract', () => {
  busContract(async () => {
    const bus = createInProcessBus({ retryDelayMs: 5 });
    return {
      bus,
      topics: ['cubre.alpha', 'cubre.beta'],
      // publish wakes every group at once, and a woken group hands its batch to its handler and moves its
      // cursor in the microtasks that follow: by the event loop's next check phase, the round is done.
      deliveryRound: () => new Promise((resolve) => setImmediate(resolve)),
      close: () => bus.close(),
    };
  });
});

describe('in-process bus specifics', () => {
  const event = (globalPosition: number) => ({
    ...newEvent(),
    streamId: 'thing-1',
    revision: 0,
    globalPosition,
  });

  test('an all-topics consumer sees every message in publish order, across topics', async () => {
    const bus = createInProcessBus();
    const seen: number[] = [];
    const { promise: threeSeen, resolve: sawThree } = signal();
    await bus.consume({
      groupId: 'g',
      topics: [ALL_TOPICS],
      handle: async (m) => {
        seen.push(...m.map((x) => x.event.globalPosition));
        if (seen.length >= 3) sawThree();
      },
    });
    await bus.publish([
      { topic: 'cubre.a', key: 'a-1', event: event(1) },
      { topic: 'cubre.b', key: 'b-1', event: event(2) },
      { topic: 'cubre.a', key: 'a-1', event: event(3) },
    ]);
    await threeSeen;
    expect(seen).toEqual([1, 2, 3]);
    await bus.close();
  });

  test('messages every group handled are released; a slow group keeps them', async () => {
    const bus = createInProcessBus();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { promise: slowHolds, resolve: holding } = signal();
    const { promise: lastHandled, resolve: handledLast } = signal();
    await bus.consume({
      groupId: 'slow',
      topics: [ALL_TOPICS],
      handle: async (messages) => {
        holding();
        await gate;
        if (messages.at(-1)!.event.globalPosition === 2000) handledLast();
      },
    });
    await bus.publish(
      Array.from({ length: 2000 }, (_, i) => ({ topic: 'cubre.a', key: 'a-1', event: event(i + 1) })),
    );
    // The slow group is inside its handler with the first batch: the log keeps all of it.
    await slowHolds;
    expect(bus.pending()).toBe(2000);
    release();
    await lastHandled;
    // The cursor moves and the log is trimmed in the microtasks after the handler resolved.
    await new Promise((resolve) => setImmediate(resolve));
    expect(bus.pending()).toBe(0);
    await bus.close();
  });

  test('a group inside its handler while another releases the log head still sees every message once, in order', async () => {
    const bus = createInProcessBus({ batchSize: 100 });
    const total = 3000;
    const seen: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { promise: allSeen, resolve: sawAll } = signal();
    // `slow` holds one batch open; `fast` handles everything meanwhile, then `slow` catches up while the
    // log's head is dropped under it (the runtime's projections take turns like this on the read store).
    await bus.consume({
      groupId: 'slow',
      topics: [ALL_TOPICS],
      handle: async (messages) => {
        if (messages[0]!.event.globalPosition === 1101) await gate;
        seen.push(...messages.map((message) => message.event.globalPosition));
        if (seen.length >= total) sawAll();
      },
    });
    let fast = 0;
    await bus.consume({
      groupId: 'fast',
      topics: [ALL_TOPICS],
      handle: async (messages) => {
        fast += messages.length;
        if (fast === total) release();
      },
    });
    await bus.publish(
      Array.from({ length: total }, (_, i) => ({ topic: 'cubre.a', key: 'a-1', event: event(i + 1) })),
    );
    await allSeen;
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    await bus.close();
  });

  test('a second consumer for the same group in one process is refused', async () => {
    const bus = createInProcessBus();
    await bus.consume({ groupId: 'g', topics: ['cubre.a'], handle: async () => undefined });
    await expect(
      bus.consume({ groupId: 'g', topics: ['cubre.a'], handle: async () => undefined }),
    ).rejects.toThrow('already');
    await bus.close();
  });

  test('publishing to a closed bus is refused', async () => {
    const bus = createInProcessBus();
    await bus.close();
    await expect(bus.publish([{ topic: 'cubre.a', key: 'a-1', event: event(1) }])).rejects.toThrow('closed');
  });
});
