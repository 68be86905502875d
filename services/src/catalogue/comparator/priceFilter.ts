import type { CompareRequest } from '@cubre/schemas';
import { currencyOf } from '../pricing/money';
import { ufToClp } from '../pricing/uf';
import type { CardPrice } from './profilePricing';

/**
 * The amount a price filter compares (issue 11: a peso range over UF prices found nothing): the price as
 * the card shows it — UF prices in whole pesos at the day's UF value, special USD units in dollars — or,
 * when the request names a `targetCurrency`, in that currency where it converts (UF and CLP convert at the
 * UF value; pesos are never compared with dollars). Null: no shown price, or none in that currency, so it
 * falls in no range.
 */
export function amountForPriceFilter(
  price: Pick<CardPrice, 'amount' | 'unit'>,
  target: CompareRequest['targetCurrency'],
  ufValue: number,
): number | null {
  if (price.amount === null || price.amount === 0) return null;
  const shown =
    price.unit === 'UF'
      ? { amount: ufToClp(price.amount, ufValue), currency: 'CLP' as const }
      : { amount: price.amount, currency: currencyOf(price.unit) };
  if (!target) return shown.amount;
  const wanted = currencyOf(target);
  if (wanted === shown.currency) return shown.amount;
  if (wanted === 'UF' && shown.currency === 'CLP')
    return price.unit === 'UF' ? price.amount : price.amount / ufValue;
  return null;
}
