import { createInProcessBus } from '@cubre/platform/adapters/inprocess/bus';
import { ALL_TOPICS } from '@cubre/platform/ports/bus';
import { newEvent } from '../support/events';
import { busContract } from './busContract';

describe('in-process bus contract', () => {
  busContract(async () => {
    const bus = createInProcessBus({ retryDelayMs: 5 });
    return { bus, topics: ['cubre.alpha', 'cubre.beta'], close: () => bus.close() };
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
    await bus.consume({
      groupId: 'g',
      topics: [ALL_TOPICS],
      handle: async (m) => void seen.push(...m.map((x) => x.event.globalPosition)),
    });
    await bus.publish([
      { topic: 'cubre.a', key: 'a-1', event: event(1) },
      { topic: 'cubre.b', key: 'b-1', event: event(2) },
      { topic: 'cubre.a', key: 'a-1', event: event(3) },
    ]);
    while (seen.length < 3) await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([1, 2, 3]);
    await bus.close();
  });

  test('messages every group handled are released; a slow group keeps them', async () => {
    const bus = createInProcessBus();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await bus.consume({ groupId: 'slow', topics: [ALL_TOPICS], handle: () => gate });
    await bus.publish(
      Array.from({ length: 2000 }, (_, i) => ({ topic: 'cubre.a', key: 'a-1', event: event(i + 1) })),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bus.pending()).toBe(2000);
    release();
    while (bus.pending() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(bus.pending()).toBe(0);
    await bus.close();
  });

  test('a group inside its handler while another releases the log head still sees every message once, in order', async () => {
    const bus = createInProcessBus({ batchSize: 100 });
    const total = 3000;
    const seen: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // `slow` holds one batch open; `fast` handles everything meanwhile, then `slow` catches up while the
    // log's head is dropped under it (the runtime's projections take turns like this on the read store).
    await bus.consume({
      groupId: 'slow',
      topics: [ALL_TOPICS],
      handle: async (messages) => {
        if (messages[0]!.event.globalPosition === 1101) await gate;
        seen.push(...messages.map((message) => message.event.globalPosition));
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
    while (seen.length < total) await new Promise((resolve) => setTimeout(resolve, 5));
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
