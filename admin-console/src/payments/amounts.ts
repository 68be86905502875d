import type { Money } from '@cubre/schemas/payments/money';
import {
  MINOR_UNIT_DIGITS,
  isCurrency,
  majorToMinor,
  minorToMajorString,
  type CurrencyCode,
} from '@cubre/schemas/payments/minorUnits';

/**
 * Money as the console shows and filters it: the API keeps integers of the currency's minor unit
 * (schemas/src/payments/money.ts); people read and type major units (pesos, soles, dollars).
 */

/** An amount in the console language's regional format: CLP 152722 → '$152.722', USD 1234 → 'US$12,34'. */
export function formatMoney({ amount, currency }: Money, locale = 'es-CL'): string {
  const digits = MINOR_UNIT_DIGITS[currency];
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(minorToMajorString(amount, currency)));
}

/** The list filters people fill in major units, and the currency they are in (CLP unless chosen). */
export const AMOUNT_FROM = 'amount_gte';
export const AMOUNT_UNTIL = 'amount_lte';
export const DEFAULT_AMOUNT_CURRENCY: CurrencyCode = 'CLP';

/** A filter amount the currency cannot hold: its message key (react-admin translates an error's message). */
export class AmountFilterError extends Error {}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function toMinor(value: unknown, currency: CurrencyCode): number {
  try {
    return majorToMinor(
      typeof value === 'number' ? String(value) : String(value).replace(',', '.'),
      currency,
    );
  } catch {
    throw new AmountFilterError(
      MINOR_UNIT_DIGITS[currency] === 0
        ? 'cubre.payments.filter.amount_whole'
        : 'cubre.payments.filter.amount_decimals',
    );
  }
}

/**
 * The filter form's check of an amount (react-admin applies no filter while one fails): the message key of
 * what is wrong with it in the chosen currency (CLP unless chosen), or undefined.
 */
export function amountError(value: unknown, currency: unknown): string | undefined {
  if (isBlank(value)) return undefined;
  try {
    toMinor(value, isCurrency(currency) ? currency : DEFAULT_AMOUNT_CURRENCY);
    return undefined;
  } catch (error) {
    if (error instanceof AmountFilterError) return error.message;
    throw error;
  }
}

/**
 * The list's filter as the API takes it: `amount_gte`/`amount_lte` in major units become
 * `amountMinor_gte`/`amountMinor_lte` in the currency's minor unit, and the currency goes along (an amount
 * means nothing across currencies: 10 is 10 pesos or 1.000 cents). Without an amount, a chosen currency
 * still filters; nothing else changes.
 */
export function amountFilterToMinor(filter: Record<string, unknown>): Record<string, unknown> {
  const { [AMOUNT_FROM]: from, [AMOUNT_UNTIL]: until, ...rest } = filter;
  if (isBlank(from) && isBlank(until)) return rest;
  const currency = isCurrency(rest.currency) ? rest.currency : DEFAULT_AMOUNT_CURRENCY;
  return {
    ...rest,
    currency,
    ...(isBlank(from) ? {} : { amountMinor_gte: toMinor(from, currency) }),
    ...(isBlank(until) ? {} : { amountMinor_lte: toMinor(until, currency) }),
  };
}

/** An amount in major units as a CSV cell takes it ('152722', '12.34'): exact, no grouping. */
export const majorAmount = ({ amount, currency }: Money): string => minorToMajorString(amount, currency);
