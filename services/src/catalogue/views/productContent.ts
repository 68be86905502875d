import {
  CompareRequest,
  type CoverageRequirement,
  type IsaprePlanDefinition,
  type ProductDefinition,
} from '@cubre/schemas';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import { cardFilter } from '../comparator/filters';
import { formatDecimal, formatMoney } from '../pricing/money';
import {
  COVERAGE_BREADTHS,
  MODALITY_DISPLAY,
  coverageBreadthOf,
  restrictionsOf,
} from '../pricing/planAttributes';
import { topText } from '../pricing/labels';
import { featuresOf, planOf, productOf, type CatalogueIndex } from './catalogueIndex';
import { cutSeoDescription } from './text';

/** Restricted services of a plan are covered at least 25% (rule 000-9.18). */
export const MINIMUM_RESTRICTED_COVER_PERCENT = 25;

const organizationName = (card: CardDocument) => card.organization?.displayName ?? card.organizationRef;

const PREVISION_WHO: Record<CoverageRequirement['previsionType'], string> = {
  Isapre: 'tu isapre',
  Fonasa: 'Fonasa',
  Ambos: 'tu isapre o Fonasa',
};

const PREVISION_NAME: Record<CoverageRequirement['previsionType'], string> = {
  Isapre: 'Isapre',
  Fonasa: 'Fonasa',
  Ambos: 'Isapre o Fonasa',
};

/**
 * What the visitor's health system must cover for the product to pay (rule 000-5.10), and what happens
 * when it covers less or nothing (rule 000-5.11).
 */
export function coverageRequirementView(requirement: CoverageRequirement) {
  const minimum =
    requirement.unit === '%'
      ? `${formatDecimal(requirement.value, 2)}%`
      : formatMoney(requirement.value, 'UF');
  return {
    ...requirement,
    /** The health system in words (seed 000 §3 coverageRequirement "previsionType previsionName"). */
    previsionName: PREVISION_NAME[requirement.previsionType],
    text: `Requiere que ${PREVISION_WHO[requirement.previsionType]} cubra al menos ${minimum} de la prestación`,
    rule: 'Si tu sistema de salud cubre menos, el seguro paga como si hubiera cubierto ese mínimo; si no cubre, el seguro tampoco.',
  };
}

const ufText = (amount: number) => formatMoney(amount, 'UF');
const planTop = (plan: IsaprePlanDefinition) => topText(plan.annualTopUf ?? 0, 'UF');
const planModality = (plan: IsaprePlanDefinition) => MODALITY_DISPLAY[plan.modality].label;
const restrictionNames = (plan: IsaprePlanDefinition) =>
  restrictionsOf(plan.restrictionCodes).map((r) => r.label.toLowerCase());

/** One sentence that says what a plan is: the SEO description and the lead of its descriptions. */
function planSentence(card: CardDocument, plan: IsaprePlanDefinition): string {
  const price =
    plan.priceMode === '7%' ? 'precio 7% de tu renta' : `precio base ${ufText(plan.basePriceUf)} al mes`;
  return (
    `Plan ${planModality(plan).toLowerCase()} de Isapre ${organizationName(card)}: ` +
    `bonificación hospitalaria ${plan.hospitalCoverage}% y ambulatoria ${plan.ambulatoryCoverage}%, ` +
    `tope anual ${planTop(plan)}, ${price}.`
  );
}

/** GET /api/insurance/{id}/seo: title, description (cut at 165 + '…' when over 170, rule 001-9.08), image. */
export function seoOf(card: CardDocument, detailPath: string) {
  const product = productOf(card);
  const plan = planOf(card);
  const organization = organizationName(card);
  const title =
    product?.seo?.title ??
    (plan
      ? `${card.displayName} – Isapre ${organization} | Cubre`
      : `${card.displayName} – ${organization} | Cubre`);
  const description = plan
    ? planSentence(card, plan)
    : (product!.seo?.description ??
      product!.description ??
      `${card.displayName} de ${organization}: compara precios y coberturas en Cubre.`);
  return {
    title,
    description: cutSeoDescription(description),
    image: product?.seo?.image ?? card.organization?.metadata.image ?? null,
    url: detailPath,
  };
}

/** The facts of the product's metadata a detail lists, with their labels (the tooltip explains, it is no fact). */
const METADATA_LABELS: Record<
  Exclude<keyof ProductDefinition['metadata'], 'metadata_colectivo' | 'coberturas_adicionales_tooltip'>,
  string
> = {
  coverage_ratio: 'Cobertura',
  aporte_inicial: 'Aporte inicial',
  temporalidad: 'Temporalidad',
  cubre_hasta_los: 'Cubre hasta los',
  refund: 'Reembolso',
  beneficio_tributario: 'Beneficio tributario',
  coberturas_adicionales: 'Coberturas adicionales',
  fondos_disponibles: 'Fondos disponibles',
};

type Item = { key: string; label: string; value: string };
const item = (key: string, label: string, value: string | null | undefined): Item[] =>
  value === null || value === undefined || value === '' ? [] : [{ key, label, value }];

function productItems(card: CardDocument, product: ProductDefinition): Item[] {
  return [
    ...item('insuranceType', 'Tipo de seguro', card.insuranceType?.displayName ?? product.insuranceType),
    ...item('organization', 'Aseguradora', organizationName(card)),
    ...item('modality', 'Modalidad', product.modality),
    ...item(
      'insurableAges',
      'Edades asegurables',
      product.insurableAges && `${product.insurableAges.min} a ${product.insurableAges.max} años`,
    ),
    ...item(
      'coverageRequirement',
      'Requisito de cobertura',
      product.coverageRequirement && coverageRequirementView(product.coverageRequirement).text,
    ),
    ...item('periodicity', 'Periodicidad de pago', product.price.periodicity),
    ...item('minEmployeeQuantity', 'Mínimo de empleados', product.minEmployeeQuantity?.toString()),
    ...item('coverageCountries', 'Países de cobertura', product.coverageCountries.join(', ')),
    ...item('salesChannels', 'Canales de venta', product.salesChannels.join(', ')),
    ...Object.entries(product.metadata).flatMap(([key, value]) =>
      key in METADATA_LABELS && typeof value === 'string'
        ? item(key, METADATA_LABELS[key as keyof typeof METADATA_LABELS], value)
        : [],
    ),
    // A collective plan's facts, each under its category ('Hospitalario: reembolso').
    ...(product.metadata.metadata_colectivo ?? []).flatMap((fact) =>
      item(`metadata_colectivo.${fact.key}`, `${fact.categoria}: ${fact.key}`, fact.value),
    ),
  ];
}

function planItems(card: CardDocument, plan: IsaprePlanDefinition): Item[] {
  return [
    ...item('isapre', 'Isapre', organizationName(card)),
    ...item('modality', 'Modalidad', planModality(plan)),
    ...item('hospitalCoverage', 'Bonificación hospitalaria', `${plan.hospitalCoverage}%`),
    ...item('ambulatoryCoverage', 'Bonificación ambulatoria', `${plan.ambulatoryCoverage}%`),
    ...item('annualTop', 'Tope anual por beneficiario', planTop(plan)),
    ...item(
      'birthCoverage',
      'Cobertura de parto',
      COVERAGE_BREADTHS[coverageBreadthOf(plan.birthCoverage)].label,
    ),
    ...item('commercial', 'Estado', plan.commercial ? 'Comercializable' : 'No comercializable'),
    ...item('planType', 'Tipo de plan', plan.planType),
    ...item(
      'priceMode',
      'Precio',
      plan.priceMode === '7%' ? '7% de la renta imponible' : `${ufText(plan.basePriceUf)} base al mes`,
    ),
    ...item('ges', 'Prima GES por beneficiario', ufText(plan.gesUf)),
    ...item('factorTable', 'Tabla de factores', plan.factorTableCode ?? 'Tabla de Factores Única'),
    ...item('arancel', 'Arancel', `${plan.arancel.name} (${plan.arancel.unit})`),
    ...item('fixedCopay', 'Copago fijo', plan.fixedCopay ? 'Sí' : 'No'),
    ...item('restrictions', 'Prestaciones restringidas', restrictionNames(plan).join(', ') || 'Ninguna'),
    ...item('regions', 'Regiones', plan.regions.length ? plan.regions.join(', ') : 'Todas'),
    ...item('targetGroup', 'Grupo objetivo', plan.targetGroup),
    ...item('sex', 'Sexo', plan.sex),
    ...item('startedOn', 'Vigente desde', plan.startedOn),
    ...item(
      'source',
      'Fuente',
      `Superintendencia de Salud, planes vigentes ${plan.source.slice(0, 4)}-${plan.source.slice(4)}`,
    ),
  ];
}

/** GET /api/insurance/{id}/descriptions: the lead text and the labelled facts of the detail page. */
export function descriptionsOf(card: CardDocument) {
  const plan = planOf(card);
  if (plan) return { description: planSentence(card, plan), items: planItems(card, plan) };
  const product = productOf(card)!;
  return { description: product.description ?? '', items: productItems(card, product) };
}

/** GET /api/insurance/{id}/conditions: the product's conditions; for a plan, what its fields impose. */
export function conditionsOf(card: CardDocument): string[] {
  const plan = planOf(card);
  if (!plan) return productOf(card)!.conditions;
  const restricted = restrictionNames(plan);
  return [
    plan.priceMode === '7%'
      ? 'El precio es el 7% de tu renta imponible, con tope legal.'
      : `El precio es el precio base por la suma de los factores de riesgo de cada beneficiario (${plan.factorTableCode ? `tabla ${plan.factorTableCode}` : 'Tabla de Factores Única'}), más la prima GES por beneficiario.`,
    ...(restricted.length
      ? [
          `Prestaciones restringidas (${restricted.join(', ')}): cobertura mínima de ${MINIMUM_RESTRICTED_COVER_PERCENT}%.`,
        ]
      : []),
    ...(plan.birthCoverage === 'reducida_parto' ? ['Cobertura reducida para parto.'] : []),
    ...(plan.modality === 'Plan Cerrado' ? ['Cubre solo en los prestadores del plan.'] : []),
    ...(plan.regions.length ? [`Se comercializa en las regiones ${plan.regions.join(', ')}.`] : []),
    ...(plan.commercial ? [] : ['Plan no comercializable: lo mantienen quienes ya lo tienen.']),
    ...(plan.planType === 'Grupal' ? [`Plan grupal: ${plan.targetGroup}.`] : []),
  ];
}

/** GET /api/insurance/{id}/exclusions: the product's; the plan extract lists none. */
export const exclusionsOf = (card: CardDocument): string[] => productOf(card)?.exclusions ?? [];

/** GET /api/insurance/{id}/extraBenefits: the product's; plans have none in the extract. */
export const extraBenefitsOf = (card: CardDocument): string[] => productOf(card)?.extraBenefits ?? [];

/** GET /api/insurance/{id}/faq: the product's; for a plan, the questions its fields answer. */
export function faqOf(card: CardDocument) {
  const plan = planOf(card);
  if (!plan) return productOf(card)!.faq;
  return [
    {
      question: '¿Cómo se calcula el precio de este plan?',
      answer:
        plan.priceMode === '7%'
          ? 'Es un plan de precio 7%: pagas tu cotización legal de salud, con el GES incluido.'
          : `Precio base de ${ufText(plan.basePriceUf)} multiplicado por la suma de los factores de riesgo de cada beneficiario, según edad y sexo, más ${ufText(plan.gesUf)} de GES por beneficiario. Ingresa tu perfil para ver el precio exacto.`,
    },
    {
      question: '¿Tiene tope anual?',
      answer:
        plan.annualTopUf === null || plan.annualTopUf === 0
          ? 'No: el plan no tiene tope anual.'
          : `Sí: ${planTop(plan)} por beneficiario al año.`,
    },
    {
      question: '¿Cubre el parto?',
      answer:
        plan.birthCoverage === 'reducida_parto'
          ? `Con cobertura reducida: la mínima legal de ${MINIMUM_RESTRICTED_COVER_PERCENT}%.`
          : 'Sí, con la cobertura general del plan.',
    },
    {
      question: '¿Dónde me atiendo?',
      answer:
        plan.modality === 'Libre elección'
          ? 'Con cualquier prestador, con la bonificación del plan.'
          : plan.modality === 'Prestador Preferente'
            ? 'En los prestadores preferentes del plan con mayor bonificación, o con cualquier otro en libre elección.'
            : 'Solo en los prestadores del plan.',
    },
  ];
}

/** GET /api/insurance/{id}/features: the card's features with the names the comparators give them. */
export function featuresView(index: CatalogueIndex, card: CardDocument) {
  return featuresOf(card).map((code) => index.feature(code));
}

/**
 * Every feature a visitor compares the card on (seed 000 §3 featuresAll, rule 000-3.09): those the
 * comparators listing the card offer, then the card's own others, each saying whether the card has it, so
 * a card or a compare column can tick and cross them.
 */
export function allFeaturesView(index: CatalogueIndex, card: CardDocument) {
  const own = new Set(featuresOf(card));
  const codes = new Set<string>();
  for (const { definition: comparator } of index.snapshot.comparators) {
    if (comparator.features.length === 0) continue;
    const request = CompareRequest.parse({
      comparator: comparator.code,
      organizationTypes: comparator.organizationTypes,
      displayShowcase: comparator.showcase,
    });
    if (!cardFilter(request, index.snapshot, card.country)(card)) continue;
    for (const feature of comparator.features) codes.add(feature.code);
  }
  for (const code of own) codes.add(code);
  return [...codes].map((code) => ({ ...index.feature(code), included: own.has(code) }));
}

/**
 * GET /api/insurance/{id}/inFeatures: the comparator features the card is in, each with the comparators
 * that list the card (the same filter as the comparator's own, rule 000-7.02) and offer that feature.
 */
export function inFeaturesView(index: CatalogueIndex, card: CardDocument) {
  const own = new Set(featuresOf(card));
  const found = new Map<string, ReturnType<CatalogueIndex['feature']> & { comparators: string[] }>();
  for (const { definition: comparator } of index.snapshot.comparators) {
    const request = CompareRequest.parse({
      comparator: comparator.code,
      organizationTypes: comparator.organizationTypes,
      displayShowcase: comparator.showcase,
    });
    if (!cardFilter(request, index.snapshot, card.country)(card)) continue;
    for (const feature of comparator.features) {
      if (!own.has(feature.code)) continue;
      const entry = found.get(feature.code) ?? { ...index.feature(feature.code), comparators: [] };
      entry.comparators.push(comparator.code);
      found.set(feature.code, entry);
    }
  }
  return [...found.values()];
}
