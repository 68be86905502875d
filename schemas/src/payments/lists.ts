/**
 * The seed's sale and payment vocabularies (002 §3, §4) as plain lists, without zod: the console imports
 * them at no cost (catalogues.ts builds its zod enums on them, so there is one list of each).
 */

/** 002-3.30 */
export const SALE_STATES = [
  'OK',
  'FAIL',
  'PENDING',
  'SUBS_CANCELLED_SUCCESS_PAYMENT',
  'SUBS_CANCELLED_WITHOUT_PAYMENT',
  'PENDING_CANCELLATION',
  'OVERDUE',
  'CANCELLATION_REQUEST',
] as const;

/** 002-3.31 */
export const PAYMENT_STATES = [
  'OK',
  'FAIL',
  'REFUND',
  'REQUEST_REFUND',
  'VOID',
  'DECLINED',
  'PENDING',
] as const;

/** 002-4.10: t (one-click card token), tdd (debit), tdc (credit), transfer, transfer_non_automated, no_payment, tdc-token. */
export const PAYMENT_METHODS = [
  't',
  'tdd',
  'tdc',
  'transfer',
  'transfer_non_automated',
  'no_payment',
  'tdc-token',
] as const;

/** 002-4.14: payment providers. */
export const PAYMENT_PROVIDERS = [
  'kushki',
  'linkify',
  'linkify_qps',
  'queplan',
  'queseguro',
  'transbank',
  'mercadopago',
  'kushki_ad',
] as const;

/**
 * 002-4.13's deferred options: the instalments (cuotas) a one-time credit-card charge may be deferred in,
 * 1 being none. The issuer sets their interest; Kushki takes them as `months`, Mercado Pago as
 * `installments`; Webpay asks them on its own page.
 */
export const INSTALLMENT_OPTIONS = [1, 2, 3, 6, 12] as const;
export type Installments = (typeof INSTALLMENT_OPTIONS)[number];

/**
 * 002-9.03: the price periods a subscription can charge every such period (the catalogue's lower-case
 * Spanish); a price for one trip or one payment is not among them.
 */
export const SUBSCRIBABLE_PRICE_PERIODS = ['mensual', 'trimestral', 'semestral', 'anual'] as const;
