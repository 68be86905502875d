import type { z } from 'zod';
import type {
  AmountKind,
  AmountPeriod,
  Country,
  Coverage,
  CoverageAmount,
  Deductible,
  Faq,
  PriceUnit,
  ProductDefinitionInput,
  ProductType,
  TopAmount,
} from '@cubre/schemas';
import type { FeatureKey } from './features';
import { round, type Prng } from './prng';

/** Plan tiers of seed 002 §3. */
export const TIERS = ['Estándar', 'Intermedio', 'Premium', 'Élite'] as const;
export type Tier = 0 | 1 | 2 | 3;

/** What a family's functions get to vary one product. */
export interface ProductContext {
  rng: Prng;
  tier: Tier;
  unit: PriceUnit;
  country: Country;
  /** Care providers the product covers (codes), already chosen. */
  providers: string[];
}

type Price = ProductDefinitionInput['price'];
type TopsAndDeductibles = NonNullable<ProductDefinitionInput['topsAndDeductibles']>[number];
type Metadata = NonNullable<ProductDefinitionInput['metadata']>;

/** A kind of product: everything its products share; the generator varies the rest by tier and PRNG. */
export interface Family {
  /** Short code in product codes ('COMP' → DEMO-CL-COMP-03). */
  key: string;
  /** First words of the product's name ('Complementario' → 'Complementario Cumbre Premium'). */
  label: string;
  insuranceType: string;
  productType?: ProductType;
  description: string;
  price(context: ProductContext): Price;
  coverages(context: ProductContext): Coverage[];
  tops?(context: ProductContext): TopsAndDeductibles[];
  features: FeatureKey[];
  insurableAges?: { min: number; max: number };
  /** Chilean health products: Preferente or Libre Elección, and what the isapre or Fonasa must cover. */
  chileanHealth?: boolean;
  providers?: 'clinics' | 'dental' | 'vet' | 'peruvian-clinic';
  metadata?(context: ProductContext): Metadata;
  minEmployees?: readonly number[];
  coverageCountries?: readonly string[];
  conditions: string[];
  exclusions: string[];
  extraBenefits?: string[];
  faq: Faq[];
}

/** Decimals a price is written with in its unit (seed 000 §9: CLP and COP none, PEN two; UF three). */
export function priceDecimals(unit: PriceUnit): number {
  if (unit === 'UF') return 3;
  if (unit === 'CLP' || unit === 'COP') return 0;
  return 2;
}

/** COP and CLP prices end in round hundreds; the others keep their decimals. */
function roundPrice(value: number, unit: PriceUnit): number {
  if (unit === 'CLP' || unit === 'COP') return Math.round(value / 100) * 100;
  if (unit === 'PEN' || unit.startsWith('USD')) return Math.round(value);
  return round(value, priceDecimals(unit));
}

export const PERSON_BANDS: ReadonlyArray<readonly [number, number]> = [
  [0, 17],
  [18, 29],
  [30, 39],
  [40, 49],
  [50, 59],
  [60, 64],
  [65, 69],
  [70, 80],
];
export const PET_BANDS: ReadonlyArray<readonly [number, number]> = [
  [0, 2],
  [3, 6],
  [7, 10],
  [11, 14],
];

/**
 * A price by age band between `min` and `max`: older bands and higher tiers cost more, with one jitter
 * per product so two insurers' plans of one tier differ. Every band stays within [min, max].
 */
export function priceByAge(
  { rng, tier, unit }: ProductContext,
  min: number,
  max: number,
  options: { bands?: ReadonlyArray<readonly [number, number]>; dependantsPay?: boolean } = {},
): Price {
  const bands = options.bands ?? PERSON_BANDS;
  const jitter = rng.between(0.9, 1.05, 3);
  const byAge = bands.map(([fromAge, toAge], index) => {
    const share = ((index / (bands.length - 1)) * 0.6 + (tier / 3) * 0.4) * jitter;
    const amount = Math.min(max, Math.max(min, roundPrice(min + (max - min) * share, unit)));
    return { fromAge, toAge, amount };
  });
  return {
    amount: Math.min(...byAge.map((band) => band.amount)),
    unit,
    periodicity: 'mensual',
    byAge,
    dependantsPay: options.dependantsPay ?? true,
  };
}

/** One price for everyone, higher by tier, within [min, max]. */
export function flatPrice(
  { rng, tier, unit }: ProductContext,
  min: number,
  max: number,
  periodicity: 'mensual' | 'anual' | 'único' = 'mensual',
): Price {
  const share = Math.min(1, (tier / 3) * 0.75 + rng.between(0, 0.25, 3));
  return {
    amount: roundPrice(min + (max - min) * share, unit),
    unit,
    periodicity,
    byAge: [],
    dependantsPay: true,
  };
}

export const percent = (kind: AmountKind, value: number): CoverageAmount => ({ kind, value, unit: '%' });
export const percentRange = (kind: AmountKind, minAmount: number, maxAmount: number): CoverageAmount => ({
  kind,
  minAmount,
  maxAmount,
  unit: '%',
});
export const amount = (kind: AmountKind, value: number, unit: CoverageAmount['unit']): CoverageAmount => ({
  kind,
  value,
  unit,
});

export const coverage = (tag: string, insuranceBenefit: string, amounts: CoverageAmount[]): Coverage => ({
  tag,
  insuranceBenefit,
  amounts,
});

type TopInput = z.input<typeof TopAmount>;
type DeductibleInput = z.input<typeof Deductible>;

export const top = (
  name: string,
  value: number,
  unit: TopInput['unit'],
  period: AmountPeriod,
  calificados = false,
): TopInput => ({ name, amount: value, unit, period, calificados });

export const deductible = (
  value: number,
  unit: DeductibleInput['unit'],
  period: AmountPeriod,
  calificados = false,
): DeductibleInput => ({ amount: value, unit, period, calificados });

export const topsAndDeductibles = (
  name: string,
  coverageOrganizations: string[],
  topAmounts: TopInput[],
  deductibles: DeductibleInput[],
): TopsAndDeductibles => ({ name, coverageOrganizations, topAmounts, deductibles });

/** A tier's step between two values: Estándar gets `low`, Élite `high`. */
export const byTier = (tier: Tier, low: number, high: number, decimals = 0) =>
  round(low + ((high - low) * tier) / 3, decimals);
