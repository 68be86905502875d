import { z } from 'zod';
import { CURRENCIES, MINOR_UNIT_DIGITS, majorToMinor, minorToMajorString } from './minorUnits';

/**
 * Money as an integer of the currency's minor unit (ISO 4217), never a float: 1.000 CLP is 1000, 12,34 PEN is
 * 1234. UF is not a currency of payment: a UF price is converted to CLP with the day's UF value (002 §9) and
 * both amounts are kept (`UfConversion`).
 */
export { CURRENCIES, MINOR_UNIT_DIGITS };
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

/** Currencies a country sells in (002-3.15: CLP and UF in Chile, PEN and USD in Peru, COP in Colombia). */
export const CURRENCIES_BY_COUNTRY = { CL: ['CLP'], PE: ['PEN', 'USD'], CO: ['COP'] } as const;

export const minorAmountSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const moneySchema = z.object({ amount: minorAmountSchema, currency: currencySchema });
export type Money = z.infer<typeof moneySchema>;

export const money = (amount: number, currency: Currency): Money => moneySchema.parse({ amount, currency });

/**
 * Parses a decimal written in major units ("12.34", "1500") into minor units without a float step; more
 * decimals than the currency has is an error, not a silent rounding.
 */
export function fromMajor(major: string | number, currency: Currency): Money {
  return money(majorToMinor(major, currency), currency);
}

/** Minor units to the decimal string a provider's API takes ("12.34", "1500"). */
export function toMajorString({ amount, currency }: Money): string {
  return minorToMajorString(amount, currency);
}

/** Minor units to a JSON number in major units, for APIs that take a number (exact: at most two decimals). */
export const toMajorNumber = (value: Money): number => Number(toMajorString(value));

/**
 * A UF amount and the day's UF value are decimals (UF with up to 4 decimals, the UF value in CLP with 2, as
 * the Banco Central publishes it); the product is computed on integers and rounded half up to the peso.
 */
export const ufConversionSchema = z.object({
  uf: z.string().regex(/^\d+(\.\d{1,4})?$/),
  ufValue: z.string().regex(/^\d+(\.\d{1,2})?$/),
  date: z.iso.date(),
  clp: moneySchema,
});
export type UfConversion = z.infer<typeof ufConversionSchema>;

const scaled = (text: string, digits: number): bigint => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(digits, '0'));
};

export function ufToClp(uf: string | number, ufValue: string | number, date: string): UfConversion {
  const ufText = String(uf);
  const valueText = String(ufValue);
  z.string()
    .regex(/^\d+(\.\d{1,4})?$/)
    .parse(ufText);
  z.string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .parse(valueText);
  // uf × 10^4 times value × 10^2 gives pesos × 10^6; adding half of 10^6 before the division rounds half up.
  const pesos = (scaled(ufText, 4) * scaled(valueText, 2) + 500_000n) / 1_000_000n;
  return ufConversionSchema.parse({ uf: ufText, ufValue: valueText, date, clp: money(Number(pesos), 'CLP') });
}
