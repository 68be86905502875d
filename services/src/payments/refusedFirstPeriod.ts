import type { Logger } from '@cubre/platform/ports/logger';
import type { PaymentGateway } from './gateway/port';

/**
 * A monthly sale whose first period was refused failed: the provider's subscription its payment opened is
 * ended, so it neither goes on debiting the card (Mercado Pago debits a preapproval on its own schedule and
 * retries a refused debit by itself) nor keeps a card on file for a sale that does not exist (Kushki's
 * on-demand subscription, Oneclick's inscription, the sandbox's); the buyer's next try opens a new one.
 * Keyed by the payment, so asked again it is answered, not done twice; one the provider reports cancelled
 * already is left alone. A one-time payment opened none.
 */
export async function endRefusedFirstPeriod(
  deps: { logger: Logger; gateway?: PaymentGateway },
  payment: { paymentId: string; gatewaySubscriptionId: string | null },
): Promise<void> {
  const { gateway } = deps;
  if (!gateway || payment.gatewaySubscriptionId === null) return;
  // One the provider already ended (the buyer cancelled it before its first debit) is not cancelled again.
  const there = await gateway.automaticCharges?.getSubscription(payment.gatewaySubscriptionId);
  if (there && 'status' in there && there.status === 'cancelled') {
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
