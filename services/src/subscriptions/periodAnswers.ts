import type { CommandMetadata } from '@cubre/schemas';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { PaymentGateway } from '../payments';
import { subscriptionAggregate } from './aggregates';
import type { RecurrentPaymentState } from './recurrentPaymentDecider';
import type { RetrySchedule } from './retryPolicy';
import { subscriptionStream, type SubscriptionState } from './subscriptionDecider';

export interface ChargeDeps {
  eventStore: EventStore;
  gateway: PaymentGateway;
  logger: Logger;
  retrySchedule: RetrySchedule;
}

/**
 * What one charge did: approved or declined (recorded), not due (nothing asked), or uncertain (the gateway
 * did not answer sensibly: the attempt stays open and the next run asks again under the same key).
 */
export type ChargeOutcome = 'approved' | 'declined' | 'not_due' | 'uncertain';

/**
 * Records a payment's last answer on its subscription (the decider records an answer once), and ends the
 * provider's subscription when that answer ended ours (retries ran out, or the final payment went through).
 */
export async function report(
  deps: ChargeDeps,
  payment: RecurrentPaymentState,
  meta: (commandId: string) => CommandMetadata,
): Promise<void> {
  if (payment.status === 'Empty' || !payment.last) return;
  const { last } = payment;
  const { subscriptionId, period, dueOn, amount, recurrentPaymentId } = payment.payment;
  const commandId = `charge:${recurrentPaymentId}:attempt:${last.attempt}:subscription`;
  const result = await handleCommand(
    deps.eventStore,
    subscriptionAggregate,
    subscriptionStream(subscriptionId),
    last.outcome === 'approved'
      ? {
          type: 'RecordPeriodCharged',
          dueOn,
          period,
          recurrentPaymentId,
          attempt: last.attempt,
          chargeId: last.chargeId,
          amount,
          forcedReason: last.forcedReason,
        }
      : {
          type: 'RecordChargeDeclined',
          period,
          recurrentPaymentId,
          attempt: last.attempt,
          kind: last.kind,
          providerCode: last.providerCode,
          catalogueCode: last.catalogueCode,
          forcedReason: last.forcedReason,
          nextAttemptOn: last.nextAttemptOn,
        },
    meta(commandId),
  );
  if (result.events.some((event) => event.type === 'SubscriptionCancelled')) {
    await endAtProvider(deps, result.state, subscriptionId);
  }
}

/** Cancels the provider's subscription (keyed by ours: asked again, it is answered, not done twice). */
export async function endAtProvider(
  deps: Pick<ChargeDeps, 'gateway' | 'logger'>,
  subscription: SubscriptionState,
  subscriptionId: string,
): Promise<void> {
  if (subscription.status !== 'Created') return;
  const answer = await deps.gateway.cancelSubscription(
    subscription.subscription.gatewaySubscriptionId,
    `unsubscribe:${subscriptionId}`,
  );
  deps.logger.info({ subscriptionId, outcome: answer.outcome }, 'provider subscription cancelled');
}
