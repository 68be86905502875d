import type { Money } from '@cubre/schemas/payments/money';
import type { Periodicity } from '@cubre/schemas/payments/catalogues';

/**
 * The server side of a payment provider. Card data never reaches it: the browser tokenizes with the
 * provider's library (or the sandbox tokenizer) and the server sees only `token`. Every call answers a
 * `GatewayResult`: a decline is an answer, not an exception, and so is a network failure (typed, with
 * `uncertain` telling whether the provider may have acted, so the caller reconciles with `getCharge`).
 */
export type GatewayName = 'sandbox' | 'kushki' | 'mercadopago' | 'webpay_plus' | 'oneclick';

export type ChargeRequest = {
  /** Browser-made card token (Kushki, Mercado Pago, sandbox) or the Webpay transaction token to commit. */
  token: string;
  amount: Money;
  /** One charge per key: a retry with the same key and the same request answers the first result. */
  idempotencyKey: string;
  /** Our own ids (sale, payment); never card data. */
  metadata?: Record<string, string>;
  installments?: number;
  /** The card brand the provider's browser library reported (Mercado Pago's payment_method_id). */
  paymentMethodId?: string;
  /** The card's issuer the provider's browser lookup reported (Mercado Pago's issuer_id, digits). */
  issuerId?: string;
  payer?: { email?: string; documentType?: string; documentNumber?: string };
};

export type Approved = {
  outcome: 'approved';
  gateway: GatewayName;
  /** The provider's id of the charge (Kushki ticketNumber, Mercado Pago payment id, Webpay buy order). */
  chargeId: string;
  amount: Money;
  authorizationCode?: string;
  /** Our key the provider keeps with the charge (Mercado Pago's external_reference): set by status queries. */
  reference?: string;
};
export type Declined = {
  outcome: 'declined';
  gateway: GatewayName;
  /** What the provider answered, as it said it. */
  providerCode: string;
  providerMessage?: string;
  /** The 002 §8 catalogue code whose message the buyer sees (`messageFor(catalogueCode, lang)`). */
  catalogueCode: string;
  chargeId?: string;
  reference?: string;
};
export type Pending = {
  outcome: 'pending';
  gateway: GatewayName;
  chargeId: string;
  providerCode?: string;
  reference?: string;
};

export type GatewayErrorKind =
  | 'network'
  | 'timeout'
  | 'provider_unavailable'
  | 'unauthorized'
  | 'unsupported'
  | 'invalid_request'
  | 'bad_response';
export type GatewayError = {
  outcome: 'error';
  gateway: GatewayName;
  kind: GatewayErrorKind;
  /** True when the request may have reached the provider: the charge must be reconciled, not retried blind. */
  uncertain: boolean;
  detail: string;
};

export type ChargeResult = Approved | Declined | Pending | GatewayError;
/** A void or refund: approved (with the reversal's id) or declined or an error. */
export type ReversalResult =
  | { outcome: 'approved'; gateway: GatewayName; chargeId: string; reversalId?: string }
  | Declined
  | GatewayError;
/** What the provider says of a charge now (reconciliation of a payment left pending). */
export type ChargeStatus =
  | Approved
  | Declined
  | Pending
  | {
      outcome: 'reversed';
      gateway: GatewayName;
      chargeId: string;
      amount: Money;
      reversal: 'void' | 'refund';
    }
  | { outcome: 'not_found'; gateway: GatewayName }
  /** The provider offers no way to look the charge up by what we hold (gateway/README.md says why). */
  | { outcome: 'unknown'; gateway: GatewayName; detail: string }
  | GatewayError;

export type CreateSubscriptionRequest = {
  token: string;
  amount: Money;
  periodicity: Periodicity;
  /** First charge date, yyyy-mm-dd. */
  startDate: string;
  idempotencyKey: string;
  payer: { email: string; documentType?: string; documentNumber?: string; name?: string };
  metadata?: Record<string, string>;
};
export type SubscriptionResult =
  { outcome: 'approved'; gateway: GatewayName; subscriptionId: string } | Declined | GatewayError;
export type ChargeSubscriptionRequest = {
  subscriptionId: string;
  amount: Money;
  /** One key per subscription and period (STYLE.md, Kill Bill). */
  idempotencyKey: string;
  metadata?: Record<string, string>;
};

/**
 * One charge a provider made on its own schedule for a subscription (Mercado Pago's authorized payment of a
 * preapproval), as the provider reports it now. `attempt` is the provider's try of that debit (1 first, then
 * its own retries): a decline is recorded once per try, however often it is notified or asked.
 */
export type AutomaticCharge = {
  gateway: GatewayName;
  /** The provider's id of this scheduled debit (Mercado Pago's authorized payment id). */
  chargeId: string;
  /** The provider's subscription it belongs to (the preapproval id). */
  gatewaySubscriptionId: string;
  /** Our key the provider's subscription carries (the first payment's id), null when it carries none. */
  reference: string | null;
  /** The day the provider debits it (yyyy-mm-dd, as the provider writes it). */
  debitDate: string;
  attempt: number;
  amount: Money;
  /**
   * approved or declined: this try's answer; `final` when the provider gave up on this debit (no retry of its
   * own left); pending: scheduled or in process, nothing to record yet.
   */
  result: Approved | (Declined & { final: boolean; nextRetryDate: string | null }) | Pending;
};
export type AutomaticChargeStatus =
  AutomaticCharge | { outcome: 'not_found'; gateway: GatewayName } | GatewayError;

/**
 * A provider's subscription as the provider reports it now (Mercado Pago's preapproval): `active` while it
 * debits, `paused` (the buyer or the provider stopped its debits, and may resume them), `cancelled` (ended
 * for good, on the provider's side or ours), `pending` (not authorized yet).
 */
export type ProviderSubscription = {
  gateway: GatewayName;
  gatewaySubscriptionId: string;
  /** Our key the provider's subscription carries (the first payment's id), null when it carries none. */
  reference: string | null;
  status: 'active' | 'paused' | 'cancelled' | 'pending';
};
export type ProviderSubscriptionStatus =
  ProviderSubscription | { outcome: 'not_found'; gateway: GatewayName } | GatewayError;

/**
 * A provider that charges subscriptions itself (Mercado Pago): instead of charging on our dates, we ask it
 * what it charged. The sandbox, Kushki and Oneclick charge on demand and have none.
 */
export interface AutomaticSubscriptionCharges {
  /** The provider's subscription itself (a notification names it; the charge run asks it on the due date). */
  getSubscription(gatewaySubscriptionId: string): Promise<ProviderSubscriptionStatus>;
  /** One scheduled debit as the provider reports it now (a notification names it). */
  getAutomaticCharge(chargeId: string): Promise<AutomaticChargeStatus>;
  /** Every scheduled debit of the provider's subscription so far, oldest debit first (reconciliation). */
  listAutomaticCharges(gatewaySubscriptionId: string): Promise<AutomaticCharge[] | GatewayError>;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Present when the provider charges subscriptions on its own schedule (chargeSubscription then only asks). */
  readonly automaticCharges?: AutomaticSubscriptionCharges;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Cancels a charge not yet settled (same day); a refund gives money back after. */
  void(chargeId: string, idempotencyKey: string): Promise<ReversalResult>;
  refund(chargeId: string, amount: Money, idempotencyKey: string): Promise<ReversalResult>;
  getCharge(chargeId: string): Promise<ChargeStatus>;
  /**
   * What the provider did under an idempotency key (the payment's id): reconciliation asks it of a payment
   * left PENDING by a process that stopped between the provider's answer and our record of it. `not_found`
   * only when the provider is sure no charge was made under that key; `unknown` when the provider cannot be
   * asked by that key at all (never a throw).
   */
  findCharge(idempotencyKey: string): Promise<ChargeStatus>;
  /** Releases what the gateway holds open (the sandbox's journal file). */
  close?(): Promise<void>;
  createSubscription(request: CreateSubscriptionRequest): Promise<SubscriptionResult>;
  chargeSubscription(request: ChargeSubscriptionRequest): Promise<ChargeResult>;
  cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<ReversalResult>;
}

export const unsupported = (gateway: GatewayName, what: string): GatewayError => ({
  outcome: 'error',
  gateway,
  kind: 'unsupported',
  uncertain: false,
  detail: `${gateway} does not support ${what}`,
});

export const unknownByKey = (gateway: GatewayName, why: string): ChargeStatus => ({
  outcome: 'unknown',
  gateway,
  detail: why,
});
