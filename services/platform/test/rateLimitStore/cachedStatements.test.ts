import Database from 'better-sqlite3';
import { RateLimiterSQLite } from 'rate-limiter-flexible';
import { statementCachingClient } from '../../src/adapters/sqlite/cachedStatements';

describe("the rate limiter's SQLite client (issue 12: its upsert was prepared on every request)", () => {
  const db = new Database(':memory:');
  db.exec(
    'CREATE TABLE rate_limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)',
  );
  afterAll(() => db.close());

  test('prepares a statement once and hands the same one out for the same SQL', () => {
    const client = statementCachingClient(db);
    const first = client.prepare('SELECT count(*) FROM rate_limits');
    expect(client.prepare('SELECT count(*) FROM rate_limits')).toBe(first);
    expect(client.prepare('SELECT key FROM rate_limits')).not.toBe(first);
  });

  test('rate-limiter-flexible counts through it and refuses past the allowance', async () => {
    const limiter = new RateLimiterSQLite({
      storeClient: statementCachingClient(db),
      storeType: 'better-sqlite3',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: 'test',
      points: 3,
      duration: 60,
    });
    for (let i = 1; i <= 3; i++) expect((await limiter.consume('client')).consumedPoints).toBe(i);
    await expect(limiter.consume('client')).rejects.toMatchObject({ remainingPoints: 0 });
    expect((await limiter.consume('another')).consumedPoints).toBe(1);
  });
});
