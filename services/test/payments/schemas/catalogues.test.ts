import {
  ONE_TIME_METHODS,
  PAYMENT_FLOW_OPTIONS,
  PERIODICITY_MONTHS,
  PROVIDER_NUMERIC_IDS,
  SUBSCRIPTION_METHODS,
  billingPaymentStateSchema,
  cardTypeSchema,
  defaultOneTimeProvider,
  paymentMethodSchema,
  paymentProviderSchema,
  paymentStateSchema,
  periodicitySchema,
  recurrentPaymentStateSchema,
  saleStateSchema,
  subscriptionStatusSchema,
} from '@cubre/schemas/payments/catalogues';

describe('payment vocabularies of 002', () => {
  test('002-3.30 sale states are exactly the seed\u2019s eight', () => {
    expect(saleStateSchema.options).toEqual([
      'OK',
      'FAIL',
      'PENDING',
      'SUBS_CANCELLED_SUCCESS_PAYMENT',
      'SUBS_CANCELLED_WITHOUT_PAYMENT',
      'PENDING_CANCELLATION',
      'OVERDUE',
      'CANCELLATION_REQUEST',
    ]);
    expect(saleStateSchema.safeParse('PAID').success).toBe(false);
  });

  test('002-3.31 payment states are exactly OK, FAIL, REFUND, REQUEST_REFUND, VOID, DECLINED, PENDING', () => {
    expect(paymentStateSchema.options).toEqual([
      'OK',
      'FAIL',
      'REFUND',
      'REQUEST_REFUND',
      'VOID',
      'DECLINED',
      'PENDING',
    ]);
    expect(paymentStateSchema.safeParse('ok').success).toBe(false);
  });

  test('002-4.02 002-4.03 002-4.07 subscription, recurrent and billing payment states', () => {
    expect(subscriptionStatusSchema.options).toEqual(['SUCCESS', 'DECLINED', 'PENDING']);
    expect(recurrentPaymentStateSchema.options).toEqual(['scheduled', 'processed', 'recycling', 'cancelled']);
    expect(billingPaymentStateSchema.options).toEqual(['PENDING', 'LATE', 'PARTIAL', 'PAID', 'NA']);
  });

  test('002-4.10 payment methods are exactly t, tdd, tdc, transfer, transfer_non_automated, no_payment, tdc-token', () => {
    expect(paymentMethodSchema.options).toEqual([
      't',
      'tdd',
      'tdc',
      'transfer',
      'transfer_non_automated',
      'no_payment',
      'tdc-token',
    ]);
  });

  test('002-4.11 002-4.12 002-4.13 one-time and subscription flows and their extra options', () => {
    expect([...ONE_TIME_METHODS]).toEqual([
      't',
      'tdc',
      'tdd',
      'transfer',
      'transfer_non_automated',
      'no_payment',
    ]);
    expect([...SUBSCRIPTION_METHODS]).toEqual(['t', 'tdc-token', 'tdc', 'tdd']);
    expect([...PAYMENT_FLOW_OPTIONS]).toEqual(['deferred', 'changeDate', 'requestRefund']);
  });

  test('002-4.14 providers, with kushki_ad as numeric id 40', () => {
    expect(paymentProviderSchema.options).toEqual([
      'kushki',
      'linkify',
      'linkify_qps',
      'queplan',
      'queseguro',
      'transbank',
      'mercadopago',
      'kushki_ad',
    ]);
    expect(PROVIDER_NUMERIC_IDS).toEqual({ kushki_ad: 40 });
  });

  test('002-4.15 one-time defaults: transfer through linkify, card and debit through kushki_ad', () => {
    expect(defaultOneTimeProvider('transfer')).toBe('linkify');
    expect(defaultOneTimeProvider('tdc')).toBe('kushki_ad');
    expect(defaultOneTimeProvider('tdd')).toBe('kushki_ad');
    expect(defaultOneTimeProvider('t')).toBe('kushki_ad');
    expect(defaultOneTimeProvider('no_payment')).toBeUndefined();
    expect(defaultOneTimeProvider('transfer_non_automated')).toBeUndefined();
  });

  test('002-4.16 card types are debit, credit, credit_card, debit_card', () => {
    expect(cardTypeSchema.options).toEqual(['debit', 'credit', 'credit_card', 'debit_card']);
  });

  test('002-9.03 periodicities are 1, 2, 3, 4, 6 and 12 months', () => {
    expect([...PERIODICITY_MONTHS]).toEqual([1, 2, 3, 4, 6, 12]);
    for (const months of PERIODICITY_MONTHS) expect(periodicitySchema.parse(months)).toBe(months);
    for (const months of [0, 5, 7, 24, '1']) expect(periodicitySchema.safeParse(months).success).toBe(false);
  });
});
