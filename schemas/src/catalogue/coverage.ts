import { z } from 'zod';
import { PriceUnit } from './common';

/** Amount kinds of a coverage (seed 000 §3 "Coverage information"). */
export const AmountKind = z.enum([
  'max_coverage',
  'percentage',
  'percentage_fonasa',
  'percentage_isapre',
  'percentage_particular',
  'compensation',
  'yearly_top',
  'monthly_top',
  'weekly_top',
  'daily_top',
  'bed_day',
  'deductible',
  'deductible_fonasa',
  'top_amount',
  'top_amount_libre',
  'top_amount_pref',
  'coverage_libre',
  'coverage_pref',
]);
export type AmountKind = z.infer<typeof AmountKind>;

/** Unit of an amount: a currency, a percent, or days. */
export const AmountUnit = z.union([PriceUnit, z.enum(['%', 'DIAS', 'VECES'])]);

export const CoverageAmount = z.strictObject({
  kind: AmountKind,
  /** Single value, or the range with min and max (a percentage "70% - 90%"). */
  value: z.number().optional(),
  minAmount: z.number().optional(),
  maxAmount: z.number().optional(),
  unit: AmountUnit,
});
export type CoverageAmount = z.infer<typeof CoverageAmount>;

export const Coverage = z.strictObject({
  /** The benefit covered ("Hospitalización", "Consulta médica"). */
  insuranceBenefit: z.string().min(1).max(120),
  /** The group it is shown under ("Hospitalario", "Ambulatorio", "Dental"). */
  tag: z.string().min(1).max(60),
  amounts: z.array(CoverageAmount).max(20),
});
export type Coverage = z.infer<typeof Coverage>;

/** Periods of tops and deductibles; labels of seed 002 §3 ("per event, year, month, week, day"). */
export const AmountPeriod = z.enum([
  'evento',
  'anual',
  'mensual',
  'semanal',
  'diario',
  'semestral',
  'vitalicio',
]);
export type AmountPeriod = z.infer<typeof AmountPeriod>;

export const TopAmount = z.strictObject({
  name: z.string().min(1).max(120),
  /** 0 is "Sin tope" (seed 000 §5). */
  amount: z.number().nonnegative(),
  unit: AmountUnit,
  period: AmountPeriod,
  /** Applies to qualified (calificados) providers only. */
  calificados: z.boolean().default(false),
});

export const Deductible = z.strictObject({
  /** 0 is "Sin deducible" (seed 000 §5). */
  amount: z.number().nonnegative(),
  unit: AmountUnit,
  period: AmountPeriod,
  calificados: z.boolean().default(false),
});

export const TopsAndDeductibles = z.strictObject({
  name: z.string().min(1).max(120),
  /** Care providers the tops apply at; empty for all. */
  coverageOrganizations: z.array(z.string()).max(200).default([]),
  topAmounts: z.array(TopAmount).max(20).default([]),
  deductibles: z.array(Deductible).max(20).default([]),
});
export type TopsAndDeductibles = z.infer<typeof TopsAndDeductibles>;

/** What the visitor's health system must cover for the product to pay (seed 000 §3 coverageRequirement). */
export const CoverageRequirement = z.strictObject({
  value: z.number().nonnegative(),
  unit: z.enum(['%', 'UF']),
  previsionType: z.enum(['Isapre', 'Fonasa', 'Ambos']),
  previousCoverage: z.boolean().default(false),
});
export type CoverageRequirement = z.infer<typeof CoverageRequirement>;
