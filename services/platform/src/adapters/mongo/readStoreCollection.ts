import {
  MongoServerError,
  type Collection,
  type Document,
  type Filter as MongoFilter,
  type Sort,
  type UpdateFilter,
} from 'mongodb';
import type {
  Filter,
  FindOptions,
  ReadCollection,
  ReadDocument,
  SortSpec,
  UpdateSpec,
} from '../../ports/readStore';
import { DuplicateKeyError } from '../../ports/readStore';

const DUPLICATE_KEY = 11000;

/** Read-model documents as the driver sees them: `_id` is a string, not an ObjectId. */
export type StoredDocument = Document & { _id: string };

/** MongoDB's E11000 as the error class both adapters throw; undefined for any other error. */
function asDuplicateKey(collection: string, error: unknown): DuplicateKeyError | undefined {
  if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) return undefined;
  const pattern = (error.keyPattern ?? {}) as Record<string, unknown>;
  const value = (error.keyValue ?? {}) as Record<string, unknown>;
  return new DuplicateKeyError(collection, Object.keys(pattern), value, { cause: error });
}

/** Whether the duplicate is on `_id`: an upsert whose guard failed tried to insert a second document. */
function isDuplicateId(error: unknown): boolean {
  if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) return false;
  const pattern = error.keyPattern as Record<string, unknown> | undefined;
  // Servers that omit keyPattern name the index in the message.
  return pattern ? Object.keys(pattern).join() === '_id' : /index: _id_ /.test(error.message);
}

/** The port over one MongoDB collection. Filters, sorts and updates go to the server as they are. */
export class MongoReadCollection<T extends ReadDocument> implements ReadCollection<T> {
  constructor(private readonly collection: Collection<StoredDocument>) {}

  private rethrow(error: unknown): never {
    throw asDuplicateKey(this.collection.collectionName, error) ?? error;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const cursor = this.collection.find(filter as MongoFilter<StoredDocument>, {
      sort: options.sort as Sort | undefined,
      skip: options.skip,
      limit: options.limit,
    });
    return (await cursor.toArray()) as unknown as T[];
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.collection.findOne(filter as MongoFilter<StoredDocument>)) as T | null;
  }

  async count(filter: Filter = {}): Promise<number> {
    return this.collection.countDocuments(filter as MongoFilter<StoredDocument>);
  }

  async upsert(doc: T): Promise<void> {
    try {
      await this.collection.replaceOne({ _id: doc._id } as MongoFilter<StoredDocument>, doc, {
        upsert: true,
      });
    } catch (error) {
      this.rethrow(error);
    }
  }

  async guardedUpdate(
    id: string,
    guard: Filter,
    update: UpdateSpec,
    options?: { upsert?: boolean },
  ): Promise<boolean> {
    const upsert = options?.upsert === true;
    try {
      const result = await this.collection.updateOne(
        { _id: id, ...guard } as MongoFilter<StoredDocument>,
        update as UpdateFilter<StoredDocument>,
        { upsert },
      );
      return result.modifiedCount > 0 || result.upsertedCount > 0;
    } catch (error) {
      // The document exists but failed the guard, so the upsert tried to insert it again.
      if (upsert && isDuplicateId(error)) return false;
      this.rethrow(error);
    }
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.collection.deleteMany(filter as MongoFilter<StoredDocument>)).deletedCount;
  }

  async createIndex(keys: SortSpec, options?: { unique?: boolean; ordered?: boolean }): Promise<void> {
    try {
      await this.collection.createIndex(keys, options?.unique ? { unique: true } : {});
    } catch (error) {
      this.rethrow(error);
    }
  }
}
