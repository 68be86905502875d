import type {
  ComparatorDefinition,
  InsuranceTypeDefinition,
  IsaprePlanDefinition,
  OrganizationDefinition,
  ProductDefinition,
} from '@cubre/schemas';

/** Read-model collections of the catalogue projection. */
export const CATALOGUE_COLLECTIONS = {
  organizations: 'catalogueOrganizations',
  insuranceTypes: 'catalogueInsuranceTypes',
  products: 'catalogueProducts',
  comparators: 'catalogueComparators',
  cards: 'comparatorCards',
} as const;

type Guarded = { [key: string]: unknown; _id: string; revision: number; withdrawn: boolean };

export type OrganizationDocument = Guarded & { definition: OrganizationDefinition };
export type InsuranceTypeDocument = Guarded & {
  definition: InsuranceTypeDefinition & { showcaseOnly: boolean };
};
export type ComparatorDocument = Guarded & { definition: ComparatorDefinition };
export type ProductDocument = Guarded &
  (
    | { kind: 'product'; definition: ProductDefinition }
    | { kind: 'isaprePlan'; definition: IsaprePlanDefinition }
  );

/** The organization as a result card shows it (seed 000 §3 "organization"). */
export interface CardOrganization {
  code: string;
  displayName: string;
  type: string;
  metadata: { image?: string; url: string; typeAlias: string };
}

/** The insurance type as a result card shows it (seed 000 §3 "insuranceType"). */
export interface CardInsuranceType {
  name: string;
  displayName: string;
  description?: string;
  color: string;
  upperType: { name: string; displayName: string };
}

/**
 * One result card's stored part: everything that does not depend on the visitor. Prices for a profile,
 * the labels that go with them, "new" (it depends on today) and the affinity are computed per query.
 */
export type CardDocument = Guarded & {
  kind: 'product' | 'isaprePlan';
  productCode: string;
  displayName: string;
  url: string;
  country: string;
  productType: string;
  insuranceTypeName: string;
  /** How the card names its organization: the organization's code, or `isapre:{code}` for isapre plans. */
  organizationRef: string;
  /** Null until the organization's own event has been applied (categories may arrive in any order). */
  organization: CardOrganization | null;
  organizationRevision: number;
  insuranceType: CardInsuranceType | null;
  insuranceTypeRevision: number;
  /** The definition the card was built from: prices, coverages and filters are read from it. */
  definition: ProductDefinition | IsaprePlanDefinition;
};
