import type { IsaprePlanDefinition, PriceUnit, ProductDefinition } from '@cubre/schemas';
import type { ResultCard } from '@cubre/schemas/catalogue/resultCard';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import {
  affinityText,
  coveragePercentText,
  deductibleText,
  isNewProduct,
  priceLabel,
  topText,
} from '../pricing/labels';
import { formatMoney, formatPrice } from '../pricing/money';
import { isOfferExhausted, stockOfferText } from '../pricing/offers';
import { coverageAreaOf, priceSuffix, shownPeriodicity } from '../pricing/otherProducts';
import {
  MODALITY_DISPLAY,
  coverageBreadthOf,
  restrictionsOf,
  COVERAGE_BREADTHS,
} from '../pricing/planAttributes';
import { coveragePeriodTop } from '../pricing/coveragePeriod';
import type { CardPrice } from './profilePricing';

/** A product is shown as popular from this many requests (seed 002 §3 requestCount); ours to choose. */
export const POPULAR_FROM_REQUESTS = 50;

export interface CardContext {
  today: Date;
  ufValue: number;
  /** Url segment of each insurance type, for international detail paths. */
  detailPath: string;
  distance: number;
  index: number;
}

function productSummary(product: ProductDefinition) {
  const percents = product.coverages.flatMap((coverage) =>
    coverage.amounts
      .filter((a) => a.unit === '%')
      .flatMap((a) => [a.value ?? a.minAmount, a.value ?? a.maxAmount]),
  );
  const known = percents.filter((p): p is number => typeof p === 'number');
  const firstTops = product.topsAndDeductibles[0];
  const byPeriod = Object.fromEntries(
    (firstTops?.topAmounts ?? []).map((top) => [
      { anual: 'yearly_top', mensual: 'monthly_top', semanal: 'weekly_top', diario: 'daily_top' }[
        top.period as 'anual'
      ] ?? `other_${top.period}`,
      top.amount,
    ]),
  );
  const top = coveragePeriodTop(byPeriod);
  const topUnit = (firstTops?.topAmounts[0]?.unit ?? product.price.unit) as PriceUnit;
  const deductible = firstTops?.deductibles[0];
  return {
    coverage: known.length === 0 ? null : coveragePercentText(Math.min(...known), Math.max(...known)),
    topAmount: top
      ? { text: topText(top.amount, topUnit), amount: top.amount, unit: topUnit, period: top.label }
      : null,
    deductible: deductible
      ? {
          text: deductibleText(deductible.amount, deductible.unit as PriceUnit),
          amount: deductible.amount,
          unit: deductible.unit,
          period: deductible.period,
        }
      : null,
  };
}

/** The breakdown modal's title (rule 000-3.04): ours, the seed names the field only. */
export const PRICE_MODAL_TITLE = 'Detalle del precio';

/**
 * What the price is, as a tooltip says it (rule 000-3.04; the wording is ours, the seed names the field
 * only): who it covers when the profile priced it, else how to get the exact price. Null without a price.
 */
export function priceTooltip(price: CardPrice, productType: string): string | null {
  if (price.amount === null) return null;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (price.collective === 'total')
    return `Precio total para ${count(price.insured, 'trabajador', 'trabajadores')} de tu empresa.`;
  if (price.collective === 'porEmpleado')
    return 'Precio por trabajador: ingresa la cantidad de trabajadores de tu empresa para ver el total.';
  if (!price.fromProfile) return 'Precio desde: ingresa tu perfil para ver el precio exacto.';
  const who =
    productType === 'SEGURO_MASCOTAS'
      ? count(price.insured, 'mascota', 'mascotas')
      : count(price.insured, 'persona', 'personas');
  return `Precio para ${who} según el perfil ingresado.`;
}

/**
 * A result card in the shape of seed 000 §3 ("Insurance item (result card)"), plus the summaries its
 * screen shows (coverage, top, deductible, providers) so the storefront formats nothing twice.
 */
export function resultCard(card: CardDocument, price: CardPrice, context: CardContext): ResultCard {
  const isPlan = card.kind === 'isaprePlan';
  const plan = isPlan ? (card.definition as IsaprePlanDefinition) : undefined;
  const product = isPlan ? undefined : (card.definition as ProductDefinition);
  const period = shownPeriodicity(product);
  const suffix = priceSuffix(price.collective, period, price.unit);
  const offers = product?.offers ?? [];
  const stock = offers.find((offer) => offer.type === 'STOCK');
  const summary = product ? productSummary(product) : null;
  const shown = {
    amount: price.amount,
    unit: price.unit,
    convertionTo: price.unit === 'UF' ? ('CLP' as const) : null,
  };
  return {
    id: card.productCode,
    index: context.index,
    displayName: card.displayName,
    name: card.displayName,
    productCode: card.productCode,
    url: card.url,
    newWindowUrl: context.detailPath,
    isNew: product ? isNewProduct(product.availableFrom, context.today) : false,
    exclusive: product?.exclusive ?? false,
    isPromoted: product?.isPromoted ?? false,
    distance: context.distance,
    affinity: affinityText(context.distance, price.collective !== null),
    // Rule 000-3.01: the card always says description and image, null where the catalogue has none.
    insuranceType: card.insuranceType && {
      ...card.insuranceType,
      description: card.insuranceType.description ?? null,
    },
    organization: card.organization && {
      code: card.organization.code,
      displayName: card.organization.displayName,
      metadata: { ...card.organization.metadata, image: card.organization.metadata.image ?? null },
    },
    insuranceMetadata: {
      isPopular: (product?.requestCount ?? 0) >= POPULAR_FROM_REQUESTS,
      isMapEnabled: (product?.careProviders.length ?? 0) > 0,
      salesChannel: product?.salesChannels ?? ['EJECUTIVO'],
      hasOffer: offers.some((offer) => !isOfferExhausted(offer)),
      modality: plan ? MODALITY_DISPLAY[plan.modality].label : (product?.modality ?? null),
      product_type: card.productType,
      logo: card.organization?.metadata.image ?? null,
      minEmployeeQuantity: product?.minEmployeeQuantity ?? null,
      minsubscribers: product?.minEmployeeQuantity ?? null,
      ...(product?.metadata ?? {}),
      price_detail: {
        label: price.fromProfile
          ? `para ${price.insured} ${price.insured === 1 ? 'persona' : 'personas'}`
          : priceLabel(false),
        age_range: product?.insurableAges
          ? `${product.insurableAges.min} a ${product.insurableAges.max} años`
          : null,
        // The same facts as numbers, for clients that word them in another language (issue 11).
        insured: price.fromProfile ? price.insured : null,
        ages: product?.insurableAges
          ? { min: product.insurableAges.min, max: product.insurableAges.max }
          : null,
      },
    },
    price: {
      value: price.amount,
      minPrice: price.amount,
      unit: { code: price.unit },
      convertionTo: shown.convertionTo,
      /** The period of the amount shown (×12 prices are yearly): what the suffix says. */
      paymentMode: period,
      label: priceLabel(price.fromProfile),
      tooltip: priceTooltip(price, card.productType),
      modal:
        price.amount === null
          ? null
          : {
              title: PRICE_MODAL_TITLE,
              calculatePrice: `/api/insurance/${encodeURIComponent(card.productCode)}/calculatePrice`,
            },
      suffix,
      formatted: formatPrice(shown, context.ufValue),
      arePricesDefined: price.fromProfile,
      uninsurable: price.uninsurable,
      /** Collective prices: for the whole company ('total') or per employee; null otherwise. */
      collective: price.collective,
      /** International special units: the area the price covers (USD/MUNDO → 'Mundo'). */
      coverageArea: coverageAreaOf(price.unit),
      /** A UF price with the UF value of the day its pesos were computed at (seed 000 §9, issue 11). */
      uf:
        price.unit === 'UF' && price.amount !== null && price.amount > 0
          ? {
              amount: price.amount,
              text: formatMoney(Math.round(price.amount * 100) / 100, 'UF'),
              ufValue: context.ufValue,
              date: context.today.toISOString().slice(0, 10),
            }
          : null,
    },
    priceRange: { from: price.amount, unit: price.unit },
    priceSuffix: suffix,
    coverage: plan
      ? { ambulatory: `${plan.ambulatoryCoverage}%`, hospital: `${plan.hospitalCoverage}%` }
      : (summary?.coverage ?? null),
    topAmount: plan
      ? {
          text: topText(plan.annualTopUf === null ? 0 : plan.annualTopUf, 'UF'),
          amount: plan.annualTopUf ?? 0,
          unit: 'UF' as const,
          period: 'anual',
        }
      : (summary?.topAmount ?? null),
    deductible: plan ? null : (summary?.deductible ?? null),
    // The public plan extract lists no clinics: null says "not informed", never 0 ("no clinics").
    providers: product ? product.careProviders.length : null,
    features: product?.features ?? [],
    requirements: product?.coverageRequirement ?? null,
    offers: offers.map((offer) =>
      offer.type === 'STOCK' ? { ...offer, text: stockOfferText(offer.count) } : offer,
    ),
    stockExhausted: stock ? isOfferExhausted(stock) : false,
    ...(plan
      ? {
          plan: {
            isapreCode: plan.isapreCode,
            commercial: plan.commercial ? 'Comercializable' : 'No comercializable',
            modality: plan.modality,
            birthCoverage: COVERAGE_BREADTHS[coverageBreadthOf(plan.birthCoverage)].label,
            planType: plan.planType,
            regions: plan.regions,
            restrictions: restrictionsOf(plan.restrictionCodes),
            factorTable: plan.factorTableCode ?? 'Tabla de Factores Única',
            /** The plan's own factor table, null for the single table of the law. */
            factorTableCode: plan.factorTableCode ?? null,
            basePriceUf: plan.basePriceUf,
            gesUf: plan.gesUf,
            ambulatoryCoverage: plan.ambulatoryCoverage,
            hospitalCoverage: plan.hospitalCoverage,
            annualTopUf: plan.annualTopUf,
            fixedCopay: plan.fixedCopay,
          },
        }
      : {}),
  };
}
export type { ResultCard };
