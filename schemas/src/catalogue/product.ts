import { z } from 'zod';
import { CatalogueCode, Country, Faq, IsoDate, PriceUnit, ProductType, Seo, Slug } from './common';
import { Coverage, CoverageRequirement, TopsAndDeductibles } from './coverage';
import { Offer } from './offer';

/** How often a price is paid, in lower-case Spanish (seed 000 §9, rule 000-9.04). */
export const ProductPeriodicity = z.enum(['mensual', 'anual', 'semestral', 'trimestral', 'único']);
export type ProductPeriodicity = z.infer<typeof ProductPeriodicity>;

/** A price by insured person's age band, for products priced per person (complementary, dental...). */
export const AgeBandPrice = z.strictObject({
  fromAge: z.number().int().min(0).max(120),
  /** Inclusive (seed 000 §5: qualification is inclusive at both limits). */
  toAge: z.number().int().min(0).max(120),
  amount: z.number().nonnegative(),
});

export const ProductPrice = z
  .strictObject({
    /** Monthly price per insured (or per worker, per pet); null: "Consultar". */
    amount: z.number().nonnegative().nullable(),
    unit: PriceUnit,
    /** Lower-case Spanish periodicity (seed 000 §9). */
    periodicity: ProductPeriodicity.default('mensual'),
    /** Prices by age band; when present, the profile's ages pick the band for each insured. */
    byAge: z.array(AgeBandPrice).max(30).default([]),
    /** Whether dependants pay as insured persons (most complementary insurances) or ride free. */
    dependantsPay: z.boolean().default(true),
  })
  .refine((p) => p.byAge.every((band) => band.fromAge <= band.toAge), 'an age band ends before it starts');

export const SalesChannel = z.enum(['ONLINE', 'EJECUTIVO', 'TELEVENTA', 'CORREDOR']);

/**
 * One fact of a collective product (seed 000 §3 metadata_colectivo: key, categoria, tipo, value): what a
 * company's plan gives, grouped by category ('Hospitalario', 'Dental'), `tipo` saying how to read the value
 * ('%', 'UF', 'texto').
 */
export const CollectiveMetadataItem = z.strictObject({
  key: z.string().min(1).max(60),
  categoria: z.string().min(1).max(60),
  tipo: z.string().min(1).max(30),
  value: z.string().max(200),
});
export type CollectiveMetadataItem = z.infer<typeof CollectiveMetadataItem>;

/** A product's free metadata of seed 000 §3, which its result card carries too. */
export const ProductMetadata = z.strictObject({
  coverage_ratio: z.string().max(60).optional(),
  aporte_inicial: z.string().max(60).optional(),
  temporalidad: z.string().max(60).optional(),
  cubre_hasta_los: z.string().max(60).optional(),
  refund: z.string().max(120).optional(),
  beneficio_tributario: z.string().max(120).optional(),
  coberturas_adicionales: z.string().max(400).optional(),
  /** The tooltip that explains coberturas_adicionales (seed 000 §3 "coberturas_adicionales and its tooltip"). */
  coberturas_adicionales_tooltip: z.string().max(400).optional(),
  fondos_disponibles: z.string().max(200).optional(),
  /** Collective products: the plan's facts by category (seed 000 §3 metadata_colectivo). */
  metadata_colectivo: z.array(CollectiveMetadataItem).max(60).optional(),
});

/** An insurance product of the catalogue (everything but isapre plans, which have their own shape). */
export const ProductDefinition = z.strictObject({
  /** The productCode of seed 000 §3: stable, used by calls and by links. */
  code: CatalogueCode,
  displayName: z.string().min(1).max(160),
  description: z.string().max(4000).optional(),
  /** Last segment of the product's URL. */
  url: Slug,
  organizationCode: Slug,
  /** Internal name of its insurance type (INSURANCE_TYPES). */
  insuranceType: z.string().min(1).max(60),
  productType: ProductType.default(''),
  country: Country,
  price: ProductPrice,
  /** Preferente or Libre Elección (seed 000 §3 insuranceMetadata.modality). */
  modality: z.enum(['Preferente', 'Libre Elección']).optional(),
  coverages: z.array(Coverage).max(100).default([]),
  topsAndDeductibles: z.array(TopsAndDeductibles).max(30).default([]),
  /** Codes of the clinics and care providers it covers (seed 000 §3 prestadores). */
  careProviders: z.array(Slug).max(200).default([]),
  coverageRequirement: CoverageRequirement.optional(),
  /** Feature codes (comparator filters and card icons). */
  features: z.array(z.string().min(1).max(60)).max(40).default([]),
  offers: z.array(Offer).max(10).default([]),
  salesChannels: z.array(SalesChannel).max(4).default(['EJECUTIVO']),
  /** When it became available: a product younger than 2 months is new (seed 000 §4). */
  availableFrom: IsoDate,
  exclusive: z.boolean().default(false),
  isPromoted: z.boolean().default(false),
  isComparable: z.boolean().default(true),
  /** Collective products: the plan's minimum of employees (seed 000 §5). */
  minEmployeeQuantity: z.number().int().positive().optional(),
  /** Coverage countries of international products. */
  coverageCountries: z.array(z.string().min(2).max(60)).max(250).default([]),
  /** Age range accepted for the insured, inclusive. */
  insurableAges: z.strictObject({ min: z.number().int().min(0), max: z.number().int().max(120) }).optional(),
  /** Extra fields the result card shows for some types (seed 000 §3 insuranceMetadata). */
  metadata: ProductMetadata.default({}),
  conditions: z.array(z.string().max(1000)).max(50).default([]),
  exclusions: z.array(z.string().max(1000)).max(80).default([]),
  extraBenefits: z.array(z.string().max(400)).max(30).default([]),
  faq: z.array(Faq).max(40).default([]),
  seo: Seo.optional(),
  /** Popularity: requests received (seed 002 §3 requestCount, the "popular" order). */
  requestCount: z.number().int().nonnegative().default(0),
  /** Recommendation weight of the "recommended" order. */
  recommendation: z.number().min(0).max(10).default(5),
});
export type ProductDefinition = z.infer<typeof ProductDefinition>;
export type ProductDefinitionInput = z.input<typeof ProductDefinition>;
