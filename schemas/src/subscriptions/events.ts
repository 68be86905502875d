import { z } from 'zod';
import { PolicyId } from '../groupInsurance/policy';
import { Country } from '../catalogue/common';
import { eventOf } from '../events';
import { MailLocale } from '../mail/mailRequest';
import {
  paymentMethodSchema,
  paymentProviderSchema,
  periodicitySchema,
  recurrentPaymentStateSchema,
  subscriptionStatusSchema,
} from '../payments/catalogues';
import { ChargeFee } from '../payments/fees';
import { moneySchema } from '../payments/money';
import {
  BILLING_CHOICES,
  CANCELLATION_CAUSES,
  CANCELLATION_OUTCOMES,
  DECLINE_KINDS,
  FORCED_CHARGE_REASONS,
  SUBSCRIPTION_LIFECYCLES,
} from './lists';

/**
 * Monthly subscriptions as events (issue 15). Two aggregates:
 * - `Subscription` (stream `subscription-{subscriptionId}`): the contract. Its status (002-4.02) is the
 *   last charge's answer; its overdue count says how far behind it is; its next operation date (002-4.19)
 *   is when the charge run next charges it.
 * - `RecurrentPayment` (stream `recurrentPayment-{recurrentPaymentId}`): one per subscription and period,
 *   its id derived from `{subscriptionId}:{period}` so a rerun, a restart or a second scheduler lands on
 *   the same stream. States 002-4.03: scheduled (an attempt about to be or being asked), processed (paid),
 *   recycling (declined, retried later), cancelled (retries ran out, or the subscription ended).
 *
 * OVERDUE COUNT (what the arrears reminders of 002-4.17 key on): the number of declined charge attempts
 * since the subscription was last paid, minus one. The first declined attempt makes the subscription (and
 * its sale) overdue with count 0 (mora_1); each further declined attempt, retry or next period alike, adds
 * one (4: mora_2, 8: mora_3); a paid charge ends the arrears (count back to null). `null` means not overdue.
 */
export const SUBSCRIPTION_CATEGORY = 'subscription';
export const RECURRENT_PAYMENT_CATEGORY = 'recurrentPayment';
export const SUBSCRIPTIONS_CATEGORIES = [SUBSCRIPTION_CATEGORY, RECURRENT_PAYMENT_CATEGORY] as const;

export const SubscriptionId = z.uuid({ error: 'el identificador de una suscripción es un UUID' });
export const RecurrentPaymentId = z.uuid({ error: 'el identificador de un cobro recurrente es un UUID' });
const SaleIdRef = z.uuid();
const PaymentIdRef = z.uuid();

/** 002-4.02 and 002-4.03, defined once in payments' catalogues on ./lists. */
export { recurrentPaymentStateSchema, subscriptionStatusSchema };
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
export type RecurrentPaymentState = z.infer<typeof recurrentPaymentStateSchema>;
export const subscriptionLifecycleSchema = z.enum(SUBSCRIPTION_LIFECYCLES);
export type SubscriptionLifecycle = z.infer<typeof subscriptionLifecycleSchema>;
export const billingChoiceSchema = z.enum(BILLING_CHOICES, {
  error: `billing es uno de: ${BILLING_CHOICES.join(', ')}`,
});
export type BillingChoice = z.infer<typeof billingChoiceSchema>;
export const declineKindSchema = z.enum(DECLINE_KINDS);
export type DeclineKind = z.infer<typeof declineKindSchema>;
export const forcedChargeReasonSchema = z.enum(FORCED_CHARGE_REASONS, {
  error: `reason es uno de: ${FORCED_CHARGE_REASONS.join(', ')} (002-3.24)`,
});
export type ForcedChargeReason = z.infer<typeof forcedChargeReasonSchema>;
export const cancellationOutcomeSchema = z.enum(CANCELLATION_OUTCOMES);
export type CancellationOutcome = z.infer<typeof cancellationOutcomeSchema>;
export const cancellationCauseSchema = z.enum(CANCELLATION_CAUSES);

/** A calendar date in Chile's time zone, yyyy-mm-dd. */
export const CalendarDate = z.iso.date();
/** A billing period: the month of the operation date its charge is due on, yyyy-mm. */
export const Period = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'un periodo es yyyy-mm');
export type Period = z.infer<typeof Period>;
/** The insurer's operation (cutting) day of the month: 002-4.19. */
export const OperationDay = z.number().int().min(1).max(31);
/** Declined attempts since last paid, minus one; null when not overdue (see the header). */
export const OverdueCount = z.number().int().nonnegative().nullable();

// ---- Subscription (subscription-{subscriptionId}) ----

export const SubscriptionCreatedData = z.strictObject({
  subscriptionId: SubscriptionId,
  saleId: SaleIdRef,
  /** The sale's first payment, which paid `firstPeriod` when the subscription was bought. */
  firstPaymentId: PaymentIdRef,
  country: Country,
  /** The language the buyer bought in: what the arrears mails are written in. */
  locale: MailLocale,
  product: z.strictObject({
    code: z.string(),
    name: z.string(),
    organization: z.strictObject({ code: z.string(), name: z.string() }),
  }),
  /** Kept in the event only, as the sale keeps its buyer: the arrears mails are sent to them. */
  buyer: z.strictObject({ nombre: z.string(), email: z.string() }),
  /** What each period charges, in the currency's minor unit. */
  amount: moneySchema,
  method: paymentMethodSchema,
  provider: paymentProviderSchema,
  /** The gateway adapter that holds the subscription, and its id there (never the card). */
  gateway: z.string().max(40),
  gatewaySubscriptionId: z.string().max(120),
  /** The insurer's operation day the next operation date was computed with (002-4.19). */
  operationDay: OperationDay,
  /** Months each charge covers (002-9.03: the sale's periodicity); absent on those stored before: 1. */
  periodicityMonths: periodicitySchema.optional(),
  startedOn: CalendarDate,
  /** The period the purchase itself paid. */
  firstPeriod: Period,
  /** When the charge run first charges it: 002-4.19 from `startedOn` and `operationDay`. */
  nextOperationDate: CalendarDate,
  /**
   * The company's group policy whose premium this subscription pays (issue 16's `policy-{id}`), absent for a
   * person's own plan: its arrears reminders go to the company's administrators and, where the policy says
   * so, to its active insured people (services/src/arrears/README.md, "Group policies").
   */
  groupPolicyId: PolicyId.optional(),
});
export const SubscriptionCreated = eventOf('SubscriptionCreated', SubscriptionCreatedData);

/** A period was paid (by the run, a retry or a forced charge). Ends any arrears. */
export const SubscriptionPeriodChargedData = z.strictObject({
  subscriptionId: SubscriptionId,
  saleId: SaleIdRef,
  period: Period,
  recurrentPaymentId: RecurrentPaymentId,
  attempt: z.number().int().positive(),
  chargeId: z.string().max(120),
  amount: moneySchema,
  forcedReason: forcedChargeReasonSchema.nullable(),
  /** The overdue count before this payment (null when it was not overdue). */
  overdueCountBefore: OverdueCount,
  /** The next period's operation date; null when this was the final payment of a cancellation. */
  nextOperationDate: CalendarDate.nullable(),
});
export const SubscriptionPeriodCharged = eventOf('SubscriptionPeriodCharged', SubscriptionPeriodChargedData);

/** A charge attempt was refused. `overdueCount` is the count after it (0 on the first since last paid). */
export const SubscriptionChargeDeclinedData = z.strictObject({
  subscriptionId: SubscriptionId,
  saleId: SaleIdRef,
  period: Period,
  recurrentPaymentId: RecurrentPaymentId,
  attempt: z.number().int().positive(),
  kind: declineKindSchema,
  providerCode: z.string().max(40),
  /** The 002 §8 catalogue code. */
  catalogueCode: z.string().max(40),
  forcedReason: forcedChargeReasonSchema.nullable(),
  overdueCount: z.number().int().nonnegative(),
  /** When the run retries; null when retries ran out (a SubscriptionCancelled follows). */
  nextAttemptOn: CalendarDate.nullable(),
});
export const SubscriptionChargeDeclined = eventOf(
  'SubscriptionChargeDeclined',
  SubscriptionChargeDeclinedData,
);

/** The buyer or staff asked to end it (the sale's CANCELLATION_REQUEST); staff then cancel it. */
export const SubscriptionCancellationRequestedData = z.strictObject({
  subscriptionId: SubscriptionId,
  saleId: SaleIdRef,
  reason: z.string().max(500),
});
export const SubscriptionCancellationRequested = eventOf(
  'SubscriptionCancellationRequested',
  SubscriptionCancellationRequestedData,
);

/**
 * Staff cancelled it with a final payment: the run charges the open or next period once more, then it
 * ends (the sale's PENDING_CANCELLATION until then).
 */
export const SubscriptionFinalPaymentScheduledData = z.strictObject({
  subscriptionId: SubscriptionId,
  saleId: SaleIdRef,
  reason: z.string().max(500),
  /** The period whose payment is the last one. */
  finalPeriod: Period,
});
export const SubscriptionFinalPaymentScheduled = eventOf(
  'SubscriptionFinalPaymentScheduled',
  SubscriptionFinalPaymentScheduledData,
);

/**
 * Staff moved the day a period is charged (002-4.13's changeDate: the buyer asked to be charged another day,
 * after their pay day): the next charge of an up-to-date subscription, or the next retry of its overdue
 * period. Always a day of the same period's month, not before the day it was asked: the period and its
 * due date stay, so no month is skipped or charged twice (services/src/subscriptions/README.md).
 */
export const SubscriptionChargeDateChangedData = z.strictObject({
  subscriptionId: SubscriptionId,
  saleId: SaleIdRef,
  period: Period,
  /** Whether the date moved was the overdue period's next retry (else the next period's charge). */
  overdue: z.boolean(),
  from: CalendarDate,
  to: CalendarDate,
  reason: z.string().max(500),
});
export const SubscriptionChargeDateChanged = eventOf(
  'SubscriptionChargeDateChanged',
  SubscriptionChargeDateChangedData,
);

/** It ended: after its final payment (SUBS_CANCELLED_SUCCESS_PAYMENT) or without one (…_WITHOUT_PAYMENT). */
export const SubscriptionCancelledData = z.strictObject({
  subscriptionId: SubscriptionId,
  saleId: SaleIdRef,
  outcome: cancellationOutcomeSchema,
  cause: cancellationCauseSchema,
  /** The period paid last before it ended, or null when none was paid at the end. */
  finalPeriod: Period.nullable(),
  reason: z.string().max(500).nullable(),
});
export const SubscriptionCancelled = eventOf('SubscriptionCancelled', SubscriptionCancelledData);

export const SubscriptionEvent = z.discriminatedUnion('type', [
  SubscriptionCreated,
  SubscriptionPeriodCharged,
  SubscriptionChargeDeclined,
  SubscriptionCancellationRequested,
  SubscriptionFinalPaymentScheduled,
  SubscriptionCancelled,
  SubscriptionChargeDateChanged,
]);
export type SubscriptionEvent = z.infer<typeof SubscriptionEvent>;

// ---- RecurrentPayment (recurrentPayment-{recurrentPaymentId}) ----

export const RecurrentPaymentScheduledData = z.strictObject({
  recurrentPaymentId: RecurrentPaymentId,
  subscriptionId: SubscriptionId,
  saleId: SaleIdRef,
  period: Period,
  /** The operation date the period's charge was due on. */
  dueOn: CalendarDate,
  amount: moneySchema,
});
export const RecurrentPaymentScheduled = eventOf('RecurrentPaymentScheduled', RecurrentPaymentScheduledData);

/**
 * Written before the gateway is asked: a process stopped after the provider charged leaves this attempt
 * open, and the next run asks again under the same key, which the provider answers without charging twice.
 * Keys: `{subscriptionId}:{period}` for the first attempt, `{subscriptionId}:{period}:{attempt}` after.
 */
export const RecurrentPaymentAttemptStartedData = z.strictObject({
  recurrentPaymentId: RecurrentPaymentId,
  subscriptionId: SubscriptionId,
  attempt: z.number().int().positive(),
  idempotencyKey: z.string().max(200),
  forcedReason: forcedChargeReasonSchema.nullable(),
});
export const RecurrentPaymentAttemptStarted = eventOf(
  'RecurrentPaymentAttemptStarted',
  RecurrentPaymentAttemptStartedData,
);

export const RecurrentPaymentProcessedData = z.strictObject({
  recurrentPaymentId: RecurrentPaymentId,
  attempt: z.number().int().positive(),
  chargeId: z.string().max(120),
  authorizationCode: z.string().max(40).nullable(),
  /** 002-9.01: what the provider keeps of the period's charge, as on the purchase's; absent on older events. */
  fee: ChargeFee.optional(),
});
export const RecurrentPaymentProcessed = eventOf('RecurrentPaymentProcessed', RecurrentPaymentProcessedData);

export const RecurrentPaymentDeclinedData = z.strictObject({
  recurrentPaymentId: RecurrentPaymentId,
  attempt: z.number().int().positive(),
  kind: declineKindSchema,
  providerCode: z.string().max(40),
  catalogueCode: z.string().max(40),
  /** Recycling until then; null: retries ran out (cancelled). */
  nextAttemptOn: CalendarDate.nullable(),
});
export const RecurrentPaymentDeclined = eventOf('RecurrentPaymentDeclined', RecurrentPaymentDeclinedData);

export const RecurrentPaymentCancelledData = z.strictObject({
  recurrentPaymentId: RecurrentPaymentId,
  reason: z.enum(['retries_exhausted', 'subscription_cancelled']),
});
export const RecurrentPaymentCancelled = eventOf('RecurrentPaymentCancelled', RecurrentPaymentCancelledData);

export const RecurrentPaymentEvent = z.discriminatedUnion('type', [
  RecurrentPaymentScheduled,
  RecurrentPaymentAttemptStarted,
  RecurrentPaymentProcessed,
  RecurrentPaymentDeclined,
  RecurrentPaymentCancelled,
]);
export type RecurrentPaymentEvent = z.infer<typeof RecurrentPaymentEvent>;

// ---- The sale's subscription states (002-3.30), on the sale's own stream (sale-{saleId}) ----

/** A subscription charge was declined: the sale is OVERDUE (from OK). */
export const SaleOverdueData = z.strictObject({
  saleId: SaleIdRef,
  subscriptionId: SubscriptionId,
  period: Period,
  overdueCount: z.number().int().nonnegative(),
});
export const SaleOverdue = eventOf('SaleOverdue', SaleOverdueData);

/** The overdue period was paid: the sale is OK again. */
export const SaleOverdueSettledData = z.strictObject({
  saleId: SaleIdRef,
  subscriptionId: SubscriptionId,
  period: Period,
});
export const SaleOverdueSettled = eventOf('SaleOverdueSettled', SaleOverdueSettledData);

export const SaleCancellationRequestedData = z.strictObject({
  saleId: SaleIdRef,
  subscriptionId: SubscriptionId,
});
export const SaleCancellationRequested = eventOf('SaleCancellationRequested', SaleCancellationRequestedData);

export const SalePendingCancellationData = z.strictObject({
  saleId: SaleIdRef,
  subscriptionId: SubscriptionId,
  finalPeriod: Period,
});
export const SalePendingCancellation = eventOf('SalePendingCancellation', SalePendingCancellationData);

export const SaleSubscriptionCancelledData = z.strictObject({
  saleId: SaleIdRef,
  subscriptionId: SubscriptionId,
  outcome: cancellationOutcomeSchema,
});
export const SaleSubscriptionCancelled = eventOf('SaleSubscriptionCancelled', SaleSubscriptionCancelledData);

export const SaleSubscriptionEvent = z.discriminatedUnion('type', [
  SaleOverdue,
  SaleOverdueSettled,
  SaleCancellationRequested,
  SalePendingCancellation,
  SaleSubscriptionCancelled,
]);
export type SaleSubscriptionEvent = z.infer<typeof SaleSubscriptionEvent>;
