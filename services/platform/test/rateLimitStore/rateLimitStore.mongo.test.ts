import { connectMongoRateLimitStore } from '@cubre/platform/adapters/mongo/rateLimitStore';
import { describeWithEngine, engine } from '../../../../scripts/test/engines';
import { rateLimitStoreContract } from './rateLimitStoreContract';

const mongo = engine('mongo');

describeWithEngine('MongoDB rate-limit store contract', mongo, () => {
  rateLimitStoreContract(() =>
    connectMongoRateLimitStore({
      url: mongo.available ? mongo.url : '',
      dbName: 'cubre_rate_limit_contract',
    }),
  );
});
