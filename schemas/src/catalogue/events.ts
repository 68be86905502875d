import { z } from 'zod';
import { ComparatorDefinition } from './comparator';
import { InsuranceTypeDefinition } from './insuranceType';
import { IsaprePlanDefinition } from './isaprePlan';
import { OrganizationDefinition } from './organization';
import { ProductDefinition } from './product';

/**
 * Catalogue entries are documents whose every version is an event carrying the whole definition:
 * `…Defined` for the first (or a reinstatement), `…Revised` for a change, `…Withdrawn` when taken off
 * the catalogue. An import that sends an unchanged definition records nothing.
 */
function definitionEvents<K extends string, D extends z.ZodType>(kind: K, definition: D) {
  return z.discriminatedUnion('type', [
    z.object({ type: z.literal(`${kind}Defined` as `${K}Defined`), data: z.object({ definition }) }),
    z.object({ type: z.literal(`${kind}Revised` as `${K}Revised`), data: z.object({ definition }) }),
    z.object({
      type: z.literal(`${kind}Withdrawn` as `${K}Withdrawn`),
      data: z.object({ reason: z.string().min(1).max(500) }),
    }),
  ]);
}

export const CATALOGUE_KINDS = {
  organization: { category: 'organization', eventPrefix: 'Organization' },
  insuranceType: { category: 'insuranceType', eventPrefix: 'InsuranceType' },
  product: { category: 'product', eventPrefix: 'Product' },
  isaprePlan: { category: 'isaprePlan', eventPrefix: 'IsaprePlan' },
  comparator: { category: 'comparator', eventPrefix: 'Comparator' },
} as const;
export type CatalogueKind = keyof typeof CATALOGUE_KINDS;

export const OrganizationEvent = definitionEvents('Organization', OrganizationDefinition);
export const InsuranceTypeEvent = definitionEvents('InsuranceType', InsuranceTypeDefinition);
export const ProductEvent = definitionEvents('Product', ProductDefinition);
export const IsaprePlanEvent = definitionEvents('IsaprePlan', IsaprePlanDefinition);
export const ComparatorEvent = definitionEvents('Comparator', ComparatorDefinition);

export type OrganizationEvent = z.infer<typeof OrganizationEvent>;
export type InsuranceTypeEvent = z.infer<typeof InsuranceTypeEvent>;
export type ProductEvent = z.infer<typeof ProductEvent>;
export type IsaprePlanEvent = z.infer<typeof IsaprePlanEvent>;
export type ComparatorEvent = z.infer<typeof ComparatorEvent>;

export const CATALOGUE_EVENT_SCHEMAS = {
  organization: OrganizationEvent,
  insuranceType: InsuranceTypeEvent,
  product: ProductEvent,
  isaprePlan: IsaprePlanEvent,
  comparator: ComparatorEvent,
} as const;

export const CATALOGUE_DEFINITION_SCHEMAS = {
  organization: OrganizationDefinition,
  insuranceType: InsuranceTypeDefinition,
  product: ProductDefinition,
  isaprePlan: IsaprePlanDefinition,
  comparator: ComparatorDefinition,
} as const;
