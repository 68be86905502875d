import type { PurchaseStep } from '@cubre/schemas';
import { categoryOf } from '@cubre/schemas/events';
import { SALE_CATEGORY } from '@cubre/schemas/payments/sales';
import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Projection } from '@cubre/platform/projections/projection';
import type { RecordSaleStep } from '../leads';
import { saleAggregate } from './purchase';
import { saleStream } from './saleDecider';

export const SALE_LEAD_STEPS = 'saleLeadSteps';

/** The purchase step each sale event reports on the lead (rules 002-3.05, 002-3.06). */
const STEP_OF: Partial<Record<string, PurchaseStep>> = {
  // The charge is being made: the lead awaits its confirmation (Pendiente de confirmación, Recaudación).
  SalePaymentStarted: 'Confirmación',
  // Paid: Cerrado, Web pago único.
  SaleCompleted: 'Compra exitosa!',
  // Refused: back to the payment step, where the buyer tries another card.
  SaleFailed: 'Pago',
};

/**
 * A reactor on the projection runner (it owns no collection): each sale event moves the session's lead
 * through leads' own command. The command's id derives from the event's id, so a replay, a rebuild or the
 * same event twice on Kafka stores nothing twice; the lead's decider records nothing for the step it is at.
 */
export function saleLeadStepsReactor(eventStore: EventStore, recordSaleStep: RecordSaleStep): Projection {
  return {
    name: SALE_LEAD_STEPS,
    categories: [SALE_CATEGORY],
    collections: [],
    withMetadata: true,
    async apply(event) {
      // The buyer left the payment to an executive (002-4.11's no_payment): the lead awaits one
      // ('Asignación ejecutivo', 002-2.08: Contratación Online / Con cliente) instead of a card's answer.
      const step =
        event.type === 'SalePaymentStarted' && (event.data as { method?: string }).method === 'no_payment'
          ? 'Asignación ejecutivo'
          : STEP_OF[event.type];
      if (!step || categoryOf(event.streamId) !== SALE_CATEGORY) return;
      const saleId = event.streamId.slice(SALE_CATEGORY.length + 1);
      const sale = await loadAggregate(eventStore, saleAggregate, saleStream(saleId));
      if (sale.state.status === 'Empty') return;
      const { session, product, country, buyer, billing } = sale.state.sale;
      // The way the last payment pays (a transfer closes the lead as 'Web - Transferencia no automática').
      const paymentMethod = sale.state.paidWith ?? sale.state.sale.paymentMethod;
      await recordSaleStep(
        {
          session,
          productCode: product.code,
          country,
          buyer,
          paymentMethod,
          step,
          subscription: billing === 'monthly_subscription',
        },
        {
          commandId: `${SALE_LEAD_STEPS}:${event.id ?? `${event.streamId}@${event.revision}`}`,
          correlationId: event.metadata?.correlationId ?? saleId,
          causationId: event.id ?? null,
          actor: { kind: 'system', id: SALE_LEAD_STEPS },
          receivedAt: event.occurredAt,
        },
      );
    },
  };
}
