import type { CommandMetadata } from '@cubre/schemas';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { WEBPAY_ABORTED_CODE } from '@cubre/schemas/payments/errorCatalogue';
import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { ChargeStatus, PaymentGateway } from './gateway/port';
import { paymentStream } from './paymentDecider';
import {
  paymentAggregate,
  PROVIDER_UNAVAILABLE_CODE,
  saleAggregate,
  settle,
  type Outcome,
  type StartSubscription,
} from './purchase';
import { saleStream } from './saleDecider';
import { paymentsOf } from './views';
import { endRefusedFirstPeriod } from './refusedFirstPeriod';

/** A payment PENDING for longer than this was left by a stopped process (a live pay call takes seconds). */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;
/**
 * How long a Webpay Plus transaction can still be paid after it was created (`WEBPAY_TRANSACTION_LIFETIME_MS`):
 * Transbank documents a token that lives 5 minutes to open Webpay's form, and a form that waits 5 minutes for
 * the card before it aborts the transaction ("Timeout: más de 10 minutos en el formulario de Transbank",
 * transbank-developers-docs, documentacion/webpay-plus). Past it the buyer can no longer pay or come back
 * with a payable token, so reconciliation may ask Transbank what became of it.
 */
export const WEBPAY_TRANSACTION_LIFETIME_MS = 10 * 60 * 1000;
/** Why reconciliation failed a Webpay payment nobody finished (`PaymentFailed.kind`). */
export const WEBPAY_EXPIRED_KIND = 'webpay_expired';
/** Payments settled per run: the next run takes the rest. */
const BATCH = 200;

/** What the provider's record under the payment's key means for the payment, or null: ask again later. */
export function outcomeOfStatus(status: ChargeStatus): Exclude<Outcome, { outcome: 'pending' }> | null {
  switch (status.outcome) {
    case 'approved':
      return {
        outcome: 'approved',
        chargeId: status.chargeId,
        authorizationCode: status.authorizationCode ?? null,
      };
    case 'declined':
      return {
        outcome: 'declined',
        providerCode: status.providerCode,
        catalogueCode: status.catalogueCode,
        chargeId: status.chargeId ?? null,
      };
    // The provider is sure it charged nothing under that key: the payment failed, the buyer may pay again.
    case 'not_found':
      return { outcome: 'failed', kind: 'not_charged', catalogueCode: PROVIDER_UNAVAILABLE_CODE };
    // Charged and already reversed, still pending, unsupported or unreachable: a person (or the provider's
    // notification) settles it; it is logged every run until then.
    default:
      return null;
  }
}

/**
 * Settles the payments a stopped process left PENDING (issue 14: killed between the provider's approval
 * and our record): each is asked of the gateway by its own idempotency key (the payment's id), and its
 * answer settles the payment and its sale exactly as the pay call would have. The commands' ids derive
 * from the payment's, so two schedulers, a rerun or a restart mid-run store nothing twice. Served by the
 * payments' (state, settledBy, createdAt) index.
 */
export async function reconcilePendingPayments(deps: {
  eventStore: EventStore;
  readStore: ReadStore;
  gateway: PaymentGateway;
  clock: () => Date;
  logger: Logger;
  olderThanMs?: number;
  /** A Webpay Plus transaction's lifetime (WEBPAY_TRANSACTION_LIFETIME_MS by default). */
  webpayLifetimeMs?: number;
  /** Records a monthly sale's Subscription (subscriptions' starter, as the pay call uses it). */
  startSubscription?: StartSubscription;
}): Promise<{ looked: number; settled: number }> {
  const now = deps.clock();
  const before = new Date(now.getTime() - (deps.olderThanMs ?? RECONCILE_AFTER_MS)).toISOString();
  const pending = await paymentsOf(deps.readStore).find(
    // A bank transfer awaits staff, never a provider (settledBy 'staff'): left out, however many wait.
    { state: 'PENDING', settledBy: 'provider', createdAt: { $lt: before } },
    { sort: { createdAt: -1, _id: -1 }, limit: BATCH },
  );
  let settled = 0;
  for (const payment of pending) {
    const asked = await answerOf(deps, payment._id, now);
    // A Webpay buyer may still be on Webpay's form: Transbank is not asked before its window closes.
    if (asked === 'payable') continue;
    const { status, outcome } = asked;
    if (!outcome) {
      deps.logger.warn(
        { paymentId: payment._id, status: status.outcome },
        'payment still pending: not settled',
      );
      continue;
    }
    const metadata: CommandMetadata = {
      commandId: `reconcile:${payment._id}`,
      correlationId: payment._id,
      causationId: null,
      actor: { kind: 'system', id: 'reconcile-payments' },
      receivedAt: now.toISOString(),
    };
    // A monthly sale's first period paid: its Subscription first, then the payment settled, so a stop in
    // between leaves the payment PENDING and the next run records both (the subscription once: by sale).
    if (outcome.outcome === 'approved') await startSubscriptionOf(deps, payment._id, metadata);
    await settle(
      deps.eventStore,
      { saleId: payment.saleId, paymentId: payment._id, created: false },
      outcome,
      metadata,
    );
    // A refused first period of a monthly sale: the provider's subscription must not go on charging.
    if (outcome.outcome !== 'approved') {
      const opened = await loadAggregate(deps.eventStore, paymentAggregate, paymentStream(payment._id));
      if (opened.state.status !== 'Empty') {
        const { gatewaySubscriptionId } = opened.state;
        await endRefusedFirstPeriod(deps, { paymentId: payment._id, gatewaySubscriptionId });
      }
    }
    deps.logger.info({ paymentId: payment._id, outcome: outcome.outcome }, 'pending payment reconciled');
    settled++;
  }
  return { looked: pending.length, settled };
}

type Settlement = Exclude<Outcome, { outcome: 'pending' }>;

/**
 * What the provider did for a payment, and what that settles. A redirect payment (Webpay Plus) is asked by
 * the transaction's token kept on it, since Webpay Plus reports a transaction by its token only; one whose
 * token was never kept (Transbank's answer to `create` lost) was never shown to a buyer, so nobody could pay
 * it: not charged. Any other is asked by its key (`findCharge`).
 */
async function answerOf(
  deps: { eventStore: EventStore; gateway: PaymentGateway; webpayLifetimeMs?: number },
  paymentId: string,
  now: Date,
): Promise<{ status: ChargeStatus; outcome: Settlement | null } | 'payable'> {
  const payment = await loadAggregate(deps.eventStore, paymentAggregate, paymentStream(paymentId));
  if (payment.state.status === 'Requested' && payment.state.payment.gateway === 'webpay_plus') {
    if (!payment.state.redirect) {
      const status: ChargeStatus = { outcome: 'not_found', gateway: 'webpay_plus' };
      return { status, outcome: outcomeOfStatus(status) };
    }
    if (deps.gateway.name === 'webpay_plus') {
      return webpayAnswerOf(deps, paymentId, payment.state.redirect.gatewayToken, now);
    }
  }
  const status = await deps.gateway.findCharge(paymentId);
  return { status, outcome: outcomeOfStatus(status) };
}

/**
 * A Webpay Plus payment left PENDING: the buyer never came back from Webpay (closed the tab, lost the
 * connection) or our commit's answer was lost. Transbank is asked `status(token)` only once the
 * transaction's lifetime has passed since its redirect started (before that the buyer may still pay and
 * return). Then:
 * - INITIALIZED (nobody finished Webpay's form), or no status any more (Transbank keeps one for 7 days):
 *   abandoned. Nothing was authorised, and Transbank aborts a transaction past its window (a later commit is
 *   refused), so the payment fails with `webpay_aborted` ("nothing was charged; you can pay again"), kind
 *   `webpay_expired`.
 * - AUTHORIZED with response code 0: the authorization stands, which only our commit makes so (an uncommitted
 *   one is aborted when its window closes): the return page's commit reached Transbank and its answer was
 *   lost. Settled OK, never committed again: a commit is valid only inside the window, which is over.
 * - a rejection is DECLINED; a reversal or an unreachable Transbank is asked again next run.
 */
async function webpayAnswerOf(
  deps: { eventStore: EventStore; gateway: PaymentGateway; webpayLifetimeMs?: number },
  paymentId: string,
  token: string,
  now: Date,
): Promise<{ status: ChargeStatus; outcome: Settlement | null } | 'payable'> {
  const startedAt = await redirectStartedAt(deps.eventStore, paymentId);
  const lifetime = deps.webpayLifetimeMs ?? WEBPAY_TRANSACTION_LIFETIME_MS;
  if (startedAt !== null && now.getTime() - startedAt.getTime() < lifetime) return 'payable';
  const status = await deps.gateway.getCharge(token);
  if (status.outcome === 'pending' || status.outcome === 'not_found') {
    return {
      status,
      outcome: { outcome: 'failed', kind: WEBPAY_EXPIRED_KIND, catalogueCode: WEBPAY_ABORTED_CODE },
    };
  }
  return { status, outcome: outcomeOfStatus(status) };
}

/** When the payment's Webpay transaction was handed to the buyer (its `PaymentRedirectStarted`). */
async function redirectStartedAt(store: EventStore, paymentId: string): Promise<Date | null> {
  const events = await store.readStream(paymentStream(paymentId));
  const started = events.find((event) => event.type === 'PaymentRedirectStarted');
  return started ? new Date(started.occurredAt) : null;
}

/**
 * Records the Subscription of a monthly sale whose first payment was found approved after the pay call
 * (by reconciliation, or by the provider's notification), as the pay call does once the provider answers:
 * with the provider's subscription the payment opened before its charge (`PaymentSubscriptionOpened`). A
 * one-time payment has none: nothing to do. Idempotent (the Subscription is keyed by its sale).
 */
export async function startSubscriptionOf(
  deps: { eventStore: EventStore; startSubscription?: StartSubscription; logger: Logger },
  paymentId: string,
  metadata: CommandMetadata,
): Promise<void> {
  const payment = await loadAggregate(deps.eventStore, paymentAggregate, paymentStream(paymentId));
  if (payment.state.status === 'Empty' || payment.state.gatewaySubscriptionId === null) return;
  const sale = await loadAggregate(deps.eventStore, saleAggregate, saleStream(payment.state.payment.saleId));
  if (sale.state.status === 'Empty' || sale.state.sale.billing !== 'monthly_subscription') return;
  if (!deps.startSubscription) {
    deps.logger.warn({ paymentId }, 'monthly payment reconciled without subscriptions wired: not recorded');
    return;
  }
  await deps.startSubscription(
    {
      sale: sale.state.sale,
      paymentId,
      method: payment.state.payment.method,
      gateway: payment.state.payment.gateway,
      gatewaySubscriptionId: payment.state.gatewaySubscriptionId,
    },
    { ...metadata, commandId: `${metadata.commandId}:subscription` },
  );
}
