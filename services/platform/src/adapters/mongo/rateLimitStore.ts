import { MongoClient } from 'mongodb';
import { RateLimiterMongo } from 'rate-limiter-flexible';
import type { RateLimitStore } from '../../ports/rateLimitStore';
import { mongoExpiringState } from './expiringState';

const COLLECTION = 'rate_limits';

/**
 * The distributed runtime's counters: a collection of the same MongoDB (MONGO_URL, MONGO_DB) that every
 * api instance shares. The library gives it a TTL index on `expire`, so MongoDB deletes each counter when
 * its window ends: rotating addresses cannot grow it past one window's worth of clients.
 */
export async function connectMongoRateLimitStore(options: {
  url: string;
  dbName: string;
}): Promise<RateLimitStore> {
  const client = await new MongoClient(options.url).connect();
  const state = await mongoExpiringState(client, options.dbName);
  return {
    engine: 'mongodb',
    state,
    limiter: ({ keyPrefix, points, durationSeconds }) =>
      new RateLimiterMongo({
        storeClient: client,
        dbName: options.dbName,
        tableName: COLLECTION,
        keyPrefix,
        points,
        duration: durationSeconds,
      }),
    close: () => client.close(),
  };
}
