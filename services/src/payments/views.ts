import { headerFor, messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { redirectsOnFailure } from '@cubre/schemas/payments/failureRedirect';
import type { PaymentView, SaleView } from '@cubre/schemas/payments/sales';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import {
  PAYMENTS_COLLECTION,
  SALES_COLLECTION,
  type PaymentDocument,
  type SaleDocument,
} from '@cubre/projections/payments/projection';
import { organizationWebsite } from '../catalogue';

export const salesOf = (store: ReadStore) => store.collection<SaleDocument>(SALES_COLLECTION);
export const paymentsOf = (store: ReadStore) => store.collection<PaymentDocument>(PAYMENTS_COLLECTION);

/** A payment as its buyer sees it: a refusal carries the 002 §8 catalogue's header and message. */
export function paymentViewOf(doc: PaymentDocument): PaymentView {
  const code = doc.catalogueCode;
  return {
    id: doc._id,
    state: doc.state,
    amount: doc.amount,
    method: doc.method,
    installments: doc.installments ?? 1,
    catalogueCode: code,
    header: code ? headerFor(code) : null,
    message: code ? messageFor(code) : null,
    createdAt: doc.createdAt,
  };
}

/** A sale as its buyer sees it: what is bought, for how much, and how its last payment went. */
export async function saleViewOf(store: ReadStore, saleId: string): Promise<SaleView | null> {
  const sale = await salesOf(store).findOne({ _id: saleId });
  if (!sale) return null;
  const payment = sale.lastPaymentId ? await paymentsOf(store).findOne({ _id: sale.lastPaymentId }) : null;
  const refused = payment?.state === 'DECLINED' || payment?.state === 'FAIL';
  const failureRedirectUrl =
    refused && redirectsOnFailure(sale.productCode)
      ? await organizationWebsite(store)(sale.organizationCode)
      : null;
  return {
    id: sale._id,
    state: sale.state,
    productCode: sale.productCode,
    productName: sale.productName,
    organizationName: sale.organizationName,
    amount: sale.amount,
    formatted: sale.formatted,
    paymentMethod: sale.paymentMethod,
    billing: sale.billing ?? 'one_time',
    lastPayment: payment ? paymentViewOf(payment) : null,
    failureRedirectUrl,
    createdAt: sale.createdAt,
  };
}
