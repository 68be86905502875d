import type { CommandMetadata } from '@cubre/schemas';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { AutomaticCharge, RecordAutomaticCharges } from '../payments';
import { recurrentPaymentAggregate, subscriptionAggregate } from './aggregates';
import { addDays, chileDateOf, firstDayMonthsAfter, periodOf } from './calendar';
import { report, type ChargeDeps, type ChargeOutcome } from './periodAnswers';
import { recurrentPaymentIdOf, recurrentPaymentStream } from './recurrentPaymentDecider';
import { recordProviderStatus } from './providerEnded';
import { attemptOutcomeOf } from './retryPolicy';
import { subscriptionIdOf, subscriptionStream, type Subscription } from './subscriptionDecider';

/**
 * Subscriptions whose provider charges them on its own schedule (Mercado Pago's preapprovals): we never
 * charge them, we record what the provider charged. The provider's debits of the subscription, oldest
 * first, are our periods in order: the first is the purchase's own period (the sale's payment), the n-th
 * after it is the n-th period after the first (due on the subscription's n-th operation date). Each debit's
 * answer goes through the very commands the charge run writes (the period's RecurrentPayment: attempt
 * started and answered; then the Subscription: RecordPeriodCharged or RecordChargeDeclined), so overdue
 * counts, arrears reminders and the sale's OVERDUE work the same. Each provider try is one attempt, keyed
 * `{subscriptionId}:{period}:{gateway}:{debitId}:{try}`: a notification delivered twice, the charge run
 * asking again, or both at once record it once.
 */
export async function recordAutomaticCharges(
  deps: ChargeDeps,
  input: { subscriptionId: string; today: string; metadata: Omit<CommandMetadata, 'commandId'> },
): Promise<ChargeOutcome> {
  const automatic = deps.gateway.automaticCharges;
  const loaded = await loadAggregate(
    deps.eventStore,
    subscriptionAggregate,
    subscriptionStream(input.subscriptionId),
  );
  if (!automatic || loaded.state.status === 'Empty' || loaded.state.lifecycle === 'cancelled')
    return 'not_due';
  const subscription = loaded.state;
  const { gatewaySubscriptionId } = subscription.subscription;
  // The provider's subscription itself first: one it ended is never asked to end again, even when a debit
  // recorded below ends ours (README.md, "Ended at the provider").
  const provider = await automatic.getSubscription(gatewaySubscriptionId);
  const debits = await automatic.listAutomaticCharges(gatewaySubscriptionId);
  if ('outcome' in provider && provider.outcome === 'error') return unanswered(deps, input, provider.kind);
  if (!Array.isArray(debits)) return unanswered(deps, input, debits.kind);
  const endedThere = 'status' in provider && provider.status === 'cancelled';
  let outcome: ChargeOutcome = 'not_due';
  // The first debit is the purchase's period, recorded on the sale's payment (never a RecurrentPayment).
  for (const [index, debit] of debits.entries()) {
    if (index === 0) continue;
    // Each debit pays one period of `periodicityMonths` months (002-9.03).
    const months = subscription.subscription.periodicityMonths ?? 1;
    const dueOn = firstDayMonthsAfter(subscription.subscription.nextOperationDate, (index - 1) * months);
    const target = { period: periodOf(dueOn), dueOn };
    const recorded = await recordDebit(deps, subscription, target, debit, input, !endedThere);
    if (recorded !== 'not_due') outcome = recorded;
  }
  // What it paid is recorded; then its end (or pause) at the provider, on the subscription as it is now.
  if ('status' in provider && provider.status !== 'active' && provider.status !== 'pending') {
    const now = await loadAggregate(
      deps.eventStore,
      subscriptionAggregate,
      subscriptionStream(input.subscriptionId),
    );
    if (now.state.status === 'Created') await recordProviderStatus(deps, now.state, provider, input.metadata);
  }
  return outcome;
}

function unanswered(deps: ChargeDeps, input: { subscriptionId: string }, kind: string): ChargeOutcome {
  deps.logger.warn({ subscriptionId: input.subscriptionId, kind }, 'automatic charges could not be asked');
  return 'uncertain';
}

/**
 * Payments' `RecordAutomaticCharges` port: a provider's notification of a sale's subscription debit records
 * every debit of it now, on Chile's today of the clock (the runtime wires it).
 */
export const automaticChargesRecorder =
  (deps: ChargeDeps & { clock: () => Date }): RecordAutomaticCharges =>
  ({ saleId }, metadata) =>
    recordAutomaticCharges(deps, {
      subscriptionId: subscriptionIdOf(saleId),
      today: chileDateOf(deps.clock()),
      metadata,
    });

/** One provider debit recorded on its period, once per provider try. */
async function recordDebit(
  deps: ChargeDeps,
  subscription: Subscription,
  target: { period: string; dueOn: string },
  debit: AutomaticCharge,
  input: { subscriptionId: string; today: string; metadata: Omit<CommandMetadata, 'commandId'> },
  endsAtProvider: boolean,
): Promise<ChargeOutcome> {
  const { result } = debit;
  if (result.outcome === 'pending') return 'not_due';
  if (target.period <= subscription.lastPaidPeriod) return 'not_due';
  const { subscriptionId } = input;
  const recurrentPaymentId = recurrentPaymentIdOf(subscriptionId, target.period);
  const stream = recurrentPaymentStream(recurrentPaymentId);
  const base = `charge:${recurrentPaymentId}`;
  const meta = (commandId: string): CommandMetadata => ({ ...input.metadata, commandId });
  const key = `${subscriptionId}:${target.period}:${debit.gateway}:${debit.chargeId}:${debit.attempt}`;

  const before = await loadAggregate(deps.eventStore, recurrentPaymentAggregate, stream);
  // An answer recorded on the payment but not yet on its subscription (a stop in between) goes on first.
  await report(deps, before.state, meta, endsAtProvider);
  if (before.state.status === 'Scheduled') {
    if (['processed', 'cancelled'].includes(before.state.state)) return 'not_due';
    if (before.state.keys.includes(key) && !before.state.open) return 'not_due';
  }
  // The provider already tried: its try is recorded whatever our own retry calendar says.
  const waitUntil = before.state.status === 'Scheduled' ? before.state.nextAttemptOn : null;
  const started = await handleCommand(
    deps.eventStore,
    recurrentPaymentAggregate,
    stream,
    {
      type: 'StartAttempt',
      schedule: {
        subscriptionId,
        saleId: subscription.subscription.saleId,
        period: target.period,
        dueOn: target.dueOn,
        amount: subscription.subscription.amount,
      },
      today: waitUntil !== null && waitUntil > input.today ? waitUntil : input.today,
      forcedReason: null,
      key,
    },
    meta(`${base}:start:${key}`),
  );
  if (started.state.status === 'Empty' || !started.state.open) return 'not_due';
  const { attempt } = started.state.open;
  const recorded = await handleCommand(
    deps.eventStore,
    recurrentPaymentAggregate,
    stream,
    // The provider's next try is when we look again (the run asks every day after it until an answer is
    // recorded); none left is the period's end, as our own retries running out.
    attemptOutcomeOf(attempt, result, () =>
      result.outcome !== 'declined' || result.final
        ? null
        : (result.nextRetryDate ?? addDays(input.today, 1)),
    ),
    meta(`${base}:attempt:${attempt}:outcome`),
  );
  await report(deps, recorded.state, meta, endsAtProvider);
  deps.logger.info(
    { subscriptionId, period: target.period, attempt, outcome: result.outcome, chargeId: debit.chargeId },
    'automatic subscription charge recorded',
  );
  return result.outcome;
}
