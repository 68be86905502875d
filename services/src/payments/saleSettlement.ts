import { categoryOf } from '@cubre/schemas/events';
import { PAYMENT_CATEGORY } from '@cubre/schemas/payments/sales';
import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Projection } from '@cubre/platform/projections/projection';
import { paymentStream } from './paymentDecider';
import { paymentAggregate, settleSaleFromPayment } from './purchase';

export const SALE_SETTLEMENT = 'saleSettlement';

const OUTCOMES = new Set(['PaymentApproved', 'PaymentDeclined', 'PaymentFailed']);

/**
 * A payment's recorded answer settles its sale, even when the process that recorded it stopped before
 * settling the sale (the pay call, a provider's notification and reconciliation all record the payment
 * first, then the sale). The pay call still settles in line, so the buyer's answer shows the sale's new
 * state; this reactor resumes from its checkpoint after a restart and settles what was left. The sale's
 * decider settles only the payment being tried and only once, so the two meeting write one event.
 */
export function saleSettlementReactor(eventStore: EventStore): Projection {
  return {
    name: SALE_SETTLEMENT,
    categories: [PAYMENT_CATEGORY],
    collections: [],
    withMetadata: true,
    async apply(event) {
      if (!OUTCOMES.has(event.type) || categoryOf(event.streamId) !== PAYMENT_CATEGORY) return;
      const paymentId = event.streamId.slice(PAYMENT_CATEGORY.length + 1);
      const payment = await loadAggregate(eventStore, paymentAggregate, paymentStream(paymentId));
      if (payment.state.status === 'Empty') return;
      await settleSaleFromPayment(eventStore, payment.state.payment.saleId, payment.state, {
        commandId: `${SALE_SETTLEMENT}:${paymentId}`,
        correlationId: event.metadata?.correlationId ?? paymentId,
        causationId: event.id ?? null,
        actor: { kind: 'system', id: SALE_SETTLEMENT },
        receivedAt: event.occurredAt,
      });
    },
  };
}
