import {
  LANGS,
  PAYMENT_ERROR_CATALOGUE,
  UNKNOWN_PAYMENT_ERROR,
  entryFor,
  headerFor,
  messageFor,
} from '@cubre/schemas/payments/errorCatalogue';

const codes = (from: number, to: number): string[] =>
  PAYMENT_ERROR_CATALOGUE.map((entry) => entry.code).filter(
    (code) => /^\d+$/.test(code) && +code >= from && +code <= to,
  );

describe('payment error catalogue (002 §8)', () => {
  test('002-8.07 every named provider code has a Spanish message', () => {
    const named = [
      '1000',
      '2002',
      '2004',
      '2006',
      '2062',
      '3006',
      '2007',
      '2009',
      '2034',
      '2059',
      '2067',
      '2072',
    ];
    const more = ['2077', '2123', '2131', '2198', '6033', '7523', '4292'];
    for (const code of [...named, ...more]) expect(entryFor(code)?.kind).toBe('provider');
    expect(messageFor('2006', 'es')).toBe('El token de la tarjeta no es válido.');
    expect(messageFor('2062')).toBe(messageFor('3006'));
    expect(messageFor('2007')).toMatch(/servicio de tarjetas/);
    expect(messageFor('4292')).toMatch(/Idempotency-Key/);
    expect(messageFor('7523')).toMatch(/fecha de vencimiento/);
    expect(messageFor(2072)).toBe('El monto no es válido.');
  });

  test('002-8.08 codes 3000-3031 report missing or invalid card data, under the header Datos Inválidos', () => {
    const card = codes(3000, 3031);
    expect(card).toEqual(
      expect.arrayContaining(['3000', '3003', '3012', '3013', '3015', '3016', '3021', '3022', '3031']),
    );
    for (const code of card) {
      expect(headerFor(code, 'es')).toBe('Datos Inválidos');
      expect(entryFor(code)?.advice).toBe('check_data');
    }
    expect(messageFor('3000')).toMatch(/titular/);
    expect(messageFor('3013')).toMatch(/código de seguridad/);
    expect(messageFor('3015')).toMatch(/número de tarjeta/);
    expect(messageFor('3024')).toMatch(/reembolsos parciales/);
  });

  test('002-8.09 codes 4000-4050 report empty or non-numeric fields, a fee above the amount, a negative fee, a bad e-mail', () => {
    expect(codes(4000, 4050).length).toBeGreaterThanOrEqual(29);
    expect(messageFor('4003')).toBe('El monto debe ser numérico.');
    expect(messageFor('4005')).toBe('El número de cuotas debe ser numérico.');
    expect(messageFor('4020')).toMatch(/URL de notificación/);
    expect(messageFor('4038')).toBe('La comisión no puede ser mayor que el monto.');
    expect(messageFor('4039')).toBe('La comisión no puede ser negativa.');
    expect(messageFor('4050')).toBe('El correo del pagador no es válido.');
    expect(headerFor('4050')).toBe('Datos Inválidos');
  });

  test('002-8.10 the second code table gives the same messages: one table, each code once', () => {
    const all = PAYMENT_ERROR_CATALOGUE.map((entry) => entry.code);
    expect(new Set(all).size).toBe(all.length);
  });

  test('002-8.11 every rejection reason resolves, with or without the cc_rejected_ prefix', () => {
    const reasons = [
      'bank_error',
      'cc_rejected_3ds_mandatory',
      'bad_filled_card_number',
      'bad_filled_date',
      'bad_filled_other',
      'bad_filled_security_code',
      'blacklist',
      'call_for_authorize',
      'card_disabled',
      'card_error',
      'duplicated_payment',
      'high_risk',
      'insufficient_amount',
      'invalid_installments',
      'max_attempts',
      'other_reason',
      'cc_amount_rate_limit_exceeded',
      'rejected_insufficient_data',
      'rejected_by_bank',
      'rejected_by_regulations',
    ];
    for (const reason of reasons) expect(entryFor(reason)?.kind).toBe('rejection');
    expect(messageFor('cc_rejected_insufficient_amount')).toBe(messageFor('insufficient_amount'));
    expect(messageFor('cc_rejected_bad_filled_security_code')).toBe('Revisa el código de seguridad.');
    expect(headerFor('bad_filled_date')).toBe('Datos Inválidos');
    expect(headerFor('insufficient_amount')).toBe('Pago rechazado');
  });

  test('002-8.12 one variant of the high-risk rejection suggests paying in cash', () => {
    expect(messageFor('high_risk')).not.toMatch(/efectivo/);
    expect(messageFor('high_risk_cash')).toMatch(/efectivo/);
    expect(messageFor('high_risk_cash', 'en')).toMatch(/cash/);
    expect(messageFor('high_risk_cash', 'pt')).toMatch(/dinheiro/);
  });

  test('002-8.13 processor codes K505, K322, K027, K017, K011, K004 and 577 all advise trying again or another method', () => {
    for (const code of ['K505', 'K322', 'K027', 'K017', 'K011', 'K004', '577']) {
      expect(entryFor(code)).toMatchObject({ kind: 'processor', advice: 'retry_or_other_method' });
      expect(messageFor(code, 'es')).toMatch(/Intenta nuevamente o usa otro medio de pago\.$/);
      expect(messageFor(code, 'en')).toMatch(/Try again or use another payment method\.$/);
      expect(messageFor(code, 'pt')).toMatch(/Tente novamente ou use outro meio de pagamento\.$/);
    }
    expect(messageFor('K017')).toMatch(/vencida/);
    expect(messageFor('K322')).toMatch(/seguridad/);
  });

  test('002-8.14 about 30 processor text reasons map to Spanish messages to retry, check data or call the bank', () => {
    const reasons = PAYMENT_ERROR_CATALOGUE.filter(
      (entry) => entry.kind === 'processor' && !/^(K\d+|\d+)$/.test(entry.code),
    );
    expect(reasons.length).toBeGreaterThanOrEqual(30);
    const named = [
      'suspected_fraud',
      'insufficient_funds',
      'restricted_card',
      'invalid_card_number',
      'invalid_account',
    ];
    const more = [
      'stolen_card',
      'do_not_honor',
      'cvv_failure',
      'expired_card',
      'closed_account',
      'exceeds_amount_limit',
    ];
    for (const code of [
      ...named,
      ...more,
      'issuer_unavailable',
      'pin_tries_exceeded',
      'security_violation',
    ]) {
      expect(entryFor(code)?.kind).toBe('processor');
    }
    expect(entryFor('insufficient_funds')?.advice).toBe('call_bank');
    expect(messageFor('insufficient_funds')).toMatch(/banco/);
    expect(entryFor('cvv_failure')?.advice).toBe('check_data');
    expect(entryFor('issuer_unavailable')?.advice).toBe('retry_or_other_method');
    expect(new Set(reasons.map((entry) => entry.advice))).toEqual(
      new Set(['retry_or_other_method', 'check_data', 'call_bank']),
    );
  });

  test('002-8.15 invalid-data payment errors carry the header Datos Inválidos in Spanish, and a translation', () => {
    expect(headerFor('3016', 'es')).toBe('Datos Inválidos');
    expect(headerFor('3016', 'en')).toBe('Invalid data');
    expect(headerFor('3016', 'pt')).toBe('Dados inválidos');
    expect(headerFor('K505', 'es')).not.toBe('Datos Inválidos');
  });

  test('every entry has a non-empty message in es, en and pt; an unknown code falls back, never blank', () => {
    for (const entry of PAYMENT_ERROR_CATALOGUE) {
      for (const lang of LANGS) expect(entry[lang].length).toBeGreaterThan(10);
      expect(entry.es).not.toBe(entry.en);
    }
    expect(messageFor('no-such-code', 'pt')).toBe(UNKNOWN_PAYMENT_ERROR.pt);
    expect(headerFor('no-such-code', 'es')).toBe('No pudimos procesar el pago');
  });
});
