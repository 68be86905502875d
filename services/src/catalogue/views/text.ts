import { PriceUnit, type AmountKind } from '@cubre/schemas';
import { coveragePercentText, deductibleText, topText } from '../pricing/labels';
import { formatDecimal, formatMoney } from '../pricing/money';

/** SEO descriptions over 170 characters are cut to 165 plus an ellipsis (rule 001-9.08). */
export const SEO_DESCRIPTION_MAX = 170;
export const SEO_DESCRIPTION_CUT = 165;
export const ELLIPSIS = '…';

/** Cut by characters (code points), so an accent or an emoji is never split in half. */
export function cutSeoDescription(text: string): string {
  const characters = Array.from(text);
  if (characters.length <= SEO_DESCRIPTION_MAX) return text;
  return `${characters.slice(0, SEO_DESCRIPTION_CUT).join('')}${ELLIPSIS}`;
}

/** Lower case, no accents, single spaces: how names are compared ('Clínica Alemana' ~ 'clinica alemana'). */
export function plainWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'Hospitalización' → 'hospitalizacion', 'Consulta médica' → 'consulta-medica': a benefit's id in paths. */
export function slugId(text: string): string {
  return plainWords(text)
    .replace(/ñ/g, 'n')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const TOP_KINDS = new Set<AmountKind>([
  'max_coverage',
  'yearly_top',
  'monthly_top',
  'weekly_top',
  'daily_top',
  'top_amount',
  'top_amount_libre',
  'top_amount_pref',
]);
const DEDUCTIBLE_KINDS = new Set<AmountKind>(['deductible', 'deductible_fonasa']);

/** An amount in any unit of the catalogue: a currency, '%', days or times. */
export function amountText(amount: number, unit: string): string {
  if (unit === '%') return `${formatDecimal(amount, 2)}%`;
  if (unit === 'DIAS') return `${formatDecimal(amount, 0)} ${amount === 1 ? 'día' : 'días'}`;
  if (unit === 'VECES') return `${formatDecimal(amount, 0)} ${amount === 1 ? 'vez' : 'veces'}`;
  const currency = PriceUnit.safeParse(unit);
  return currency.success ? formatMoney(amount, currency.data) : `${formatDecimal(amount, 2)} ${unit}`;
}

/** A top limit in any unit: 0 is 'Sin tope' (rule 000-5.13). */
export function topAmountText(amount: number, unit: string): string {
  const currency = PriceUnit.safeParse(unit);
  return currency.success
    ? topText(amount, currency.data)
    : amount === 0
      ? 'Sin tope'
      : amountText(amount, unit);
}

/** A deductible in any unit: 0 is 'Sin deducible' (rule 000-5.13). */
export function deductibleAmountText(amount: number, unit: string): string {
  const currency = PriceUnit.safeParse(unit);
  return currency.success
    ? deductibleText(amount, currency.data)
    : amount === 0
      ? 'Sin deducible'
      : amountText(amount, unit);
}

/** How a coverage amount reads on a card: percentages (000-5.14), tops (000-5.13), deductibles, the rest. */
export function coverageAmountText(amount: {
  kind: AmountKind;
  value?: number;
  minAmount?: number;
  maxAmount?: number;
  unit: string;
}): string {
  const { kind, value, minAmount, maxAmount, unit } = amount;
  if (unit === '%')
    return value !== undefined ? coveragePercentText(value) : coveragePercentText(minAmount, maxAmount);
  const single = value ?? maxAmount ?? minAmount;
  if (single === undefined) return 'No informado';
  if (TOP_KINDS.has(kind)) return topAmountText(single, unit);
  if (DEDUCTIBLE_KINDS.has(kind)) return deductibleAmountText(single, unit);
  if (minAmount !== undefined && maxAmount !== undefined && value === undefined && minAmount !== maxAmount)
    return `${amountText(minAmount, unit)} - ${amountText(maxAmount, unit)}`;
  return amountText(single, unit);
}
