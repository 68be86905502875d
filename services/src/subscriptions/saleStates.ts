import { categoryOf } from '@cubre/schemas/events';
import { SUBSCRIPTION_CATEGORY } from '@cubre/schemas/subscriptions/events';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';
import { recordSubscriptionSaleChange, type SubscriptionSaleChange } from '../payments';

export const SUBSCRIPTION_SALE_STATES = 'subscriptionSaleStates';

/** What each subscription event means for its sale (002-3.30), or null. */
function changeOf(event: ProjectionEvent): SubscriptionSaleChange | null {
  const data = event.data as Record<string, unknown>;
  const subscriptionId = data.subscriptionId as string;
  switch (event.type) {
    case 'SubscriptionChargeDeclined':
      return {
        change: 'overdue',
        subscriptionId,
        period: data.period as string,
        overdueCount: data.overdueCount as number,
      };
    case 'SubscriptionPeriodCharged':
      return data.overdueCountBefore === null
        ? null
        : { change: 'overdue_settled', subscriptionId, period: data.period as string };
    case 'SubscriptionCancellationRequested':
      return { change: 'cancellation_requested', subscriptionId };
    case 'SubscriptionFinalPaymentScheduled':
      return { change: 'pending_cancellation', subscriptionId, finalPeriod: data.finalPeriod as string };
    case 'SubscriptionCancelled':
      return {
        change: 'cancelled',
        subscriptionId,
        outcome: data.outcome as 'success_payment' | 'without_payment',
      };
    default:
      return null;
  }
}

/**
 * A reactor on the projection runner (it owns no collection): each subscription event moves its sale
 * through payments' own command (OK ⇄ OVERDUE, CANCELLATION_REQUEST, PENDING_CANCELLATION, SUBS_CANCELLED_*).
 * The command's id derives from the event's id, so a replay, a restart or the same event twice stores nothing
 * twice, and a process stopped between the subscription's event and the sale's is caught up by the runner.
 */
export function subscriptionSaleStatesReactor(eventStore: EventStore): Projection {
  return {
    name: SUBSCRIPTION_SALE_STATES,
    categories: [SUBSCRIPTION_CATEGORY],
    collections: [],
    withMetadata: true,
    async apply(event) {
      if (categoryOf(event.streamId) !== SUBSCRIPTION_CATEGORY) return;
      const change = changeOf(event);
      if (!change) return;
      const saleId = (event.data as { saleId: string }).saleId;
      await recordSubscriptionSaleChange(eventStore, saleId, change, {
        commandId: `${SUBSCRIPTION_SALE_STATES}:${event.id ?? `${event.streamId}@${event.revision}`}`,
        correlationId: event.metadata?.correlationId ?? saleId,
        causationId: event.id ?? null,
        actor: { kind: 'system', id: SUBSCRIPTION_SALE_STATES },
        receivedAt: event.occurredAt,
      });
    },
  };
}
