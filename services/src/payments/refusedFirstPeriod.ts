import type { Logger } from '@cubre/platform/ports/logger';
import type { PaymentGateway } from './gateway/port';

/**
 * A monthly sale whose first period was refused failed: the provider's subscription its payment opened must
 * not go on debiting the card (Mercado Pago debits a preapproval on its own schedule and retries a refused
 * debit by itself); the buyer's next try opens a new one. Keyed by the payment, so asked again it is
 * answered, not done twice. Only a provider that charges by itself can take money for a failed sale (the
 * others charge on our call); a one-time payment opened none.
 */
export async function endRefusedFirstPeriod(
  deps: { logger: Logger; gateway?: PaymentGateway },
  payment: { paymentId: string; gatewaySubscriptionId: string | null },
): Promise<void> {
  const { gateway } = deps;
  if (!gateway?.automaticCharges || payment.gatewaySubscriptionId === null) return;
  const ended = await gateway.cancelSubscription(
    payment.gatewaySubscriptionId,
    `unsubscribe:${payment.paymentId}`,
  );
  deps.logger.info(
    { paymentId: payment.paymentId, outcome: ended.outcome },
    'refused first period: provider subscription ended',
  );
}
