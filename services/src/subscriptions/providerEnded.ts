import type { CommandMetadata } from '@cubre/schemas';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { ProviderSubscription } from '../payments';
import { subscriptionAggregate } from './aggregates';
import { cancelOverduePeriod, type ChargeDeps } from './periodAnswers';
import { subscriptionStream, type Subscription } from './subscriptionDecider';

export type ProviderEndedOutcome = 'cancelled' | 'cancellation_requested' | 'unchanged';

/**
 * The provider's subscription as the provider reports it, brought onto ours (README.md, "Ended at the
 * provider"). `cancelled` there (the buyer cancelled in their Mercado Pago account, or Mercado Pago did)
 * ends ours through staff's own `CancelSubscription`, without payment and with the open period cancelled,
 * but never asks the provider to cancel it again. `paused` there is the buyer's wish to stop, which can be
 * undone: recorded as a cancellation request (the sale's CANCELLATION_REQUEST) for staff, nothing ended.
 * Command ids derive from the subscription, and both deciders record nothing twice: a notification delivered
 * twice, late, or the charge run finding the same end record it once.
 */
export async function recordProviderStatus(
  deps: ChargeDeps,
  subscription: Subscription,
  provider: Pick<ProviderSubscription, 'gateway' | 'status'>,
  metadata: Omit<CommandMetadata, 'commandId'>,
): Promise<ProviderEndedOutcome> {
  const { subscriptionId } = subscription.subscription;
  const stream = subscriptionStream(subscriptionId);
  if (provider.status === 'cancelled') {
    const meta = { ...metadata, commandId: `provider-ended:${subscriptionId}` };
    const result = await handleCommand(
      deps.eventStore,
      subscriptionAggregate,
      stream,
      {
        type: 'CancelSubscription',
        withFinalPayment: false,
        reason: `cancelada en ${provider.gateway}`,
        cause: 'provider_cancelled',
      },
      meta,
    );
    if (result.events.length === 0) return 'unchanged';
    // The period declined and still open is cancelled with it.
    await cancelOverduePeriod(deps, result.state, subscriptionId, meta);
    deps.logger.info({ subscriptionId, gateway: provider.gateway }, 'subscription ended at the provider');
    return 'cancelled';
  }
  if (provider.status === 'paused' && subscription.lifecycle === 'active') {
    const result = await handleCommand(
      deps.eventStore,
      subscriptionAggregate,
      stream,
      { type: 'RequestCancellation', reason: `pausada en ${provider.gateway}` },
      { ...metadata, commandId: `provider-paused:${subscriptionId}` },
    );
    if (result.events.length === 0) return 'unchanged';
    deps.logger.info({ subscriptionId, gateway: provider.gateway }, 'subscription paused at the provider');
    return 'cancellation_requested';
  }
  return 'unchanged';
}
