import type { ReadCollection, ReadDocument, ReadStore } from '../../ports/readStore';
import { CollectionState } from './collectionState';
import { InvalidQueryError } from './errors';
import { MemoryCollection, type Lifecycle } from './memoryCollection';

export { DuplicateKeyError, InvalidDocumentError, InvalidQueryError, InvalidUpdateError } from './errors';

/**
 * The embedded read store: named collections of frozen JSON documents answering MongoDB filters, sorts
 * and updates, fast enough for projections replaying 100,000 events a second. Rebuilt from the event
 * store at start, so nothing is persisted. See README.md for where it departs from MongoDB.
 */
export function createMemoryReadStore(): ReadStore {
  const collections = new Map<string, { state: CollectionState; handle: MemoryCollection<ReadDocument> }>();
  const lifecycle: Lifecycle = { closed: false };

  return {
    collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T> {
      if (typeof name !== 'string' || name === '') {
        throw new InvalidQueryError(`a collection name is a non-empty string, got ${JSON.stringify(name)}`);
      }
      let found = collections.get(name);
      if (!found) {
        const state = new CollectionState(name);
        found = { state, handle: new MemoryCollection(state, lifecycle) };
        collections.set(name, found);
      }
      return found.handle as unknown as ReadCollection<T>;
    },

    async dropCollection(name: string): Promise<void> {
      if (lifecycle.closed) throw new Error('the read store is closed');
      collections.get(name)?.state.clear();
    },

    async close(): Promise<void> {
      lifecycle.closed = true;
      for (const { state } of collections.values()) state.clear();
    },
  };
}
