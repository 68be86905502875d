import { openSqliteRateLimitStore } from '@cubre/platform/adapters/sqlite/rateLimitStore';
import { tempDataDir } from '../support/tempDir';
import { rateLimitStoreContract } from './rateLimitStoreContract';

describe('SQLite rate-limit store contract (DATA_DIR/rate-limits.sqlite)', () => {
  const dir = tempDataDir();
  afterAll(() => dir.remove());
  rateLimitStoreContract(async () => openSqliteRateLimitStore(dir.path));
});
