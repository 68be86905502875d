import { fromMajor } from '@cubre/schemas/payments/money';
import { PAYMENT_STATES, SALE_STATES } from '@cubre/schemas/payments/lists';
import { paymentStateSchema, saleStateSchema } from '@cubre/schemas/payments/catalogues';
import { AmountFilterError, amountError, amountFilterToMinor, formatMoney } from '../src/payments/amounts';
import { paymentsExportPath } from '../src/payments/exportPath';
import { TONE_COLOURS, toneOf } from '../src/payments/states';
import { textOn } from '../src/leads/colour';

describe('money in the console: shown in major units, filtered in minor units', () => {
  test('an amount shows in Chilean format per currency: CLP without decimals, the others with two', () => {
    expect(formatMoney({ amount: 152_722, currency: 'CLP' })).toBe('$152.722');
    expect(formatMoney({ amount: 0, currency: 'CLP' })).toBe('$0');
    expect(formatMoney({ amount: 1234, currency: 'USD' })).toBe('US$12,34');
    expect(formatMoney({ amount: 123_456_78, currency: 'PEN' })).toBe('PEN\u00a0123.456,78');
    expect(formatMoney({ amount: 5, currency: 'COP' })).toBe('COP\u00a00,05');
    expect(formatMoney({ amount: 1234, currency: 'USD' }, 'en-US')).toBe('$12.34');
  });

  test('an amount typed in major units becomes the minor-unit filter in its currency (CLP unless chosen)', () => {
    expect(amountFilterToMinor({ state: 'OK', amount_gte: 150000 })).toEqual({
      state: 'OK',
      currency: 'CLP',
      amountMinor_gte: 150_000,
    });
    expect(amountFilterToMinor({ currency: 'USD', amount_gte: 12.34, amount_lte: '100' })).toEqual({
      currency: 'USD',
      amountMinor_gte: 1234,
      amountMinor_lte: 10_000,
    });
    expect(amountFilterToMinor({ currency: 'PEN', amount_lte: '9,5' })).toEqual({
      currency: 'PEN',
      amountMinor_lte: 950,
    });
    // The same number the server's own conversion gives (schemas/src/payments/money.ts).
    expect(amountFilterToMinor({ currency: 'COP', amount_gte: 0.1 }).amountMinor_gte).toBe(
      fromMajor('0.1', 'COP').amount,
    );
  });

  test('without an amount the filter passes unchanged, a chosen currency included; blanks are no filter', () => {
    expect(amountFilterToMinor({ state: 'FAIL' })).toEqual({ state: 'FAIL' });
    expect(amountFilterToMinor({ currency: 'USD' })).toEqual({ currency: 'USD' });
    expect(amountFilterToMinor({ amount_gte: '', amount_lte: null })).toEqual({});
  });

  test('an amount the currency cannot hold is refused, not rounded', () => {
    expect(() => amountFilterToMinor({ amount_gte: 10.5 })).toThrow(AmountFilterError);
    expect(() => amountFilterToMinor({ amount_gte: 10.5 })).toThrow('cubre.payments.filter.amount_whole');
    expect(() => amountFilterToMinor({ currency: 'USD', amount_lte: 1.005 })).toThrow(
      'cubre.payments.filter.amount_decimals',
    );
    expect(() => amountFilterToMinor({ currency: 'USD', amount_lte: -3 })).toThrow(AmountFilterError);
    expect(() => amountFilterToMinor({ amount_gte: 'mil' })).toThrow(AmountFilterError);
    // The filter form says so on the input before anything is sent.
    expect(amountError(10.5, undefined)).toBe('cubre.payments.filter.amount_whole');
    expect(amountError(10.5, 'USD')).toBeUndefined();
    expect(amountError(10.555, 'PEN')).toBe('cubre.payments.filter.amount_decimals');
    expect(amountError('', 'CLP')).toBeUndefined();
  });
});

describe('states and the CSV export', () => {
  test('002-3.30 002-3.31 the filters offer exactly the seed states, and every state has a readable chip', () => {
    expect([...SALE_STATES]).toEqual(saleStateSchema.options);
    expect([...PAYMENT_STATES]).toEqual(paymentStateSchema.options);
    expect(toneOf('OK')).toBe('paid');
    expect(toneOf('FAIL')).toBe('refused');
    expect(toneOf('DECLINED')).toBe('refused');
    expect(toneOf('PENDING')).toBe('waiting');
    expect(toneOf('VOID')).toBe('returned');
    expect(toneOf('SOMETHING_NEW')).toBe('other');
    for (const colour of Object.values(TONE_COLOURS)) expect(textOn(colour)).toBeDefined();
  });

  test("the export button asks the server's file with the list's filter (amounts in minor units) and order", () => {
    const path = paymentsExportPath(
      'sales',
      { state: 'OK', amount_gte: 150000, email: 'c@example.cl' },
      { field: 'amountMinor', order: 'ASC' },
    );
    expect(path.startsWith('/sales/export?')).toBe(true);
    const query = new URLSearchParams(path.split('?')[1]);
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({
      state: 'OK',
      email: 'c@example.cl',
      currency: 'CLP',
      amountMinor_gte: 150_000,
    });
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['amountMinor', 'ASC']);
    const payments = paymentsExportPath('payments', {}, { field: 'createdAt', order: 'DESC' });
    expect(payments).toBe(
      `/payments/export?${new URLSearchParams({ filter: '{}', sort: '["createdAt","DESC"]' })}`,
    );
    // A filter amount the currency cannot hold is refused here too, never sent rounded.
    expect(() => paymentsExportPath('payments', { amount_gte: 10.5 }, { field: 'id', order: 'ASC' })).toThrow(
      AmountFilterError,
    );
  });
});
