import type { CommandMetadata } from '@cubre/schemas';
import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ChargeStatus, GatewayName, PaymentGateway } from '../gateway/port';
import { paymentStream } from '../paymentDecider';
import { paymentAggregate, settle, type StartSubscription } from '../purchase';
import { outcomeOfStatus, startSubscriptionOf } from '../reconciliation';
import { endRefusedFirstPeriod } from '../refusedFirstPeriod';

/** What a notification did: recorded the provider's answer, or recorded nothing (and why, for the log). */
export type NotificationResult =
  | { recorded: true; paymentId: string; outcome: string }
  | { recorded: false; paymentId: string | null; reason: NotificationSkip };
export type NotificationSkip =
  'unknown_payment' | 'already_settled' | 'provider_undecided' | 'provider_cannot_be_asked';

/**
 * Records what the provider says of one of our payments, through the very commands the pay call and the
 * reconciliation use (`settle`): only a PENDING payment takes an answer, so a duplicate or a late
 * notification records nothing, whatever order they come in. The provider's word, never the
 * notification's body, is what is recorded: `status` is the provider's answer to our own query.
 */
export async function settleFromProvider(
  deps: {
    eventStore: EventStore;
    logger: Logger;
    clock: () => Date;
    startSubscription?: StartSubscription;
    /** Ends the provider's subscription of a refused first period (a provider that charges it itself). */
    gateway?: PaymentGateway;
  },
  input: { provider: GatewayName; paymentId: string; status: ChargeStatus },
): Promise<NotificationResult> {
  const { provider, paymentId, status } = input;
  const payment = await loadAggregate(deps.eventStore, paymentAggregate, paymentStream(paymentId));
  if (payment.state.status === 'Empty')
    return { recorded: false, paymentId: null, reason: 'unknown_payment' };
  if (payment.state.state !== 'PENDING') {
    // The payment's decider keeps its first answer. A provider that now approves what we recorded refused
    // is money taken that the sale does not show: said loudly (ids only) for staff to refund.
    if (status.outcome === 'approved' && payment.state.state !== 'OK') {
      deps.logger.warn(
        { provider, paymentId, state: payment.state.state, chargeId: status.chargeId },
        'provider approved a payment recorded as refused: refund it',
      );
    }
    return { recorded: false, paymentId, reason: 'already_settled' };
  }
  if (status.outcome === 'unknown') return { recorded: false, paymentId, reason: 'provider_cannot_be_asked' };
  // Only an approval or a refusal settles from a notification: "not found" for the id the provider itself
  // notified is not "never charged", and pending or reversed is not an answer to the charge.
  const outcome =
    status.outcome === 'approved' || status.outcome === 'declined' ? outcomeOfStatus(status) : null;
  if (!outcome) return { recorded: false, paymentId, reason: 'provider_undecided' };
  const metadata: CommandMetadata = {
    // One command per payment: a redelivery after a crash mid-way is the same command.
    commandId: `notification:${provider}:${paymentId}`,
    correlationId: paymentId,
    causationId: null,
    actor: { kind: 'system', id: `notification-${provider}` },
    receivedAt: deps.clock().toISOString(),
  };
  // A monthly sale's first period approved: its Subscription first (as reconciliation does), then the
  // payment settled, so a stop in between leaves the payment PENDING and the redelivery records both.
  if (outcome.outcome === 'approved') await startSubscriptionOf(deps, paymentId, metadata);
  await settle(
    deps.eventStore,
    { saleId: payment.state.payment.saleId, paymentId, created: false },
    outcome,
    metadata,
  );
  if (outcome.outcome !== 'approved') {
    await endRefusedFirstPeriod(deps, {
      paymentId,
      gatewaySubscriptionId: payment.state.gatewaySubscriptionId,
    });
  }
  return { recorded: true, paymentId, outcome: outcome.outcome };
}
