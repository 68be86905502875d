import type { Country, LeadProduct, LeadType, ProductType } from '@cubre/schemas';
import type { CardDocument } from '../catalogue';
import { ADDITIONAL_INSURANCE_TYPES } from '../catalogue';

/** The product as a lead keeps it: the catalogue's names at the time of the request. */
export function leadProductOf(card: CardDocument, productType?: ProductType): LeadProduct {
  return {
    code: card.productCode,
    displayName: card.displayName,
    productType: productType ?? (card.productType as ProductType),
    insuranceType: card.insuranceTypeName,
    organizationCode: card.organization?.code ?? null,
    organizationName: card.organization?.displayName ?? null,
  };
}

const COLLECTIVE_TYPES = new Set<string>(['colectivo', 'SEGURO COLECTIVO', 'SCTR']);

/**
 * The request type of seed 002 §3 a storefront lead gets: Planes for isapre plans, Colectivos for company
 * insurance, International Health for the international edition and its products, Seguros otherwise.
 */
export function requestTypeOf(
  product: LeadProduct,
  kind: 'product' | 'isaprePlan',
  country: Country,
): LeadType {
  if (kind === 'isaprePlan' || product.productType === 'ISAPRES') return 'Planes';
  if (COLLECTIVE_TYPES.has(product.productType)) return 'Colectivos';
  if (country === 'INT' || product.productType === 'SEGURO INTERNACIONAL') return 'International Health';
  return 'Seguros';
}

/** An add-on tops up an isapre plan: a product of one of the add-on insurance types (GET /api/seguro-adicional/tipos). */
export const isAddonProduct = (card: CardDocument) =>
  card.kind === 'product' &&
  (ADDITIONAL_INSURANCE_TYPES as readonly string[]).includes(card.insuranceTypeName);
