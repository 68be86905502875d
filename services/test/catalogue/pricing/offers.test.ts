import { Offer } from '@cubre/schemas/catalogue/offer';
import {
  applyDiscount,
  giftCardText,
  GIFT_CARD_VALUE_CLP,
  isOfferExhausted,
  ParceledDiscount,
  parceledPrices,
  stockOfferText,
} from '@cubre/services/catalogue/pricing/offers';
import { complementaryPayment } from '@cubre/services/catalogue/pricing/coverageRequirement';

describe('offers', () => {
  test('000-3.12 a discount takes a percent or an amount off', () => {
    expect(applyDiscount(40_000, { unitCode: 'PERCENT', amount: 15 })).toBe(34_000);
    expect(applyDiscount(40_000, { unitCode: 'AMOUNT', amount: 5_000 })).toBe(35_000);
    expect(applyDiscount(1.2, { unitCode: 'AMOUNT', amount: 0.2 })).toBeCloseTo(1.0, 12);
  });

  test('000-5.28 a discount never takes a price below 0', () => {
    expect(applyDiscount(4_000, { unitCode: 'AMOUNT', amount: 5_000 })).toBe(0);
    expect(applyDiscount(4_000, { unitCode: 'PERCENT', amount: 120 })).toBe(0);
    expect(() => applyDiscount(4_000, { unitCode: 'AMOUNT', amount: -1 })).toThrow(RangeError);
  });

  test("000-3.12 parceled discounts are 'count;value' strings, each priced in the discount's unit", () => {
    const offer = Offer.parse({
      type: 'DISCOUNT',
      unitCode: 'PERCENT',
      amount: 10,
      parceledDiscounts: ['3;50', '6;20'],
    });
    if (offer.type !== 'DISCOUNT') throw new Error('a discount');
    expect(parceledPrices(30_000, offer)).toEqual([
      { instalments: 3, value: 50, price: 15_000 },
      { instalments: 6, value: 20, price: 24_000 },
    ]);
    expect(parceledPrices(30_000, { unitCode: 'AMOUNT', parceledDiscounts: ['2;40000'] })).toEqual([
      { instalments: 2, value: 40_000, price: 0 },
    ]);
    expect(parceledPrices(30_000, { unitCode: 'PERCENT', parceledDiscounts: [] })).toEqual([]);
  });

  test('000-3.12 a malformed parceled discount is refused with its expected shape', () => {
    const parsed = ParceledDiscount.safeParse('3-50');
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(
      'un descuento en cuotas se escribe "cuotas;valor", por ejemplo "3;20"',
    );
    expect(ParceledDiscount.safeParse('0;50').success).toBe(false);
    expect(ParceledDiscount.parse(' 12;7,5 ')).toEqual({ instalments: 12, value: 7.5 });
  });

  test('000-3.11 an offer count of 0 means the Cyber promotion is exhausted', () => {
    expect(isOfferExhausted(Offer.parse({ type: 'STOCK', count: 0 }))).toBe(true);
    expect(isOfferExhausted(Offer.parse({ type: 'STOCK', count: 4 }))).toBe(false);
    expect(isOfferExhausted(Offer.parse({ type: 'DISCOUNT', unitCode: 'PERCENT', amount: 10 }))).toBe(false);
  });

  test("000-9.21 a STOCK offer reads 'Quedan solo N promociones disponibles'", () => {
    expect(stockOfferText(5)).toBe('Quedan solo 5 promociones disponibles');
    expect(stockOfferText(1)).toBe('Queda solo 1 promoción disponible');
    expect(stockOfferText(0)).toBeNull();
  });

  test('000-9.20 a GIFTCARD offer is worth 20,000 pesos', () => {
    expect(GIFT_CARD_VALUE_CLP).toBe(20_000);
    expect(giftCardText()).toBe('Gift card de $20.000');
    const giftCard = Offer.parse({ type: 'GIFTCARD' });
    if (giftCard.type !== 'GIFTCARD') throw new Error('a gift card');
    expect(giftCardText(giftCard)).toBe('Gift card de $20.000');
  });
});

describe('000-5.11 coverage requirement of a complementary product', () => {
  const requirement = { value: 50, unit: '%' as const };

  test('the health system covering at least the threshold: the product covers its percent of the rest', () => {
    expect(
      complementaryPayment({ expense: 1_000_000, previsionPaid: 600_000, requirement, productPercent: 80 }),
    ).toEqual({
      previsionCounted: 600_000,
      productPays: 320_000,
      visitorPays: 80_000,
      covered: true,
    });
  });

  test('the health system covering less than the threshold: the product covers as if it were met', () => {
    expect(
      complementaryPayment({ expense: 1_000_000, previsionPaid: 200_000, requirement, productPercent: 80 }),
    ).toEqual({
      previsionCounted: 500_000,
      productPays: 400_000,
      visitorPays: 400_000,
      covered: true,
    });
  });

  test('the health system not covering: the product does not cover', () => {
    expect(
      complementaryPayment({ expense: 1_000_000, previsionPaid: 0, requirement, productPercent: 80 }),
    ).toEqual({
      previsionCounted: 0,
      productPays: 0,
      visitorPays: 1_000_000,
      covered: false,
    });
  });

  test('an amount threshold is in the expense currency', () => {
    const payment = complementaryPayment({
      expense: 100,
      previsionPaid: 10,
      requirement: { value: 40, unit: 'UF' as const },
      productPercent: 100,
    });
    expect(payment).toMatchObject({ previsionCounted: 40, productPays: 60, visitorPays: 30 });
  });

  test('refuses negative amounts and a percent above 100', () => {
    expect(() =>
      complementaryPayment({ expense: -1, previsionPaid: 0, requirement, productPercent: 80 }),
    ).toThrow(RangeError);
    expect(() =>
      complementaryPayment({ expense: 1, previsionPaid: 0, requirement, productPercent: 101 }),
    ).toThrow(RangeError);
  });
});
