import { defaultExporter, type Exporter } from 'react-admin';
import type { PaymentRecord, SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { paymentCsvRow, saleCsvRow } from './csvRows';

/** react-admin's own CSV exporter, fed the rows of csvRows.ts instead of the raw records. */
export const saleExporter: Exporter<SaleRecord> = (records, fetchRelated, dataProvider, resource) =>
  defaultExporter(records.map(saleCsvRow), fetchRelated, dataProvider, resource);

export const paymentExporter: Exporter<PaymentRecord> = (records, fetchRelated, dataProvider, resource) =>
  defaultExporter(records.map(paymentCsvRow), fetchRelated, dataProvider, resource);
