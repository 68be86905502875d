import { z } from 'zod';
import { moneySchema } from './money';

/**
 * 'Transferencia bancaria' (002-4.11's transfer_non_automated, issue 14): the buyer transfers the amount to
 * the marketplace's account with the payment's reference, and staff record its arrival from the bank's
 * statement (nobody automates it: that is the seed's `transfer` through linkify). The account comes from
 * configuration (services/src/payments/bankTransfer.ts); without one, transfers are not offered.
 */
/** The `gateway` a transfer payment records: the marketplace's own bank account, no provider's API. */
export const BANK_TRANSFER_GATEWAY = 'bank_transfer';
/**
 * The `gateway` of a payment an executive coordinates (002-4.11's no_payment: nothing paid online; the lead
 * goes to 'Asignación ejecutivo'): no provider's API either.
 */
export const EXECUTIVE_GATEWAY = 'executive';
/** Payments staff settle by hand (never asked of a provider, no provider fee). */
export const settledByStaff = (gateway: unknown): boolean =>
  gateway === BANK_TRANSFER_GATEWAY || gateway === EXECUTIVE_GATEWAY;

export const TransferAccount = z.strictObject({
  bank: z.string().trim().min(1).max(80),
  accountType: z.string().trim().min(1).max(40),
  accountNumber: z.string().trim().min(1).max(40),
  holder: z.string().trim().min(1).max(120),
  /** The holder's tax id as the bank asks it (a Chilean RUT, 12.345.678-9). */
  taxId: z.string().trim().min(1).max(20),
  /** Where the buyer may send the transfer's receipt. */
  email: z.email().max(120),
});
export type TransferAccount = z.infer<typeof TransferAccount>;

/** What the buyer's page shows while the transfer is awaited: where to, how much, and with which reference. */
export const TransferInstructions = TransferAccount.extend({
  amount: moneySchema,
  /** Written in the transfer's comment so staff match the bank's line with the payment. */
  reference: z.string(),
});
export type TransferInstructions = z.infer<typeof TransferInstructions>;

/**
 * The reference a buyer writes in the transfer's comment: the payment id's first 10 hex digits, upper case
 * (short enough to type, unique enough among the transfers awaited at once; staff search the payments list
 * by it, `reference` filter).
 */
export const transferReferenceOf = (paymentId: string): string =>
  paymentId.replaceAll('-', '').slice(0, 10).toUpperCase();

/** Body of POST /api/compra-online/ventas/{saleId}/transferencia and …/sin-pago (with an Idempotency-Key). */
export const OfflinePaymentBody = z.strictObject({});
