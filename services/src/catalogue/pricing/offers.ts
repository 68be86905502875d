import { z } from 'zod';
import type { Offer } from '@cubre/schemas/catalogue/offer';
import { formatMoney } from './money';

/** A discount offer of the catalogue (seed 000 §3: unitCode, amount, parceledDiscounts). */
export type DiscountOffer = Extract<Offer, { type: 'DISCOUNT' }>;

/** 'count;value': the discount of the first `count` instalments (rule 000-3.12). */
export const ParceledDiscount = z
  .string()
  .trim()
  .regex(/^\d+;\d+([.,]\d+)?$/, 'un descuento en cuotas se escribe "cuotas;valor", por ejemplo "3;20"')
  .transform((text) => {
    const [count, value] = text.split(';') as [string, string];
    return { instalments: Number(count), value: Number(value.replace(',', '.')) };
  })
  .refine((parceled) => parceled.instalments > 0, 'un descuento en cuotas cubre al menos una cuota');
export type ParceledDiscount = z.output<typeof ParceledDiscount>;

export const GIFT_CARD_VALUE_CLP = 20_000;

/** Percent units as the catalogue ('PERCENT') and older feeds ('%', 'percent') write them; others are amounts. */
const PERCENT_UNITS = new Set(['%', 'percent', 'porcentaje']);
export const isPercentUnit = (unitCode: string) => PERCENT_UNITS.has(unitCode.trim().toLowerCase());

/** The price after taking `value` off, as a percent or an amount; never below 0 (rule 000-5.28). */
export function discountedPrice(price: number, unitCode: string, value: number): number {
  if (!Number.isFinite(price) || price < 0) throw new RangeError('a price is a non-negative amount');
  if (!Number.isFinite(value) || value < 0) throw new RangeError('un descuento no es negativo');
  const off = isPercentUnit(unitCode) ? (price * value) / 100 : value;
  return Math.max(0, price - off);
}

export function applyDiscount(price: number, discount: Pick<DiscountOffer, 'unitCode' | 'amount'>): number {
  return discountedPrice(price, discount.unitCode, discount.amount);
}

/**
 * Each parceled discount as the price of its discounted instalments, in the order the offer gives them;
 * the value is in the discount's unit (rule 000-3.12).
 */
export function parceledPrices(
  price: number,
  discount: Pick<DiscountOffer, 'unitCode' | 'parceledDiscounts'>,
): { instalments: number; value: number; price: number }[] {
  return discount.parceledDiscounts.map((entry) => {
    const { instalments, value } = ParceledDiscount.parse(entry);
    return { instalments, value, price: discountedPrice(price, discount.unitCode, value) };
  });
}

/** A STOCK offer with a count of 0 is an exhausted Cyber promotion (rule 000-3.11). */
export const isOfferExhausted = (offer: Offer) => offer.type === 'STOCK' && offer.count === 0;

/** 'Quedan solo N promociones disponibles' (rule 000-9.21), in the singular for one; null when exhausted. */
export function stockOfferText(count: number): string | null {
  if (count <= 0) return null;
  return count === 1 ? 'Queda solo 1 promoción disponible' : `Quedan solo ${count} promociones disponibles`;
}

/** A GIFTCARD offer, worth 20.000 pesos unless it says otherwise (rule 000-9.20). */
export function giftCardText(offer?: Extract<Offer, { type: 'GIFTCARD' }>): string {
  return `Gift card de ${formatMoney(offer?.amountClp ?? GIFT_CARD_VALUE_CLP, 'CLP')}`;
}
