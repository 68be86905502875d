import type { CardDocument } from '@cubre/projections/catalogue/documents';
import {
  COVERAGE_LISTS,
  type CoverageList,
  type CoverageOrganizationView,
} from '@cubre/schemas/catalogue/detailViews';
import { isInternational, planOf, productOf, type CatalogueIndex } from './catalogueIndex';
import { plainWords } from './text';

/**
 * The preferential codes of rule 000-5.30. They are not organizations but "any provider" entries of a
 * coverage-organization list: the storefront lists them with the clinics so a visitor can filter by them.
 * What each one means in our catalogue (the seed names them without saying):
 * - QPCL-1: free choice (libre elección) in the product's country, reimbursed by the plan's percentage;
 * - QPCL-2: free choice abroad, outside the United States and Canada;
 * - QPCL-3: free choice in the United States and Canada (international plans that include them).
 */
export const FREE_CHOICE_PROVIDERS = {
  'QPCL-1': {
    displayName: 'Libre elección',
    description: 'Cualquier prestador del país, con reembolso según el porcentaje del plan.',
  },
  'QPCL-2': {
    displayName: 'Libre elección en el extranjero',
    description: 'Cualquier prestador fuera de Chile, salvo Estados Unidos y Canadá.',
  },
  'QPCL-3': {
    displayName: 'Libre elección en Estados Unidos y Canadá',
    description: 'Cualquier prestador de Estados Unidos y Canadá, en los planes que los incluyen.',
  },
} as const;
export type FreeChoiceCode = keyof typeof FREE_CHOICE_PROVIDERS;

/** Every QPCL code is a free-choice entry, also ones this table does not describe. */
export const isFreeChoiceCode = (code: string) => /^QPCL-\d+$/i.test(code.trim());

export { COVERAGE_LISTS };
export type { CoverageList, CoverageOrganizationView };

const NORTH_AMERICA = new Set(['estados unidos', 'canada', 'usa', 'eeuu', 'ee.uu.', 'us', 'united states']);

/** The clinic moved first among similar names (rule 000-5.31), and what "similar" means: sharing 'Alemana'. */
const PINNED_CLINIC = 'alemana de santiago';
const SIMILAR_TO_PINNED = 'alemana';

/**
 * Providers in the order a visitor reads them: by name (Spanish collation), then 'Alemana de Santiago'
 * moved to the place of the first of the 'Alemana' clinics (rule 000-5.31), the others keeping theirs.
 */
export function orderProviders<T extends { displayName: string }>(providers: readonly T[]): T[] {
  const sorted = [...providers].sort((a, b) =>
    a.displayName.localeCompare(b.displayName, 'es', { sensitivity: 'base' }),
  );
  const similar = sorted.findIndex((p) => plainWords(p.displayName).includes(SIMILAR_TO_PINNED));
  const pinned = sorted.findIndex((p) => plainWords(p.displayName).includes(PINNED_CLINIC));
  if (similar < 0 || pinned <= similar) return sorted;
  const [clinic] = sorted.splice(pinned, 1);
  sorted.splice(similar, 0, clinic!);
  return sorted;
}

export function providerView(
  index: CatalogueIndex,
  code: string,
  list: CoverageList,
): CoverageOrganizationView {
  const freeChoice = FREE_CHOICE_PROVIDERS[code.toUpperCase() as FreeChoiceCode];
  if (freeChoice || isFreeChoiceCode(code))
    return {
      organizationCode: code.toUpperCase(),
      displayName: freeChoice?.displayName ?? 'Libre elección',
      description: freeChoice?.description ?? null,
      type: 'LIBRE_ELECCION',
      url: null,
      image: null,
      country: null,
      list,
    };
  const organization = index.organization(code);
  return {
    organizationCode: organization?.code ?? code,
    displayName: organization?.displayName ?? code.replace(/-/g, ' '),
    description: organization?.description ?? null,
    type: organization?.type ?? 'PRESTADOR',
    url: organization?.url ?? null,
    image: organization?.image ?? null,
    country: organization?.country ?? null,
    list,
  };
}

/** The free-choice codes a card uses (rule 000-5.30): QPCL-1 at home, QPCL-2 and QPCL-3 abroad. */
export function freeChoiceCodes(card: CardDocument): FreeChoiceCode[] {
  const plan = planOf(card);
  // Closed plans cover only in their network; free-choice and preferential plans also outside it.
  if (plan) return plan.modality === 'Plan Cerrado' ? [] : ['QPCL-1'];
  const product = productOf(card)!;
  const listed = new Set(
    [...product.careProviders, ...product.topsAndDeductibles.flatMap((t) => t.coverageOrganizations)]
      .filter(isFreeChoiceCode)
      .map((code) => code.toUpperCase()),
  );
  if (isInternational(card)) {
    const countries = product.coverageCountries.map(plainWords);
    const codes = new Set<FreeChoiceCode>();
    if (listed.has('QPCL-2') || countries.length === 0 || countries.some((c) => !NORTH_AMERICA.has(c)))
      codes.add('QPCL-2');
    if (listed.has('QPCL-3') || countries.some((c) => NORTH_AMERICA.has(c))) codes.add('QPCL-3');
    return [...codes];
  }
  const freeChoiceAmounts = product.coverages.some((coverage) =>
    coverage.amounts.some((a) => a.kind === 'coverage_libre' || a.kind === 'top_amount_libre'),
  );
  return product.modality === 'Libre Elección' || listed.has('QPCL-1') || freeChoiceAmounts ? ['QPCL-1'] : [];
}

/** Named providers of a card: its care providers, then those its tops and deductibles name. */
function namedProviders(card: CardDocument): string[] {
  const product = productOf(card);
  if (!product) return [];
  const codes = [
    ...product.careProviders,
    ...product.topsAndDeductibles.flatMap((t) => t.coverageOrganizations),
  ];
  return [...new Set(codes)].filter((code) => !isFreeChoiceCode(code));
}

export interface CoverageOrganizationLists {
  preferente: CoverageOrganizationView[];
  internacional: CoverageOrganizationView[];
  libreEleccion: CoverageOrganizationView[];
}

/**
 * A card's coverage organizations in three lists (rule 000-5.30): the preferential network and the
 * international network name real providers and never a QPCL code; free choice is the QPCL entries only.
 * An international product's named providers are its international network; others', the preferential.
 */
export function coverageOrganizationLists(
  index: CatalogueIndex,
  card: CardDocument,
): CoverageOrganizationLists {
  const named = namedProviders(card);
  const international = isInternational(card);
  const network = (list: CoverageList) =>
    orderProviders(named.map((code) => providerView(index, code, list)));
  return {
    preferente: international ? [] : network('preferente'),
    internacional: international ? network('internacional') : [],
    libreEleccion: freeChoiceCodes(card).map((code) => providerView(index, code, 'libreEleccion')),
  };
}

export const allProviders = (lists: CoverageOrganizationLists) => [
  ...lists.preferente,
  ...lists.internacional,
  ...lists.libreEleccion,
];
