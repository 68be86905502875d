/**
 * The subscription vocabularies (issue 15, seed 002 §3, §4) as plain lists without zod, so the console
 * imports them at no cost (events.ts builds its zod enums on them).
 */

/** 002-4.02 */
export const SUBSCRIPTION_STATUSES = ['SUCCESS', 'DECLINED', 'PENDING'] as const;
/** 002-4.03 */
export const RECURRENT_PAYMENT_STATES = ['scheduled', 'processed', 'recycling', 'cancelled'] as const;

/**
 * Where a subscription is in its life, beside its charge status: active, a cancellation asked for (the
 * sale's CANCELLATION_REQUEST), cancelling after one final payment (PENDING_CANCELLATION), cancelled.
 */
export const SUBSCRIPTION_LIFECYCLES = [
  'active',
  'cancellation_requested',
  'pending_cancellation',
  'cancelled',
] as const;

/** How a sale is paid: once, or every month by a subscription (the storefront's "Pago único" / "Suscripción mensual"). */
export const BILLING_CHOICES = ['one_time', 'monthly_subscription'] as const;

/**
 * A decline the card may recover from by itself (insufficient funds, the processor unavailable: retried
 * often) or one it will not (blocked, stolen, invalid card: retried rarely). services/src/subscriptions/
 * README.md gives the classification and the retry schedules.
 */
export const DECLINE_KINDS = ['soft', 'hard'] as const;

/** 002-3.24: why staff force a charge (the seed's forced-charge reasons). */
export const FORCED_CHARGE_REASONS = [
  'retry_failed_charges',
  'product_price_error',
  'no_card_balance',
] as const;

/** How a subscription ended: after its final payment, or without one (002-3.30's two SUBS_CANCELLED states). */
export const CANCELLATION_OUTCOMES = ['success_payment', 'without_payment'] as const;
/**
 * Why it ended: staff or the buyer asked, the charge retries ran out, or the provider ended its own
 * subscription (the buyer cancelled it in their Mercado Pago account, or Mercado Pago did).
 */
export const CANCELLATION_CAUSES = ['requested', 'retries_exhausted', 'provider_cancelled'] as const;
