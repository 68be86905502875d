import type {
  ComparatorDefinition,
  ComparatorFeature,
  IsaprePlanDefinition,
  OrganizationDefinition,
  ProductDefinition,
} from '@cubre/schemas';
import type { CardDocument, InsuranceTypeDocument } from '@cubre/projections/catalogue/documents';
import type { z } from 'zod';
import type { CatalogueSnapshot } from '../comparator/snapshot';

export type FeatureDefinition = z.output<typeof ComparatorFeature>;
export type InsuranceTypeView = InsuranceTypeDocument['definition'];

/** Lookups over one catalogue snapshot, built once per snapshot (a few ms for the 8,413 plans). */
export interface CatalogueIndex {
  snapshot: CatalogueSnapshot;
  /** A card by its product code, or by its url segment; both case-insensitive, the code first. */
  card(codeOrUrl: string): CardDocument | undefined;
  organization(code: string): OrganizationDefinition | undefined;
  insuranceType(name: string): InsuranceTypeView | undefined;
  /** A comparator by its code (case-insensitive). */
  comparator(code: string): ComparatorDefinition | undefined;
  /** A comparator by its base URL ('Comparar/Isapres'; slashes, case and a query string ignored). */
  comparatorByBaseUrl(baseUrl: string): ComparatorDefinition | undefined;
  /** A feature's name, description and icon, from the comparators that offer it. */
  feature(code: string): FeatureDefinition;
  /** Active cards of an organization. */
  productCount(organizationCode: string): number;
}

const indexes = new WeakMap<CatalogueSnapshot, CatalogueIndex>();

/** 'Comparar/Isapres', '/Comparar/Isapres/', 'https://cubre.cl/comparar/isapres?page=2' → 'comparar/isapres'. */
export function normalizeBaseUrl(text: string): string {
  let path = text.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  return path
    .split(/[?#]/)[0]!
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}

/** 'reembolso-online' → 'Reembolso online': the name of a feature no comparator describes. */
const nameOfCode = (code: string) => {
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function catalogueIndex(snapshot: CatalogueSnapshot): CatalogueIndex {
  const known = indexes.get(snapshot);
  if (known) return known;
  const byCode = new Map<string, CardDocument>();
  const byUrl = new Map<string, CardDocument>();
  const counts = new Map<string, number>();
  for (const card of snapshot.cards) {
    byCode.set(card.productCode.toLowerCase(), card);
    const url = card.url.toLowerCase();
    // Urls are unique per organization only: the first card in code order keeps a shared one.
    if (!byUrl.has(url)) byUrl.set(url, card);
    const owner = card.organization?.code;
    if (owner) counts.set(owner, (counts.get(owner) ?? 0) + 1);
  }
  const organizations = new Map<string, OrganizationDefinition>();
  for (const { definition } of snapshot.organizations) {
    organizations.set(definition.code, definition);
    if (!organizations.has(definition.code.toLowerCase()))
      organizations.set(definition.code.toLowerCase(), definition);
  }
  const types = new Map(snapshot.insuranceTypes.map(({ definition }) => [definition.name, definition]));
  const comparators = new Map(
    snapshot.comparators.map(({ definition }) => [definition.code.toLowerCase(), definition]),
  );
  const baseUrls = new Map(
    snapshot.comparators.map(({ definition }) => [normalizeBaseUrl(definition.baseUrl), definition]),
  );
  const features = new Map<string, FeatureDefinition>();
  for (const { definition } of snapshot.comparators)
    for (const feature of definition.features)
      if (!features.has(feature.code)) features.set(feature.code, feature);

  const index: CatalogueIndex = {
    snapshot,
    card: (codeOrUrl) => {
      const key = codeOrUrl.trim().toLowerCase();
      return byCode.get(key) ?? byUrl.get(key);
    },
    organization: (code) => organizations.get(code) ?? organizations.get(code.toLowerCase()),
    insuranceType: (name) => types.get(name),
    comparator: (code) => comparators.get(code.trim().toLowerCase()),
    comparatorByBaseUrl: (baseUrl) => baseUrls.get(normalizeBaseUrl(baseUrl)),
    feature: (code) => features.get(code) ?? { code, name: nameOfCode(code) },
    productCount: (organizationCode) => counts.get(organizationCode) ?? 0,
  };
  indexes.set(snapshot, index);
  return index;
}

export const planOf = (card: CardDocument) =>
  card.kind === 'isaprePlan' ? (card.definition as IsaprePlanDefinition) : undefined;
export const productOf = (card: CardDocument) =>
  card.kind === 'product' ? (card.definition as ProductDefinition) : undefined;

/** Life insurance, whose cap lists keep only 'Indemnización' items (rule 000-5.32). */
const LIFE_TYPES = new Set(['SEGURO VIDA', 'SEGURO VIDA AHORRO']);
export function isLifeInsurance(card: CardDocument): boolean {
  return card.productType === 'SEGURO VIDA' || LIFE_TYPES.has(card.insuranceTypeName);
}

/** International health insurance: its free choice is abroad (QPCL-2, QPCL-3; rule 000-5.30). */
export function isInternational(card: CardDocument): boolean {
  return (
    card.country === 'INT' ||
    card.productType === 'SEGURO INTERNACIONAL' ||
    card.insuranceTypeName === 'SEGURO INTERNACIONAL CL'
  );
}

/**
 * Feature codes of a card. Isapre plans have none: the extract carries no features, and the comparator
 * filters plans by their own fields (commercial state, birth coverage, plan type), not by feature codes.
 */
export function featuresOf(card: CardDocument): string[] {
  return productOf(card)?.features ?? [];
}
