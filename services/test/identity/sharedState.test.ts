import Database from 'better-sqlite3';
import { join } from 'node:path';
import { sqliteExpiringState } from '@cubre/platform/adapters/sqlite/expiringState';
import { RevokedSessions } from '@cubre/services/identity/consoleSession';
import { LoginThrottle } from '@cubre/services/identity/loginThrottle';
import { tempDataDir } from '../../platform/test/support/tempDir';

/**
 * Two api processes on one DATA_DIR are two connections to its rate-limits file: what one records of
 * sign-ins and sign-outs, the other knows (issue 13, "Operators' routes" leftovers: counters per instance).
 */
describe('the sign-in throttle and signed-out sessions are shared by every api instance', () => {
  const dir = tempDataDir();
  const file = join(dir.path, 'rate-limits.sqlite');
  const first = new Database(file);
  const second = new Database(file);
  for (const db of [first, second]) db.pragma('busy_timeout = 5000');
  const stateA = sqliteExpiringState(first);
  const stateB = sqliteExpiringState(second);
  afterAll(() => {
    first.close();
    second.close();
    dir.remove();
  });
  const now = Date.parse('2026-11-26T12:00:00Z');

  test('failures spread over two instances lock the key on both, and the lock doubles', async () => {
    const a = new LoginThrottle(stateA, 5, 900);
    const b = new LoginThrottle(stateB, 5, 900);
    const keys = ['account:ana@example.com'];
    for (let i = 0; i < 5; i++) await (i % 2 ? a : b).failed(keys, now + i);
    expect(await a.retryAfter(keys, now + 5)).toBe(900);
    expect(await b.retryAfter(keys, now + 5)).toBe(900);
    // After the lock, five more failures lock for twice as long.
    const later = now + 901_000;
    for (let i = 0; i < 5; i++) await (i % 2 ? b : a).failed(keys, later + i);
    expect(await a.retryAfter(keys, later + 5)).toBe(1800);
    // A success on either clears it for both.
    await b.succeeded(keys, later + 10);
    expect(await a.retryAfter(keys, later + 11)).toBe(0);
  });

  test('concurrent failures on both instances are all counted', async () => {
    const a = new LoginThrottle(stateA, 10, 60);
    const b = new LoginThrottle(stateB, 10, 60);
    const keys = ['ip:203.0.113.9'];
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).failed(keys, now)));
    expect(await a.retryAfter(keys, now)).toBe(60);
  });

  test('a session signed out on one instance is refused by the other until its expiry, then forgotten', async () => {
    const expiresAt = Math.floor(now / 1000) + 3600;
    await new RevokedSessions(stateA).revoke('jti-1', expiresAt, now);
    const other = new RevokedSessions(stateB);
    expect(await other.isRevoked('jti-1', now + 1)).toBe(true);
    expect(await other.isRevoked('jti-2', now + 1)).toBe(false);
    expect(await other.isRevoked('jti-1', expiresAt * 1000 + 1)).toBe(false);
    // Swept once expired: the store does not grow with the sessions ever signed out.
    stateB.sweep(expiresAt * 1000 + 1);
    const rows = second
      .prepare('SELECT count(*) AS n FROM expiring_state WHERE key = ?')
      .get('session-revoked:jti-1') as {
      n: number;
    };
    expect(rows.n).toBe(0);
  });
});
