import type { InsuranceTypeDefinition, OrganizationDefinition } from '@cubre/schemas';
import type { CardInsuranceType, CardOrganization } from './documents';

export function cardOrganization(definition: OrganizationDefinition): CardOrganization {
  return {
    code: definition.code,
    displayName: definition.displayName,
    type: definition.type,
    metadata: {
      ...(definition.image ? { image: definition.image } : {}),
      url: definition.url,
      typeAlias: definition.typeAlias,
    },
  };
}

export function cardInsuranceType(definition: InsuranceTypeDefinition): CardInsuranceType {
  return {
    name: definition.name,
    displayName: definition.displayName,
    ...(definition.description ? { description: definition.description } : {}),
    color: definition.color,
    upperType: definition.upperType,
  };
}

/** The insurance type every isapre plan belongs to (INSURANCE_TYPES, 'PLAN ISAPRE'). */
export const ISAPRE_PLAN_TYPE = 'PLAN ISAPRE';
