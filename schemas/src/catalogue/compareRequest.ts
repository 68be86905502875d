import { z } from 'zod';
import { QuoteProfile, type Profile } from '../profile';
import { PriceUnit, ProductType } from './common';
import { OrganizationType } from './organization';

/** The largest page a visitor may ask for (issue 3: `take` above 100 is a 400). */
export const MAX_TAKE = 100;
/** Page size (seed 000 §9): 20; landing pages ask for 15. */
export const DEFAULT_TAKE = 20;

export const COMPARE_ORDERS = ['lowerPrice', 'higherPrice', 'recommended', 'popular', 'distance'] as const;
export const CompareOrder = z.enum(COMPARE_ORDERS, {
  error: `order debe ser uno de ${COMPARE_ORDERS.join(', ')}`,
});
export type CompareOrder = z.infer<typeof CompareOrder>;

export const ORGANIZATION_TYPES_REQUIRED = 'organizationTypes es requerido';

/** Id lists arrive as arrays or as comma-separated text (seed 000 §3: "parsed from comma-separated ids"). */
const idList = (what: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : typeof value === 'number'
          ? [String(value)]
          : value,
    z
      .array(z.union([z.string().min(1).max(120), z.number().transform(String)]), {
        error: `${what} debe ser una lista`,
      })
      .max(200, `${what} admite a lo más 200 valores`),
  );

const amount = (what: string) =>
  z.coerce.number({ error: `${what} debe ser un número` }).min(0, `${what} no puede ser negativo`);

/** Plan filters of the isapre comparator (seed 000 §3): commercial state, birth coverage, plan type. */
export const PlanFilters = z.strictObject({
  comercializable: z.boolean().optional(),
  conParto: z.boolean().optional(),
  reducidoParto: z.boolean().optional(),
  libreEleccion: z.boolean().optional(),
  prestadorPreferente: z.boolean().optional(),
  planCerrado: z.boolean().optional(),
});
export type PlanFilters = z.infer<typeof PlanFilters>;

/**
 * Body of POST /api/insurance/compare/metadata: every field of seed 000 §7, plus the plan filters and the
 * id-list aliases the shell uses (seed 001 §3: organizationIds, insuranceTypeIds). Unknown fields are
 * refused by name; `organizationTypes` (or `organizationType`) is required (seed 000 §5).
 */
export const CompareRequestFields = z.strictObject({
  /**
   * The visitor's profile. One that does not hold is ignored, as the seed ignores an invalid `perfil`
   * (000 §2): the comparison runs without it ("Desde" prices) and `metaData.profileErrors` says why.
   * calculatePrice, whose point the profile is, refuses it instead.
   */
  profile: z
    .record(z.string(), z.unknown(), { error: 'profile es un objeto: el perfil del visitante' })
    .nullish(),
  page: z.coerce
    .number({ error: 'page debe ser un número' })
    .int('page debe ser entero')
    .min(1, 'page parte en 1')
    .max(10_000)
    .default(1),
  take: z.coerce
    .number({ error: 'take debe ser un número' })
    .int('take debe ser entero')
    .min(1, 'take debe ser al menos 1')
    .max(MAX_TAKE, `take admite a lo más ${MAX_TAKE}`)
    // Without it: the comparator's page size (15 on landings), else DEFAULT_TAKE.
    .optional(),
  insuranceTypes: idList('insuranceTypes').optional(),
  insuranceTypeIds: idList('insuranceTypeIds').optional(),
  organizationType: z.union([OrganizationType, z.array(OrganizationType).max(7)]).optional(),
  organizationTypes: z.union([OrganizationType, z.array(OrganizationType).max(7)]).optional(),
  organizations: idList('organizations').optional(),
  organizationIds: idList('organizationIds').optional(),
  coverageOrganizations: idList('coverageOrganizations').optional(),
  coverageCountries: idList('coverageCountries').optional(),
  categoryTypes: idList('categoryTypes').optional(),
  previsiones: idList('previsiones').optional(),
  features: idList('features').optional(),
  /** Feature codes a product must have all of (features: any of). */
  featuresFilter: idList('featuresFilter').optional(),
  fromPrice: amount('fromPrice').optional(),
  toPrice: amount('toPrice').optional(),
  fromDeductible: amount('fromDeductible').optional(),
  toDeductible: amount('toDeductible').optional(),
  deductiblesToCompare: idList('deductiblesToCompare').optional(),
  targetCurrency: PriceUnit.optional(),
  productType: ProductType.optional(),
  order: CompareOrder.default('recommended'),
  uuid: z.string().max(100).optional(),
  /** Weight of price against coverage in the affinity (0–1; the internal panel's ponderation, 001 §5). */
  ponderer: z.coerce.number().min(0, 'ponderer va de 0 a 1').max(1, 'ponderer va de 0 a 1').optional(),
  comparator: z.union([z.string().max(120), z.number().transform(String)]).optional(),
  displayShowcase: z.boolean().optional(),
  planFilters: PlanFilters.optional(),
  ...PlanFilters.shape,
});

export const CompareRequest = CompareRequestFields.superRefine((request, context) => {
  if (request.organizationTypes === undefined && request.organizationType === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['organizationTypes'],
      message: ORGANIZATION_TYPES_REQUIRED,
      params: { rule: 'required' },
    });
  }
}).transform(({ profile, ...request }) => {
  if (profile === undefined || profile === null) return request;
  const parsed = QuoteProfile.safeParse(profile);
  if (parsed.success) return { ...request, profile: parsed.data };
  const profileErrors = parsed.error.issues.map((issue) => ({
    field: ['profile', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  return { ...request, profileErrors };
});
export type CompareRequest = z.output<typeof CompareRequest> & {
  profile?: Profile;
  profileErrors?: { field: string; message: string }[];
};
