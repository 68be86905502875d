import { createHash } from 'node:crypto';
import type { CommandMetadata } from '@cubre/schemas';
import type { Money } from '@cubre/schemas/payments/money';
import { WEBPAY_ABORTED_CODE } from '@cubre/schemas/payments/errorCatalogue';
import type { WebpayReturnFields } from '@cubre/schemas/payments/webpay';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import { HttpProblem, invalidRequest, notFound } from '@cubre/platform/http/problem';
import { buyOrderFor } from './gateway/transbank/transbankResults';
import type { WebpayPlusGateway } from './gateway/transbank/webpayPlusGateway';
import { paymentStream } from './paymentDecider';
import {
  outcomeOf,
  paymentAggregate,
  paymentIdOf,
  PROVIDER_UNAVAILABLE_CODE,
  saleAggregate,
  settle,
  settleSaleFromPayment,
} from './purchase';
import { saleStream } from './saleDecider';

/**
 * Paying a sale with Webpay Plus (issue 14), a redirect flow: no card is typed on our page. The payment is
 * requested (PENDING) under its Idempotency-Key before Transbank is asked, then Transbank creates the
 * transaction and its token is kept on the payment (`PaymentRedirectStarted`) before the buyer is sent to
 * Webpay's form; the buyer's return commits it once and settles payment and sale through `settle`, as a
 * card payment is settled.
 */
export type WebpayRedirect = { url: string; token: string };

/** The request a key stands for: the same key sent with a card token instead is another request (4292). */
const requestHashOf = (amount: Money) =>
  createHash('sha256')
    .update(JSON.stringify(['webpay_plus', amount.amount, amount.currency]))
    .digest('hex');

const monthlyUnsupported = () =>
  new CommandRejected(
    'Webpay Plus cobra una sola vez: una venta mensual se paga con Oneclick',
    'monthly_unsupported',
    422,
    'billing',
  );

/**
 * Starts (or finds again) the Webpay transaction of a sale's payment under one Idempotency-Key. A retry with
 * the same key answers the transaction kept on the payment; a payment already settled answers no redirect
 * (the sale says how it ended).
 */
export async function startWebpayPayment(
  store: EventStore,
  gateway: WebpayPlusGateway,
  logger: Logger,
  input: { saleId: string; idempotencyKey: string; returnUrlFor(paymentId: string): string },
  metadata: CommandMetadata,
): Promise<{ paymentId: string; created: boolean; redirect: WebpayRedirect | null; lastPosition: number }> {
  const sale = await loadAggregate(store, saleAggregate, saleStream(input.saleId));
  if (sale.state.status === 'Empty') {
    throw new CommandRejected(`no existe la venta ${input.saleId}`, 'not_found', 422, 'saleId');
  }
  const { amount, paymentMethod, provider, billing } = sale.state.sale;
  if (billing === 'monthly_subscription') throw monthlyUnsupported();
  const paymentId = paymentIdOf(input.saleId, input.idempotencyKey);
  const requested = await handleCommand(
    store,
    paymentAggregate,
    paymentStream(paymentId),
    {
      type: 'RequestPayment',
      data: {
        paymentId,
        saleId: input.saleId,
        amount,
        method: paymentMethod,
        provider,
        gateway: gateway.name,
        requestHash: requestHashOf(amount),
      },
    },
    { ...metadata, commandId: `${metadata.commandId}:payment` },
  );
  const created = requested.events.length > 0;
  const payment = requested.state;
  if (payment.status !== 'Requested') throw new Error('a requested payment has a state');
  if (payment.state !== 'PENDING') {
    // Settled already (the buyer came back, or a retry after the answer): the sale follows it, once.
    const settled = (await settleSaleFromPayment(store, input.saleId, payment, metadata)).position;
    return { paymentId, created, redirect: null, lastPosition: settled };
  }
  if (payment.redirect) {
    // The same key again (a double click, a reload, the browser's Back from Webpay): the same transaction.
    return {
      paymentId,
      created,
      redirect: { url: payment.redirect.url, token: payment.redirect.gatewayToken },
      lastPosition: requested.globalPosition,
    };
  }
  // One payment at a time: a paid sale, or another key's payment in progress, is refused here (409).
  const started = await handleCommand(
    store,
    saleAggregate,
    saleStream(input.saleId),
    { type: 'StartSalePayment', paymentId },
    { ...metadata, commandId: `${metadata.commandId}:sale-payment` },
  );
  const answer = await gateway.start({
    amount,
    idempotencyKey: paymentId,
    sessionId: input.saleId,
    returnUrl: input.returnUrlFor(paymentId),
  });
  logger.info(
    { saleId: input.saleId, paymentId, outcome: answer.outcome, gateway: gateway.name },
    'webpay transaction started',
  );
  if (answer.outcome === 'redirect') {
    const kept = await handleCommand(
      store,
      paymentAggregate,
      paymentStream(paymentId),
      { type: 'RecordRedirectStarted', gatewayToken: answer.token, url: answer.url },
      { ...metadata, commandId: `${metadata.commandId}:redirect` },
    );
    return {
      paymentId,
      created,
      redirect: { url: answer.url, token: answer.token },
      lastPosition: Math.max(started.globalPosition, kept.globalPosition),
    };
  }
  if (answer.uncertain) {
    // Transbank may have made a transaction whose token we never got: no buyer can pay it without the
    // token, so nothing is charged. The same key asks again; reconciliation fails it if nobody does.
    throw new HttpProblem(
      503,
      'provider-unavailable',
      'No pudimos procesar el pago',
      'Webpay no respondió; intenta nuevamente',
    );
  }
  const paid = await settle(
    store,
    { saleId: input.saleId, paymentId, created },
    { outcome: 'failed', kind: answer.kind, catalogueCode: PROVIDER_UNAVAILABLE_CODE },
    metadata,
  );
  return { paymentId, created, redirect: null, lastPosition: paid.lastPosition };
}

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
): Promise<{ saleId: string; productCode: string; lastPosition: number }> {
  const loaded = await loadAggregate(store, paymentAggregate, paymentStream(input.paymentId));
  const payment = loaded.state;
  if (payment.status === 'Empty' || !payment.redirect) {
    throw notFound(`no existe un pago con Webpay ${input.paymentId}`);
  }
  checkNamesTransaction(input.paymentId, payment.redirect.gatewayToken, input.fields);
  const { saleId } = payment.payment;
  const sale = await loadAggregate(store, saleAggregate, saleStream(saleId));
  const productCode = sale.state.status === 'Started' ? sale.state.sale.product.code : '';
  const ids = { saleId, paymentId: input.paymentId, created: false };
  if (payment.state !== 'PENDING') {
    // A reload of the return page: answered from the record, Transbank is not asked again.
    const settled = (await settleSaleFromPayment(store, saleId, payment, metadata)).position;
    return { saleId, productCode, lastPosition: settled };
  }
  const aborted = input.fields.TBK_TOKEN !== undefined || input.fields.token_ws === undefined;
  if (aborted) {
    logger.info({ saleId, paymentId: input.paymentId, outcome: 'aborted' }, 'webpay payment left');
    const failed = await settle(
      store,
      ids,
      { outcome: 'failed', kind: 'aborted', catalogueCode: WEBPAY_ABORTED_CODE },
      metadata,
    );
    return { saleId, productCode, lastPosition: failed.lastPosition };
  }
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
  const paid = await settle(store, ids, outcome, metadata);
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
