import { z } from 'zod';
import { IsaprePlanDefinition } from './isaprePlan';
import { OrganizationDefinition } from './organization';
import { ProductDefinition } from './product';
import { CardInsuranceTypeView, CardOrganizationView, ResultCard } from './resultCard';

/**
 * GET /api/insurance/product/{code}: a product as a detail page needs it: its definition, its whole
 * organization and insurance type, and the card of the result list. Built by
 * services/src/catalogue/views/productView.ts, which returns this type; the storefront reads it with
 * `import type`.
 */
export const ProductView = z.object({
  id: z.string(),
  productCode: z.string(),
  kind: z.enum(['product', 'isaprePlan']),
  displayName: z.string(),
  url: z.string(),
  detailPath: z.string(),
  country: z.string(),
  productType: z.string(),
  /**
   * The organization's whole definition with the card's metadata; the card's own summary while the
   * catalogue does not hold the organization; null until its definition is applied.
   */
  organization: z
    .union([
      OrganizationDefinition.extend({ metadata: CardOrganizationView.shape.metadata }),
      // The card's summary has no url or image of its own (its metadata has them).
      CardOrganizationView.extend({
        type: z.string(),
        url: z.undefined().optional(),
        image: z.undefined().optional(),
      }),
    ])
    .nullable(),
  /** The insurance type with its url segment; the card's summary while the catalogue lacks it; or null. */
  insuranceType: z
    .union([
      CardInsuranceTypeView.extend({ urlSegment: z.string(), description: z.string().nullable() }),
      CardInsuranceTypeView,
    ])
    .nullable(),
  definition: z.union([ProductDefinition, IsaprePlanDefinition]),
  card: ResultCard,
});
export type ProductView = z.infer<typeof ProductView>;
