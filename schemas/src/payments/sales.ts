import { z } from 'zod';
import { Country, type Country as CountryCode } from '../catalogue/common';
import { PriceQuote } from '../catalogue/quote';
import { eventOf } from '../events';
import {
  EmailField,
  NombreField,
  ProductCodeField,
  ProfileField,
  TelefonoField,
  identificationFieldFor,
  liftContactFields,
  optionalInput,
  requiredInput,
} from '../leads/fields';
import { PurchaseSession } from '../leads/contracting';
import {
  SUBSCRIPTION_METHODS,
  paymentMethodSchema,
  paymentProviderSchema,
  paymentStateSchema,
  saleStateSchema,
} from './catalogues';
import { billingChoiceSchema } from '../subscriptions/events';
import { moneySchema, ufConversionSchema } from './money';

/**
 * The online purchase as events (issue 14): a `Sale` (what is bought, by whom, for how much) and the
 * `Payment`s that try to pay it. Streams `sale-{saleId}` and `payment-{paymentId}`; ids are derived from
 * the purchase session and the payment's Idempotency-Key, so a retried call lands on the same stream.
 */
export const SALE_CATEGORY = 'sale';
export const PAYMENT_CATEGORY = 'payment';
export const SALES_CATEGORIES = [SALE_CATEGORY, PAYMENT_CATEGORY] as const;

export const SaleId = z.uuid({ error: 'el identificador de una venta es un UUID' });
export const PaymentId = z.uuid({ error: 'el identificador de un pago es un UUID' });

/** The one-time methods a visitor pays a purchase with online today (card and debit through kushki_ad). */
export const ONLINE_CARD_METHODS = ['tdc', 'tdd'] as const;
export const OnlineCardMethod = z.enum(ONLINE_CARD_METHODS, {
  error: `paymentMethod es uno de: ${ONLINE_CARD_METHODS.join(', ')}`,
});

/** 002-4.12: the methods a monthly subscription is paid with (t one-click is tdc-token). */
export const SubscriptionCardMethod = z.enum(SUBSCRIPTION_METHODS, {
  error: `paymentMethod es uno de: ${SUBSCRIPTION_METHODS.join(', ')}`,
});

export const SaleBuyer = z.strictObject({
  nombre: z.string(),
  rut: z.string(),
  email: z.string(),
  telefono: z.string(),
});

export const SaleStartedData = z.strictObject({
  saleId: SaleId,
  session: z.uuid(),
  country: Country,
  product: z.strictObject({
    code: z.string(),
    name: z.string(),
    organization: z.strictObject({ code: z.string(), name: z.string() }),
  }),
  buyer: SaleBuyer,
  profile: ProfileField.nullable(),
  /** The price the card showed for this profile, kept as seen. */
  quote: PriceQuote,
  /** What is charged, in the currency's minor unit (a UF price in pesos of the day: `uf` says how). */
  amount: moneySchema,
  uf: ufConversionSchema.nullable(),
  paymentMethod: paymentMethodSchema,
  provider: paymentProviderSchema,
  /** Once or monthly (issue 15); sales stored before subscriptions existed were one-time. */
  billing: billingChoiceSchema.default('one_time'),
});
export const SaleStarted = eventOf('SaleStarted', SaleStartedData);

export const SalePaymentStartedData = z.strictObject({ saleId: SaleId, paymentId: PaymentId });
export const SalePaymentStarted = eventOf('SalePaymentStarted', SalePaymentStartedData);

export const SaleCompletedData = z.strictObject({ saleId: SaleId, paymentId: PaymentId });
export const SaleCompleted = eventOf('SaleCompleted', SaleCompletedData);

export const SaleFailedData = z.strictObject({
  saleId: SaleId,
  paymentId: PaymentId,
  /** The 002 §8 catalogue code whose message the buyer saw. */
  catalogueCode: z.string().max(40),
});
export const SaleFailed = eventOf('SaleFailed', SaleFailedData);

export const PaymentRequestedData = z.strictObject({
  paymentId: PaymentId,
  saleId: SaleId,
  amount: moneySchema,
  method: paymentMethodSchema,
  provider: paymentProviderSchema,
  /** The gateway adapter that charged (sandbox, kushki, …). */
  gateway: z.string().max(40),
  /** A hash of what was asked (token, amount): the same key with another request is refused. */
  requestHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export const PaymentRequested = eventOf('PaymentRequested', PaymentRequestedData);

/**
 * A monthly sale's payment: the provider kept the card as a subscription (its id) before the first period
 * was charged (issue 15). Recorded before the charge, so reconciliation of a payment left PENDING can record
 * the Subscription once the charge turns out approved (the card token is spent by then).
 */
export const PaymentSubscriptionOpenedData = z.strictObject({
  paymentId: PaymentId,
  gatewaySubscriptionId: z.string().min(1).max(120),
});
export const PaymentSubscriptionOpened = eventOf('PaymentSubscriptionOpened', PaymentSubscriptionOpenedData);

export const PaymentApprovedData = z.strictObject({
  paymentId: PaymentId,
  chargeId: z.string().max(120),
  authorizationCode: z.string().max(40).nullable(),
});
export const PaymentApproved = eventOf('PaymentApproved', PaymentApprovedData);

export const PaymentDeclinedData = z.strictObject({
  paymentId: PaymentId,
  providerCode: z.string().max(40),
  catalogueCode: z.string().max(40),
  chargeId: z.string().max(120).nullable(),
});
export const PaymentDeclined = eventOf('PaymentDeclined', PaymentDeclinedData);

/** The provider could not be asked or did not answer sensibly, and surely did not charge. */
export const PaymentFailedData = z.strictObject({
  paymentId: PaymentId,
  kind: z.string().max(40),
  catalogueCode: z.string().max(40),
});
export const PaymentFailed = eventOf('PaymentFailed', PaymentFailedData);

/**
 * Staff reverse a paid payment (issue 14, 002-3.31's VOID, REQUEST_REFUND and REFUND): a void cancels it
 * the day it was approved, before the provider settles it; a refund gives the whole amount back after.
 * The request is recorded before the provider is asked (as a charge is), so an uncertain answer leaves it
 * requested and the same Idempotency-Key asks again; the provider's refusal puts the payment back to OK.
 */
export const REVERSAL_KINDS = ['void', 'refund'] as const;
export const ReversalKind = z.enum(REVERSAL_KINDS);
export type ReversalKind = z.infer<typeof ReversalKind>;
export const ReversalId = z.uuid();

export const PaymentReversalRequestedData = z.strictObject({
  paymentId: PaymentId,
  reversalId: ReversalId,
  kind: ReversalKind,
  amount: moneySchema,
  /** Why staff reversed it, as they wrote it (the audit shows it). */
  reason: z.string().max(500),
});
export const PaymentReversalRequested = eventOf('PaymentReversalRequested', PaymentReversalRequestedData);

export const PaymentVoidedData = z.strictObject({
  paymentId: PaymentId,
  reversalId: ReversalId,
  providerReversalId: z.string().max(120).nullable(),
});
export const PaymentVoided = eventOf('PaymentVoided', PaymentVoidedData);

export const PaymentRefundedData = PaymentVoidedData.extend({ amount: moneySchema });
export const PaymentRefunded = eventOf('PaymentRefunded', PaymentRefundedData);

/** The provider refused the reversal, or surely could not be asked: the payment is OK again. */
export const PaymentReversalRefusedData = z.strictObject({
  paymentId: PaymentId,
  reversalId: ReversalId,
  kind: ReversalKind,
  providerCode: z.string().max(40).nullable(),
  catalogueCode: z.string().max(40),
});
export const PaymentReversalRefused = eventOf('PaymentReversalRefused', PaymentReversalRefusedData);

/** Body of POST /api/admin/payments/{id}/anulaciones and …/devoluciones (with an Idempotency-Key header). */
export const ReversalBody = z.strictObject({
  reason: z
    .string({ error: 'reason es el motivo de la anulación o devolución' })
    .trim()
    .min(3, 'reason necesita al menos 3 caracteres')
    .max(500, 'reason admite a lo más 500 caracteres'),
});
export type ReversalBody = z.infer<typeof ReversalBody>;

/** Body of POST /api/compra-online/ventas for an edition (the `country` header, as the request calls). */
export const startSaleBody = (country: CountryCode) =>
  z.preprocess(
    liftContactFields,
    z.strictObject({
      session: requiredInput(PurchaseSession),
      productCode: requiredInput(ProductCodeField),
      nombre: requiredInput(NombreField),
      rut: requiredInput(identificationFieldFor(country)),
      email: requiredInput(EmailField),
      telefono: requiredInput(TelefonoField),
      profile: optionalInput(ProfileField),
      /** tdc or tdd for a one-time payment; a subscription also takes t and tdc-token (002-4.12). */
      paymentMethod: optionalInput(SubscriptionCardMethod),
      billing: optionalInput(billingChoiceSchema),
    }),
  );
export type StartSaleBody = z.output<ReturnType<typeof startSaleBody>>;
export type StartSaleBodyInput = z.input<ReturnType<typeof startSaleBody>>;

export const SaleParams = z.strictObject({ saleId: SaleId });
export const PaymentParams = z.strictObject({ paymentId: PaymentId });

/** Body of POST /api/compra-online/ventas/{saleId}/pagos (with an Idempotency-Key header). */
export const PayBody = z.strictObject({
  /** The card token the provider's browser library (or the sandbox tokenizer) made: never a card number. */
  token: z
    .string({ error: 'token es el token de la tarjeta que entregó el proveedor' })
    .trim()
    .min(8, 'token es el token de la tarjeta que entregó el proveedor')
    .max(200, 'token admite a lo más 200 caracteres'),
  paymentMethod: optionalInput(SubscriptionCardMethod),
});
export type PayBody = z.infer<typeof PayBody>;

/** What a buyer sees of a payment: its state and, when refused, the catalogue's message in Spanish. */
export const PaymentView = z.strictObject({
  id: PaymentId,
  state: paymentStateSchema,
  amount: moneySchema,
  method: paymentMethodSchema,
  catalogueCode: z.string().nullable(),
  header: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof PaymentView>;

/** The buyer's view of a sale: never the buyer's personal data (the id is the only key to it). */
export const SaleView = z.strictObject({
  id: SaleId,
  state: saleStateSchema,
  productCode: z.string(),
  productName: z.string(),
  organizationName: z.string(),
  amount: moneySchema,
  /** The price as the card wrote it ('$152.722', 'UF 3,2'). */
  formatted: z.string(),
  paymentMethod: paymentMethodSchema,
  billing: billingChoiceSchema,
  /** The last payment tried, or null before the first. */
  lastPayment: PaymentView.nullable(),
  /**
   * Where the buyer goes after a refused or failed payment on the plans of 002-2.11: the insurer's site,
   * which finishes the contract; null otherwise (and while the last payment was not refused).
   */
  failureRedirectUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type SaleView = z.infer<typeof SaleView>;
