import type { PaymentRecord, SaleRecord } from '@cubre/schemas/payments/adminRecords';
import type { Money } from '@cubre/schemas/payments/money';
import { minorToMajorString } from '@cubre/schemas/payments/minorUnits';

/**
 * The CSV exports of the console's `sales` and `payments` lists (GET /api/admin/sales/export and
 * /api/admin/payments/export, permission payment:export): the columns a back office reconciles with,
 * amounts in major units with their currency (as a spreadsheet sums them), the buyer's data because only
 * staff holding payment:export get the file. The console built these rows itself until the export moved
 * here (its file stopped at 5,000 rows and only a hidden button kept the permission).
 */

/** An amount in major units as a CSV cell takes it ('152722', '12.34'): exact, no grouping. */
export const majorAmount = ({ amount, currency }: Money): string => minorToMajorString(amount, currency);

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
  installments: payment.installments ?? 1,
  provider: payment.provider,
  gateway: payment.gateway,
  chargeId: payment.chargeId ?? '',
  catalogueCode: payment.catalogueCode ?? '',
  message: payment.message ?? '',
  fee: payment.fee ? majorAmount(payment.fee) : '',
  taxOnFee: payment.taxOnFee ? majorAmount(payment.taxOnFee) : '',
  net: payment.net ? majorAmount(payment.net) : '',
  reference: payment.reference ?? '',
});

type SaleCsvRow = ReturnType<typeof saleCsvRow>;
type PaymentCsvRow = ReturnType<typeof paymentCsvRow>;

export const SALE_CSV_COLUMNS: readonly (keyof SaleCsvRow)[] = [
  'id',
  'createdAt',
  'state',
  'country',
  'productCode',
  'productName',
  'organizationName',
  'buyerName',
  'buyerRut',
  'buyerEmail',
  'buyerPhone',
  'amount',
  'currency',
  'paymentMethod',
  'provider',
  'lastPaymentId',
];

export const PAYMENT_CSV_COLUMNS: readonly (keyof PaymentCsvRow)[] = [
  'id',
  'createdAt',
  'saleId',
  'state',
  'amount',
  'currency',
  'method',
  'installments',
  'provider',
  'gateway',
  'chargeId',
  'catalogueCode',
  'message',
  'fee',
  'taxOnFee',
  'net',
  'reference',
];
