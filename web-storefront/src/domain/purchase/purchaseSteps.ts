import { asksHealthDeclaration } from '@cubre/schemas/payments/familyPurchase';

/**
 * The steps of the purchase form (002-2.08) a person's or a family's product goes through, as the seed
 * names them: the names the lead records (POST /api/compra-online/pasos). 'Estado de salud' only where the
 * product's insurance type is a health one (`HEALTH_DECLARATION_TYPES`); the company steps (Datos empresa,
 * Datos colaboradores) belong to company products, which are not sold online yet.
 */
export const PERSON_PURCHASE_STEPS = [
  'Datos personales',
  'Estado de salud',
  'Pago',
  'Confirmación',
  'Compra exitosa!',
] as const;
export type PersonPurchaseStep = (typeof PERSON_PURCHASE_STEPS)[number];

/** The steps shown for a product, in order. */
export const purchaseStepsFor = (asksHealth: boolean): PersonPurchaseStep[] =>
  PERSON_PURCHASE_STEPS.filter((step) => asksHealth || step !== 'Estado de salud');

/** Whether a product's purchase asks the health declaration, by its insurance type's name. */
export const asksHealth = (insuranceTypeName: string | null | undefined): boolean =>
  asksHealthDeclaration(insuranceTypeName);

/** Words key of each step (the seed's names are the Spanish words). */
export const STEP_WORDS: Record<PersonPurchaseStep, string> = {
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
export const reportsStep = (step: PersonPurchaseStep): boolean => step !== 'Compra exitosa!';
