import { eachConcurrently } from '@cubre/platform/core/eachConcurrently';

/** A call that stays in flight until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('eachConcurrently', () => {
  test('keeps at most `limit` calls in flight and starts the next as one settles', async () => {
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const running = eachConcurrently([0, 1, 2, 3, 4], 2, async (item) => {
      started.push(item);
      await gates[item]!.opened;
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await new Promise(setImmediate);
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    await new Promise(setImmediate);
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();
    await running;
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  test('settles every started call before it throws the first error, and starts no new one', async () => {
    const slow = gate();
    const finished: number[] = [];
    let settled = false;
    const running = eachConcurrently([0, 1, 2, 3], 2, async (item) => {
      if (item === 1) throw new Error('item 1');
      if (item === 0) await slow.opened;
      finished.push(item);
    }).finally(() => (settled = true));
    await new Promise(setImmediate);
    expect(settled).toBe(false);
    slow.open();
    await expect(running).rejects.toThrow('item 1');
    expect(finished).toEqual([0]);
  });

  test('an empty list does nothing; a limit below 1 is refused', async () => {
    await expect(eachConcurrently([], 4, async () => {})).resolves.toBeUndefined();
    await expect(eachConcurrently([1], 0, async () => {})).rejects.toThrow(RangeError);
  });
});
