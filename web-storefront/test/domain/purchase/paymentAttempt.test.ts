import {
  attemptAfter,
  attemptFor,
  endOfPayment,
  type PaymentAttempt,
} from '../../../src/domain/purchase/paymentAttempt';

const keys = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('one Idempotency-Key per payment attempt (issue 14)', () => {
  test('a first click makes a key; a retry of the same attempt sends the same key and token', () => {
    const next = keys();
    const first = attemptFor(null, next);
    expect(first).toEqual({ key: 'key-1', token: null });
    const tokenized: PaymentAttempt = { ...first, token: 'tok-1' };
    // The answer was lost (network, 5xx) or the payment is still pending: the same attempt again.
    const kept = attemptAfter(tokenized, 'unknown');
    expect(attemptFor(kept, next)).toEqual({ key: 'key-1', token: 'tok-1' });
  });

  test('after a settled payment (declined, failed) the next card is a new attempt with a new key', () => {
    const next = keys();
    const first = { ...attemptFor(null, next), token: 'tok-1' };
    expect(attemptAfter(first, 'settled')).toBeNull();
    expect(attemptFor(attemptAfter(first, 'settled'), next)).toEqual({ key: 'key-2', token: null });
  });

  test('card data the tokenizer refused is corrected into a new attempt', () => {
    const next = keys();
    const first = attemptFor(null, next);
    expect(attemptFor(attemptAfter(first, 'card_refused'), next).key).toBe('key-2');
  });

  test("a payment's state says whether it is settled (002 §3): only PENDING is retried as it is", () => {
    expect(endOfPayment('OK')).toBe('settled');
    expect(endOfPayment('DECLINED')).toBe('settled');
    expect(endOfPayment('FAIL')).toBe('settled');
    expect(endOfPayment('PENDING')).toBe('unknown');
  });
});
