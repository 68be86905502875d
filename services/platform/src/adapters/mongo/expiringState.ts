import type { MongoClient } from 'mongodb';
import type { ExpiringState } from '../../ports/expiringState';

const COLLECTION = 'expiring_state';
const MAX_ATTEMPTS = 20;

type StateDocument = { _id: string; value: unknown; expire: Date; version: number };

/**
 * ExpiringState in the MongoDB every api instance shares: a compare-and-set on a version field (a
 * concurrent writer makes the update read and decide again), and a TTL index on `expire` so MongoDB deletes
 * what expired.
 */
export async function mongoExpiringState(client: MongoClient, dbName: string): Promise<ExpiringState> {
  const collection = client.db(dbName).collection<StateDocument>(COLLECTION);
  await collection.createIndex({ expire: 1 }, { expireAfterSeconds: 0 });
  const live = (doc: StateDocument | null, nowMs: number) =>
    doc && doc.expire.getTime() > nowMs ? doc : null;
  return {
    async get<T>(key: string, nowMs: number) {
      return (live(await collection.findOne({ _id: key }), nowMs)?.value as T | undefined) ?? null;
    },
    async update<T>(
      key: string,
      nowMs: number,
      update: (current: T | null) => { value: T; expiresAtMs: number } | null,
    ) {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const doc = await collection.findOne({ _id: key });
        const next = update((live(doc, nowMs)?.value as T | undefined) ?? null);
        if (next === null) {
          if (!doc) return null;
          const removed = await collection.deleteOne({ _id: key, version: doc.version });
          if (removed.deletedCount === 1) return null;
          continue;
        }
        const fields = { value: next.value, expire: new Date(next.expiresAtMs) };
        if (doc) {
          const replaced = await collection.updateOne(
            { _id: key, version: doc.version },
            { $set: { ...fields, version: doc.version + 1 } },
          );
          if (replaced.matchedCount === 1) return next.value;
          continue;
        }
        try {
          await collection.insertOne({ _id: key, ...fields, version: 0 });
          return next.value;
        } catch (error) {
          // Another instance inserted it first (duplicate key): read it and decide again.
          if ((error as { code?: number }).code !== 11000) throw error;
        }
      }
      throw new Error(`expiring state ${COLLECTION}: too many concurrent updates of one key`);
    },
  };
}
