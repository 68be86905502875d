import type { CommandMetadata } from '@cubre/schemas';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { saleAggregate } from './purchase';
import { saleStream, type SubscriptionSaleChange } from './saleDecider';

/**
 * Moves a monthly sale on its subscription's events (subscriptions' reactor calls it through index.ts): the
 * sale decider keeps the 002-3.30 rules of which state follows which.
 */
export async function recordSubscriptionSaleChange(
  store: EventStore,
  saleId: string,
  change: SubscriptionSaleChange,
  metadata: CommandMetadata,
): Promise<number> {
  const result = await handleCommand(
    store,
    saleAggregate,
    saleStream(saleId),
    { type: 'RecordSubscriptionChange', ...change },
    metadata,
  );
  return result.globalPosition;
}
