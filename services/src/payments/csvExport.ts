import type { Response } from 'express';
import { csvCell } from '@cubre/platform/http/csvCell';
import { allOf } from '@cubre/platform/http/simpleRest';
import type { Filter, ReadCollection, ReadDocument, SortSpec } from '@cubre/platform/ports/readStore';
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

/** One line of the file (without its CRLF): each cell formula-safe (platform/http/csvCell.ts). */
export const csvLine = <R>(columns: readonly (keyof R)[], row: R): string =>
  columns.map((column) => csvCell(row[column])).join(',');

/** Rows of an export read at a time: memory holds one page. */
export const EXPORT_PAGE = 1000;

/**
 * The next page of an export starts at the last row's key (`value`, in the list's order): a range on the
 * sort's first field, which the list's own index answers, so the last page costs what the first did.
 */
export const fromKey = (filter: Filter, key: string, direction: 1 | -1, value: unknown): Filter =>
  allOf(filter, { [key]: { [direction === 1 ? '$gte' : '$lte']: value } });

/** Waits until the response takes more (`drain`), or the client went away (`close`). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * Streams a list as a CSV attachment: a UTF-8 BOM (a spreadsheet reads the accents), the columns, then
 * every row the filter matches (null: none, the header alone) in the list's order, CRLF lines, read a page
 * of EXPORT_PAGE rows at a time from the last row's key on (the rows of that key already written are
 * skipped, `ties`), waiting for the client whenever the socket's buffer is full.
 */
export async function streamCsv<T extends ReadDocument, R>(
  res: Response,
  file: {
    name: string;
    collection: ReadCollection<T>;
    filter: Filter | null;
    sort: SortSpec;
    columns: readonly (keyof R)[];
    row: (doc: T) => R;
  },
): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${file.name}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.write(`\uFEFF${file.columns.join(',')}\r\n`);
  const [key, direction] = Object.entries(file.sort)[0] as [string, 1 | -1];
  let from: { value: unknown; ties: number } | null = null;
  while (file.filter && !res.destroyed) {
    const page: T[] = await file.collection.find(
      from ? fromKey(file.filter, key, direction, from.value) : file.filter,
      { sort: file.sort, skip: from?.ties ?? 0, limit: EXPORT_PAGE },
    );
    if (page.length === 0) break;
    const lines = page.map((doc) => csvLine(file.columns, file.row(doc)));
    if (!res.write(`${lines.join('\r\n')}\r\n`)) await drained(res);
    if (page.length < EXPORT_PAGE) break;
    const last = page[page.length - 1]![key];
    let ties = 0;
    while (ties < page.length && page[page.length - 1 - ties]![key] === last) ties++;
    from = { value: last, ties: from && from.value === last ? from.ties + ties : ties };
  }
  res.end();
}
