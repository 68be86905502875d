import type { CommandMetadata } from '@cubre/schemas';
import { WEBPAY_ABORTED_CODE } from '@cubre/schemas/payments/errorCatalogue';
import type { WebpayReturnFields } from '@cubre/schemas/payments/webpay';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import { invalidRequest } from '@cubre/platform/http/problem';
import { buyOrderFor } from './gateway/transbank/transbankResults';
import type { WebpayPlusGateway } from './gateway/transbank/webpayPlusGateway';
import { isMonthlySale, outcomeOf, settle } from './purchase';
import {
  abandonRedirectPayment,
  redirectPaymentReturned,
  startRedirectPayment,
  type ReturnAnswer,
  type StartedRedirect,
} from './redirectPayment';

/**
 * Paying a sale with Webpay Plus (issue 14), a redirect flow (`redirectPayment.ts`): no card is typed on
 * our page. Transbank creates the transaction, whose token the browser posts to Webpay's form as
 * `token_ws`; the buyer's return commits it once.
 */
const monthlyUnsupported = () =>
  new CommandRejected(
    'Webpay Plus cobra una sola vez: una venta mensual se paga con Oneclick',
    'monthly_unsupported',
    422,
    'billing',
  );

/** Starts (or finds again) the Webpay transaction of a sale's payment under one Idempotency-Key. */
export const startWebpayPayment = (
  store: EventStore,
  gateway: WebpayPlusGateway,
  logger: Logger,
  input: { saleId: string; idempotencyKey: string; returnUrlFor(paymentId: string): string },
  metadata: CommandMetadata,
): Promise<StartedRedirect> =>
  startRedirectPayment(
    store,
    logger,
    {
      ...input,
      gateway,
      accepts: (sale) => {
        if (isMonthlySale(sale)) throw monthlyUnsupported();
      },
      open: (sale, paymentId) =>
        gateway.start({
          amount: sale.amount,
          idempotencyKey: paymentId,
          sessionId: sale.saleId,
          returnUrl: input.returnUrlFor(paymentId),
        }),
    },
    metadata,
  );

/**
 * The buyer back from Webpay (Transbank's browser redirect to our return page). With `token_ws` alone the
 * buyer finished on Webpay's page: the transaction is committed, once (a reload or a second delivery finds
 * the payment settled and answers from the record: Transbank refuses a second commit). With `TBK_TOKEN`
 * (the buyer pressed "Anular", or Webpay's form failed) or only `TBK_ORDEN_COMPRA`/`TBK_ID_SESION` (time
 * ran out) nothing was authorised: the payment fails with its own message and the buyer may pay again. The
 * fields must name this payment's transaction (its token or its buy order), or nothing is done.
 */
export async function returnFromWebpay(
  store: EventStore,
  gateway: WebpayPlusGateway,
  logger: Logger,
  input: { paymentId: string; fields: WebpayReturnFields },
  metadata: CommandMetadata,
): Promise<ReturnAnswer> {
  const returned = await redirectPaymentReturned(
    store,
    input.paymentId,
    'Webpay',
    (token) => checkNamesTransaction(input.paymentId, token, input.fields),
    metadata,
  );
  // A reload of the return page: answered from the record, Transbank is not asked again.
  if (returned.status === 'settled') return returned.answer;
  const { payment, productCode } = returned;
  const { saleId } = payment.payment;
  const aborted = input.fields.TBK_TOKEN !== undefined || input.fields.token_ws === undefined;
  if (aborted) return abandonRedirectPayment(store, logger, returned, WEBPAY_ABORTED_CODE, metadata);
  const committed = await gateway.charge({
    token: payment.redirect.gatewayToken,
    amount: payment.payment.amount,
    idempotencyKey: input.paymentId,
    metadata: { saleId, paymentId: input.paymentId },
  });
  const outcome = outcomeOf(committed);
  // Ids and outcome only: never the token.
  logger.info({ saleId, paymentId: input.paymentId, outcome: outcome.outcome }, 'webpay payment committed');
  // An uncertain commit stays PENDING: reconciliation asks Webpay by the kept token.
  if (outcome.outcome === 'pending') return { saleId, productCode, lastPosition: 0 };
  const paid = await settle(store, { saleId, paymentId: input.paymentId, created: false }, outcome, metadata);
  return { saleId, productCode, lastPosition: paid.lastPosition };
}

/** Transbank's fields must name the payment's own transaction: its token, or (a timeout) its buy order. */
function checkNamesTransaction(paymentId: string, token: string, fields: WebpayReturnFields): void {
  const given = fields.token_ws ?? fields.TBK_TOKEN;
  if (given !== undefined) {
    const other = [fields.token_ws, fields.TBK_TOKEN].some((value) => value !== undefined && value !== token);
    if (!other) return;
    throw invalidRequest(
      [
        {
          field: 'token_ws',
          rule: 'transaction',
          message: 'el token no es el de la transacción de este pago',
        },
      ],
      'el token no es el de la transacción de este pago',
    );
  }
  if (fields.TBK_ORDEN_COMPRA === undefined) {
    throw invalidRequest(
      [
        {
          field: 'token_ws',
          rule: 'required',
          message: 'Transbank envía token_ws, TBK_TOKEN o TBK_ORDEN_COMPRA',
        },
      ],
      'falta el token de la transacción',
    );
  }
  if (fields.TBK_ORDEN_COMPRA !== buyOrderFor('W', paymentId)) {
    throw invalidRequest(
      [
        {
          field: 'TBK_ORDEN_COMPRA',
          rule: 'transaction',
          message: 'la orden de compra no es la de este pago',
        },
      ],
      'la orden de compra no es la de este pago',
    );
  }
}
