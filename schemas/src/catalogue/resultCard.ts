import { z } from 'zod';
import { PriceUnit } from './common';
import { CoverageRequirement } from './coverage';
import { IsaprePlanDefinition, PlanModality, RestrictionCode } from './isaprePlan';
import { Offer } from './offer';
import { ProductMetadata, ProductPeriodicity } from './product';

/**
 * A comparator's result card as the API answers it (seed 000 §3 "Insurance item (result card)", built by
 * services/src/catalogue/comparator/resultCard.ts, which returns this type), plus the summaries its screen
 * shows so the storefront formats nothing twice. The storefront reads these types with `import type`: the
 * schemas cost its bundle nothing. Not used to validate: the server builds the answer itself.
 */

/** An amount with the server's Spanish text ('Sin tope', 'UF 5.000'): the storefront words 0 and null itself. */
export const MoneyView = z.object({
  text: z.string(),
  amount: z.number().nullable(),
  unit: z.string(),
  period: z.string().nullable(),
});
export type MoneyView = z.infer<typeof MoneyView>;

/**
 * The insurance type as a card shows it; null until its definition reached the catalogue's read model. A
 * card always carries `description` (rule 000-3.01), null when the type has none; other views may omit it.
 */
export const CardInsuranceTypeView = z.object({
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullish(),
  color: z.string(),
  upperType: z.object({ name: z.string(), displayName: z.string() }),
});
export type CardInsuranceTypeView = z.infer<typeof CardInsuranceTypeView>;

/**
 * The organization as a card shows it; null until its definition reached the catalogue's read model. A
 * card always carries `metadata.image` (rule 000-3.01), null when the organization has no logo.
 */
export const CardOrganizationView = z.object({
  code: z.string(),
  displayName: z.string(),
  metadata: z.object({ image: z.string().nullish(), url: z.string(), typeAlias: z.string() }),
});
export type CardOrganizationView = z.infer<typeof CardOrganizationView>;

/** A card's price block (services/src/catalogue/routes/README.md, "A card's price block"). */
export const CardPriceBlock = z.object({
  /** In `unit`; null when it cannot be priced ("Consultar"). */
  value: z.number().nullable(),
  minPrice: z.number().nullable(),
  unit: z.object({ code: PriceUnit }),
  /** UF prices are shown in pesos. */
  convertionTo: z.literal('CLP').nullable(),
  /** The period of the amount shown (×12 prices are yearly): what the suffix says (rule 000-9.04). */
  paymentMode: ProductPeriodicity,
  label: z.string(),
  /** What the amount is, in a sentence a tooltip shows (rule 000-3.04); null when there is no price. */
  tooltip: z.string().nullable(),
  /**
   * The price's breakdown, which a click opens in a modal (rule 000-3.04): its title and the call that
   * answers it (POST with the profile, GET without); null when there is no price to break down.
   */
  modal: z.object({ title: z.string(), calculatePrice: z.string() }).nullable(),
  suffix: z.string(),
  formatted: z.string(),
  /** Priced for the visitor's own profile; otherwise a "Desde" price. */
  arePricesDefined: z.boolean(),
  /** The persons of the profile the product cannot insure. */
  uninsurable: z.array(z.object({ sexo: z.string().optional(), edad: z.number() })),
  /** Collective prices: for the whole company ('total') or per employee; null otherwise. */
  collective: z.enum(['total', 'porEmpleado']).nullable(),
  /** International special units: the area the price covers (USD/MUNDO → 'Mundo'). */
  coverageArea: z.enum(['Mundo', 'USA', 'Latam']).nullable(),
  /** A UF price: its UF amount and the UF value of the day its pesos were computed at (seed 000 §9). */
  uf: z.object({ amount: z.number(), text: z.string(), ufValue: z.number(), date: z.string() }).nullable(),
});
export type CardPriceBlock = z.infer<typeof CardPriceBlock>;

/** How often a price is paid (the catalogue's lower-case Spanish, rule 000-9.04). */
export type Periodicity = ProductPeriodicity;

/** An isapre plan's own facts (seed 000 §9). */
export const CardPlanView = z.object({
  isapreCode: IsaprePlanDefinition.shape.isapreCode,
  commercial: z.string(),
  modality: PlanModality,
  birthCoverage: z.string(),
  planType: IsaprePlanDefinition.shape.planType,
  regions: z.array(z.number()),
  restrictions: z.array(z.object({ code: RestrictionCode, label: z.string() })),
  factorTable: z.string(),
  /** The plan's own factor table; null for the single table of the law. */
  factorTableCode: z.string().nullable(),
  basePriceUf: z.number(),
  gesUf: z.number(),
  ambulatoryCoverage: z.number(),
  hospitalCoverage: z.number(),
  annualTopUf: z.number().nullable(),
  fixedCopay: z.boolean(),
});
export type CardPlanView = z.infer<typeof CardPlanView>;

/** A card's offers: the product's, a Cyber stock promotion with its words. */
const [discount, parceled, aggregate, giftCard] = Offer.options;
export const CardOffer = z.discriminatedUnion('type', [
  discount,
  parceled,
  aggregate,
  giftCard,
  z.object({ type: z.literal('STOCK'), count: z.number(), text: z.string().nullable() }),
]);
export type CardOffer = z.infer<typeof CardOffer>;

export const ResultCard = z.object({
  id: z.string(),
  index: z.number(),
  displayName: z.string(),
  name: z.string(),
  productCode: z.string(),
  url: z.string(),
  newWindowUrl: z.string(),
  isNew: z.boolean(),
  exclusive: z.boolean(),
  isPromoted: z.boolean(),
  distance: z.number(),
  affinity: z.string(),
  insuranceType: CardInsuranceTypeView.nullable(),
  organization: CardOrganizationView.nullable(),
  insuranceMetadata: z
    .object({
      isPopular: z.boolean(),
      isMapEnabled: z.boolean(),
      salesChannel: z.array(z.string()),
      hasOffer: z.boolean(),
      modality: z.string().nullable(),
      product_type: z.string(),
      logo: z.string().nullable(),
      minEmployeeQuantity: z.number().nullable(),
      minsubscribers: z.number().nullable(),
      price_detail: z.object({
        label: z.string(),
        age_range: z.string().nullable(),
        /** Persons the profile's price covers (null without a profile) and the ages the product insures. */
        insured: z.number().nullable(),
        ages: z.object({ min: z.number(), max: z.number() }).nullable(),
      }),
    })
    // The product's own metadata (coverage_ratio, refund…) rides along, as the seed's cards carry it.
    .extend(ProductMetadata.partial().shape),
  price: CardPriceBlock,
  priceRange: z.object({ from: z.number().nullable(), unit: PriceUnit }),
  priceSuffix: z.string(),
  coverage: z.union([z.string(), z.object({ ambulatory: z.string(), hospital: z.string() })]).nullable(),
  topAmount: MoneyView.nullable(),
  deductible: MoneyView.nullable(),
  /** Clinics the catalogue lists; null where it lists none (isapre plans: the public extract has none). */
  providers: z.number().nullable(),
  features: z.array(z.string()),
  requirements: CoverageRequirement.nullable(),
  offers: z.array(CardOffer),
  stockExhausted: z.boolean(),
  plan: CardPlanView.optional(),
  /**
   * Fields of the seed's card the storefront draws when present and the catalogue does not write yet, so
   * the server never sends them: a promotional banner with links (rule 000-2.41), and a plan marked not
   * comparable (000-4.18: it cannot be ticked; the comparator leaves such products out of a search that
   * names no comparator, but a comparator's own page lists them).
   */
  banner: z
    .object({
      text: z.string(),
      links: z.array(z.object({ label: z.string(), url: z.string() })).optional(),
    })
    .nullable()
    .optional(),
  isComparable: z.boolean().optional(),
});
export type ResultCard = z.infer<typeof ResultCard>;

/** Answer of POST /api/insurance/compare: a page of cards and the result set it belongs to. */
export const CompareAnswer = z.object({
  metaData: z.object({
    uuid: z.string(),
    total: z.number(),
    page: z.number(),
    take: z.number(),
    profileErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
  data: z.array(ResultCard),
});
export type CompareAnswer = z.infer<typeof CompareAnswer>;
