import type { Translate } from '../shell/i18n';
import { CARD_WORDS } from './format';
import { deductibleAmountWords, topAmountWords } from './amountWords';

/**
 * A product's tops and deductibles (GET /api/insurance/{id}/topAmountsAndDeductibles) in the page's
 * language: the groups and caps the server names itself ('Topes por cobertura', 'Tope anual por
 * beneficiario', '… (día cama)') from their source and parts; the groups a product defines keep the
 * catalogue's names.
 */
export interface TopsGroup {
  name: string;
  /** 'producto': as the product defines it; 'coberturas': its coverages' caps; 'plan': an isapre plan's. */
  source?: 'producto' | 'coberturas' | 'plan';
  topAmounts: {
    name: string;
    amount?: number;
    unit?: string;
    text?: string;
    of?: { benefit: string; qualifier: 'bedDay' | 'preferred' | 'freeChoice' | null };
  }[];
  deductibles: { text?: string; amount: number; unit: string }[];
}

export function topsGroupName(group: TopsGroup, t: Translate): string {
  if (group.source === 'coberturas') return t('tops.byCoverage');
  if (group.source === 'plan') return t('tops.plan');
  return group.name;
}

/** A cap's name: a plan's annual top, a coverage's benefit with what qualifies it, or the product's name. */
function capName(group: TopsGroup, top: TopsGroup['topAmounts'][number], t: Translate) {
  if (group.source === 'plan') return t('tops.planAnnual');
  if (!top.of) return top.name;
  const benefit = top.of.benefit;
  return top.of.qualifier ? `${benefit} ${t(`tops.qualifier.${top.of.qualifier}`)}` : benefit;
}

const amountOf = (
  item: { amount?: number; unit?: string; text?: string },
  words: typeof topAmountWords,
  t: Translate,
) =>
  item.amount !== undefined && item.unit !== undefined ? words(item.amount, item.unit, t) : (item.text ?? '');

/** 'Consulta: UF 400 · Hospitalización: Sin tope', or 'Sin tope' without any. */
export function topsText(group: TopsGroup, t: Translate): string {
  return (
    group.topAmounts
      .map((top) => `${capName(group, top, t)}: ${amountOf(top, topAmountWords, t)}`)
      .join(' · ') || t(CARD_WORDS.noTop)
  );
}

export function deductiblesText(group: TopsGroup, t: Translate): string {
  return (
    group.deductibles.map((deductible) => amountOf(deductible, deductibleAmountWords, t)).join(' · ') ||
    t(CARD_WORDS.noDeductible)
  );
}
