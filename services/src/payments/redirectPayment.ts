import type { CommandMetadata } from '@cubre/schemas';
import type { PaymentMethod } from '@cubre/schemas/payments/catalogues';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import { HttpProblem, notFound } from '@cubre/platform/http/problem';
import type { GatewayError } from './gateway/port';
import { paymentStream, type PaymentState } from './paymentDecider';
import {
  paymentAggregate,
  PROVIDER_UNAVAILABLE_CODE,
  requestPayment,
  saleAggregate,
  settle,
  settleSaleFromPayment,
  startSalePayment,
  type StartedSale,
} from './purchase';
import { saleStream } from './saleDecider';

/**
 * A payment paid on the provider's own page (Webpay Plus's transaction, Oneclick's card inscription): no
 * card is typed on ours. The payment is requested (PENDING) under its Idempotency-Key before the provider
 * is asked; the provider's token and page are kept on the payment (`PaymentRedirectStarted`) before the
 * buyer is sent there; the buyer's return (each provider's own) settles payment and sale through `settle`.
 */
export type Redirect = { url: string; token: string };
export type StartedRedirect = {
  paymentId: string;
  created: boolean;
  redirect: Redirect | null;
  lastPosition: number;
};

/**
 * Starts (or finds again) a sale's redirect payment under one Idempotency-Key. A retry with the same key
 * answers the provider's page kept on the payment (a double click, a reload, the browser's Back: one
 * transaction or inscription); a payment already settled answers no redirect (the sale says how it ended).
 */
export async function startRedirectPayment(
  store: EventStore,
  logger: Logger,
  input: {
    saleId: string;
    idempotencyKey: string;
    gateway: { name: string };
    /** The payment's method when the provider's page decides it (Oneclick: tdc-token), else the sale's. */
    method?: PaymentMethod;
    /** Refuses a sale this provider's page cannot pay, before anything is written. */
    accepts(sale: StartedSale): void;
    /** Asks the provider for its page: a token and where the browser posts it. */
    open(sale: StartedSale, paymentId: string): Promise<({ outcome: 'redirect' } & Redirect) | GatewayError>;
  },
  metadata: CommandMetadata,
): Promise<StartedRedirect> {
  const { gateway } = input;
  const { sale, paymentId, created, payment, globalPosition } = await requestPayment(
    store,
    gateway,
    {
      saleId: input.saleId,
      idempotencyKey: input.idempotencyKey,
      method: input.method ?? null,
      paidWith: gateway.name,
      accepts: input.accepts,
    },
    metadata,
  );
  if (payment.state !== 'PENDING') {
    // Settled already (the buyer came back, or a retry after the answer): the sale follows it, once.
    const settled = (await settleSaleFromPayment(store, input.saleId, payment, metadata)).position;
    return { paymentId, created, redirect: null, lastPosition: settled };
  }
  if (payment.redirect) {
    return {
      paymentId,
      created,
      redirect: { url: payment.redirect.url, token: payment.redirect.gatewayToken },
      lastPosition: globalPosition,
    };
  }
  // One payment at a time: a paid sale, or another key's payment in progress, is refused here (409).
  const started = await startSalePayment(store, input.saleId, paymentId, metadata, payment.payment.method);
  const answer = await input.open(sale, paymentId);
  logger.info(
    { saleId: input.saleId, paymentId, outcome: answer.outcome, gateway: gateway.name },
    'redirect payment started',
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
    // The provider may have made a token we never got: no buyer can use it without the token, so nothing
    // is charged. The same key asks again; reconciliation fails the payment if nobody does.
    throw new HttpProblem(
      503,
      'provider-unavailable',
      'No pudimos procesar el pago',
      'Transbank no respondió; intenta nuevamente',
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

export type RedirectPayment = Extract<PaymentState, { status: 'Requested' }> & {
  redirect: { gatewayToken: string; url: string };
};
/** Where the return page sends the buyer (the sale's purchase page), and the position to read it at. */
export type ReturnAnswer = { saleId: string; productCode: string; lastPosition: number };

/**
 * The payment a provider's return names, with its sale: `settled` when the payment was answered before
 * (a reload of the return page, a second delivery), answered from the record without asking the provider
 * again; otherwise `pending` for the provider's own return to finish.
 */
export async function redirectPaymentReturned(
  store: EventStore,
  paymentId: string,
  provider: string,
  /** Refuses a return that does not name the payment's own token (the provider's fields), before any write. */
  checkNames: (token: string) => void,
  metadata: CommandMetadata,
): Promise<
  | { status: 'settled'; payment: RedirectPayment; sale: StartedSale; answer: ReturnAnswer }
  | { status: 'pending'; payment: RedirectPayment; sale: StartedSale; productCode: string }
> {
  const loaded = await loadAggregate(store, paymentAggregate, paymentStream(paymentId));
  const payment = loaded.state;
  if (payment.status === 'Empty' || !payment.redirect) {
    throw notFound(`no existe un pago con ${provider} ${paymentId}`);
  }
  checkNames(payment.redirect.gatewayToken);
  const { saleId } = payment.payment;
  const loadedSale = await loadAggregate(store, saleAggregate, saleStream(saleId));
  if (loadedSale.state.status !== 'Started') throw notFound(`no existe la venta ${saleId}`);
  const sale = loadedSale.state.sale;
  const productCode = sale.product.code;
  const redirectPayment = { ...payment, redirect: payment.redirect };
  if (payment.state !== 'PENDING') {
    const settled = (await settleSaleFromPayment(store, saleId, payment, metadata)).position;
    return {
      status: 'settled',
      payment: redirectPayment,
      sale,
      answer: { saleId, productCode, lastPosition: settled },
    };
  }
  return { status: 'pending', payment: redirectPayment, sale, productCode };
}

/** The buyer left the provider's page (cancelled, or its time ran out): nothing was charged, the sale may be paid again. */
export async function abandonRedirectPayment(
  store: EventStore,
  logger: Logger,
  pending: { payment: RedirectPayment; productCode: string },
  catalogueCode: string,
  metadata: CommandMetadata,
): Promise<ReturnAnswer> {
  const { saleId, paymentId } = pending.payment.payment;
  logger.info({ saleId, paymentId, outcome: 'aborted' }, 'redirect payment left');
  const failed = await settle(
    store,
    { saleId, paymentId, created: false },
    { outcome: 'failed', kind: 'aborted', catalogueCode },
    metadata,
  );
  return { saleId, productCode: pending.productCode, lastPosition: failed.lastPosition };
}
