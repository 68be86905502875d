import type { AmountKind, Coverage, CoverageAmount } from '@cubre/schemas';
import type {
  BenefitCoverages,
  CoverageAmountView as AmountView,
  CoverageResume,
  CoverageTagView as TagView,
  CoverageView,
} from '@cubre/schemas/catalogue/coverageResume';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import { coveragePercentText } from '../pricing/labels';
import {
  MINIMUM_RESTRICTED_COVER_PERCENT,
  allFeaturesView,
  coverageRequirementView,
  featuresView,
} from './productContent';
import { planOf, productOf, type CatalogueIndex } from './catalogueIndex';
import {
  allProviders,
  coverageOrganizationLists,
  type CoverageOrganizationView,
} from './coverageOrganizations';
import { restrictionsOf } from '../pricing/planAttributes';
import { topsAndDeductibles, topsSummary, type TopsAndDeductiblesView } from './topsAndDeductibles';
import { coverageAmountText, slugId } from './text';

const amountView = (amount: CoverageAmount): AmountView => ({
  kind: amount.kind,
  value: amount.value ?? null,
  minAmount: amount.minAmount ?? amount.value ?? null,
  maxAmount: amount.maxAmount ?? amount.value ?? null,
  unit: { currencyCode: amount.unit },
  text: coverageAmountText(amount),
});

const coverageView = (coverage: Coverage): CoverageView => ({
  benefitId: slugId(coverage.insuranceBenefit),
  insuranceBenefit: coverage.insuranceBenefit,
  tag: coverage.tag,
  amounts: coverage.amounts.map(amountView),
});

/**
 * An isapre plan's coverage from its own fields: hospital and ambulatory bonificación, the annual top on
 * the hospital line, and each restricted service at the legal minimum of 25% (rule 000-9.18).
 */
function planCoverages(card: CardDocument): Coverage[] {
  const plan = planOf(card)!;
  const top: CoverageAmount = { kind: 'yearly_top', value: plan.annualTopUf ?? 0, unit: 'UF' };
  return [
    {
      tag: 'Hospitalario',
      insuranceBenefit: 'Prestaciones hospitalarias',
      amounts: [{ kind: 'percentage_isapre', value: plan.hospitalCoverage, unit: '%' }, top],
    },
    {
      tag: 'Ambulatorio',
      insuranceBenefit: 'Prestaciones ambulatorias',
      amounts: [{ kind: 'percentage_isapre', value: plan.ambulatoryCoverage, unit: '%' }, top],
    },
    ...restrictionsOf(plan.restrictionCodes).map((restriction): Coverage => ({
      tag: 'Prestaciones restringidas',
      insuranceBenefit: restriction.label,
      amounts: [{ kind: 'percentage_isapre', minAmount: MINIMUM_RESTRICTED_COVER_PERCENT, unit: '%' }],
    })),
  ];
}

export function coveragesOf(card: CardDocument): Coverage[] {
  return productOf(card)?.coverages ?? planCoverages(card);
}

export function tagsOf(coverages: readonly Coverage[]): TagView[] {
  const tags = new Map<string, CoverageView[]>();
  for (const coverage of coverages) {
    const list = tags.get(coverage.tag) ?? [];
    list.push(coverageView(coverage));
    tags.set(coverage.tag, list);
  }
  return [...tags].map(([name, list]) => ({
    name,
    tagId: slugId(name),
    count: list.length,
    coverages: list,
  }));
}

/** One row per amount kind over every coverage (seed 000 §3 commonCoverage). */
function commonCoverage(coverages: readonly Coverage[]) {
  const rows = new Map<string, { kind: AmountKind; unit: string; values: number[] }>();
  for (const amount of coverages.flatMap((coverage) => coverage.amounts)) {
    const key = `${amount.kind}|${amount.unit}`;
    const row = rows.get(key) ?? { kind: amount.kind, unit: amount.unit, values: [] };
    for (const value of [amount.value, amount.minAmount, amount.maxAmount])
      if (typeof value === 'number') row.values.push(value);
    rows.set(key, row);
  }
  return [...rows.values()]
    .filter((row) => row.values.length > 0)
    .map((row) => {
      const min = Math.min(...row.values);
      const max = Math.max(...row.values);
      return {
        CoverageTypeId: row.kind,
        Amount: min === max ? min : null,
        MinCoverageAmount: min,
        MaxCoverageAmount: max,
        unit: row.unit,
      };
    });
}

function coverageText(coverages: readonly Coverage[]): string | null {
  const percents = coverages.flatMap((coverage) =>
    coverage.amounts
      .filter((amount) => amount.unit === '%')
      .flatMap((amount) => [amount.value ?? amount.minAmount, amount.value ?? amount.maxAmount]),
  );
  const known = percents.filter((p): p is number => typeof p === 'number');
  return known.length === 0 ? null : coveragePercentText(Math.min(...known), Math.max(...known));
}

/**
 * GET /api/insurance/coverages/{id}/resume: coverages counted and grouped by tag (seed 000 §3 "coverages:
 * count and tags"), commonCoverage, the summary a card shows (prestadores, coverage, top, deductible), the
 * coverage requirement and the features (rule 000-3.09).
 */
export function coverageResume(index: CatalogueIndex, card: CardDocument): CoverageResume {
  const coverages = coveragesOf(card);
  const lists = coverageOrganizationLists(index, card);
  const tops = topsAndDeductibles(index, card);
  const product = productOf(card);
  return {
    productCode: card.productCode,
    count: coverages.length,
    tags: tagsOf(coverages),
    commonCoverage: commonCoverage(coverages),
    summary: {
      prestadores: lists.preferente.length + lists.internacional.length,
      freeChoice: lists.libreEleccion.length > 0,
      coverage: coverageText(coverages),
      ...topsSummary(tops),
    },
    coverageRequirement: product?.coverageRequirement
      ? coverageRequirementView(product.coverageRequirement)
      : null,
    // Rule 000-3.09: the plan's features with their names, and every feature it is compared on.
    features: featuresView(index, card),
    featuresAll: allFeaturesView(index, card),
  };
}

/** Tops groups that apply at a provider: those naming it, and those naming none (all providers). */
const appliesAt = (group: TopsAndDeductiblesView, code: string) =>
  group.coverageOrganizations.length === 0 ||
  group.coverageOrganizations.some((o) => o.organizationCode.toLowerCase() === code.toLowerCase());

/** GET /api/insurance/coverages/{id}/coverageOrganization: each provider and the tops that apply there. */
export function coverageOrganizationsWithTops(index: CatalogueIndex, card: CardDocument) {
  const tops = topsAndDeductibles(index, card);
  return allProviders(coverageOrganizationLists(index, card)).map((provider) => ({
    ...provider,
    topsAndDeductibles: tops.filter((g) => appliesAt(g, provider.organizationCode)).map((g) => g.name),
  }));
}

/** Amount kinds that hold at free choice only, or at preferential providers only. */
const FREE_CHOICE_ONLY = new Set<AmountKind>(['coverage_libre', 'top_amount_libre']);
const PREFERENTIAL_ONLY = new Set<AmountKind>(['coverage_pref', 'top_amount_pref']);

/**
 * GET /api/insurance/{id}/coverageOrganization/{orgId}/coverages: what the card covers at one provider.
 * At a free-choice entry the preferential amounts do not hold, and the free-choice ones do not at a
 * network provider. Null when the provider is not one of the card's.
 */
export function coveragesAtProvider(index: CatalogueIndex, card: CardDocument, providerCode: string) {
  const provider: CoverageOrganizationView | undefined = allProviders(
    coverageOrganizationLists(index, card),
  ).find((p) => p.organizationCode.toLowerCase() === providerCode.toLowerCase());
  if (!provider) return null;
  const dropped = provider.list === 'libreEleccion' ? PREFERENTIAL_ONLY : FREE_CHOICE_ONLY;
  const coverages = coveragesOf(card)
    .map((coverage) => ({ ...coverage, amounts: coverage.amounts.filter((a) => !dropped.has(a.kind)) }))
    .filter((coverage) => coverage.amounts.length > 0);
  return {
    organization: provider,
    count: coverages.length,
    tags: tagsOf(coverages),
    topsAndDeductibles: topsAndDeductibles(index, card).filter((g) =>
      appliesAt(g, provider.organizationCode),
    ),
  };
}

/**
 * GET /api/insurance/{id}/benefit/{benefitId}/coverages: the coverages of one benefit. The id is the
 * benefit's slug ('consulta-medica'); a tag's slug ('ambulatorio') answers every coverage of that category.
 */
export function coveragesOfBenefit(card: CardDocument, benefitId: string): BenefitCoverages | null {
  const wanted = slugId(benefitId);
  const coverages = coveragesOf(card);
  const byBenefit = coverages.filter((coverage) => slugId(coverage.insuranceBenefit) === wanted);
  const matched = byBenefit.length > 0 ? byBenefit : coverages.filter((c) => slugId(c.tag) === wanted);
  if (matched.length === 0) return null;
  return {
    benefitId: wanted,
    name: byBenefit.length > 0 ? byBenefit[0]!.insuranceBenefit : matched[0]!.tag,
    kind: byBenefit.length > 0 ? 'benefit' : 'tag',
    count: matched.length,
    coverages: matched.map(coverageView),
  };
}
