import { z } from 'zod';
import { paymentMethodSchema, saleStateSchema } from './catalogues';
import { moneySchema } from './money';
import {
  HealthAnswers,
  PaymentId,
  PaymentView,
  ReversalKind,
  SaleBuyer,
  SaleDependant,
  SaleId,
} from './sales';
import { billingChoiceSchema } from '../subscriptions/events';
import { SaleCollaborator, SaleCompany } from './companySale';

/**
 * The console's `sales` and `payments` records (GET /api/admin/sales, /payments: services/src/payments/
 * adminRoutes.ts builds them, admin-console reads them): what the buyer sees plus what staff work with (the
 * buyer's data, the provider, the charge). Country, provider and currency are the projection's strings.
 */
export const SaleRecord = z.object({
  id: SaleId,
  state: saleStateSchema,
  country: z.string(),
  productCode: z.string(),
  productName: z.string(),
  organizationCode: z.string(),
  organizationName: z.string(),
  buyer: SaleBuyer,
  /** A family's dependants as the buyer named them (absent on sales from before families). */
  dependants: z.array(SaleDependant).optional(),
  /**
   * The health declaration, holder first (002-2.08): only in one sale's record (GET /api/admin/sales/{id})
   * and only for staff (payment:read over every sale); never in lists, exports, or a CLIENT's own view.
   */
  health: z.array(HealthAnswers).nullable().optional(),
  /**
   * A company's purchase ('Datos empresa'): the company and the policy its payment opens (`policies`
   * resource, with the collaborators as its people); null or absent for a person's or a family's.
   */
  company: SaleCompany.extend({ policyId: z.string() }).nullable().optional(),
  collaborators: z.array(SaleCollaborator).optional(),
  amount: moneySchema,
  /** `amount.amount` alone: what the list filters and sorts on. */
  amountMinor: z.number().int(),
  currency: z.string(),
  /** The price as the product's card wrote it ('$152.722', 'UF 3,2'). */
  formatted: z.string(),
  paymentMethod: paymentMethodSchema,
  provider: z.string(),
  /** Once or monthly: a monthly sale's subscription is the `subscriptions` resource's record. */
  billing: billingChoiceSchema.optional(),
  lastPaymentId: PaymentId.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.number().int(),
});
export type SaleRecord = z.infer<typeof SaleRecord>;

/** A payment with its sale, provider, gateway and charge; `header`/`message` are the 002 §8 catalogue's. */
/** The last void or refund staff asked for (issue 14): requested, done, or refused with the catalogue's code. */
export const PaymentReversalRecord = z.object({
  reversalId: z.string(),
  kind: ReversalKind,
  status: z.enum(['requested', 'done', 'refused']),
  reason: z.string(),
  catalogueCode: z.string().nullable(),
  /** The catalogue's Spanish message for a refusal. */
  message: z.string().nullable(),
  requestedAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type PaymentReversalRecord = z.infer<typeof PaymentReversalRecord>;

export const PaymentRecord = PaymentView.extend({
  saleId: SaleId,
  provider: z.string(),
  gateway: z.string(),
  chargeId: z.string().nullable(),
  reversal: PaymentReversalRecord.nullable(),
  /** Why staff recorded the outcome by hand (POST …/resultado), or null: the provider's answer settled it. */
  staffReason: z.string().nullable(),
  /**
   * What the provider kept of an approved charge (002-9.01) and what the marketplace receives: null where
   * no provider charged (a bank transfer) or before it was kept.
   */
  fee: moneySchema.nullable().optional(),
  taxOnFee: moneySchema.nullable().optional(),
  net: moneySchema.nullable().optional(),
  /** A bank transfer's reference (what the buyer wrote in the transfer); null for other payments. */
  reference: z.string().nullable().optional(),
  currency: z.string(),
  amountMinor: z.number().int(),
  updatedAt: z.string(),
  revision: z.number().int(),
});
export type PaymentRecord = z.infer<typeof PaymentRecord>;

/**
 * One line of a sale's history (GET /api/admin/sales/{id}/history, issue 14): an event of the sale or of
 * one of its payments, when, who (a console user by name, the buyer, or the system) and what changed,
 * never the buyer's personal data, a card token or a provider's transaction token.
 */
export const SaleHistoryEntry = z.object({
  at: z.string(),
  type: z.string(),
  /** The payment the event is about; null for the sale's own events. */
  paymentId: z.string().nullable(),
  actor: z.object({ kind: z.string(), id: z.string(), name: z.string().nullable() }),
  details: z.record(z.string(), z.unknown()),
});
export type SaleHistoryEntry = z.infer<typeof SaleHistoryEntry>;
