import { z } from 'zod';
import { AmountKind, CoverageRequirement } from './coverage';

/**
 * The answers of the coverage calls (GET /api/insurance/coverages/{id}/resume and the benefit's coverages;
 * services/src/catalogue/routes/README.md, "Coverage calls"), built by services/src/catalogue/views/coverages.ts,
 * which returns these types; the storefront reads them with `import type`. Not used to validate.
 */

/** One amount of a coverage, with the server's Spanish text beside the numbers it is made of. */
export const CoverageAmountView = z.object({
  kind: AmountKind,
  value: z.number().nullable(),
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  unit: z.object({ currencyCode: z.string() }),
  text: z.string(),
});
export type CoverageAmountView = z.infer<typeof CoverageAmountView>;

export const CoverageView = z.object({
  /** The benefit's slug ('consulta-medica'). */
  benefitId: z.string(),
  insuranceBenefit: z.string(),
  tag: z.string(),
  amounts: z.array(CoverageAmountView),
});
export type CoverageView = z.infer<typeof CoverageView>;

/** The coverages of one category (tag), counted. */
export const CoverageTagView = z.object({
  name: z.string(),
  tagId: z.string(),
  count: z.number(),
  coverages: z.array(CoverageView),
});
export type CoverageTagView = z.infer<typeof CoverageTagView>;

/** One line of a summary (seed 000 §3 "Summary"): the amounts of the first period by precedence. */
export const AmountSummary = z.object({
  min: z.number(),
  max: z.number(),
  unit: z.string(),
  period: z.string(),
  text: z.string(),
  details: z.array(z.string()),
});
export type AmountSummary = z.infer<typeof AmountSummary>;

/** A feature as the comparators name it. */
export const ResumeFeature = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string().optional(),
  icon: z.string().optional(),
});

/** GET /api/insurance/coverages/{id}/resume's `data`. */
export const CoverageResume = z.object({
  productCode: z.string(),
  count: z.number(),
  tags: z.array(CoverageTagView),
  /** One row per amount kind over every coverage (seed 000 §3 commonCoverage). */
  commonCoverage: z.array(
    z.object({
      CoverageTypeId: AmountKind,
      Amount: z.number().nullable(),
      MinCoverageAmount: z.number(),
      MaxCoverageAmount: z.number(),
      unit: z.string(),
    }),
  ),
  summary: z.object({
    prestadores: z.number(),
    freeChoice: z.boolean(),
    coverage: z.string().nullable(),
    topAmount: AmountSummary.nullable(),
    deductible: AmountSummary.nullable(),
  }),
  coverageRequirement: CoverageRequirement.extend({
    /** The health system in words: 'Isapre', 'Fonasa', 'Isapre o Fonasa'. */
    previsionName: z.string(),
    text: z.string(),
    rule: z.string(),
  }).nullable(),
  /** The plan's features with the names the comparators give them (GET /api/insurance/{id}/features). */
  features: z.array(ResumeFeature),
  /** Every feature the plan is compared on: the comparators' that list it, then its own; `included` says which it has. */
  featuresAll: z.array(ResumeFeature.extend({ included: z.boolean() })),
});
export type CoverageResume = z.infer<typeof CoverageResume>;

export const CoverageResumeAnswer = z.object({ data: CoverageResume });
export type CoverageResumeAnswer = z.infer<typeof CoverageResumeAnswer>;

/** GET /api/insurance/{id}/benefit/{benefitId}/coverages's `data`. */
export const BenefitCoverages = z.object({
  benefitId: z.string(),
  name: z.string(),
  kind: z.enum(['benefit', 'tag']),
  count: z.number(),
  coverages: z.array(CoverageView),
});
export type BenefitCoverages = z.infer<typeof BenefitCoverages>;
