import type { NextFunction, Request, Response } from 'express';
import pino from 'pino';
import { openSqliteRateLimitStore } from '@cubre/platform/adapters/sqlite/rateLimitStore';
import { clientKey, createRateLimits, LIMIT_FAMILIES } from '@cubre/platform/http/rateLimits';
import { tempDataDir } from '../support/tempDir';

describe('who a client is for the limits (issue 13)', () => {
  test('issue 13 IPv4 and IPv4-mapped addresses are the address; IPv6 is its /64, however it is written', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:0:0:b')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey(undefined)).toBe('unknown');
  });
});

describe('a failing counter store (issue 13)', () => {
  test('issue 13 when the store fails the call goes through and a warning is logged: the limits must not take the site down', async () => {
    const dir = tempDataDir();
    const store = openSqliteRateLimitStore(dir.path);
    const settings = Object.fromEntries(
      LIMIT_FAMILIES.map((family) => [family, { perClient: { points: 1, windowSeconds: 3600 } }]),
    ) as Parameters<typeof createRateLimits>[1];
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const limits = createRateLimits(store, settings, logger);
    await store.close();
    dir.remove();

    const passed = await new Promise<unknown[]>((resolve) => {
      const next = ((...args: unknown[]) => resolve(args)) as NextFunction;
      limits.guard('leads')({ ip: '203.0.113.9' } as Request, {} as Response, next);
    });
    expect(passed).toEqual([]);
    expect(warnings.join('')).toContain('rate-limit store failed; call allowed');
  });
});
