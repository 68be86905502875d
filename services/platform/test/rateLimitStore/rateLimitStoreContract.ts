import { randomUUID } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitStore } from '@cubre/platform/ports/rateLimitStore';

/**
 * What every rate-limit store must do (issue 13), run against SQLite always and MongoDB where reachable.
 * `open` opens another store on the same backing file or database, as a second process would.
 */
export function rateLimitStoreContract(open: () => Promise<RateLimitStore>) {
  const opened: RateLimitStore[] = [];
  const store = async () => {
    const next = await open();
    opened.push(next);
    return next;
  };
  afterAll(async () => {
    for (const each of opened) await each.close();
  });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the call was allowed');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(RateLimiterRes);
        return error as RateLimiterRes;
      },
    );

  test('issue 13 a limiter refuses a key past its points, saying how long its window still runs; other keys keep theirs', async () => {
    const limiter = (await store()).limiter({ keyPrefix: randomUUID(), points: 2, durationSeconds: 60 });
    await limiter.consume('198.51.100.1');
    await limiter.consume('198.51.100.1');
    const refused = await refusal(limiter.consume('198.51.100.1'));
    expect(refused.msBeforeNext).toBeGreaterThan(0);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
    await limiter.consume('198.51.100.2');
  });

  test('issue 13 two stores on the same backing (two processes) count against one allowance', async () => {
    const prefix = randomUUID();
    const first = (await store()).limiter({ keyPrefix: prefix, points: 3, durationSeconds: 60 });
    const second = (await store()).limiter({ keyPrefix: prefix, points: 3, durationSeconds: 60 });
    await first.consume('client');
    await second.consume('client');
    await first.consume('client');
    await refusal(second.consume('client'));
    await refusal(first.consume('client'));
  });

  test('issue 13 limiters with other prefixes do not share counters; delete gives a key its allowance back', async () => {
    const opened = await store();
    const human = opened.limiter({ keyPrefix: `${randomUUID()}:human`, points: 1, durationSeconds: 60 });
    const client = opened.limiter({ keyPrefix: `${randomUUID()}:client`, points: 1, durationSeconds: 60 });
    await human.consume('client');
    await client.consume('client');
    await refusal(human.consume('client'));
    await human.delete('client');
    await human.consume('client');
    await refusal(client.consume('client'));
  });
}
