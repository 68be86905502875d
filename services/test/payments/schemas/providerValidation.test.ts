import { validateProviderRequest, type ProviderRequest } from '@cubre/schemas/payments/providerValidation';

const today = { year: 2026, month: 11 };
const valid: ProviderRequest = {
  card: {
    number: '5451951574925480',
    securityCode: '123',
    expiryMonth: '12',
    expiryYear: '28',
    holderName: 'Ana Pérez',
  },
  payer: { documentType: 'RUT', documentNumber: '11.111.111-1', email: 'ana@example.cl' },
  notificationUrl: 'https://cubre.example/api/payments/notifications',
  amount: 15990,
  installments: 1,
  applicationFee: 320,
};
const rulesOf = (input: ProviderRequest): string[] =>
  validateProviderRequest(input, today).map((issue) => `${issue.field}:${issue.rule}`);

describe('provider validation rules (002 §5) before any provider call', () => {
  test('a complete request passes', () => {
    expect(validateProviderRequest(valid, today)).toEqual([]);
  });

  test('002-5.16 card number length: 13 to 19 digits', () => {
    expect(rulesOf({ ...valid, card: { ...valid.card, number: '545195157492' } })).toEqual([
      'card.number:card_number_length',
    ]);
    expect(rulesOf({ ...valid, card: { ...valid.card, number: '54519515749254801234' } })).toEqual([
      'card.number:card_number_length',
    ]);
    expect(rulesOf({ ...valid, card: { ...valid.card, number: '5451 9515 7492 5480' } })).toEqual([]);
    const [issue] = validateProviderRequest({ ...valid, card: { ...valid.card, number: '' } }, today);
    expect(issue).toEqual({
      field: 'card.number',
      rule: 'card_number_length',
      code: '3015',
      message: 'El largo del número de tarjeta no es válido.',
      header: 'Datos Inválidos',
    });
  });

  test('002-5.16 security code required, 3 digits (4 for American Express)', () => {
    expect(rulesOf({ ...valid, card: { ...valid.card, securityCode: '' } })).toEqual([
      'card.securityCode:security_code_required',
    ]);
    expect(rulesOf({ ...valid, card: { ...valid.card, securityCode: '12' } })).toEqual([
      'card.securityCode:security_code_length',
    ]);
    const amex = { ...valid.card, number: '370000000002032' };
    expect(rulesOf({ ...valid, card: { ...amex, securityCode: '1234' } })).toEqual([]);
    expect(rulesOf({ ...valid, card: { ...amex, securityCode: '123' } })).toEqual([
      'card.securityCode:security_code_length',
    ]);
  });

  test('002-5.16 expiry month and year required and valid, and not in the past', () => {
    expect(rulesOf({ ...valid, card: { ...valid.card, expiryMonth: undefined, expiryYear: '' } })).toEqual([
      'card.expiryMonth:expiry_month_required',
      'card.expiryYear:expiry_year_required',
    ]);
    expect(rulesOf({ ...valid, card: { ...valid.card, expiryMonth: '13' } })).toEqual([
      'card.expiryMonth:expiry_month_invalid',
    ]);
    expect(rulesOf({ ...valid, card: { ...valid.card, expiryYear: '2025' } })).toEqual([
      'card.expiryYear:expiry_year_invalid',
    ]);
    expect(rulesOf({ ...valid, card: { ...valid.card, expiryMonth: '10', expiryYear: '26' } })).toEqual([
      'card.expiryMonth:card_expired',
    ]);
    expect(rulesOf({ ...valid, card: { ...valid.card, expiryMonth: '11', expiryYear: '2026' } })).toEqual([]);
  });

  test('002-5.17 holder name, document type and number required; payer e-mail valid', () => {
    const issues = validateProviderRequest(
      {
        ...valid,
        card: { ...valid.card, holderName: '  ' },
        payer: { documentType: '', documentNumber: undefined, email: 'ana@example' },
      },
      today,
    );
    expect(issues.map((issue) => [issue.field, issue.rule, issue.code])).toEqual([
      ['card.holderName', 'holder_name_required', '3020'],
      ['payer.documentType', 'document_type_required', '3022'],
      ['payer.documentNumber', 'document_number_required', '3021'],
      ['payer.email', 'payer_email_invalid', '4050'],
    ]);
    expect(rulesOf({ ...valid, payer: { ...valid.payer, email: `${'a'.repeat(65)}@example.cl` } })).toEqual([
      'payer.email:payer_email_invalid',
    ]);
  });

  test('002-5.18 the notification URL must start with https', () => {
    expect(rulesOf({ ...valid, notificationUrl: 'http://cubre.example/hook' })).toEqual([
      'notificationUrl:notification_url_https',
    ]);
    expect(validateProviderRequest({ ...valid, notificationUrl: 'ftp://x' }, today, 'en')[0]?.message).toBe(
      'The notification URL is not valid.',
    );
  });

  test('002-5.19 amount and instalments required and numeric', () => {
    expect(rulesOf({ ...valid, amount: undefined, installments: '' })).toEqual([
      'amount:amount_required',
      'installments:installments_required',
    ]);
    expect(
      rulesOf({ ...valid, amount: '15.990,5', installments: 'tres', applicationFee: undefined }),
    ).toEqual(['amount:amount_numeric', 'installments:installments_numeric']);
    expect(rulesOf({ ...valid, amount: '15990', installments: '3' })).toEqual([]);
  });

  test('002-5.20 the application fee cannot exceed the amount or be negative', () => {
    expect(rulesOf({ ...valid, applicationFee: 15991 })).toEqual([
      'applicationFee:application_fee_above_amount',
    ]);
    expect(rulesOf({ ...valid, applicationFee: -1 })).toEqual(['applicationFee:application_fee_negative']);
    expect(rulesOf({ ...valid, applicationFee: 15990 })).toEqual([]);
    expect(rulesOf({ ...valid, applicationFee: 0 })).toEqual([]);
  });

  test('a request without card data (a token already made in the browser) checks only the payer and amounts', () => {
    const { card: _card, ...tokenised } = valid;
    expect(validateProviderRequest(tokenised, today)).toEqual([]);
  });
});
