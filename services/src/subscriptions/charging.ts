import type { CommandMetadata } from '@cubre/schemas';
import type { ForcedChargeReason } from '@cubre/schemas/subscriptions/events';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import { recurrentPaymentAggregate, subscriptionAggregate } from './aggregates';
import { recordAutomaticCharges } from './automaticCharges';
import { report, type ChargeDeps, type ChargeOutcome } from './periodAnswers';
import { recurrentPaymentIdOf, recurrentPaymentStream } from './recurrentPaymentDecider';
import { attemptOutcomeOf, nextAttemptOn } from './retryPolicy';
import { dueChargeOf, subscriptionStream, type Subscription } from './subscriptionDecider';

export { endAtProvider, type ChargeDeps, type ChargeOutcome } from './periodAnswers';

export type ChargeInput = {
  subscriptionId: string;
  /** Today in Chile (the run's or the request's clock). */
  today: string;
  metadata: Omit<CommandMetadata, 'commandId'>;
  /** A forced charge (002-3.24): any day, of the overdue period, under its own Idempotency-Key. */
  forced?: { reason: ForcedChargeReason; key: string };
};

const notFound = (id: string) =>
  new CommandRejected(`no existe la suscripción ${id}`, 'not_found', 422, 'subscriptionId');

/**
 * Charges a subscription's due period once (issue 15):
 * 1. the period's RecurrentPayment (its id derived from subscription and period) records the attempt
 *    before the gateway is asked; an attempt already open is not started again;
 * 2. the gateway charges the open attempt under its key (`{subscriptionId}:{period}`, then `…:{attempt}`):
 *    a rerun, a restart or a second scheduler asking again is answered, not charged twice;
 * 3. its answer is recorded on the payment, then on the subscription (each once, by the attempt).
 * A payment whose answer was recorded but not yet on its subscription (a stop in between) is reported first.
 */
export async function chargeDueSubscription(deps: ChargeDeps, input: ChargeInput): Promise<ChargeOutcome> {
  const { eventStore: store } = deps;
  const loaded = await loadAggregate(store, subscriptionAggregate, subscriptionStream(input.subscriptionId));
  if (loaded.state.status === 'Empty') {
    if (input.forced) throw notFound(input.subscriptionId);
    return 'not_due';
  }
  const subscription = loaded.state;
  if (chargesItself(deps, subscription)) {
    // Mercado Pago debits its preapproval itself: we ask what it charged and record that, never charge.
    if (input.forced) {
      throw new CommandRejected(
        'el proveedor cobra esta suscripción por sí mismo: no se puede forzar un cobro',
        'provider_charges_itself',
        409,
        'subscriptionId',
      );
    }
    if (!targetOf(subscription, input)) return 'not_due';
    return recordAutomaticCharges(deps, {
      subscriptionId: input.subscriptionId,
      today: input.today,
      metadata: input.metadata,
    });
  }
  const target = targetOf(subscription, input);
  if (!target) return 'not_due';
  const recurrentPaymentId = recurrentPaymentIdOf(input.subscriptionId, target.period);
  const stream = recurrentPaymentStream(recurrentPaymentId);
  const base = `charge:${recurrentPaymentId}`;
  const meta = (commandId: string): CommandMetadata => ({ ...input.metadata, commandId });

  const before = await loadAggregate(store, recurrentPaymentAggregate, stream);
  await report(deps, before.state, meta);
  const settled =
    before.state.status === 'Scheduled' && ['processed', 'cancelled'].includes(before.state.state);
  if (settled && !input.forced) return 'not_due';

  const started = await handleCommand(
    store,
    recurrentPaymentAggregate,
    stream,
    {
      type: 'StartAttempt',
      schedule: {
        subscriptionId: input.subscriptionId,
        saleId: subscription.subscription.saleId,
        period: target.period,
        dueOn: target.dueOn,
        amount: subscription.subscription.amount,
      },
      today: input.today,
      forcedReason: input.forced?.reason ?? null,
      key: input.forced ? `${input.subscriptionId}:${target.period}:forced:${input.forced.key}` : undefined,
    },
    meta(`${base}:start:${input.forced ? `forced:${input.forced.key}` : input.today}`),
  );
  const payment = started.state;
  if (payment.status === 'Empty') return 'not_due';
  if (!payment.open) {
    // The same forced charge again: answered as it went.
    if (input.forced && payment.last) return payment.last.outcome;
    return 'not_due';
  }
  const { attempt, key } = payment.open;
  const result = await deps.gateway.chargeSubscription({
    subscriptionId: subscription.subscription.gatewaySubscriptionId,
    amount: subscription.subscription.amount,
    idempotencyKey: key,
    metadata: { subscriptionId: input.subscriptionId, recurrentPaymentId, period: target.period },
  });
  // Ids and outcome only: never the buyer or the card.
  deps.logger.info(
    { subscriptionId: input.subscriptionId, period: target.period, attempt, outcome: result.outcome },
    'subscription charged',
  );
  if (result.outcome !== 'approved' && result.outcome !== 'declined') return 'uncertain';
  const recorded = await handleCommand(
    store,
    recurrentPaymentAggregate,
    stream,
    attemptOutcomeOf(attempt, result, (kind) =>
      nextAttemptOn(deps.retrySchedule, kind, target.dueOn, input.today),
    ),
    meta(`${base}:attempt:${attempt}:outcome`),
  );
  await report(deps, recorded.state, meta);
  return result.outcome;
}

/** A subscription the configured provider charges on its own schedule (gateway/README.md's table). */
export const chargesItself = (deps: ChargeDeps, subscription: Subscription) =>
  deps.gateway.automaticCharges !== undefined && subscription.subscription.gateway === deps.gateway.name;

/** The period a run (or a forced charge) charges now, or null. */
function targetOf(subscription: Subscription, input: ChargeInput): { period: string; dueOn: string } | null {
  if (input.forced) {
    if (subscription.lifecycle === 'cancelled') {
      throw new CommandRejected(
        'la suscripción está cancelada',
        'subscription_cancelled',
        409,
        'subscriptionId',
      );
    }
    if (!subscription.overdue) {
      throw new CommandRejected(
        'la suscripción no tiene cobros fallidos que reintentar',
        'nothing_to_charge',
        409,
        'subscriptionId',
      );
    }
    return subscription.overdue;
  }
  const due = dueChargeOf(subscription);
  return due && due.chargeOn <= input.today ? due : null;
}
