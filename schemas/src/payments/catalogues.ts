import { z } from 'zod';
import {
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATES,
  SALE_STATES,
  type SUBSCRIBABLE_PRICE_PERIODS,
} from './lists';
import { RECURRENT_PAYMENT_STATES, SUBSCRIPTION_STATUSES } from '../subscriptions/lists';
import { BILLING_PAYMENT_STATES } from '../leadCatalogue/reference';

/** The seed's payment vocabularies (002 §3, §4, §9), each a zod enum so a stray value fails at the edge. */

/** 002-9.03: payment periodicities, in months. */
export const PERIODICITY_MONTHS = [1, 2, 3, 4, 6, 12] as const;
export const periodicitySchema = z.union(PERIODICITY_MONTHS.map((months) => z.literal(months)));
export type Periodicity = z.infer<typeof periodicitySchema>;
/**
 * 002-9.03 from the catalogue: the months a subscription's charge covers, by the period its price is
 * quoted for (a 'único' price, one trip or one payment, is no subscription).
 */
export const PERIODICITY_OF_PRICE_PERIOD = {
  mensual: 1,
  trimestral: 3,
  semestral: 6,
  anual: 12,
} as const satisfies Record<(typeof SUBSCRIBABLE_PRICE_PERIODS)[number], Periodicity>;

/** 002-4.10: t (one-click card token), tdd (debit), tdc (credit), transfer, transfer_non_automated, no_payment, tdc-token. */
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** 002-4.11: methods of a one-time payment. */
export const ONE_TIME_METHODS = [
  't',
  'tdc',
  'tdd',
  'transfer',
  'transfer_non_automated',
  'no_payment',
] as const satisfies readonly PaymentMethod[];
/** 002-4.12: methods of a subscription ('t one-click' is t with a stored card, i.e. tdc-token). */
export const SUBSCRIPTION_METHODS = [
  't',
  'tdc-token',
  'tdc',
  'tdd',
] as const satisfies readonly PaymentMethod[];
/** 002-4.13: what a payment flow offers besides paying. */
export const PAYMENT_FLOW_OPTIONS = ['deferred', 'changeDate', 'requestRefund'] as const;
export { INSTALLMENT_OPTIONS, type Installments } from './lists';

/** 002-4.14: payment providers. */
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;
/** 002-4.14, 002 §9: the only provider numeric id the seed gives. */
export const PROVIDER_NUMERIC_IDS: Partial<Record<PaymentProvider, number>> = { kushki_ad: 40 };

/** 002-4.15: default provider of a one-time payment, by method; methods without a provider move no money. */
export function defaultOneTimeProvider(method: PaymentMethod): PaymentProvider | undefined {
  switch (method) {
    case 'transfer':
      return 'linkify';
    case 't':
    case 'tdc':
    case 'tdd':
    case 'tdc-token':
      return 'kushki_ad';
    case 'transfer_non_automated':
    case 'no_payment':
      return undefined;
  }
}

/** 002-4.16 */
export const cardTypeSchema = z.enum(['debit', 'credit', 'credit_card', 'debit_card']);
export type CardType = z.infer<typeof cardTypeSchema>;

/** 002-3.30 */
export const saleStateSchema = z.enum(SALE_STATES);
export type SaleState = z.infer<typeof saleStateSchema>;

/** 002-3.31 */
export const paymentStateSchema = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** 002-4.02 */
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
/** 002-4.03 */
export const recurrentPaymentStateSchema = z.enum(RECURRENT_PAYMENT_STATES);
/** 002-4.07 */
export const billingPaymentStateSchema = z.enum(
  BILLING_PAYMENT_STATES.map((state) => state.id) as [BillingPaymentState, ...BillingPaymentState[]],
);
type BillingPaymentState = (typeof BILLING_PAYMENT_STATES)[number]['id'];
