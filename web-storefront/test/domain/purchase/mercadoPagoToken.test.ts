import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import {
  brandOfInstallments,
  cardTokenBody,
  cardTokenUrl,
  installmentsUrl,
  tokenOfAnswer,
} from '../../../src/domain/purchase/mercadoPagoToken';

const CARD = {
  name: ' Ana Pérez ',
  number: '5031 7557-3453 0604',
  expiryMonth: '7',
  expiryYear: '30',
  cvv: ' 123 ',
};
const KEY = 'TEST-3812525c-f74b-4b2e-9c76-e83dc3949013';

describe("Mercado Pago's card-token API on the payment step (issue 14)", () => {
  test("the brand is asked with the card's first 8 digits and the sale's amount in major units, never the number", () => {
    const url = new URL(installmentsUrl(KEY, CARD, { amount: 12345, currency: 'PEN' }));
    expect(url.origin + url.pathname).toBe('https://api.mercadopago.com/v1/payment_methods/installments');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      public_key: KEY,
      bin: '50317557',
      amount: '123.45',
    });
    expect(url.href).not.toContain('5031755734530604');
    expect(
      new URL(installmentsUrl(KEY, CARD, { amount: 152722, currency: 'CLP' })).searchParams.get('amount'),
    ).toBe('152722');
  });

  test("the card token is Mercado Pago's body: digits only, numeric month, four-digit year, the holder", () => {
    expect(cardTokenUrl(KEY)).toBe(`https://api.mercadopago.com/v1/card_tokens?public_key=${KEY}`);
    expect(cardTokenBody(CARD)).toEqual({
      card_number: '5031755734530604',
      security_code: '123',
      expiration_month: 7,
      expiration_year: 2030,
      cardholder: { name: 'Ana Pérez' },
    });
    expect(cardTokenBody({ ...CARD, expiryYear: '2031' }).expiration_year).toBe(2031);
  });

  test("the lookup's first option gives payment_method_id and issuer_id; an empty list is a card Mercado Pago does not take", () => {
    const answer = {
      status: 200,
      body: [
        {
          payment_method_id: 'master',
          payment_type_id: 'credit_card',
          issuer: { id: 1088, name: 'Mastercard' },
          payer_costs: [],
        },
      ],
    };
    expect(brandOfInstallments(answer, 'es')).toEqual({ paymentMethodId: 'master', issuerId: '1088' });
    expect(brandOfInstallments({ status: 200, body: [] }, 'es')).toEqual({
      title: 'Pago rechazado',
      errors: [{ field: 'card.number', message: messageFor('card_not_supported', 'es') }],
    });
  });

  test("the token answer's id is the token", () => {
    expect(
      tokenOfAnswer(
        { status: 201, body: { id: 'ff8080814c11e237014c1ff593b57b4d', status: 'active' } },
        'es',
      ),
    ).toEqual({ token: 'ff8080814c11e237014c1ff593b57b4d' });
  });

  test("002-8.08 002-8.15 Mercado Pago's cause codes for bad card data read as the catalogue's words beside each field, headed 'Datos Inválidos' (es, en, pt)", () => {
    const answer = {
      status: 400,
      body: {
        message: 'invalid parameters',
        error: 'bad_request',
        status: 400,
        cause: [
          { code: 'E301', description: 'invalid length parameter cardNumber' },
          { code: 'E302', description: 'invalid length parameter securityCode' },
          { code: '325', description: "Invalid parameter 'expiration_month'." },
        ],
      },
    };
    expect(tokenOfAnswer(answer, 'es')).toEqual({
      title: 'Datos Inválidos',
      errors: [
        { field: 'card.number', message: 'El largo del número de tarjeta no es válido.' },
        { field: 'card.securityCode', message: 'El largo del código de seguridad no es válido.' },
        { field: 'card.expiryMonth', message: 'El mes de vencimiento no es válido.' },
      ],
    });
    expect(tokenOfAnswer(answer, 'en')).toMatchObject({ title: 'Invalid data' });
    expect(tokenOfAnswer(answer, 'pt')).toMatchObject({ title: 'Dados inválidos' });
  });

  test("a cause the catalogue does not list still says the card data were not taken (3031); our public key's trouble or Mercado Pago's 5xx ask to retry", () => {
    expect(tokenOfAnswer({ status: 400, body: { cause: [{ code: '999' }] } }, 'es')).toEqual({
      title: 'Datos Inválidos',
      errors: [{ field: 'mercadopago', message: messageFor('3031', 'es') }],
    });
    expect(tokenOfAnswer({ status: 400, body: { cause: [{ code: 'E501' }] } }, 'es')).toEqual({
      title: 'Pago rechazado',
      errors: [{ field: 'mercadopago', message: messageFor('system_error', 'es') }],
    });
    expect(tokenOfAnswer({ status: 503, body: null }, 'es')).toEqual({
      title: 'Pago rechazado',
      errors: [{ field: 'mercadopago', message: messageFor('processor_unreachable', 'es') }],
    });
  });
});
