import type { OrganizationView } from '@cubre/schemas/catalogue/organization';
import {
  ORGANIZATION_UPPER_TYPE,
  type Country,
  type OrganizationDefinition,
  type OrganizationType,
} from '@cubre/schemas';
import type { CatalogueIndex } from './catalogueIndex';

/** An organization as the organization lists show it (GET /api/organization/seguros/…). */
export function organizationView(
  index: CatalogueIndex,
  organization: OrganizationDefinition,
): OrganizationView {
  return {
    id: organization.code,
    code: organization.code,
    displayName: organization.displayName,
    type: organization.type,
    typeAlias: organization.typeAlias,
    upperTypeName: ORGANIZATION_UPPER_TYPE[organization.type],
    url: organization.url,
    image: organization.image ?? null,
    country: organization.country,
    ...(organization.isapreCode === undefined ? {} : { isapreCode: organization.isapreCode }),
    ...(organization.open === undefined ? {} : { open: organization.open }),
    website: organization.website ?? null,
    description: organization.description ?? null,
    /** Products and plans it has in the catalogue now: 0 means nothing to sell. */
    productCount: index.productCount(organization.code),
  };
}
export type { OrganizationView };

/** Organizations of the given types in one edition, by type as asked, then by name. */
export function organizationsOfTypes(
  index: CatalogueIndex,
  types: readonly OrganizationType[],
  country: Country,
) {
  return types.map((type) => ({
    type,
    upperTypeName: ORGANIZATION_UPPER_TYPE[type],
    organizations: index.snapshot.organizations
      .map(({ definition }) => definition)
      .filter((organization) => organization.type === type && organization.country === country)
      .sort((a, b) => a.displayName.localeCompare(b.displayName, 'es', { sensitivity: 'base' }))
      .map((organization) => organizationView(index, organization)),
  }));
}

/**
 * Insurance types sold as add-ons to an isapre plan (GET /api/seguro-adicional/tipos; the seed names the
 * call only). An add-on tops up what the plan already covers, so it is one of the Chilean health types
 * that complement a health plan: complementary, catastrophic, both together, dental, oncological,
 * cardiological, accident and emergency, assistance, pharmacy. Not add-ons: the primary, school,
 * elderly and international types (a cover of their own), life, pets and company insurance.
 */
export const ADDITIONAL_INSURANCE_TYPES = [
  'SEGURO COMPLEMENTARIO',
  'SEGURO CATASTROFICO',
  'SEGURO INTEGRAL',
  'SEGURO DENTAL',
  'SEGURO ONCOLOGICO',
  'SEGURO CARDIOLOGICO',
  'SEGURO ACCIDENTES URGENCIA',
  'SERVICIO ASISTENCIA',
  'SEGURO MEDICAMENTOS',
] as const;

export function additionalInsuranceTypes(index: CatalogueIndex) {
  const counts = new Map<string, { products: number; fromIsapres: number }>();
  for (const card of index.snapshot.cards) {
    if (card.kind !== 'product' || card.country !== 'CL') continue;
    const count = counts.get(card.insuranceTypeName) ?? { products: 0, fromIsapres: 0 };
    count.products++;
    if (card.organization?.type === 'ISAPRE') count.fromIsapres++;
    counts.set(card.insuranceTypeName, count);
  }
  return ADDITIONAL_INSURANCE_TYPES.flatMap((name) => {
    const type = index.insuranceType(name);
    if (!type) return [];
    const count = counts.get(name) ?? { products: 0, fromIsapres: 0 };
    return [
      {
        id: type.urlSegment,
        name: type.name,
        urlSegment: type.urlSegment,
        displayName: type.displayName,
        description: type.description ?? null,
        color: type.color,
        upperType: type.upperType,
        /** Chilean products of the type, and those an isapre sells itself (its Complementos pages). */
        productCount: count.products,
        isapreProductCount: count.fromIsapres,
      },
    ];
  });
}
