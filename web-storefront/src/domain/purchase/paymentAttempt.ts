/**
 * One attempt to pay (issue 14): an Idempotency-Key made once, and the card token it pays with once the
 * tokenizer gave one. A double click or a retry of the same attempt sends the same key and token (the
 * server answers the first payment, and charges once); a new card is a new attempt with a new key (the
 * same key with another token is refused, 4292).
 */
export interface PaymentAttempt {
  key: string;
  token: string | null;
  /** What the provider's lookup said of the card with its token (Mercado Pago's brand and issuer). */
  brand?: { paymentMethodId: string; issuerId?: string } | null;
}

/** How a pay call ended, as far as the attempt is concerned. */
export type AttemptEnd =
  /** The payment is settled (approved, declined or failed): the next card is a new attempt. */
  | 'settled'
  /** The answer is unknown (network, 5xx, the payment still pending, a limit): retry the same attempt. */
  | 'unknown'
  /** The tokenizer refused the card data: no payment was asked; the corrected card is a new attempt. */
  | 'card_refused';

/** The attempt a click on Pagar uses: the one under way, or a new one. */
export const attemptFor = (current: PaymentAttempt | null, newKey: () => string): PaymentAttempt =>
  current ?? { key: newKey(), token: null };

/** The attempt to keep once a pay call ended: only an unknown end is retried with the same key. */
export const attemptAfter = (attempt: PaymentAttempt, end: AttemptEnd): PaymentAttempt | null =>
  end === 'unknown' ? attempt : null;

/** A payment's state (002 §3) as an attempt's end. */
export const endOfPayment = (state: string): AttemptEnd => (state === 'PENDING' ? 'unknown' : 'settled');
