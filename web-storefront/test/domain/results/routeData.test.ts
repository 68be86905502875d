import { comparatorRouteData, comparisonOn } from '../../../src/domain/results/routeData';

const health = {
  code: 'seguros-de-salud',
  productType: '',
  insuranceTypes: [{ name: 'SEGURO COMPLEMENTARIO' }, { name: 'SEGURO INTEGRAL' }],
  features: [{ code: 'telemedicina' }, { code: 'dental' }],
};

describe('results/routeData', () => {
  test("000-2.33 a comparator route reads its insurance types, product type, flag filters and 'landing' type", () => {
    expect(comparatorRouteData(health)).toEqual({
      insuranceTypes: ['SEGURO COMPLEMENTARIO', 'SEGURO INTEGRAL'],
      productType: '',
      features: ['telemedicina', 'dental'],
      landing: false,
      compare: true,
    });
    const pets = comparatorRouteData({
      code: 'seguros-mascotas',
      productType: 'SEGURO_MASCOTAS',
      insuranceTypes: [{ name: 'SEGURO MASCOTAS' }],
    });
    expect(pets.productType).toBe('SEGURO_MASCOTAS');
    expect(pets.features).toEqual([]);
    expect(comparatorRouteData({ ...health, productType: 'SEGURO COLECTIVO' }).productType).toBe(
      'SEGURO COLECTIVO',
    );
    expect(comparatorRouteData({ ...health, productType: null }).productType).toBe('');
  });

  test("000-2.33 a route whose type contains 'landing' is a landing", () => {
    expect(comparatorRouteData({ ...health, code: 'landing-catastrofico' }).landing).toBe(true);
    expect(comparatorRouteData({ ...health, code: 'Landing-Complementario' }).landing).toBe(true);
    expect(comparatorRouteData({ ...health, code: 'isapres' }).landing).toBe(false);
  });

  test('000-4.18 comparison is on only when the route marks compare and the item information exists', () => {
    const card = { id: 'a', isComparable: true };
    const unflagged: { id: string; isComparable?: boolean } = { id: 'b' };
    expect(comparisonOn(true, card)).toBe(true);
    // A card without the flag is comparable (the catalogue's default).
    expect(comparisonOn(true, unflagged)).toBe(true);
    expect(comparisonOn(false, card)).toBe(false);
    expect(comparisonOn(true, null)).toBe(false);
    expect(comparisonOn(true, undefined)).toBe(false);
    expect(comparisonOn(true, { isComparable: false })).toBe(false);
    expect(comparisonOn(comparatorRouteData(health).compare, card)).toBe(true);
  });
});
