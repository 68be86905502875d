import { z } from 'zod';

/**
 * Answers of a product's detail resources (GET /api/insurance/{id}/…, seed 000 §7), built by
 * services/src/catalogue/views (topsAndDeductibles.ts, coverageOrganizations.ts), which use these types;
 * the storefront reads them with `import type`. Not used to validate: the server builds them itself.
 */

/** What a cap's name adds to its benefit's: a day-bed amount, or where an event cap holds. */
export const CapQualifier = z.enum(['bedDay', 'preferred', 'freeChoice']);
export type CapQualifier = z.infer<typeof CapQualifier>;

export const TopAmountView = z.object({
  name: z.string(),
  amount: z.number(),
  unit: z.string(),
  period: z.string(),
  calificados: z.boolean(),
  text: z.string(),
  /**
   * A cap the server names from a coverage ('Consulta (día cama)'): the benefit and what the name adds to
   * it, so a client can word the name in its language (issue 11).
   */
  of: z.object({ benefit: z.string(), qualifier: CapQualifier.nullable() }).optional(),
});
export type TopAmountView = z.infer<typeof TopAmountView>;

export const DeductibleView = z.object({
  amount: z.number(),
  unit: z.string(),
  period: z.string(),
  calificados: z.boolean(),
  text: z.string(),
});
export type DeductibleView = z.infer<typeof DeductibleView>;

/** One group of tops and deductibles (GET /api/insurance/{id}/topAmountsAndDeductibles answers a list). */
export const TopsAndDeductiblesView = z.object({
  name: z.string(),
  /** 'producto': as the product defines it; 'coberturas': the caps its coverages carry; 'plan': an isapre plan. */
  source: z.enum(['producto', 'coberturas', 'plan']),
  coverageOrganizations: z.array(z.object({ organizationCode: z.string(), displayName: z.string() })),
  topAmounts: z.array(TopAmountView),
  deductibles: z.array(DeductibleView),
  /** The top a card shows for this group: annual, else monthly, weekly, daily (rule 000-5.29). */
  top: TopAmountView.nullable(),
});
export type TopsAndDeductiblesView = z.infer<typeof TopsAndDeductiblesView>;

export const COVERAGE_LISTS = ['preferente', 'internacional', 'libreEleccion'] as const;
export type CoverageList = (typeof COVERAGE_LISTS)[number];

/** A clinic or provider of a product (GET /api/insurance/{id}/coverageOrganizations). */
export const CoverageOrganizationView = z.object({
  organizationCode: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  url: z.string().nullable(),
  image: z.string().nullable(),
  country: z.string().nullable(),
  list: z.enum(COVERAGE_LISTS),
});
export type CoverageOrganizationView = z.infer<typeof CoverageOrganizationView>;
