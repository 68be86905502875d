/**
 * Runs `work` over `items` with at most `limit` calls in flight, in the items' order of start, and resolves
 * once every call has settled. The scheduler's jobs use it for a page of items (issue 15): each item waits
 * for its own durable commits, and items in flight together let the event store commit them as one group
 * (one fsync for many appends) instead of one after the other.
 *
 * `work` is expected to handle its own item's failure (report it, go on). If a call throws all the same,
 * the calls already started still settle before the first error is thrown, and no new one starts: the
 * caller never moves on while some of its page is still being written.
 */
export async function eachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit: a whole number ≥ 1 (${limit})`);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const index = next++;
      try {
        await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}
