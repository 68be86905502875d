import type { CompareRequest, IsaprePlanDefinition, ProductDefinition } from '@cubre/schemas';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import type { CatalogueSnapshot } from './snapshot';

/** Seed 002 §3: isapre is prevision code 12, Fonasa 2. */
const PREVISION_CODES: Record<string, 'Isapre' | 'Fonasa'> = {
  '12': 'Isapre',
  '2': 'Fonasa',
  isapre: 'Isapre',
  fonasa: 'Fonasa',
};

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const lower = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));

/**
 * The card filters of a compare request (seed 000 §3 "Filters / comparison state"), as one predicate.
 * A comparator named in the request supplies its insurance types, organization types and product type
 * where the request gives none. Price bounds are checked later, against the priced amount.
 */
/** The comparator a request names, by code or by base URL. */
export function comparatorOf(request: CompareRequest, snapshot: CatalogueSnapshot) {
  if (!request.comparator) return undefined;
  const wanted = String(request.comparator).toLowerCase();
  return snapshot.comparators.find(
    (c) => c._id.toLowerCase() === wanted || c.definition.baseUrl.toLowerCase() === wanted,
  )?.definition;
}

export function cardFilter(request: CompareRequest, snapshot: CatalogueSnapshot, country: string) {
  const comparator = comparatorOf(request, snapshot);
  const organizationTypes = new Set<string>([
    ...asList(request.organizationTypes),
    ...asList(request.organizationType),
  ]);
  const typeIds = [...(request.insuranceTypes ?? []), ...(request.insuranceTypeIds ?? [])];
  const typeNames = new Set<string>();
  const wanted = lower(typeIds.length > 0 ? typeIds : (comparator?.insuranceTypes ?? []));
  const showcaseOnly = new Set<string>();
  for (const { definition } of snapshot.insuranceTypes) {
    if (definition.showcaseOnly) showcaseOnly.add(definition.name);
    if (wanted.has(definition.name.toLowerCase()) || wanted.has(definition.urlSegment.toLowerCase()))
      typeNames.add(definition.name);
  }
  const organizations = lower([...(request.organizations ?? []), ...(request.organizationIds ?? [])]);
  const providers = lower(request.coverageOrganizations ?? []);
  const countries = lower(request.coverageCountries ?? []);
  const anyFeatures = request.features ?? [];
  const allFeatures = request.featuresFilter ?? [];
  const categories = lower(request.categoryTypes ?? []);
  const previsiones = new Set((request.previsiones ?? []).map((p) => PREVISION_CODES[p.toLowerCase()] ?? p));
  const productType = request.productType ?? comparator?.productType;
  const plans = { ...request.planFilters, ...pick(request) };
  const modalities = new Set<string>([
    ...(plans.libreEleccion ? ['Libre elección'] : []),
    ...(plans.prestadorPreferente ? ['Prestador Preferente'] : []),
    ...(plans.planCerrado ? ['Plan Cerrado'] : []),
  ]);
  const birth =
    plans.conParto && !plans.reducidoParto
      ? 'con'
      : plans.reducidoParto && !plans.conParto
        ? 'reducido'
        : null;

  return (card: CardDocument): boolean => {
    if (card.country !== country) return false;
    if (!card.organization || !organizationTypes.has(card.organization.type)) return false;
    if (wanted.size > 0 && !typeNames.has(card.insuranceTypeName)) return false;
    if (showcaseOnly.has(card.insuranceTypeName) && !request.displayShowcase) return false;
    if (categories.size > 0 && !categories.has(card.insuranceType?.upperType.name.toLowerCase() ?? ''))
      return false;
    if (
      organizations.size > 0 &&
      !organizations.has(card.organization.code.toLowerCase()) &&
      !organizations.has(card.organization.metadata.url.toLowerCase())
    ) {
      return false;
    }
    if (productType !== undefined && productType !== '' && card.productType !== productType) return false;
    if (card.kind === 'isaprePlan') {
      const plan = card.definition as IsaprePlanDefinition;
      if (providers.size > 0 || countries.size > 0 || allFeatures.length > 0) return false;
      if (plans.comercializable !== undefined && plan.commercial !== plans.comercializable) return false;
      if (modalities.size > 0 && !modalities.has(plan.modality)) return false;
      if (birth === 'con' && plan.birthCoverage === 'reducida_parto') return false;
      if (birth === 'reducido' && plan.birthCoverage !== 'reducida_parto') return false;
      if (previsiones.size > 0 && !previsiones.has('Isapre')) return false;
      return true;
    }
    const product = card.definition as ProductDefinition;
    if (!product.isComparable && !request.comparator) return false;
    if (providers.size > 0 && !product.careProviders.some((code) => providers.has(code.toLowerCase())))
      return false;
    if (countries.size > 0 && !product.coverageCountries.some((c) => countries.has(c.toLowerCase())))
      return false;
    if (anyFeatures.length > 0 && !anyFeatures.some((code) => product.features.includes(code))) return false;
    if (allFeatures.length > 0 && !allFeatures.every((code) => product.features.includes(code))) return false;
    if (
      previsiones.size > 0 &&
      product.coverageRequirement &&
      product.coverageRequirement.previsionType !== 'Ambos'
    ) {
      if (!previsiones.has(product.coverageRequirement.previsionType)) return false;
    }
    const deductible = product.topsAndDeductibles[0]?.deductibles[0]?.amount ?? 0;
    if (request.fromDeductible !== undefined && deductible < request.fromDeductible) return false;
    if (request.toDeductible !== undefined && deductible > request.toDeductible) return false;
    return true;
  };
}

function pick(request: CompareRequest) {
  const { comercializable, conParto, reducidoParto, libreEleccion, prestadorPreferente, planCerrado } =
    request;
  return Object.fromEntries(
    Object.entries({
      comercializable,
      conParto,
      reducidoParto,
      libreEleccion,
      prestadorPreferente,
      planCerrado,
    }).filter(([, value]) => value !== undefined),
  ) as CompareRequest['planFilters'] & object;
}
