import { PURCHASE_STEPS } from '@cubre/schemas/leads/contracting';
import {
  PERSON_PURCHASE_STEPS,
  purchaseStepsFor,
  reportsStep,
} from '../../../src/domain/purchase/purchaseSteps';

describe('the purchase steps of a person product', () => {
  test("002-2.08 the steps are the seed's own names, in the order a person's purchase reaches them", () => {
    for (const step of PERSON_PURCHASE_STEPS) expect(PURCHASE_STEPS).toContain(step);
    expect(purchaseStepsFor(false)).toEqual(['Datos personales', 'Pago', 'Confirmación', 'Compra exitosa!']);
    expect(purchaseStepsFor(true)).toEqual([
      'Datos personales',
      'Estado de salud',
      'Pago',
      'Confirmación',
      'Compra exitosa!',
    ]);
  });

  test("002-2.08 the page reports every step but 'Compra exitosa!', which the server records from the sale", () => {
    expect(PERSON_PURCHASE_STEPS.filter(reportsStep)).toEqual([
      'Datos personales',
      'Estado de salud',
      'Pago',
      'Confirmación',
    ]);
  });
});
