import type { Translate } from '../shell/i18n';
import { CARD_WORDS, coveragePercent, formatMoney, type MoneyUnit } from './format';

/**
 * The detail's amounts (coverages, tops, deductibles) in the page's language, from the numbers the API
 * sends beside its Spanish `text` (services/src/catalogue/views/text.ts says the same in Spanish): '70%',
 * 'UF 400', '3 días', 'Sin tope' for a top of 0, 'Sin deducible' for a deductible of 0 (000-5.13).
 */

const MONEY_UNITS = new Set([
  'CLP',
  'UF',
  'PEN',
  'USD',
  'COP',
  'USD/Año',
  'USD/V',
  'USD/MUNDO',
  'USD/USA',
  'USD/LATAM',
]);
const whole = (value: number) => value.toLocaleString('es-CL', { maximumFractionDigits: 0 });
const decimal = (value: number) => value.toLocaleString('es-CL', { maximumFractionDigits: 2 });

/** An amount in any unit of the catalogue: a currency, '%', days or times. */
export function amountWords(amount: number, unit: string, t: Translate): string {
  if (unit === '%') return `${decimal(amount)}%`;
  if (unit === 'DIAS') return t(amount === 1 ? 'amount.day' : 'amount.days', { n: whole(amount) });
  if (unit === 'VECES') return t(amount === 1 ? 'amount.time' : 'amount.times', { n: whole(amount) });
  return MONEY_UNITS.has(unit) ? formatMoney(amount, unit as MoneyUnit) : `${decimal(amount)} ${unit}`;
}

/** A top: 0 is 'Sin tope'. */
export const topAmountWords = (amount: number, unit: string, t: Translate): string =>
  amount === 0 ? t(CARD_WORDS.noTop) : amountWords(amount, unit, t);

/** A deductible: 0 is 'Sin deducible'. */
export const deductibleAmountWords = (amount: number, unit: string, t: Translate): string =>
  amount === 0 ? t(CARD_WORDS.noDeductible) : amountWords(amount, unit, t);

const TOP_KINDS = new Set([
  'max_coverage',
  'yearly_top',
  'monthly_top',
  'weekly_top',
  'daily_top',
  'top_amount',
  'top_amount_libre',
  'top_amount_pref',
]);
const DEDUCTIBLE_KINDS = new Set(['deductible', 'deductible_fonasa']);

/** A coverage amount of GET …/coverages/{id}/resume: percentages (000-5.14), tops, deductibles, the rest. */
export interface CoverageAmount {
  kind: string;
  value?: number | null;
  minAmount?: number | null;
  maxAmount?: number | null;
  unit?: { currencyCode: string };
  text: string;
}

export function coverageAmountWords(amount: CoverageAmount, t: Translate): string {
  const unit = amount.unit?.currencyCode;
  // An answer without its numbers (an older server) keeps the server's text.
  if (unit === undefined) return amount.text;
  const value = amount.value ?? undefined;
  const min = amount.minAmount ?? undefined;
  const max = amount.maxAmount ?? undefined;
  if (unit === '%') return coveragePercent(value ?? { min, max }, t);
  const single = value ?? max ?? min;
  if (single === undefined) return t(CARD_WORDS.notInformed);
  if (TOP_KINDS.has(amount.kind)) return topAmountWords(single, unit, t);
  if (DEDUCTIBLE_KINDS.has(amount.kind)) return deductibleAmountWords(single, unit, t);
  if (value === undefined && min !== undefined && max !== undefined && min !== max)
    return `${amountWords(min, unit, t)} - ${amountWords(max, unit, t)}`;
  return amountWords(single, unit, t);
}
