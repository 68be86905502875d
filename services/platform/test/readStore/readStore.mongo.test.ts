import { createMongoReadStore } from '@cubre/platform/adapters/mongo/readStore';
import { describeWithEngine, engine } from '../../../../scripts/test/engines';
import { readStoreContract } from './readStoreContract';

const mongo = engine('mongo');

describeWithEngine('MongoDB read store contract', mongo, () => {
  readStoreContract(async () => createMongoReadStore({ url: mongo.available ? mongo.url : '' }));
});
