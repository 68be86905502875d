import { PURCHASE_STEPS } from '@cubre/schemas/leads/contracting';
import {
  PURCHASE_STEPS as PAGE_STEPS,
  asksHealth,
  purchaseKindOf,
  purchaseStepsFor,
  reportsStep,
} from '../../../src/domain/purchase/purchaseSteps';

describe('the purchase steps of a person product', () => {
  test("002-2.08 the steps are the seed's own names, in the order a person's purchase reaches them", () => {
    for (const step of PAGE_STEPS) expect(PURCHASE_STEPS).toContain(step);
    expect(purchaseStepsFor('person')).toEqual([
      'Datos personales',
      'Pago',
      'Confirmación',
      'Compra exitosa!',
    ]);
    expect(purchaseStepsFor('health')).toEqual([
      'Datos personales',
      'Estado de salud',
      'Pago',
      'Confirmación',
      'Compra exitosa!',
    ]);
  });

  test("002-2.08 the page reports every step but 'Compra exitosa!', which the server records from the sale", () => {
    expect(purchaseStepsFor('health').filter(reportsStep)).toEqual([
      'Datos personales',
      'Estado de salud',
      'Pago',
      'Confirmación',
    ]);
  });
});

describe('the purchase steps of a company product', () => {
  test("002-2.08 a product priced per worker runs 'Datos empresa' and 'Datos colaboradores', then the payment; never 'Estado de salud'", () => {
    expect(purchaseStepsFor('company')).toEqual([
      'Datos empresa',
      'Datos colaboradores',
      'Pago',
      'Confirmación',
      'Compra exitosa!',
    ]);
    // By product type or insurance type, as the comparator prices per worker; a company's health type too.
    const kindOf = (productType: string, insuranceType: string) =>
      purchaseKindOf({ productType, insuranceType: { name: insuranceType } });
    expect(kindOf('SEGURO COLECTIVO', 'SEGURO COMPLEMENTARIO')).toBe('company');
    expect(kindOf('', 'SCTR')).toBe('company');
    expect(kindOf('', 'SEGURO COMPLEMENTARIO')).toBe('health');
    expect(kindOf('SEGURO VIDA', 'SEGURO VIDA')).toBe('person');
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
