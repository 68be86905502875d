import type { PriceUnit } from '@cubre/schemas/catalogue/common';
import { ufToClp } from './uf';

const digits = (locale: string, decimals: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

const CLP = digits('es-CL', 0);
const COP = digits('es-CO', 0);
const PEN = digits('es-PE', 2);
const TWO_DECIMALS = digits('es-CL', 2);

/** UF amounts: whole ones as they are ('UF 5.000'), others with two decimals ('UF 2,35'). */
const ufDigits = (amount: number) => (Number.isInteger(amount) ? CLP : TWO_DECIMALS).format(amount);

/**
 * How each currency is written (rule 000-9.13, seed 001 §9): CLP and COP without decimals in their
 * locales, PEN with 2, USD with its code (Chilean digits, as the main edition shows it), UF by name.
 */
const WRITTEN: Record<'CLP' | 'COP' | 'PEN' | 'USD' | 'UF', (amount: number) => string> = {
  CLP: (amount) => `$${CLP.format(amount)}`,
  COP: (amount) => `$${COP.format(amount)}`,
  PEN: (amount) => `S/ ${PEN.format(amount)}`,
  USD: (amount) => `USD ${TWO_DECIMALS.format(amount)}`,
  UF: (amount) => `UF ${ufDigits(amount)}`,
};

/**
 * An amount in its unit: '$1.650.000', 'UF 2,35', 'S/ 1,234.50', 'USD 1.234,50'. The special units
 * USD/Año, USD/V, USD/MUNDO, USD/USA and USD/LATAM (seed 001 §9) are dollars with their qualifier after
 * the amount: 'USD 450,00/Año'. A negative amount that rounds to zero is written without its sign.
 */
export function formatMoney(amount: number, unit: PriceUnit): string {
  if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${amount}`);
  const [currency, qualifier] = unit.startsWith('USD/')
    ? ['USD' as const, unit.slice(3)]
    : [unit as keyof typeof WRITTEN, ''];
  const written = WRITTEN[currency](Math.abs(amount));
  const sign = amount < 0 && /[1-9]/.test(written) ? '-' : '';
  return `${sign}${written}${qualifier}`;
}

/** A number with Chilean digits and up to `decimals` decimals: factors ('1,3'), percentages ('12,5'). */
const decimalFormats = new Map<string, Intl.NumberFormat>();

export function formatDecimal(value: number, decimals = 2, fixed = false): string {
  // Constructing an Intl.NumberFormat costs tens of microseconds: half of a cached compare call's time
  // went there before the formats were kept (a result page formats a hundred numbers).
  const key = `${decimals}:${fixed}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = newDecimalFormat(decimals, fixed);
    decimalFormats.set(key, format);
  }
  return format.format(value);
}

function newDecimalFormat(decimals: number, fixed: boolean): Intl.NumberFormat {
  return new Intl.NumberFormat('es-CL', {
    minimumFractionDigits: fixed ? decimals : 0,
    maximumFractionDigits: decimals,
  });
}

export type PriceToShow = {
  amount: number | null | undefined;
  unit: PriceUnit;
  /** The unit the card converts to (the price's convertionTo, seed 000 §3): UF prices shown in CLP. */
  convertionTo?: PriceUnit | null;
};

/**
 * A price's amount without the qualifier of an international special unit: the card says the period in
 * its suffix and the area beside it, so 'USD 3.185,00/Año' would say the year twice (issue 11).
 */
export const currencyOf = (unit: PriceUnit): PriceUnit => (unit.startsWith('USD/') ? 'USD' : unit);

export const NO_PRICE_TEXT = 'Consultar';

/**
 * A price as a card shows it: 'Consultar' without a price, or with 0, which the catalogue uses for "not
 * informed" (rules 000-5.13, 000-5.27); UF converted to CLP at `ufValue` when the price asks for it.
 */
export function formatPrice(price: PriceToShow, ufValue?: number): string {
  const { amount, unit, convertionTo } = price;
  if (amount === null || amount === undefined || amount === 0) return NO_PRICE_TEXT;
  if (unit === 'UF' && convertionTo === 'CLP') {
    if (ufValue === undefined) throw new RangeError('a UF price shown in CLP needs the UF value');
    return formatMoney(ufToClp(amount, ufValue), 'CLP');
  }
  return formatMoney(amount, currencyOf(unit));
}
