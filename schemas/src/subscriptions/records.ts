import { z } from 'zod';
import { paymentMethodSchema } from '../payments/catalogues';
import { moneySchema } from '../payments/money';
import {
  CalendarDate,
  OperationDay,
  OverdueCount,
  Period,
  RecurrentPaymentId,
  SubscriptionId,
  cancellationOutcomeSchema,
  declineKindSchema,
  forcedChargeReasonSchema,
  recurrentPaymentStateSchema,
  subscriptionLifecycleSchema,
  subscriptionStatusSchema,
} from './events';

/**
 * The console's `subscriptions` records (GET /api/admin/subscriptions, /subscriptions/{id}: built by
 * services/src/subscriptions/adminRoutes.ts from projections/src/subscriptions, read by the console's
 * Subscriptions and Arrears pages with `import type`). Country, provider and currency are the projection's
 * strings. `revision` is the subscription stream's, for If-Match on the writes.
 */
export const RecurrentPaymentRecord = z.object({
  id: RecurrentPaymentId,
  subscriptionId: SubscriptionId,
  saleId: z.uuid(),
  period: Period,
  state: recurrentPaymentStateSchema,
  dueOn: CalendarDate,
  amount: moneySchema,
  amountMinor: z.number().int(),
  currency: z.string(),
  /** Attempts asked of the gateway so far (a forced charge is one). */
  attempts: z.number().int().nonnegative(),
  /** The last decline's kind and codes (002 §8 catalogue), or null. */
  lastDecline: z
    .object({ kind: declineKindSchema, providerCode: z.string(), catalogueCode: z.string() })
    .nullable(),
  /** When a recycling payment is retried; null otherwise. */
  nextAttemptOn: CalendarDate.nullable(),
  chargeId: z.string().nullable(),
  /** 002-9.01, once processed: the provider's fee, its tax and what the marketplace receives; else null. */
  fee: moneySchema.nullable().optional(),
  taxOnFee: moneySchema.nullable().optional(),
  net: moneySchema.nullable().optional(),
  forcedReason: forcedChargeReasonSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.number().int(),
});
export type RecurrentPaymentRecord = z.infer<typeof RecurrentPaymentRecord>;

export const SubscriptionRecord = z.object({
  id: SubscriptionId,
  saleId: z.uuid(),
  /** 002-4.02: the last charge's answer (PENDING while one is being asked). */
  status: subscriptionStatusSchema,
  lifecycle: subscriptionLifecycleSchema,
  country: z.string(),
  productCode: z.string(),
  productName: z.string(),
  organizationCode: z.string(),
  organizationName: z.string(),
  buyer: z.object({ nombre: z.string(), email: z.string() }),
  amount: moneySchema,
  amountMinor: z.number().int(),
  currency: z.string(),
  method: paymentMethodSchema,
  provider: z.string(),
  gateway: z.string(),
  operationDay: OperationDay,
  /** Months each charge covers (002-9.03); absent on records projected before it: 1. */
  periodicityMonths: z.number().int().positive().optional(),
  startedOn: CalendarDate,
  /** The next period's operation date (002-4.19); null once it ended or its final period is paid. */
  nextOperationDate: CalendarDate.nullable(),
  /** When the charge run next asks the gateway (a retry or the next period); null when nothing is due. */
  nextChargeOn: CalendarDate.nullable(),
  lastPaidPeriod: Period.nullable(),
  /** The period being recycled (declined, retried later), or null. */
  overduePeriod: Period.nullable(),
  /** See schemas/src/subscriptions/events.ts: declined attempts since last paid, minus one; null = up to date. */
  overdueCount: OverdueCount,
  cancellationOutcome: cancellationOutcomeSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.number().int(),
});
export type SubscriptionRecord = z.infer<typeof SubscriptionRecord>;

/** GET /api/admin/subscriptions/{id}: the subscription with its recurrent payments, newest period first. */
export const SubscriptionDetail = SubscriptionRecord.extend({
  recurrentPayments: z.array(RecurrentPaymentRecord),
});
export type SubscriptionDetail = z.infer<typeof SubscriptionDetail>;
