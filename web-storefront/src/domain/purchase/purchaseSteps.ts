import { asksHealthDeclaration } from '@cubre/schemas/payments/familyPurchase';
import { isCompanyProduct } from '@cubre/schemas/payments/companyPurchase';

/**
 * The steps of the purchase form (002-2.08) as the seed names them: the names the lead records (POST
 * /api/compra-online/pasos). A person's or a family's product goes through 'Datos personales' ('Estado de
 * salud' only where the product's insurance type is a health one, `HEALTH_DECLARATION_TYPES`); a company's
 * product (priced per worker: `isCompanyProduct`) through 'Datos empresa' and 'Datos colaboradores'.
 */
export const PURCHASE_STEPS = [
  'Datos empresa',
  'Datos colaboradores',
  'Datos personales',
  'Estado de salud',
  'Pago',
  'Confirmación',
  'Compra exitosa!',
] as const;
export type PurchaseStep = (typeof PURCHASE_STEPS)[number];
/** Kept for the person's steps' callers: every step is one of PURCHASE_STEPS. */
export type PersonPurchaseStep = PurchaseStep;

export type PurchaseKind = 'person' | 'health' | 'company';

const STEPS_OF: Record<PurchaseKind, readonly PurchaseStep[]> = {
  person: ['Datos personales', 'Pago', 'Confirmación', 'Compra exitosa!'],
  health: ['Datos personales', 'Estado de salud', 'Pago', 'Confirmación', 'Compra exitosa!'],
  company: ['Datos empresa', 'Datos colaboradores', 'Pago', 'Confirmación', 'Compra exitosa!'],
};

/** The steps shown for a product, in order. */
export const purchaseStepsFor = (kind: PurchaseKind): PurchaseStep[] => [...STEPS_OF[kind]];

/** Whether a product's purchase asks the health declaration, by its insurance type's name. */
export const asksHealth = (insuranceTypeName: string | null | undefined): boolean =>
  asksHealthDeclaration(insuranceTypeName);

/** A product's purchase kind: a company's first (its collaborators declare no health online). */
export const purchaseKindOf = (product: {
  productType: string;
  insuranceType: { name: string };
}): PurchaseKind =>
  isCompanyProduct({ productType: product.productType, insuranceType: product.insuranceType.name })
    ? 'company'
    : asksHealth(product.insuranceType.name)
      ? 'health'
      : 'person';

/** Words key of each step (the seed's names are the Spanish words). */
export const STEP_WORDS: Record<PurchaseStep, string> = {
  'Datos empresa': 'purchase.step.company',
  'Datos colaboradores': 'purchase.step.collaborators',
  'Datos personales': 'purchase.step.personal',
  'Estado de salud': 'purchase.step.health',
  Pago: 'purchase.step.payment',
  Confirmación: 'purchase.step.confirmation',
  'Compra exitosa!': 'purchase.step.success',
};

/**
 * The steps the page reports to the lead: every one the visitor reaches but the last, which the server
 * records itself from the sale's own events (a page closed after paying still closes the lead).
 */
export const reportsStep = (step: PurchaseStep): boolean => step !== 'Compra exitosa!';
