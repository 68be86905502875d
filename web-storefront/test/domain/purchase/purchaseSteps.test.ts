import { PURCHASE_STEPS } from '@cubre/schemas/leads/contracting';
import {
  PERSON_PURCHASE_STEPS,
  asksHealth,
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

describe("'Estado de salud' by the product's insurance type", () => {
  test('002-2.08 health types (complementary, catastrophic, both, primary, oncological, cardiological) ask the health declaration; life, pets, dental and accidents do not', () => {
    for (const type of [
      'SEGURO COMPLEMENTARIO',
      'SEGURO CATASTROFICO',
      'SEGURO INTEGRAL',
      'SEGURO PRIMARIO',
      'SEGURO ONCOLOGICO',
      'SEGURO CARDIOLOGICO',
    ])
      expect([type, asksHealth(type)]).toEqual([type, true]);
    for (const type of [
      'SEGURO VIDA',
      'SEGURO MASCOTAS',
      'SEGURO DENTAL',
      'SEGURO ACCIDENTES PERSONALES',
      '',
      null,
    ])
      expect([type, asksHealth(type)]).toEqual([type, false]);
  });
});
