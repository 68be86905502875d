import { cardFieldErrors, majorAmount, majorText, tokenBody } from '../../../src/domain/purchase/cardForm';

describe('the card form of the payment step (issue 14)', () => {
  test("the tokenizer's body carries the card and the sale's amount in major units", () => {
    expect(
      tokenBody(
        {
          name: ' Ana Pérez ',
          number: '5451 9515-7492 5480',
          expiryMonth: '12',
          expiryYear: '30',
          cvv: '123',
        },
        { amount: 152722, currency: 'CLP' },
      ),
    ).toEqual({
      card: {
        name: 'Ana Pérez',
        number: '5451951574925480',
        expiryMonth: '12',
        expiryYear: '30',
        cvv: '123',
      },
      totalAmount: '152722',
      currency: 'CLP',
    });
  });

  test('minor units become the currency major units (ISO 4217: CLP none, PEN, COP and USD two)', () => {
    expect(majorText({ amount: 29965, currency: 'CLP' })).toBe('29965');
    expect(majorText({ amount: 1234, currency: 'PEN' })).toBe('12.34');
    expect(majorText({ amount: 5, currency: 'USD' })).toBe('0.05');
    expect(majorText({ amount: 100000, currency: 'COP' })).toBe('1000.00');
    expect(majorAmount({ amount: 1234, currency: 'PEN' })).toBe(12.34);
  });

  test("002-8.15 a tokenizer refusal's field errors go beside the form's fields, the others with its header", () => {
    expect(
      cardFieldErrors([
        { field: 'card.number', message: 'número inválido' },
        { field: 'card.securityCode', message: 'código requerido' },
        { field: 'card.expiryMonth', message: 'tarjeta vencida' },
        { field: 'card.expiryMonth', message: 'mes inválido' },
        { field: 'card.expiryYear', message: 'año inválido' },
        { field: 'card.holderName', message: 'titular requerido' },
        { field: 'totalAmount', message: 'monto no numérico' },
      ]),
    ).toEqual({
      byField: {
        number: 'número inválido',
        cvv: 'código requerido',
        expiryMonth: 'tarjeta vencida',
        expiryYear: 'año inválido',
        name: 'titular requerido',
      },
      other: ['monto no numérico'],
    });
  });
});
