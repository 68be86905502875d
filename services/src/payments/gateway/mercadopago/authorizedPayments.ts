import { entryFor } from '@cubre/schemas/payments/errorCatalogue';
import { fromMajor, type Currency } from '@cubre/schemas/payments/money';
import type { AutomaticCharge, Declined } from '../port';

/**
 * Mercado Pago's authorized payment (`GET /authorized_payments/{id}`, the SDK's `Invoice`): one debit the
 * subscription engine schedules for a preapproval and retries by itself. Its `status` is `scheduled`
 * (not tried yet), `processed` (its payment went through), `recycling` (its payment was rejected and
 * Mercado Pago will try again on `next_retry_date`) or `cancelled` (Mercado Pago gave up on it);
 * `retry_attempt` counts its retries, so the first try is 0; `payment` is the last try's payment.
 */
export type MpAuthorizedPayment = {
  id?: number | string;
  preapproval_id?: string;
  external_reference?: string | number | null;
  status?: string;
  debit_date?: string;
  next_retry_date?: string | null;
  retry_attempt?: number | null;
  transaction_amount?: number;
  payment?: { id?: number | string; status?: string; status_detail?: string } | null;
};

const GATEWAY = 'mercadopago' as const;

/** The catalogue code (002 §8) of Mercado Pago's rejection reason, as the one-time charge maps it. */
export const catalogueCodeOf = (statusDetail: string): string =>
  entryFor(statusDetail)?.code ?? 'other_reason';

/** An authorized payment as the port's `AutomaticCharge`, or null when it is not one (no id, no preapproval). */
export function automaticChargeOf(invoice: MpAuthorizedPayment, currency: Currency): AutomaticCharge | null {
  if (invoice.id === undefined || !invoice.preapproval_id || !invoice.debit_date) return null;
  const chargeId = String(invoice.id);
  const payment = invoice.payment ?? null;
  const paymentId = payment?.id === undefined ? null : String(payment.id);
  const base = {
    gateway: GATEWAY,
    chargeId,
    gatewaySubscriptionId: invoice.preapproval_id,
    reference:
      invoice.external_reference === undefined || invoice.external_reference === null
        ? null
        : String(invoice.external_reference),
    // Mercado Pago writes it with its own offset (2026-12-26T10:00:00.000-04:00): the day as written.
    debitDate: invoice.debit_date.slice(0, 10),
    attempt: (invoice.retry_attempt ?? 0) + 1,
    amount: fromMajor(invoice.transaction_amount ?? 0, currency),
  };
  if (payment?.status === 'approved' && paymentId) {
    // The money is the payment's: a refund or a void goes through its id.
    return {
      ...base,
      result: { outcome: 'approved', gateway: GATEWAY, chargeId: paymentId, amount: base.amount },
    };
  }
  const final = invoice.status === 'cancelled';
  if (payment?.status === 'rejected' || final) {
    const code = payment?.status_detail ?? (final ? 'cancelled' : 'rejected');
    const declined: Declined = {
      outcome: 'declined',
      gateway: GATEWAY,
      providerCode: code,
      catalogueCode: catalogueCodeOf(code),
      ...(paymentId ? { chargeId: paymentId } : {}),
    };
    return {
      ...base,
      result: {
        ...declined,
        final,
        nextRetryDate: !final && invoice.next_retry_date ? invoice.next_retry_date.slice(0, 10) : null,
      },
    };
  }
  // Scheduled, or its payment pending or in process: Mercado Pago has not answered this try yet.
  return {
    ...base,
    result: {
      outcome: 'pending',
      gateway: GATEWAY,
      chargeId,
      ...(payment?.status_detail ? { providerCode: payment.status_detail } : {}),
    },
  };
}
