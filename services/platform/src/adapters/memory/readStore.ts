import { openSqliteReadStore, type SqliteReadStore } from '../sqlite/readStore/store';

export { DuplicateKeyError, InvalidDocumentError, InvalidQueryError, InvalidUpdateError } from './errors';

/**
 * The embedded read store (../sqlite/readStore) on a database held in memory: the same engine as the
 * runtime's, without a file, for tests and tools. Nothing survives `close()`.
 */
export function createMemoryReadStore(): SqliteReadStore {
  return openSqliteReadStore();
}
