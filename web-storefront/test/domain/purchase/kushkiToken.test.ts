import {
  cardRefusal,
  kushkiCard,
  kushkiSubscriptionTokenRequest,
  kushkiTokenOutcome,
  kushkiTokenRequest,
} from '../../../src/domain/purchase/kushkiToken';

const CARD = {
  name: ' Ana Pérez ',
  number: '5451 9515-7492 5480',
  expiryMonth: '7',
  expiryYear: '2030',
  cvv: ' 123 ',
};
const NOW = new Date(2026, 10, 26);

describe("Kushki's browser library on the payment step (issue 14)", () => {
  test('the card as kushki.js takes it: digits only, its cvc, two-digit month and year', () => {
    expect(kushkiCard(CARD)).toEqual({
      name: 'Ana Pérez',
      number: '5451951574925480',
      cvc: '123',
      expiryMonth: '07',
      expiryYear: '30',
    });
  });

  test("a one-time token is asked for the sale's amount in major units; a subscription token for no amount", () => {
    expect(kushkiTokenRequest(CARD, { amount: 152722, currency: 'CLP' })).toEqual({
      card: kushkiCard(CARD),
      amount: '152722',
      currency: 'CLP',
    });
    expect(kushkiTokenRequest(CARD, { amount: 12345, currency: 'PEN' }).amount).toBe('123.45');
    expect(kushkiSubscriptionTokenRequest(CARD, 'CLP')).toEqual({ card: kushkiCard(CARD), currency: 'CLP' });
  });

  test("Kushki's token answer is the token", () => {
    expect(kushkiTokenOutcome({ token: 'a1b2c3d4e5f6' }, 'es')).toEqual({ token: 'a1b2c3d4e5f6' });
  });

  test("002-8.15 Kushki's 017 (the card refused at tokenization) reads as the catalogue's invalid card, headed 'Datos Inválidos', beside the number", () => {
    const answer = {
      code: '017',
      message: 'Tarjeta no válida',
      error: 'Request failed with status code 400',
    };
    expect(kushkiTokenOutcome(answer, 'es')).toEqual({
      title: 'Datos Inválidos',
      errors: [
        { field: 'card.number', message: 'La tarjeta no es válida. Revisa los datos o usa otra tarjeta.' },
      ],
    });
    expect(kushkiTokenOutcome(answer, 'en')).toEqual({
      title: 'Invalid data',
      errors: [
        { field: 'card.number', message: 'The card is not valid. Check the details or use another card.' },
      ],
    });
  });

  test("002-8.13 a code the catalogue lacks (the library's own E002, Kushki's K002) reads as K505: declined, try again", () => {
    const unknown = kushkiTokenOutcome({ code: 'E002', message: 'Ha ocurrido un error inesperado.' }, 'es');
    expect(unknown).toEqual({
      title: 'Pago rechazado',
      errors: [{ field: 'kushki', message: expect.stringMatching(/^La transacción fue rechazada\./) }],
    });
    // No code and no token (a broken answer) is not a token either.
    expect(kushkiTokenOutcome({}, 'es')).toHaveProperty('errors');
    expect(kushkiTokenOutcome({ token: '' }, 'es')).toHaveProperty('errors');
  });

  test('002-5.16 the card rules run before Kushki is asked, each message beside its field', () => {
    expect(cardRefusal(CARD, 'es', NOW)).toBeNull();
    const refused = cardRefusal({ ...CARD, number: '4111', cvv: '', expiryMonth: '13' }, 'es', NOW);
    expect(refused?.title).toBe('Datos Inválidos');
    expect(refused?.errors.map((error) => error.field)).toEqual([
      'card.number',
      'card.securityCode',
      'card.expiryMonth',
    ]);
  });
});
