import type { CommandMetadata } from '@cubre/schemas';
import type { ForcedChargeReason } from '@cubre/schemas/subscriptions/events';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import { WrongExpectedRevisionError } from '@cubre/platform/ports/eventStore';
import { recurrentPaymentAggregate, subscriptionAggregate } from './aggregates';
import { CommandRejected } from '@cubre/platform/core/decider';
import { chargeDueSubscription, chargesItself, endAtProvider, type ChargeDeps } from './charging';
import { cancelOverduePeriod } from './periodAnswers';
import { recurrentPaymentIdOf, recurrentPaymentStream } from './recurrentPaymentDecider';
import { subscriptionStream } from './subscriptionDecider';

/** The console's writes (adminRoutes.ts). Each answers the last position written, to read one's own write. */

async function pinned(deps: ChargeDeps, subscriptionId: string, expectedRevision: number | undefined) {
  const loaded = await loadAggregate(
    deps.eventStore,
    subscriptionAggregate,
    subscriptionStream(subscriptionId),
  );
  if (expectedRevision !== undefined && expectedRevision !== loaded.revision) {
    throw new WrongExpectedRevisionError(
      subscriptionStream(subscriptionId),
      expectedRevision,
      loaded.revision,
    );
  }
  return loaded;
}

/**
 * A forced charge (002-3.24): the overdue period is charged now, whatever its retry schedule, under the
 * request's Idempotency-Key (the same key again answers the same charge). A stale If-Match is 409.
 */
export async function forceCharge(
  deps: ChargeDeps,
  input: {
    subscriptionId: string;
    reason: ForcedChargeReason;
    key: string;
    today: string;
    expectedRevision?: number;
    metadata: CommandMetadata;
  },
): Promise<number> {
  const before = await deps.eventStore.headPosition();
  const { commandId: _commandId, ...metadata } = input.metadata;
  // The same forced charge again (its Idempotency-Key), after it moved the subscription on: answered as is.
  if (await forcedBefore(deps, input.subscriptionId, input.key)) return 0;
  await pinned(deps, input.subscriptionId, input.expectedRevision);
  await chargeDueSubscription(deps, {
    subscriptionId: input.subscriptionId,
    today: input.today,
    metadata,
    forced: { reason: input.reason, key: input.key },
  });
  return deps.eventStore.headPosition().then((head) => (head > before ? head : 0));
}

/** Whether a forced charge under this key was made, of the overdue period or the last one paid. */
async function forcedBefore(deps: ChargeDeps, subscriptionId: string, key: string): Promise<boolean> {
  const loaded = await loadAggregate(
    deps.eventStore,
    subscriptionAggregate,
    subscriptionStream(subscriptionId),
  );
  if (loaded.state.status !== 'Created') return false;
  const periods = [loaded.state.overdue?.period, loaded.state.lastPaidPeriod].filter(
    (period): period is string => typeof period === 'string',
  );
  for (const period of periods) {
    const payment = await loadAggregate(
      deps.eventStore,
      recurrentPaymentAggregate,
      recurrentPaymentStream(recurrentPaymentIdOf(subscriptionId, period)),
    );
    if (
      payment.state.status === 'Scheduled' &&
      payment.state.keys.includes(`${subscriptionId}:${period}:forced:${key}`)
    )
      return true;
  }
  return false;
}

export async function requestCancellation(
  deps: ChargeDeps,
  input: { subscriptionId: string; reason: string; expectedRevision?: number; metadata: CommandMetadata },
): Promise<number> {
  const result = await handleCommand(
    deps.eventStore,
    subscriptionAggregate,
    subscriptionStream(input.subscriptionId),
    { type: 'RequestCancellation', reason: input.reason },
    input.metadata,
    { expectedRevision: input.expectedRevision },
  );
  return result.globalPosition;
}

/**
 * Cancels now without a final payment (the overdue period's payment is cancelled too, and the provider's
 * subscription ended), or schedules the final payment after which it ends.
 */
export async function cancelSubscription(
  deps: ChargeDeps,
  input: {
    subscriptionId: string;
    withFinalPayment: boolean;
    reason: string;
    expectedRevision?: number;
    metadata: CommandMetadata;
  },
): Promise<number> {
  const result = await handleCommand(
    deps.eventStore,
    subscriptionAggregate,
    subscriptionStream(input.subscriptionId),
    { type: 'CancelSubscription', withFinalPayment: input.withFinalPayment, reason: input.reason },
    input.metadata,
    { expectedRevision: input.expectedRevision },
  );
  if (input.withFinalPayment || result.state.status !== 'Created') return result.globalPosition;
  const cancelled = await cancelOverduePeriod(deps, result.state, input.subscriptionId, input.metadata);
  await endAtProvider(deps, result.state, input.subscriptionId);
  return Math.max(result.globalPosition, cancelled);
}

/**
 * changeDate (002-4.13): the next charge (or the overdue period's next retry) on another day of its
 * period's month. A subscription its provider debits by itself (Mercado Pago) cannot be moved here: 409.
 */
export async function changeChargeDate(
  deps: ChargeDeps,
  input: {
    subscriptionId: string;
    chargeOn: string;
    reason: string;
    today: string;
    expectedRevision?: number;
    metadata: CommandMetadata;
  },
): Promise<number> {
  const loaded = await pinned(deps, input.subscriptionId, input.expectedRevision);
  if (loaded.state.status === 'Created' && chargesItself(deps, loaded.state)) {
    throw new CommandRejected(
      'el proveedor cobra esta suscripción en sus propias fechas: no se puede cambiar aquí',
      'provider_charges_itself',
      409,
      'chargeOn',
    );
  }
  const result = await handleCommand(
    deps.eventStore,
    subscriptionAggregate,
    subscriptionStream(input.subscriptionId),
    { type: 'ChangeChargeDate', chargeOn: input.chargeOn, today: input.today, reason: input.reason },
    input.metadata,
    { expectedRevision: loaded.revision },
  );
  return result.globalPosition;
}
