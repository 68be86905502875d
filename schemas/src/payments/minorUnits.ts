/**
 * Amounts in a currency's minor unit, without zod (money.ts builds its schemas on this; the console uses it
 * to turn an amount typed in pesos or dollars into the API's `amountMinor` filters at no bundle cost).
 */
export const CURRENCIES = ['CLP', 'COP', 'PEN', 'USD'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** ISO 4217 minor-unit exponents: CLP has none; COP, PEN and USD have two. */
export const MINOR_UNIT_DIGITS: Readonly<Record<CurrencyCode, number>> = { CLP: 0, COP: 2, PEN: 2, USD: 2 };

export const isCurrency = (value: unknown): value is CurrencyCode =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/**
 * A decimal written in major units ("12.34", "1500") as an integer of minor units, without a float step;
 * more decimals than the currency has is an error (RangeError), not a silent rounding.
 */
export function majorToMinor(major: string | number, currency: CurrencyCode): number {
  const text = typeof major === 'number' ? String(major) : major.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a non-negative decimal: ${text}`);
  const digits = MINOR_UNIT_DIGITS[currency];
  const fraction = match[2] ?? '';
  if (fraction.replace(/0+$/, '').length > digits) {
    throw new RangeError(`${currency} has ${digits} decimal digits: ${text}`);
  }
  const padded = (fraction + '0'.repeat(digits)).slice(0, digits);
  const minor = Number(match[1] + padded);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`too large an amount: ${text}`);
  return minor;
}

/** Minor units to the decimal string of major units ("12.34", "1500"). */
export function minorToMajorString(amount: number, currency: CurrencyCode): string {
  const digits = MINOR_UNIT_DIGITS[currency];
  if (digits === 0) return String(amount);
  const text = String(amount).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
