import type { Logger } from '@cubre/platform/ports/logger';
import type { PaymentGateway } from './gateway/port';

/**
 * A monthly sale whose first period was refused failed: the provider's subscription its payment opened must
 * not go on debiting the card (Mercado Pago debits a preapproval on its own schedule and retries a refused
 * debit by itself); the buyer's next try opens a new one. Keyed by the payment, so asked again it is
 * answered, not done twice; one the provider reports cancelled already is left alone. Only a provider that charges by itself can take money for a failed sale (the
 * others charge on our call); a one-time payment opened none.
 */
export async function endRefusedFirstPeriod(
  deps: { logger: Logger; gateway?: PaymentGateway },
  payment: { paymentId: string; gatewaySubscriptionId: string | null },
): Promise<void> {
  const { gateway } = deps;
  if (!gateway?.automaticCharges || payment.gatewaySubscriptionId === null) return;
  // One the provider already ended (the buyer cancelled it before its first debit) is not cancelled again.
  const there = await gateway.automaticCharges.getSubscription(payment.gatewaySubscriptionId);
  if ('status' in there && there.status === 'cancelled') {
    deps.logger.info(
      { paymentId: payment.paymentId },
      'refused first period: provider subscription ended already',
    );
    return;
  }
  const ended = await gateway.cancelSubscription(
    payment.gatewaySubscriptionId,
    `unsubscribe:${payment.paymentId}`,
  );
  deps.logger.info(
    { paymentId: payment.paymentId, outcome: ended.outcome },
    'refused first period: provider subscription ended',
  );
}
