import type { PriceUnit } from '@cubre/schemas/catalogue/common';
import { addMonths, calendarDay } from '../reference/calendarDay';
import { formatDecimal, formatMoney } from './money';

export const PRICE_LABEL_FROM = 'Desde';
export const NO_TOP_TEXT = 'Sin tope';
export const NO_DEDUCTIBLE_TEXT = 'Sin deducible';
export const NOT_COVERED_TEXT = 'No Cubre';
/** A top or deductible the catalogue does not give: not the same as 0, which means there is none. */
export const NOT_INFORMED_TEXT = 'No informado';
export const NEW_BADGE_TEXT = 'Producto disponible hace menos de 2 meses.';
export const NEW_PRODUCT_MONTHS = 2;

/** 'Desde' unless the prices were defined from the visitor's profile (rule 000-5.15). */
export function priceLabel(arePricesDefined: boolean | null | undefined): string {
  return arePricesDefined ? '' : PRICE_LABEL_FROM;
}

/** A top limit: 0 reads 'Sin tope' (rule 000-5.13). */
export function topText(amount: number | null | undefined, unit: PriceUnit): string {
  if (amount === null || amount === undefined) return NOT_INFORMED_TEXT;
  return amount === 0 ? NO_TOP_TEXT : formatMoney(amount, unit);
}

/** A deductible: 0 reads 'Sin deducible' (rule 000-5.13). */
export function deductibleText(amount: number | null | undefined, unit: PriceUnit): string {
  if (amount === null || amount === undefined) return NOT_INFORMED_TEXT;
  return amount === 0 ? NO_DEDUCTIBLE_TEXT : formatMoney(amount, unit);
}

const percent = (value: number) => `${formatDecimal(value, 2)}%`;

/**
 * Coverage percentages (rule 000-5.14): '80%'; a range 'min% - max%'; 'No Cubre' when no value is given
 * or none is zero or more. A negative bound of a range is dropped and the other one shown.
 */
export function coveragePercentText(min: number | null | undefined, max?: number | null): string {
  const given = [min, max].filter((value): value is number => typeof value === 'number' && value >= 0);
  if (given.length === 0) return NOT_COVERED_TEXT;
  const low = Math.min(...given);
  const high = Math.max(...given);
  return low === high ? percent(low) : `${percent(low)} - ${percent(high)}`;
}

/** Affinity percent: distance × 10, no decimals (rule 000-9.05). */
export function affinityPercent(distance: number): number {
  return Math.round(distance * 10) + 0;
}

/** '87%', or '87% para ti' for collective insurance (rule 000-9.05). */
export function affinityText(distance: number, collective = false): string {
  return `${affinityPercent(distance)}%${collective ? ' para ti' : ''}`;
}

/**
 * New: available for less than 2 months on `today` (rule 000-4.27). Exactly 2 months is no longer new;
 * a product not yet available is not new either, since the badge says it has been available.
 */
export function isNewProduct(availableFrom: string | Date, today: string | Date): boolean {
  const from = calendarDay(availableFrom);
  const day = calendarDay(today);
  return from <= day && from > addMonths(day, -NEW_PRODUCT_MONTHS);
}
