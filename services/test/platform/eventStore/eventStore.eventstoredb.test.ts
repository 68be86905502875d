import { connectEventStoreDb } from '@cubre/services/platform/adapters/eventstoredb/eventStore';
import { describeWithEngine, engine } from '../../../../scripts/test/engines';
import { eventStoreContract } from './eventStoreContract';

const esdb = engine('eventstore');

describeWithEngine('EventStoreDB event store contract', esdb, () => {
  eventStoreContract(async () => connectEventStoreDb(esdb.available ? esdb.url : ''), {
    globalEventIds: false,
  });
});
