import { z } from 'zod';
import { IsaprePlanDefinition } from '@cubre/schemas/catalogue/isaprePlan';
import type { Profile } from '@cubre/schemas/profile';
import type { PlanVigente2016 } from '../reference/planesVigentes2016';
import { Beneficiary, beneficiariesFromProfile, type BeneficiaryInput } from './beneficiaries';
import { factorTableFor, FactorTableUsed, riskFactor, type FactorTables } from './factors';
import { LegalContribution, profileLegalContribution } from './legalContribution';
import { assertUfValue } from './uf';

/** Dependants younger than this pay no plan price, only GES (rule 000-9.17). */
export const CARGA_EXEMPT_BELOW_AGE = 2;

/** What the price formula needs from a catalogue isapre plan (schemas/src/catalogue/isaprePlan.ts). */
export const IsaprePlanTerms = IsaprePlanDefinition.pick({
  priceMode: true,
  basePriceUf: true,
  factorTableCode: true,
  gesUf: true,
});
export type IsaprePlanTerms = z.infer<typeof IsaprePlanTerms>;

export function isaprePlanTermsFrom2016(plan: PlanVigente2016): IsaprePlanTerms {
  return {
    priceMode: plan.modalidadPrecio,
    basePriceUf: plan.precioBaseFinal,
    factorTableCode: plan.codigoTablaFactores,
    gesUf: plan.ges,
  };
}

export const BeneficiaryPrice = Beneficiary.extend({
  /** The factor the table gives this beneficiary's role, sex and age. */
  factor: z.number(),
  /** False for a carga under 2 (who pays only GES) and in a 7% plan. */
  factorApplies: z.boolean(),
  gesUf: z.number(),
});
export type BeneficiaryPrice = z.infer<typeof BeneficiaryPrice>;

export const IsaprePriceBreakdown = z.strictObject({
  priceMode: IsaprePlanTerms.shape.priceMode,
  factorTable: FactorTableUsed,
  beneficiaries: z.array(BeneficiaryPrice),
  /** Σ of the factors that apply. */
  sumFactors: z.number(),
  basePriceUf: z.number(),
  /** basePriceUf × sumFactors. */
  planPriceUf: z.number(),
  gesPerBeneficiaryUf: z.number(),
  gesTotalUf: z.number(),
  /** planPriceUf + gesTotalUf; null when the plan cannot be priced (see unpricedReason). */
  totalUf: z.number().nullable(),
  totalClp: z.number().nullable(),
  ufValue: z.number(),
  unpricedReason: z.string().nullable(),
  /** The visitor's legal 7%, for comparison; null without income. */
  legalContribution: LegalContribution.nullable(),
  /** totalClp − the 7%: what the visitor pays above it (negative: below it). */
  differenceClp: z.number().nullable(),
});
export type IsaprePriceBreakdown = z.infer<typeof IsaprePriceBreakdown>;

export type IsaprePricingContext = {
  tables: FactorTables;
  ufValue: number;
  legalContribution?: LegalContribution | null;
};

export const NO_BASE_PRICE_REASON = 'El plan no informa su precio base';
export const SEVEN_PERCENT_WITHOUT_INCOME_REASON =
  'Plan de precio 7%: ingresa tu renta para conocer su precio';

/** Beneficiaries checked for pricing: at least one cotizante. */
export function pricedBeneficiaries(beneficiaries: readonly BeneficiaryInput[]): Beneficiary[] {
  const people = beneficiaries.map((beneficiary) => Beneficiary.parse(beneficiary));
  if (!people.some((person) => person.role === 'cotizante'))
    throw new RangeError('un plan de isapre necesita al menos un cotizante');
  return people;
}

/**
 * Each beneficiary's factor under the plan's table and Σ of those that apply: the part of the price a
 * profile shares across every plan of one (price mode, factor table), which the comparator computes once
 * per table for a whole catalogue.
 */
export function factorLines(
  plan: Pick<IsaprePlanTerms, 'priceMode' | 'factorTableCode' | 'gesUf'>,
  people: readonly Beneficiary[],
  tables: FactorTables,
) {
  const factorTable = factorTableFor(tables, plan.factorTableCode);
  const byFormula = plan.priceMode === 'UF';
  const lines = people.map((person): BeneficiaryPrice => ({
    ...person,
    factor: riskFactor(tables, factorTable, person),
    factorApplies: factorApplies(plan.priceMode, person),
    gesUf: byFormula ? plan.gesUf : 0,
  }));
  return { factorTable, lines, sumFactors: sumOfFactors(plan, people, tables) };
}

/** Cargas under 2 pay only GES, and in a 7% plan no factor applies. */
const factorApplies = (priceMode: IsaprePlanTerms['priceMode'], person: Beneficiary) =>
  priceMode === 'UF' && !(person.role === 'carga' && person.edad < CARGA_EXEMPT_BELOW_AGE);

/** Σ of the factors that apply, in the beneficiaries' order, without the lines (the comparator's hot path). */
export function sumOfFactors(
  plan: Pick<IsaprePlanTerms, 'priceMode' | 'factorTableCode'>,
  people: readonly Beneficiary[],
  tables: FactorTables,
): number {
  const factorTable = factorTableFor(tables, plan.factorTableCode);
  let sum = 0;
  for (const person of people) {
    if (factorApplies(plan.priceMode, person)) sum += riskFactor(tables, factorTable, person);
  }
  return sum;
}

/**
 * Monthly price of an isapre plan: base price × Σ risk factors of the cotizantes and cargas (age and sex,
 * from the plan's factor table, or the Tabla de Factores Única when it has none or an unknown one)
 * + GES × beneficiaries. Cargas under 2 pay only GES. A '7%' plan costs the visitor's 7% (GES included);
 * a UF plan without base price is not priced (the 2016 data has such rows), rather than shown as GES alone.
 */
export function priceIsaprePlan(
  plan: IsaprePlanTerms,
  beneficiaries: readonly BeneficiaryInput[],
  context: IsaprePricingContext,
): IsaprePriceBreakdown {
  assertUfValue(context.ufValue);
  const people = pricedBeneficiaries(beneficiaries);
  const { factorTable, lines, sumFactors } = factorLines(plan, people, context.tables);
  const byFormula = plan.priceMode === 'UF';
  const planPriceUf = plan.basePriceUf * sumFactors;
  const gesTotalUf = lines.reduce((sum, line) => sum + line.gesUf, 0);
  const legal = context.legalContribution ?? null;

  let totalUf: number | null;
  let unpricedReason: string | null = null;
  if (!byFormula) {
    totalUf = legal?.uf ?? null;
    if (totalUf === null) unpricedReason = SEVEN_PERCENT_WITHOUT_INCOME_REASON;
  } else if (plan.basePriceUf === 0) {
    totalUf = null;
    unpricedReason = NO_BASE_PRICE_REASON;
  } else totalUf = planPriceUf + gesTotalUf;

  const totalClp = totalUf === null ? null : byFormula ? Math.round(totalUf * context.ufValue) : legal!.clp;
  return {
    priceMode: plan.priceMode,
    factorTable,
    beneficiaries: lines,
    sumFactors,
    basePriceUf: plan.basePriceUf,
    planPriceUf,
    gesPerBeneficiaryUf: plan.gesUf,
    gesTotalUf,
    totalUf,
    totalClp,
    ufValue: context.ufValue,
    unpricedReason,
    legalContribution: legal,
    differenceClp: totalClp !== null && legal ? totalClp - legal.clp : null,
  };
}

/** The price for a visitor's profile, with their 7% (capped at the tope imponible) alongside. */
export function priceIsaprePlanForProfile(
  plan: IsaprePlanTerms,
  profile: Profile,
  context: { tables: FactorTables; ufValue: number; topeImponibleUf: number },
): IsaprePriceBreakdown {
  return priceIsaprePlan(plan, beneficiariesFromProfile(profile), {
    tables: context.tables,
    ufValue: context.ufValue,
    legalContribution: profileLegalContribution(profile, context),
  });
}
