import {
  CARD_WORDS,
  COLOMBIA_MODERATING_FEE_NAME,
  affinityText,
  coveragePercent,
  deductibleName,
  deductibleText,
  formatMoney,
  priceText,
  stockText,
  topText,
  visibleFeatures,
} from '../../../src/domain/results/format';
import { priceLabelText, priceSuffixText } from '../../../src/domain/results/priceWords';
import type { CardPriceBlock } from '../../../src/api/types';
import { en, es } from '../../support/words';

describe('results/format', () => {
  test("000-5.13 a top of zero shows 'Sin tope'", () => {
    expect(topText(0, es)).toBe('Sin tope');
    expect(topText(5000, es)).toBe('UF 5.000');
    expect(topText(null, es)).toBe('No informado');
  });

  test("000-5.13 a deductible of zero shows 'Sin deducible'", () => {
    expect(deductibleText(0, es)).toBe('Sin deducible');
    expect(deductibleText(10, es, 'UF')).toBe('UF 10');
    expect(deductibleText(150000, es, 'CLP')).toBe('$150.000');
  });

  test("000-5.13 no price shows 'Consultar'", () => {
    expect(priceText(undefined, es)).toBe('Consultar');
    expect(priceText(null, es)).toBe('Consultar');
    expect(priceText(0, es)).toBe('Consultar');
    expect(priceText(Number.NaN, es)).toBe('Consultar');
    expect(priceText(25990, es)).toBe('$25.990');
  });

  test("000-5.14 coverage percentages show with '%', a range 'min% - max%'", () => {
    expect(coveragePercent(80, es)).toBe('80%');
    expect(coveragePercent(12.5, es)).toBe('12,5%');
    expect(coveragePercent({ min: 60, max: 90 }, es)).toBe('60% - 90%');
    expect(coveragePercent({ min: 70, max: 70 }, es)).toBe('70%');
    expect(coveragePercent(0, es)).toBe('0%');
  });

  test("000-5.14 a negative or missing coverage shows 'No Cubre'", () => {
    expect(coveragePercent(-1, es)).toBe('No Cubre');
    expect(coveragePercent(null, es)).toBe('No Cubre');
    expect(coveragePercent(undefined, es)).toBe('No Cubre');
    expect(coveragePercent({ min: -1, max: null }, es)).toBe('No Cubre');
    expect(coveragePercent({ min: -1, max: 50 }, es)).toBe('50%');
  });

  test("000-5.15 the price label is 'Desde' unless prices are defined from the profile", () => {
    const price = (arePricesDefined: boolean) => ({ arePricesDefined }) as CardPriceBlock;
    expect(priceLabelText(price(false), es)).toBe('Desde');
    expect(priceLabelText(price(true), es)).toBe('');
    expect(priceLabelText(price(false), en)).toBe('From');
  });

  test("000-9.03 price suffix '/mes', plus ' Total' or ' p/empl' for collective", () => {
    const price = (collective: CardPriceBlock['collective']) =>
      ({ unit: { code: 'CLP' }, paymentMode: 'mensual', collective }) as CardPriceBlock;
    expect(priceSuffixText(price(null), es)).toBe('/mes');
    expect(priceSuffixText(price('total'), es)).toBe('/mes Total');
    expect(priceSuffixText(price('porEmpleado'), es)).toBe('/mes p/empl');
    expect(priceSuffixText(price(null), en)).toBe('/month');
  });

  test("000-9.05 affinity is distance × 10 with no decimals; collective uses 'para ti'", () => {
    expect(affinityText(8.66, false, es)).toBe('87%');
    expect(affinityText(8.64, false, es)).toBe('86%');
    expect(affinityText(10, false, es)).toBe('100%');
    expect(affinityText(8.7, true, es)).toBe('87% para ti');
    expect(affinityText(-0.01, false, es)).toBe('0%');
  });

  test("000-9.06 feature icons: grid 4, list 15, compact 5, then '+N'", () => {
    const list = Array.from({ length: 20 }, (_, i) => `f${i}`);
    expect(visibleFeatures(list, 'grid')).toEqual({ shown: list.slice(0, 4), more: 16, moreText: '+16' });
    expect(visibleFeatures(list, 'list')).toMatchObject({ more: 5, moreText: '+5' });
    expect(visibleFeatures(list, 'list').shown).toHaveLength(15);
    expect(visibleFeatures(list, 'compact').shown).toHaveLength(5);
    expect(visibleFeatures(list.slice(0, 4), 'grid')).toEqual({
      shown: list.slice(0, 4),
      more: 0,
      moreText: null,
    });
  });

  test("000-9.08 the new badge text is 'Producto disponible hace menos de 2 meses.'", () => {
    expect(es(CARD_WORDS.newBadge)).toBe('Producto disponible hace menos de 2 meses.');
    expect(en(CARD_WORDS.newBadge)).toBe('Available for less than 2 months.');
  });

  test('000-9.12 Chile: CLP with the es-CL locale, $ and no decimals', () => {
    expect(formatMoney(1650000, 'CLP')).toBe('$1.650.000');
    expect(formatMoney(1234.6, 'CLP')).toBe('$1.235');
    expect(formatMoney(-500, 'CLP')).toBe('-$500');
  });

  test('000-9.13 CLP and COP show no decimals, PEN 2, USD with its code, UF by name', () => {
    expect(formatMoney(1650000.4, 'COP')).toBe('$1.650.000');
    expect(formatMoney(1234.5, 'PEN')).toBe('S/ 1,234.50');
    expect(formatMoney(1234.5, 'USD')).toBe('USD 1.234,50');
    expect(formatMoney(2.345, 'UF')).toBe('UF 2,35');
    expect(formatMoney(Number.NaN, 'CLP')).toBe('');
  });

  test('000-9.13 with the UF value a UF amount is converted to whole pesos', () => {
    expect(formatMoney(2, 'UF', 39214.8)).toBe('$78.430');
    expect(priceText(1.5, es, 'UF', 39214.8)).toBe('$58.822');
    expect(formatMoney(2, 'UF', 0)).toBe('UF 2');
  });

  test('001-9.10 USD shows with its code', () => {
    expect(formatMoney(99, 'USD')).toMatch(/^USD /);
  });

  test('001-9.11 the special units USD/Año, USD/V, USD/MUNDO, USD/USA and USD/LATAM are dollars with their qualifier', () => {
    expect(formatMoney(450, 'USD/Año')).toBe('USD 450,00/Año');
    expect(formatMoney(10, 'USD/V')).toBe('USD 10,00/V');
    expect(formatMoney(10, 'USD/MUNDO')).toBe('USD 10,00/MUNDO');
    expect(formatMoney(10, 'USD/USA')).toBe('USD 10,00/USA');
    expect(formatMoney(10, 'USD/LATAM')).toBe('USD 10,00/LATAM');
  });

  test("000-9.21 a STOCK offer reads 'Quedan solo N promociones disponibles'", () => {
    expect(stockText(5, es)).toBe('Quedan solo 5 promociones disponibles');
    expect(stockText(1, es)).toBe('Queda solo 1 promoción disponible');
    expect(stockText(0, es)).toBeNull();
  });

  test("001-9.09 the deductible is called 'Copago' in Colombia", () => {
    expect(deductibleName('CO')).toBe('Copago');
    expect(deductibleName('CL')).toBe('Deducible');
    expect(COLOMBIA_MODERATING_FEE_NAME).toBe('Cuota Moderadora');
  });
});
