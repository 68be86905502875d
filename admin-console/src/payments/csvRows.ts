import type { PaymentRecord, SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { majorAmount } from './amounts';

/**
 * The CSV export's rows (react-admin's exporter writes them with jsonExport): the columns a back office
 * reconciles with, amounts in major units with their currency (as a spreadsheet sums them), the buyer's
 * data because only staff holding payment:export get the file.
 */
export const saleCsvRow = (sale: SaleRecord) => ({
  id: sale.id,
  createdAt: sale.createdAt,
  state: sale.state,
  country: sale.country,
  productCode: sale.productCode,
  productName: sale.productName,
  organizationName: sale.organizationName,
  buyerName: sale.buyer.nombre,
  buyerRut: sale.buyer.rut,
  buyerEmail: sale.buyer.email,
  buyerPhone: sale.buyer.telefono,
  amount: majorAmount(sale.amount),
  currency: sale.amount.currency,
  paymentMethod: sale.paymentMethod,
  provider: sale.provider,
  lastPaymentId: sale.lastPaymentId ?? '',
});

export const paymentCsvRow = (payment: PaymentRecord) => ({
  id: payment.id,
  createdAt: payment.createdAt,
  saleId: payment.saleId,
  state: payment.state,
  amount: majorAmount(payment.amount),
  currency: payment.amount.currency,
  method: payment.method,
  provider: payment.provider,
  gateway: payment.gateway,
  chargeId: payment.chargeId ?? '',
  catalogueCode: payment.catalogueCode ?? '',
  message: payment.message ?? '',
});
