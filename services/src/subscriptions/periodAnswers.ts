import type { CommandMetadata } from '@cubre/schemas';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { PaymentGateway } from '../payments';
import { recurrentPaymentAggregate, subscriptionAggregate } from './aggregates';
import {
  recurrentPaymentIdOf,
  recurrentPaymentStream,
  type RecurrentPaymentState,
} from './recurrentPaymentDecider';
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
  /** False when the provider already ended its subscription itself: it is never asked to end it again. */
  endsAtProvider = true,
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
  if (endsAtProvider && result.events.some((event) => event.type === 'SubscriptionCancelled')) {
    await endAtProvider(deps, result.state, subscriptionId);
  }
}

/**
 * A subscription cancelled without payment leaves no period open: the overdue period's RecurrentPayment is
 * cancelled too (its command id derived from the cancellation's, so a retry cancels it once).
 */
export async function cancelOverduePeriod(
  deps: Pick<ChargeDeps, 'eventStore'>,
  subscription: SubscriptionState,
  subscriptionId: string,
  metadata: CommandMetadata,
): Promise<number> {
  if (subscription.status !== 'Created' || !subscription.overdue) return 0;
  const cancelled = await handleCommand(
    deps.eventStore,
    recurrentPaymentAggregate,
    recurrentPaymentStream(recurrentPaymentIdOf(subscriptionId, subscription.overdue.period)),
    { type: 'CancelRecurrentPayment' },
    { ...metadata, commandId: `${metadata.commandId}:payment` },
  );
  return cancelled.globalPosition;
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
