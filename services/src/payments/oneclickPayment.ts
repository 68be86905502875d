import type { CommandMetadata } from '@cubre/schemas';
import { ONECLICK_ABORTED_CODE, ONECLICK_REJECTED_CODE } from '@cubre/schemas/payments/errorCatalogue';
import type { OneclickReturnFields } from '@cubre/schemas/payments/webpay';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import { invalidRequest } from '@cubre/platform/http/problem';
import type { Declined, GatewayError } from './gateway/port';
import type { OneclickGateway } from './gateway/transbank/oneclickGateway';
import {
  chargeFirstPeriod,
  isMonthlySale,
  outcomeOf,
  recordOpenedSubscription,
  requestedOn,
  settle,
  subscribe,
  type Outcome,
  type StartSubscription,
} from './purchase';
import {
  abandonRedirectPayment,
  redirectPaymentReturned,
  startRedirectPayment,
  type ReturnAnswer,
  type StartedRedirect,
} from './redirectPayment';
import { endRefusedFirstPeriod } from './refusedFirstPeriod';

/**
 * A monthly sale paid with Transbank Oneclick Mall (issue 14, 002 §4 one-click subscriptions), a redirect
 * flow (`redirectPayment.ts`): the buyer enrols the card on Transbank's inscription page (no card on ours),
 * the return finishes the inscription once, and its `tbk_user` is the subscription whose first period is
 * charged now (the card pay call's `chargeFirstPeriod`) and every later one by the scheduler.
 */
const oneTimeUnsupported = () =>
  new CommandRejected(
    'Oneclick inscribe la tarjeta para una suscripción mensual: un pago único no se paga con Oneclick',
    'one_time_unsupported',
    422,
    'billing',
  );
const subscriptionsUnavailable = () =>
  new CommandRejected('las suscripciones no están disponibles', 'subscriptions_unavailable', 422, 'billing');

/**
 * Starts (or finds again) the card inscription of a monthly sale's payment under one Idempotency-Key. The
 * inscription's username is the sale's id (Transbank keeps one per commerce user; ours is the sale), its
 * e-mail the buyer's.
 */
export const startOneclickInscription = (
  store: EventStore,
  gateway: OneclickGateway,
  logger: Logger,
  input: {
    saleId: string;
    idempotencyKey: string;
    returnUrlFor(paymentId: string): string;
    subscriptionsServed: boolean;
  },
  metadata: CommandMetadata,
): Promise<StartedRedirect> =>
  startRedirectPayment(
    store,
    logger,
    {
      ...input,
      gateway,
      // 002-4.12's "t one-click": the card enrolled once, charged each period without the buyer.
      method: 'tdc-token',
      accepts: (sale) => {
        if (!isMonthlySale(sale)) throw oneTimeUnsupported();
        if (!input.subscriptionsServed) throw subscriptionsUnavailable();
      },
      open: (sale, paymentId) =>
        gateway.startInscription(sale.saleId, sale.buyer.email, input.returnUrlFor(paymentId)),
    },
    metadata,
  );

/**
 * The buyer back from Oneclick's inscription page (Transbank's POST to `response_url`). `TBK_TOKEN` alone:
 * the inscription is finished, once (a reload or a second delivery finds the payment settled and answers
 * from the record: Transbank is not asked again), the first period charged and the Subscription recorded.
 * With `TBK_ORDEN_COMPRA`/`TBK_ID_SESION` the buyer abandoned it (or its time ran out): nothing was
 * enrolled or charged, the payment fails with its own message and the buyer may enrol again. A token must
 * be the inscription's own.
 */
export async function returnFromOneclick(
  store: EventStore,
  gateway: OneclickGateway,
  logger: Logger,
  input: { paymentId: string; fields: OneclickReturnFields },
  metadata: CommandMetadata,
  startSubscription: StartSubscription,
): Promise<ReturnAnswer> {
  const returned = await redirectPaymentReturned(
    store,
    input.paymentId,
    'Oneclick',
    (token) => checkNamesInscription(token, input.fields),
    metadata,
  );
  const { payment, sale } = returned;
  const { saleId, paymentId, method } = payment.payment;
  if (returned.status === 'settled') {
    // A reload: the Subscription is recorded (again: idempotent) in case the process stopped before it.
    const { gatewaySubscriptionId } = payment;
    if (payment.state === 'OK' && gatewaySubscriptionId) {
      await recordOpenedSubscription(
        gateway,
        { sale, paymentId, method },
        gatewaySubscriptionId,
        metadata,
        startSubscription,
      );
    }
    return returned.answer;
  }
  const { productCode } = returned;
  const abandoned = input.fields.TBK_ORDEN_COMPRA !== undefined || input.fields.TBK_ID_SESION !== undefined;
  if (abandoned) return abandonRedirectPayment(store, logger, returned, ONECLICK_ABORTED_CODE, metadata);
  const subscription = {
    sale,
    paymentId,
    method,
    token: payment.redirect.gatewayToken,
    startDate: await requestedOn(store, paymentId),
  };
  // Finishing the inscription is the provider's subscription (`createSubscription`, keyed by the payment).
  const inscribed = await subscribe(gateway, subscription);
  const outcome: Outcome =
    inscribed.outcome === 'approved'
      ? outcomeOf(await chargeFirstPeriod(store, gateway, subscription, inscribed.subscriptionId, metadata))
      : inscriptionRefused(inscribed);
  // Ids and outcome only: never the token or tbk_user.
  logger.info({ saleId, paymentId, outcome: outcome.outcome }, 'oneclick inscription finished');
  // An uncertain answer stays PENDING: reconciliation asks Transbank by the first period's buy order.
  if (outcome.outcome === 'pending') return { saleId, productCode, lastPosition: 0 };
  const paid = await settle(store, { saleId, paymentId, created: false }, outcome, metadata);
  if (inscribed.outcome === 'approved' && outcome.outcome === 'approved') {
    await recordOpenedSubscription(
      gateway,
      subscription,
      inscribed.subscriptionId,
      metadata,
      startSubscription,
    );
  } else if (inscribed.outcome === 'approved') {
    // The card was enrolled but its first period refused: the sale failed, so Transbank must not keep the
    // card for it (the buyer's next try enrols again).
    await endRefusedFirstPeriod(
      { logger, gateway },
      { paymentId, gatewaySubscriptionId: inscribed.subscriptionId },
    );
  }
  return { saleId, productCode, lastPosition: paid.lastPosition };
}

/** A refused inscription (response code not 0) is the payment's refusal, with our catalogue entry. */
function inscriptionRefused(answer: Declined | GatewayError): Outcome {
  if (answer.outcome === 'declined') {
    return {
      outcome: 'declined',
      providerCode: answer.providerCode,
      catalogueCode: ONECLICK_REJECTED_CODE,
      chargeId: null,
    };
  }
  return outcomeOf(answer);
}

/** Transbank's `TBK_TOKEN`, when sent, must be the inscription's own. */
function checkNamesInscription(token: string, fields: OneclickReturnFields): void {
  if (fields.TBK_TOKEN === undefined) {
    if (fields.TBK_ORDEN_COMPRA !== undefined || fields.TBK_ID_SESION !== undefined) return;
    throw invalidRequest(
      [
        {
          field: 'TBK_TOKEN',
          rule: 'required',
          message: 'Transbank envía TBK_TOKEN al terminar la inscripción',
        },
      ],
      'falta el token de la inscripción',
    );
  }
  if (fields.TBK_TOKEN === token) return;
  throw invalidRequest(
    [
      {
        field: 'TBK_TOKEN',
        rule: 'inscription',
        message: 'el token no es el de la inscripción de este pago',
      },
    ],
    'el token no es el de la inscripción de este pago',
  );
}
