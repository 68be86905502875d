import { MongoClient, MongoServerError } from 'mongodb';
import type { ReadCollection, ReadDocument, ReadStore } from '../../ports/readStore';
import { MongoReadCollection, type StoredDocument } from './readStoreCollection';

export { DuplicateKeyError } from '../memory/errors';

export interface MongoReadStoreOptions {
  url: string;
  /** Defaults to the database named in the URL (MongoDB's `test` when it names none). */
  dbName?: string;
}

/** "ns not found": dropping a collection that does not exist, which the port treats as done. */
const NAMESPACE_NOT_FOUND = 26;

/** The read store of the distributed runtime, over the official driver. */
export async function createMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  // ignoreUndefined: an undefined field is left out, as JSON and the embedded store do, instead of null.
  const client = new MongoClient(options.url, { ignoreUndefined: true });
  try {
    await client.connect();
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  const db = client.db(options.dbName);

  return {
    collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T> {
      return new MongoReadCollection<T>(db.collection<StoredDocument>(name));
    },

    async dropCollection(name: string): Promise<void> {
      try {
        await db.collection(name).drop();
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
      }
    },

    async close(): Promise<void> {
      await client.close();
    },
  };
}
