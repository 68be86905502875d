import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { GatewayName } from '../gateway/port';
import { paymentStream } from '../paymentDecider';
import { paymentAggregate } from '../purchase';
import type { RecordAutomaticCharges } from './subscriptionDebits';

export type PreapprovalChangeResult =
  | { recorded: true; paymentId: string; outcome: string }
  | { recorded: false; paymentId: string | null; reason: string };

/**
 * A provider's subscription changed on its side (Mercado Pago's `subscription_preapproval`: the buyer
 * cancelled or paused it in their account, or Mercado Pago cancelled it), once the provider confirmed it
 * (the caller asked `getSubscription`). The preapproval names the sale's first payment; once that payment
 * is paid, the sale's subscription is brought up to date with the provider through the very function the
 * charge run uses (subscriptions' `recordAutomaticCharges`, port `RecordAutomaticCharges`): every debit
 * made so far recorded, then the end (or the pause) recorded once, and the provider never asked to cancel
 * what it cancelled. A first payment still PENDING has no subscription to end yet: its first debit (or
 * reconciliation) settles it, and a later delivery finds the subscription.
 */
export async function recordPreapprovalChange(
  deps: {
    eventStore: EventStore;
    logger: Logger;
    clock: () => Date;
    gateway: { name: GatewayName };
    recordAutomaticCharges?: RecordAutomaticCharges;
  },
  input: { reference: string; gatewaySubscriptionId: string },
): Promise<PreapprovalChangeResult> {
  const { reference: paymentId, gatewaySubscriptionId } = input;
  const payment = await loadAggregate(deps.eventStore, paymentAggregate, paymentStream(paymentId));
  if (payment.state.status === 'Empty' || payment.state.gatewaySubscriptionId !== gatewaySubscriptionId) {
    return { recorded: false, paymentId: null, reason: 'unknown_payment' };
  }
  if (payment.state.state !== 'OK') return { recorded: false, paymentId, reason: 'sale_not_paid' };
  if (!deps.recordAutomaticCharges) {
    deps.logger.warn({ paymentId }, 'preapproval change without subscriptions wired: not recorded');
    return { recorded: false, paymentId, reason: 'subscriptions_unavailable' };
  }
  const outcome = await deps.recordAutomaticCharges(
    { saleId: payment.state.payment.saleId },
    {
      correlationId: paymentId,
      causationId: null,
      actor: { kind: 'system', id: `notification-${deps.gateway.name}` },
      receivedAt: deps.clock().toISOString(),
    },
  );
  return { recorded: true, paymentId, outcome };
}
