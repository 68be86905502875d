import { z } from 'zod';
import type { Cotizante, Profile } from '@cubre/schemas/profile';
import { assertUfValue } from './uf';

/** Chile's health cost rule (rules 000-9.15, 000-9.16). */
export const LEGAL_CONTRIBUTION_RATE = 0.07;
export const NET_TO_GROSS = 0.8;
export const PRICE_RANGE_MIN_RATIO = 0.90477;
export const PRICE_RANGE_MAX_RATIO = 1.05;
export const FALLBACK_PRICE_RANGE_CLP = { min: 120_000, max: 150_000 } as const;

export const IncomeSource = z.enum(['imponible', 'bruto', 'liquido']);
export type IncomeSource = z.infer<typeof IncomeSource>;

export const TaxableIncome = z.strictObject({ clp: z.number().min(0), source: IncomeSource });
export type TaxableIncome = z.infer<typeof TaxableIncome>;

/** Gross income from net (líquido): net / 0.8 (rule 000-9.15). */
export function grossFromNet(netClp: number): number {
  return netClp / NET_TO_GROSS;
}

/**
 * The income the 7% is taken from. imponible and bruto are either amounts or flags saying that ingreso is
 * taxable or gross; plain ingreso is net (líquido), what the site asks for, so it is grossed up.
 */
export function taxableIncomeOf(cotizante: Cotizante): TaxableIncome | null {
  const { ingreso, bruto, imponible } = cotizante;
  if (typeof imponible === 'number') return { clp: imponible, source: 'imponible' };
  if (typeof bruto === 'number') return { clp: bruto, source: 'bruto' };
  if (ingreso === undefined) return null;
  if (imponible === true) return { clp: ingreso, source: 'imponible' };
  if (bruto === true) return { clp: ingreso, source: 'bruto' };
  return { clp: grossFromNet(ingreso), source: 'liquido' };
}

export const LegalContribution = z.strictObject({
  /** Taxable income, CLP per month (summed over cotizantes). */
  taxableClp: z.number(),
  /** The part the 7% is taken from: each cotizante's income capped at the tope imponible. */
  cappedTaxableClp: z.number(),
  topeImponibleUf: z.number(),
  capped: z.boolean(),
  /** The 7%, whole pesos. */
  clp: z.number(),
  uf: z.number(),
});
export type LegalContribution = z.infer<typeof LegalContribution>;

export type LegalContributionContext = { ufValue: number; topeImponibleUf: number };

/** 7% of taxable income, each income capped at the tope imponible of the day (rule 000-9.15). */
export function legalContribution(
  taxableClp: number | readonly number[],
  { ufValue, topeImponibleUf }: LegalContributionContext,
): LegalContribution {
  assertUfValue(ufValue);
  const incomes = typeof taxableClp === 'number' ? [taxableClp] : taxableClp;
  if (incomes.some((income) => !Number.isFinite(income) || income < 0))
    throw new RangeError('an income is a non-negative CLP amount');
  const topeClp = topeImponibleUf * ufValue;
  const capped = incomes.map((income) => Math.min(income, topeClp));
  const cappedTaxableClp = capped.reduce((sum, income) => sum + income, 0);
  const exactClp = cappedTaxableClp * LEGAL_CONTRIBUTION_RATE;
  return {
    taxableClp: incomes.reduce((sum, income) => sum + income, 0),
    cappedTaxableClp,
    topeImponibleUf,
    capped: incomes.some((income) => income > topeClp),
    clp: Math.round(exactClp),
    uf: exactClp / ufValue,
  };
}

/** The 7% of every cotizante who gave an income; null when none did. */
export function profileLegalContribution(
  profile: Profile,
  context: LegalContributionContext,
): LegalContribution | null {
  const incomes = (profile.cotizante ?? []).flatMap((cotizante) => {
    const income = taxableIncomeOf(cotizante);
    return income ? [income.clp] : [];
  });
  return incomes.length > 0 ? legalContribution(incomes, context) : null;
}

export const SuggestedPriceRange = z.strictObject({
  minClp: z.number(),
  maxClp: z.number(),
  basis: z.enum(['sietePorCiento', 'sinIngreso']),
});
export type SuggestedPriceRange = z.infer<typeof SuggestedPriceRange>;

/**
 * Plan prices worth showing: 7% × 0.90477 to 7% × 1.05, or 120.000 to 150.000 CLP when the visitor gave
 * no income (rule 000-9.16).
 */
export function suggestedPriceRange(contribution: LegalContribution | null): SuggestedPriceRange {
  if (contribution === null)
    return {
      minClp: FALLBACK_PRICE_RANGE_CLP.min,
      maxClp: FALLBACK_PRICE_RANGE_CLP.max,
      basis: 'sinIngreso',
    };
  return {
    minClp: Math.round(contribution.clp * PRICE_RANGE_MIN_RATIO),
    maxClp: Math.round(contribution.clp * PRICE_RANGE_MAX_RATIO),
    basis: 'sietePorCiento',
  };
}
