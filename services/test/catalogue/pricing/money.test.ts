import { formatDecimal, formatMoney, formatPrice } from '@cubre/services/catalogue/pricing/money';
import { ufToClp } from '@cubre/services/catalogue/pricing/uf';
import { UF_FALLBACK_CLP } from '@cubre/services/catalogue/reference/ufValues';

describe('money', () => {
  test('000-9.13 001-9.10 CLP: es-CL thousands dots, no decimals, symbol $', () => {
    expect(formatMoney(1_650_000, 'CLP')).toBe('$1.650.000');
    expect(formatMoney(1234.5, 'CLP')).toBe('$1.235');
    expect(formatMoney(999, 'CLP')).toBe('$999');
    expect(formatMoney(0, 'CLP')).toBe('$0');
  });

  test('000-9.13 COP: es-CO thousands dots, no decimals', () => {
    expect(formatMoney(2_500_000.4, 'COP')).toBe('$2.500.000');
  });

  test('000-9.13 PEN: two decimals', () => {
    expect(formatMoney(1234.5, 'PEN')).toBe('S/ 1,234.50');
    expect(formatMoney(80, 'PEN')).toBe('S/ 80.00');
  });

  test('001-9.10 USD shows with its code', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('USD 1.234,50');
  });

  test('001-9.11 the special units USD/Año, USD/V, USD/MUNDO, USD/USA and USD/LATAM', () => {
    expect(formatMoney(450, 'USD/Año')).toBe('USD 450,00/Año');
    expect(formatMoney(35.5, 'USD/V')).toBe('USD 35,50/V');
    expect(formatMoney(1200, 'USD/MUNDO')).toBe('USD 1.200,00/MUNDO');
    expect(formatMoney(980, 'USD/USA')).toBe('USD 980,00/USA');
    expect(formatMoney(610, 'USD/LATAM')).toBe('USD 610,00/LATAM');
  });

  test('UF amounts: whole ones bare, others with two decimals', () => {
    expect(formatMoney(5000, 'UF')).toBe('UF 5.000');
    expect(formatMoney(2.345, 'UF')).toBe('UF 2,35');
    expect(formatMoney(0.513, 'UF')).toBe('UF 0,51');
  });

  test('negative amounts carry their sign, unless they round to zero', () => {
    expect(formatMoney(-1234, 'CLP')).toBe('-$1.234');
    expect(formatMoney(-0.4, 'CLP')).toBe('$0');
    expect(() => formatMoney(Number.NaN, 'CLP')).toThrow(RangeError);
  });

  test('000-9.14 UF converts to whole pesos at the given UF value', () => {
    expect(ufToClp(1, 39485.65)).toBe(39486);
    expect(ufToClp(2.5, UF_FALLBACK_CLP)).toBe(98037);
    expect(() => ufToClp(1, 0)).toThrow(RangeError);
  });

  test('000-9.14 a UF price shown in CLP is converted at the UF value', () => {
    expect(formatPrice({ amount: 2.5, unit: 'UF', convertionTo: 'CLP' }, 39214.8)).toBe('$98.037');
    expect(formatPrice({ amount: 2.5, unit: 'UF' })).toBe('UF 2,50');
    expect(() => formatPrice({ amount: 2.5, unit: 'UF', convertionTo: 'CLP' })).toThrow(RangeError);
  });

  test("000-5.13 no price, or a price of 0, shows 'Consultar'", () => {
    expect(formatPrice({ amount: null, unit: 'CLP' })).toBe('Consultar');
    expect(formatPrice({ amount: undefined, unit: 'UF', convertionTo: 'CLP' }, 39214.8)).toBe('Consultar');
    expect(formatPrice({ amount: 0, unit: 'CLP' })).toBe('Consultar');
  });

  test('decimals in Chilean format', () => {
    expect(formatDecimal(1.3)).toBe('1,3');
    expect(formatDecimal(1.3, 2, true)).toBe('1,30');
    expect(formatDecimal(12345.678, 1)).toBe('12.345,7');
  });
});
