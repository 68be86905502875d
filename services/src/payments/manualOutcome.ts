import type { CommandMetadata } from '@cubre/schemas';
import { settledByStaff } from '@cubre/schemas/payments/bankTransfer';
import { NOT_CHARGED_CODE } from '@cubre/schemas/payments/errorCatalogue';
import type { ManualOutcomeBody } from '@cubre/schemas/payments/sales';
import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import { HttpProblem } from '@cubre/platform/http/problem';
import type { PaymentGateway } from './gateway/port';
import { paymentStream } from './paymentDecider';
import { paymentAggregate, settle, type Outcome, type PaidSale, type StartSubscription } from './purchase';
import { RECONCILE_AFTER_MS, startSubscriptionOf } from './reconciliation';
import { endRefusedFirstPeriod } from './refusedFirstPeriod';

/** Why a payment recorded not charged by staff failed (`PaymentFailed.kind`). */
export const STAFF_NOT_CHARGED_KIND = 'staff_not_charged';

const conflict = (message: string, rule: string) => new CommandRejected(message, rule, 409, 'paymentId');

/**
 * Staff record the outcome of a payment left PENDING (issue 14) when the provider cannot be asked about it by
 * our key, and a bank transfer's arrival (or that it never came) from the bank's statement: Kushki documents no charge query by reference (gateway/README.md), so reconciliation leaves such
 * a payment PENDING and the buyer waiting. Staff read the provider's own console and record `approved`
 * with its charge id (the ticket a refund later names: the payment OK, the sale OK, a monthly sale's
 * Subscription recorded as reconciliation does) or `not_charged` (the payment FAIL with `not_charged`, the
 * sale FAIL, the buyer may pay again; a monthly sale's provider subscription ended). Refused with 409 while
 * a pay call may still be answering (younger than RECONCILE_AFTER_MS), once settled, and whenever the
 * provider can answer for itself (a redirect payment's token, a provider found by key): then reconciliation
 * records what the provider says, never a person. The events carry the reason, their metadata who.
 */
export async function recordManualOutcome(
  deps: {
    eventStore: EventStore;
    gateway: PaymentGateway;
    logger: Logger;
    startSubscription?: StartSubscription;
  },
  input: { paymentId: string; body: ManualOutcomeBody; now: Date },
  metadata: CommandMetadata,
): Promise<PaidSale> {
  const { paymentId, body } = input;
  const loaded = await loadAggregate(deps.eventStore, paymentAggregate, paymentStream(paymentId));
  const payment = loaded.state;
  if (payment.status === 'Empty')
    throw new CommandRejected('el pago no existe', 'not_found', 422, 'paymentId');
  if (payment.state !== 'PENDING') throw conflict('el pago ya tiene resultado', 'payment_settled');
  // The stream's first event is the request: its age says whether a pay call could still be answering.
  const [requested] = loaded.events;
  const age = input.now.getTime() - new Date(requested!.occurredAt).getTime();
  // A bank transfer or an executive's payment has no pay call that could still be answering: at once.
  const offline = settledByStaff(payment.payment.gateway);
  if (!offline && age < RECONCILE_AFTER_MS) {
    throw conflict(
      `el pago se está procesando; su resultado se registra a mano después de ${RECONCILE_AFTER_MS / 60_000} minutos`,
      'payment_in_progress',
    );
  }
  await requireProviderSilent(deps.gateway, payment.payment.gateway, paymentId, payment.redirect !== null);

  const outcome: Exclude<Outcome, { outcome: 'pending' }> =
    body.outcome === 'approved'
      ? { outcome: 'approved', chargeId: body.chargeId!, authorizationCode: null, staffReason: body.reason }
      : {
          outcome: 'failed',
          kind: STAFF_NOT_CHARGED_KIND,
          catalogueCode: NOT_CHARGED_CODE,
          staffReason: body.reason,
        };
  // As reconciliation does: a monthly sale's Subscription before the payment settles, so a stop in between
  // leaves the payment PENDING and the action can be repeated (the Subscription recorded once, by sale).
  if (outcome.outcome === 'approved') await startSubscriptionOf(deps, paymentId, metadata);
  const paid = await settle(
    deps.eventStore,
    { saleId: payment.payment.saleId, paymentId, created: false },
    outcome,
    metadata,
  );
  if (outcome.outcome === 'failed') {
    await endRefusedFirstPeriod(deps, { paymentId, gatewaySubscriptionId: payment.gatewaySubscriptionId });
  }
  // Ids and outcome only: the reason is in the event, not the log.
  deps.logger.info({ paymentId, outcome: body.outcome }, 'payment outcome recorded by staff');
  return paid;
}

/**
 * A person may record an outcome only where the provider cannot be asked: a payment of the configured
 * gateway whose charge it cannot look up by our key (`findCharge` answers `unknown`), or of a gateway no
 * longer configured. A redirect payment is asked by its kept token by reconciliation.
 */
async function requireProviderSilent(
  gateway: PaymentGateway,
  paidWith: string,
  paymentId: string,
  redirect: boolean,
): Promise<void> {
  const reconciles = () =>
    conflict('el proveedor informa este pago: la conciliación registra su resultado', 'provider_answers');
  if (redirect) throw reconciles();
  if (paidWith !== gateway.name) return;
  const status = await gateway.findCharge(paymentId);
  if (status.outcome === 'unknown') return;
  if (status.outcome === 'error') {
    throw new HttpProblem(
      503,
      'provider-unavailable',
      'No pudimos consultar al proveedor',
      'el proveedor no respondió; intenta nuevamente',
      [{ field: 'provider', rule: 'reachable', message: 'el proveedor no respondió; intenta nuevamente' }],
    );
  }
  throw reconciles();
}
