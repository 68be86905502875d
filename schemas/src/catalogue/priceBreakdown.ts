import { z } from 'zod';
import { Edad, Sexo } from '../profile';
import { PriceUnit } from './common';
import { IsaprePlanDefinition } from './isaprePlan';
import { ProductPeriodicity } from './product';
import { CardPriceBlock, ResultCard } from './resultCard';

/**
 * The answer of POST /api/insurance/{id}/calculatePrice (services/src/catalogue/routes/README.md,
 * "calculatePrice"), built by services/src/catalogue/views/priceBreakdown.ts and routes/priceRoutes.ts,
 * which return these types; the storefront reads them with `import type` (no bundle cost). Not used to
 * validate: the server builds the answer itself. The OpenAPI document describes the answer from here.
 */

/** Which factor table priced a plan: its own, or the Tabla de Factores Única when it has none or an unknown code. */
export const FactorTableUsed = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('plan'), code: z.string() }),
  z.strictObject({ kind: z.literal('unica'), planCode: z.string().nullable() }),
]);
export type FactorTableUsed = z.infer<typeof FactorTableUsed>;

/** One beneficiary of an isapre plan's price (rule 000-9.17). */
export const IsapreBeneficiaryLine = z.object({
  role: z.enum(['cotizante', 'carga']),
  sexo: Sexo,
  edad: Edad,
  /** The profile had no sex: priced as Masculino (seed 000 §3). */
  sexoSupuesto: z.boolean(),
  /** The profile had no age: priced at 25 (rule 000-5.21). */
  edadSupuesta: z.boolean(),
  factor: z.number(),
  /** False for a carga under 2 (who pays only GES) and in a 7% plan. */
  factorApplies: z.boolean(),
  gesUf: z.number(),
});
export type IsapreBeneficiaryLine = z.infer<typeof IsapreBeneficiaryLine>;

/** An isapre plan's price, step by step: factors, base price, GES, total, and the visitor's legal 7%. */
export const IsapreBreakdown = z.object({
  kind: z.literal('isaprePlan'),
  priceMode: IsaprePlanDefinition.shape.priceMode,
  factorTable: FactorTableUsed,
  beneficiaries: z.array(IsapreBeneficiaryLine),
  sumFactors: z.number(),
  basePriceUf: z.number(),
  planPriceUf: z.number(),
  gesPerBeneficiaryUf: z.number(),
  gesTotalUf: z.number(),
  totalUf: z.number().nullable(),
  totalClp: z.number().nullable(),
  ufValue: z.number(),
  /** The visitor's legal 7% (null without an income). */
  sevenPercent: z
    .object({ clp: z.number(), uf: z.number(), capped: z.boolean(), topeImponibleUf: z.number() })
    .nullable(),
  /** Plan price minus the 7%, in pesos. */
  differenceClp: z.number().nullable(),
  unpricedReason: z.string().nullable(),
});
export type IsapreBreakdown = z.infer<typeof IsapreBreakdown>;

/** Why a person is not priced, as a code a client words in its language (`reason` says it in Spanish). */
export const PersonReasonCode = z.enum(['dependantsDoNotPay', 'outsideAges', 'noPrice', 'noPriceForAge']);

/** One person of a product's price. */
export const ProductPersonLine = z.object({
  role: z.enum(['cotizante', 'carga', 'mascota', 'guardia']),
  sexo: Sexo.nullable(),
  edad: z.number(),
  /** The profile gave no age: priced at 25 (000-5.21), 0 for a pet, 30 for a counted guard. */
  edadSupuesta: z.boolean(),
  /** False for dependants of a product where they ride free. */
  pays: z.boolean(),
  insurable: z.boolean(),
  band: z.object({ fromAge: z.number(), toAge: z.number(), amount: z.number() }).nullable(),
  amount: z.number().nullable(),
  reasonCode: PersonReasonCode.nullable(),
  reason: z.string().nullable(),
});
export type ProductPersonLine = z.infer<typeof ProductPersonLine>;

/** A product's price: per person by age bands, a "Desde" price without a profile, or per worker. */
export const ProductBreakdown = z.object({
  kind: z.literal('product'),
  unit: PriceUnit,
  periodicity: ProductPeriodicity,
  /** 12 for guards and personal accidents (shown yearly), else 1. */
  multiplier: z.number(),
  ufValue: z.number(),
  /** The ages the product insures, and whether it prices by age bands: what `lines` word from. */
  insurableAges: z.object({ min: z.number(), max: z.number() }).nullable(),
  pricedByAge: z.boolean(),
  basis: z.enum(['porPersona', 'desde', 'colectivo']),
  persons: z.array(ProductPersonLine),
  uninsurable: z.array(ProductPersonLine),
  monthlySubtotal: z.number().nullable(),
  total: z.number().nullable(),
  totalClp: z.number().nullable(),
  collective: z
    .object({
      workers: z.number().nullable(),
      perWorker: z.number().nullable(),
      basis: z.enum(['total', 'porEmpleado']),
      minEmployeeQuantity: z.number().nullable(),
      minimumWarning: z.string().nullable(),
    })
    .nullable(),
});
export type ProductBreakdown = z.infer<typeof ProductBreakdown>;

export const PriceBreakdown = z.discriminatedUnion('kind', [IsapreBreakdown, ProductBreakdown]);
export type PriceBreakdown = z.infer<typeof PriceBreakdown>;

/** The breakdown and its Spanish sentences (`lines`, what clients without dictionaries show). */
export const PriceExplanation = z.object({ breakdown: PriceBreakdown, lines: z.array(z.string()) });
export type PriceExplanation = z.infer<typeof PriceExplanation>;

export const CalculatePriceAnswer = z.object({
  data: z.object({
    productCode: z.string(),
    kind: z.enum(['product', 'isaprePlan']),
    displayName: z.string(),
    productType: z.string(),
    requestedProductType: z.string().nullable(),
    comparator: z.object({ code: z.string(), name: z.string() }).nullable(),
    /** 'perfil': priced for the profile sent; 'predeterminado': without one. */
    profile: z.enum(['perfil', 'predeterminado']),
    /** The card's own price block: the comparator's pricer on the same profile. */
    price: CardPriceBlock,
    priceSuffix: z.string(),
    priceDetail: ResultCard.shape.insuranceMetadata.shape.price_detail,
    ...PriceExplanation.shape,
  }),
});
export type CalculatePriceAnswer = z.infer<typeof CalculatePriceAnswer>;
