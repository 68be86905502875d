import type { AmountKind, Coverage, ProductDefinition } from '@cubre/schemas';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import type {
  CapQualifier,
  DeductibleView,
  TopAmountView,
  TopsAndDeductiblesView,
} from '@cubre/schemas/catalogue/detailViews';
import type { AmountSummary } from '@cubre/schemas/catalogue/coverageResume';
import { coveragePeriodTop, type CoveragePeriodKind } from '../pricing/coveragePeriod';
import { isLifeInsurance, planOf, productOf, type CatalogueIndex } from './catalogueIndex';
import { isFreeChoiceCode, providerView } from './coverageOrganizations';
import { deductibleAmountText, plainWords, topAmountText } from './text';

export type { DeductibleView, TopAmountView, TopsAndDeductiblesView };
export type { AmountSummary };

/**
 * Period order of tops and deductibles: annual, monthly, weekly, daily first (rule 000-5.29); periods the
 * rule does not name (semester, per event, lifetime) follow, in that order.
 */
const PERIOD_ORDER = ['anual', 'mensual', 'semanal', 'diario', 'semestral', 'evento', 'vitalicio'];
const periodRank = (period: string) => {
  const rank = PERIOD_ORDER.indexOf(period);
  return rank < 0 ? PERIOD_ORDER.length : rank;
};
export const byPeriod = <T extends { period: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => periodRank(a.period) - periodRank(b.period));

const PERIOD_KINDS: Record<CoveragePeriodKind, true> = {
  yearly_top: true,
  monthly_top: true,
  weekly_top: true,
  daily_top: true,
};
export type { CapQualifier };
const QUALIFIER_WORDS: Record<CapQualifier, string> = {
  bedDay: ' (día cama)',
  preferred: ' (preferente)',
  freeChoice: ' (libre elección)',
};
/** Caps a coverage carries without a period: paid per event (our reading; the seed does not say). */
const EVENT_CAPS: Partial<Record<AmountKind, CapQualifier | null>> = {
  compensation: null,
  max_coverage: null,
  top_amount: null,
  top_amount_pref: 'preferred',
  top_amount_libre: 'freeChoice',
};

/** The caps of one coverage: its period top by precedence (000-5.29), the day-bed amount, event caps. */
function coverageCaps(coverage: Coverage): TopAmountView[] {
  const named = (qualifier: CapQualifier | null, amount: number, unit: string, period: string) => ({
    ...cap(
      `${coverage.insuranceBenefit}${qualifier ? QUALIFIER_WORDS[qualifier] : ''}`,
      amount,
      unit,
      period,
    ),
    of: { benefit: coverage.insuranceBenefit, qualifier },
  });
  const valueOf = (a: Coverage['amounts'][number]) => a.value ?? a.maxAmount ?? a.minAmount;
  const periodic: Partial<Record<CoveragePeriodKind, number>> = {};
  let periodicUnit = '';
  const caps: TopAmountView[] = [];
  for (const amount of coverage.amounts) {
    const value = valueOf(amount);
    if (value === undefined) continue;
    if (amount.kind in PERIOD_KINDS) {
      periodic[amount.kind as CoveragePeriodKind] ??= value;
      periodicUnit ||= amount.unit;
    } else if (amount.kind === 'bed_day') {
      caps.push(named('bedDay', value, amount.unit, 'diario'));
    } else if (amount.kind in EVENT_CAPS) {
      caps.push(named(EVENT_CAPS[amount.kind] ?? null, value, amount.unit, 'evento'));
    }
  }
  const shown = coveragePeriodTop(periodic);
  if (shown) caps.unshift(named(null, shown.amount, periodicUnit, shown.label));
  return caps;
}

const cap = (
  name: string,
  amount: number,
  unit: string,
  period: string,
  calificados = false,
): TopAmountView => ({
  name,
  amount,
  unit,
  period,
  calificados,
  text: topAmountText(amount, unit),
});

/**
 * Cap lists of life insurance keep only 'Indemnización' items; every other list leaves them out
 * (rule 000-5.32): a life policy's caps are its indemnities, and an indemnity is not a health top.
 */
export function capListFilter(card: CardDocument) {
  const life = isLifeInsurance(card);
  return (top: { name: string }) => plainWords(top.name).includes('indemnizacion') === life;
}

function productGroups(index: CatalogueIndex, product: ProductDefinition): TopsAndDeductiblesView[] {
  const defined = product.topsAndDeductibles.map((group) => ({
    name: group.name,
    source: 'producto' as const,
    coverageOrganizations: group.coverageOrganizations.map((code) => {
      const provider = providerView(index, code, isFreeChoiceCode(code) ? 'libreEleccion' : 'preferente');
      return { organizationCode: provider.organizationCode, displayName: provider.displayName };
    }),
    topAmounts: group.topAmounts.map((top) =>
      cap(top.name, top.amount, top.unit, top.period, top.calificados),
    ),
    deductibles: group.deductibles.map((d) => ({
      amount: d.amount,
      unit: d.unit,
      period: d.period,
      calificados: d.calificados,
      text: deductibleAmountText(d.amount, d.unit),
    })),
  }));
  const fromCoverages = product.coverages.flatMap(coverageCaps);
  return [
    ...defined,
    ...(fromCoverages.length > 0
      ? [
          {
            name: 'Topes por cobertura',
            source: 'coberturas' as const,
            coverageOrganizations: [],
            topAmounts: fromCoverages,
            deductibles: [],
          },
        ]
      : []),
  ].map((group) => ({ ...group, top: null }));
}

/** An isapre plan: its annual top per beneficiary (none: 'Sin tope'); plans have no deductible. */
function planGroups(card: CardDocument): TopsAndDeductiblesView[] {
  const plan = planOf(card)!;
  return [
    {
      name: 'Tope del plan',
      source: 'plan',
      coverageOrganizations: [],
      topAmounts: [cap('Tope anual por beneficiario', plan.annualTopUf ?? 0, 'UF', 'anual')],
      deductibles: [],
      top: null,
    },
  ];
}

/** The tops and deductibles of a card, in period order (000-5.29), cap lists filtered (000-5.32). */
export function topsAndDeductibles(index: CatalogueIndex, card: CardDocument): TopsAndDeductiblesView[] {
  const keep = capListFilter(card);
  const product = productOf(card);
  const groups = product ? productGroups(index, product) : planGroups(card);
  return groups
    .map((group) => {
      const topAmounts = byPeriod(group.topAmounts.filter(keep));
      return { ...group, topAmounts, deductibles: byPeriod(group.deductibles), top: topAmounts[0] ?? null };
    })
    .filter((group) => group.topAmounts.length > 0 || group.deductibles.length > 0);
}

/**
 * One line of a summary (seed 000 §3 "Summary": min, max, unit, period, details): the amounts of the
 * first period by precedence, in the unit of the first of them; every amount in the details.
 */
export function summarize(
  items: readonly { name?: string; amount: number; unit: string; period: string; text: string }[],
  textOf: (amount: number, unit: string) => string,
): AmountSummary | null {
  const ordered = byPeriod(items);
  const first = ordered[0];
  if (!first) return null;
  const same = ordered.filter((item) => item.period === first.period && item.unit === first.unit);
  const amounts = same.map((item) => item.amount);
  const min = Math.min(...amounts);
  const max = Math.max(...amounts);
  return {
    min,
    max,
    unit: first.unit,
    period: first.period,
    text: min === max ? textOf(min, first.unit) : `${textOf(min, first.unit)} - ${textOf(max, first.unit)}`,
    details: ordered.map((item) => `${item.name ? `${item.name}: ` : ''}${item.text} (${item.period})`),
  };
}

export function topsSummary(groups: readonly TopsAndDeductiblesView[]) {
  return {
    topAmount: summarize(
      groups.flatMap((g) => g.topAmounts),
      topAmountText,
    ),
    deductible: summarize(
      groups.flatMap((g) => g.deductibles.map((d) => ({ ...d, name: g.name }))),
      deductibleAmountText,
    ),
  };
}
