/**
 * Read models live in named collections queried with MongoDB's language, so the embedded engine and
 * MongoDB answer the same filters, sorts and updates. Documents are plain JSON: dates are ISO strings.
 */
export type ReadDocument = { _id: string } & Record<string, unknown>;

/** A MongoDB query filter (`{ status: { $in: [...] }, 'price.value': { $lt: 10 } }`). */
export type Filter = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;

/** MongoDB update operators understood by every adapter. */
export interface UpdateSpec {
  $set?: Record<string, unknown>;
  $unset?: Record<string, '' | 1 | true>;
  $inc?: Record<string, number>;
  $max?: Record<string, unknown>;
  $min?: Record<string, unknown>;
  $push?: Record<string, unknown>;
  $addToSet?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
  $setOnInsert?: Record<string, unknown>;
}

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
}

export interface ReadCollection<T extends ReadDocument = ReadDocument> {
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  /** Replaces the whole document with this `_id`, inserting it when missing. */
  upsert(doc: T): Promise<void>;
  /**
   * Applies `update` to the document `_id` only if it also matches `guard`: the way a projection makes a
   * replayed event change nothing (`guard: { revision: { $lt: event.revision } }`).
   * With `upsert`, a missing document is created from the equality fields of `guard`, `$setOnInsert` and
   * `update`; an existing document that fails the guard is left alone (never a duplicate).
   * @returns whether a document was changed or created.
   */
  guardedUpdate(
    id: string,
    guard: Filter,
    update: UpdateSpec,
    options?: { upsert?: boolean },
  ): Promise<boolean>;
  deleteMany(filter: Filter): Promise<number>;
  /**
   * Declares an index, which queries use as MongoDB does: equalities on its leading fields, then a range
   * or the sort's order. `ordered` is kept for callers written for the former in-memory engine; every
   * adapter's indexes are ordered now, and it is ignored.
   */
  createIndex(keys: SortSpec, options?: { unique?: boolean; ordered?: boolean }): Promise<void>;
}

export interface ReadStore {
  collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T>;
  /** Removes a collection and its indexes (used by a projection rebuild). */
  dropCollection(name: string): Promise<void>;
  /**
   * Runs `work` so that its writes reach the store's durable state together or not at all: a projection
   * applies a batch of events and records its progress in one unit, so a crash never leaves a read model
   * ahead of (or behind) its progress. The embedded store commits between units, never inside one; a
   * store that writes through (MongoDB) has no such method. Units run one at a time: `work` must not
   * start another.
   */
  unitOfWork?<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The API edge speaks `id`, the store `_id` (issue 2, item 5). */
export function toApiRecord<T extends ReadDocument>(doc: T): Omit<T, '_id'> & { id: string } {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

/*
 * Errors every read-store adapter raises the same way (MongoDB's server errors are translated into them),
 * so callers catch one class whatever the runtime.
 */

/** A write would give two documents the same key of a unique index (MongoDB's E11000). */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(
    readonly collection: string,
    /** The indexed fields, in the index's order. */
    readonly fields: readonly string[],
    /** The key the write collided on, field by field. */
    readonly value: Readonly<Record<string, unknown>>,
    options?: ErrorOptions,
  ) {
    super(
      `duplicate key in collection '${collection}': unique index on ${fields.join(', ')} already holds ` +
        `${JSON.stringify(value)}`,
      options,
    );
  }
}

/** An update specification that no adapter can apply as written. */
export class InvalidUpdateError extends Error {
  override readonly name = 'InvalidUpdateError';
}

/** A document, filter, sort or option that is not what the port accepts. */
export class InvalidQueryError extends Error {
  override readonly name = 'InvalidQueryError';
}

/** A value that is not plain JSON was given as (part of) a document. */
export class InvalidDocumentError extends Error {
  override readonly name = 'InvalidDocumentError';
}
