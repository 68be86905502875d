import { connectEventStoreDb } from '@cubre/platform/adapters/eventstoredb/eventStore';
import { describeWithEngine, engine } from '../../../../scripts/test/engines';
import { eventStoreContract } from './eventStoreContract';

const esdb = engine('eventstore');

describeWithEngine('EventStoreDB event store contract', esdb, () => {
  eventStoreContract(async () => connectEventStoreDb(esdb.available ? esdb.url : ''), {
    globalEventIds: false,
    // Issue 12: the server filters a category read (a prefix filter on stream names).
    filtersCategories: true,
  });
});
