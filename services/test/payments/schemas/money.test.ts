import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CURRENCIES_BY_COUNTRY,
  MINOR_UNIT_DIGITS,
  fromMajor,
  money,
  toMajorNumber,
  toMajorString,
  ufToClp,
} from '@cubre/schemas/payments/money';
import { TAX_ON_FEE_RATE, TRANSACTION_FEE_RATE, transactionFee } from '@cubre/schemas/payments/fees';

describe('money in integer minor units (ISO 4217)', () => {
  test('002-3.15 currencies by country: CLP for Chile, PEN and USD for Peru, COP for Colombia', () => {
    expect(CURRENCIES_BY_COUNTRY).toEqual({ CL: ['CLP'], PE: ['PEN', 'USD'], CO: ['COP'] });
  });

  test('CLP has no decimals; COP, PEN and USD have two', () => {
    expect(MINOR_UNIT_DIGITS).toEqual({ CLP: 0, COP: 2, PEN: 2, USD: 2 });
    expect(fromMajor('15990', 'CLP')).toEqual({ amount: 15990, currency: 'CLP' });
    expect(fromMajor('12.34', 'PEN')).toEqual({ amount: 1234, currency: 'PEN' });
    expect(fromMajor('0.1', 'USD')).toEqual({ amount: 10, currency: 'USD' });
    expect(fromMajor(49900.5, 'COP')).toEqual({ amount: 4990050, currency: 'COP' });
    expect(toMajorString(money(1234, 'PEN'))).toBe('12.34');
    expect(toMajorString(money(5, 'USD'))).toBe('0.05');
    expect(toMajorString(money(15990, 'CLP'))).toBe('15990');
    expect(toMajorNumber(money(1999, 'USD'))).toBe(19.99);
  });

  test('more decimals than the currency has, a negative or a fractional minor amount is refused', () => {
    expect(() => fromMajor('100.5', 'CLP')).toThrow(/CLP has 0 decimal digits/);
    expect(() => fromMajor('1.234', 'USD')).toThrow(/USD has 2/);
    expect(() => fromMajor('-1', 'USD')).toThrow(/non-negative/);
    expect(() => money(1.5, 'CLP')).toThrow();
    expect(() => money(-1, 'CLP')).toThrow();
  });
});

describe('UF to CLP with the day\u2019s UF value', () => {
  test('000-9.14 a UF amount converts with the given day\u2019s value; both amounts are kept, rounded half up to the peso', () => {
    // 1.5 UF × 39,214.80 = 58,822.20 → 58,822
    expect(ufToClp('1.5', '39214.8', '2025-11-26')).toEqual({
      uf: '1.5',
      ufValue: '39214.8',
      date: '2025-11-26',
      clp: { amount: 58822, currency: 'CLP' },
    });
    // 0.0125 UF × 39,214.80 = 490.185 → 490; 0.0127 × 39,214.80 = 498.028… → 498; half up: 0.5 UF × 1.01 = 0.505 → 1
    expect(ufToClp('0.0125', '39214.80', '2025-11-26').clp.amount).toBe(490);
    expect(ufToClp('0.5', '1.01', '2025-11-26').clp.amount).toBe(1);
    expect(ufToClp('0.5', '0.99', '2025-11-26').clp.amount).toBe(0);
  });

  test('000-9.14 every dated UF value of the shared data converts 1 UF to itself rounded to the peso', () => {
    const csv = readFileSync(
      // The product's own copy of the shared data (services/reference-data/SOURCES.md): the tests never read
      // outside the repository.
      resolve(__dirname, '../../../../services/reference-data/economics/uf-values.csv'),
      'utf8',
    );
    const rows = csv.trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const [date = '', value = ''] = row.split(',');
      const conversion = ufToClp('1', value, date);
      expect(conversion.clp.amount).toBe(Math.round(Number(value)));
      expect(conversion.ufValue).toBe(value);
    }
  });

  test('a UF amount with more than 4 decimals or a malformed UF value is refused', () => {
    expect(() => ufToClp('1.00001', '39214.8', '2025-11-26')).toThrow();
    expect(() => ufToClp('1', '39.214,80', '2025-11-26')).toThrow();
  });
});

describe('transaction fee', () => {
  test('002-9.01 the fee is 0.02 of the amount and the tax on the fee 0.0038 of the amount (19 % IVA of the 2 % fee), on integers', () => {
    expect(TRANSACTION_FEE_RATE).toBe(0.02);
    expect(TAX_ON_FEE_RATE).toBe(0.0038);
    expect(TRANSACTION_FEE_RATE * 0.19).toBeCloseTo(TAX_ON_FEE_RATE, 12);
    // 100,000 CLP: fee 2,000, tax 380 (19 % of the fee), total 2,380
    expect(transactionFee(money(100000, 'CLP'))).toEqual({
      amount: { amount: 100000, currency: 'CLP' },
      fee: { amount: 2000, currency: 'CLP' },
      taxOnFee: { amount: 380, currency: 'CLP' },
      feeWithTax: { amount: 2380, currency: 'CLP' },
    });
    // 12,345 USD cents: fee 246.9 → 247; tax 46.911 → 47
    const usd = transactionFee(money(12345, 'USD'));
    expect([usd.fee.amount, usd.taxOnFee.amount, usd.feeWithTax.amount]).toEqual([247, 47, 294]);
  });

  test('002-9.01 rounding is half up to the minor unit at each step', () => {
    // 25 CLP: fee 0.5 → 1; 24 CLP: fee 0.48 → 0
    expect(transactionFee(money(25, 'CLP')).fee.amount).toBe(1);
    expect(transactionFee(money(24, 'CLP')).fee.amount).toBe(0);
    // 62,500 CLP → tax 237.5 → 238; 59,199 CLP → 224.9562 → 225; 59,184 → 224.8992 → 225; 131 → 0.4978 → 0
    expect(transactionFee(money(62500, 'CLP')).taxOnFee.amount).toBe(238);
    expect(transactionFee(money(59199, 'CLP')).taxOnFee.amount).toBe(225);
    expect(transactionFee(money(131, 'CLP')).taxOnFee.amount).toBe(0);
    for (const amount of [0, 1, 99, 1000, 987654321]) {
      const { fee, taxOnFee } = transactionFee(money(amount, 'COP'));
      expect(Number.isInteger(fee.amount) && Number.isInteger(taxOnFee.amount)).toBe(true);
      expect(Math.abs(fee.amount - amount * 0.02)).toBeLessThanOrEqual(0.5);
    }
  });
});
