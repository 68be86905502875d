import type { CommandMetadata } from '@cubre/schemas';
import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { PaymentGateway } from '../gateway/port';
import { paymentStream } from '../paymentDecider';
import { paymentAggregate, type StartSubscription } from '../purchase';
import { settleFromProvider } from './settleFromProvider';

/**
 * What payments ask of subscriptions when a provider that charges subscriptions itself (Mercado Pago)
 * reports a debit of a sale's subscription: record every debit the provider made as the subscription's
 * periods, charged or declined (subscriptions' `recordAutomaticCharges`; the runtime wires it, so payments
 * never import subscriptions).
 */
export type RecordAutomaticCharges = (
  input: { saleId: string },
  metadata: Omit<CommandMetadata, 'commandId'>,
) => Promise<string>;

export type SubscriptionDebitResult =
  | { recorded: 'first_period'; paymentId: string; outcome: string }
  | { recorded: 'periods'; paymentId: string; outcome: string }
  | { recorded: false; paymentId: string | null; reason: string };

/**
 * A debit of a provider's subscription (Mercado Pago's authorized payment), once the provider confirmed it
 * (the caller asked `getAutomaticCharge`). The preapproval carries the sale's first payment's id: while
 * that payment is PENDING, the debit is its first period (the purchase waits for it), settled exactly as
 * the pay call, reconciliation and payment notifications settle it (`settleFromProvider`, on the provider's
 * answer under the payment's key); once the payment is settled, every debit of the preapproval is recorded
 * on the sale's subscription. Both are idempotent: a duplicate or a late delivery records nothing.
 */
export async function recordSubscriptionDebit(
  deps: {
    eventStore: EventStore;
    logger: Logger;
    clock: () => Date;
    gateway: PaymentGateway;
    startSubscription?: StartSubscription;
    recordAutomaticCharges?: RecordAutomaticCharges;
  },
  input: { reference: string; gatewaySubscriptionId: string },
): Promise<SubscriptionDebitResult> {
  const { reference: paymentId, gatewaySubscriptionId } = input;
  const payment = await loadAggregate(deps.eventStore, paymentAggregate, paymentStream(paymentId));
  if (payment.state.status === 'Empty' || payment.state.gatewaySubscriptionId !== gatewaySubscriptionId) {
    return { recorded: false, paymentId: null, reason: 'unknown_payment' };
  }
  if (payment.state.state === 'PENDING') {
    const status = await deps.gateway.findCharge(paymentId);
    if (status.outcome === 'error') return { recorded: false, paymentId, reason: 'provider_unreachable' };
    const settled = await settleFromProvider(deps, { provider: deps.gateway.name, paymentId, status });
    return settled.recorded
      ? { recorded: 'first_period', paymentId, outcome: settled.outcome }
      : { recorded: false, paymentId, reason: settled.reason };
  }
  if (payment.state.state !== 'OK') return { recorded: false, paymentId, reason: 'sale_not_paid' };
  if (!deps.recordAutomaticCharges) {
    deps.logger.warn({ paymentId }, 'subscription debit without subscriptions wired: not recorded');
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
  return { recorded: 'periods', paymentId, outcome };
}
