import { DataTable, ReferenceManyField, useTranslate } from 'react-admin';
import type { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import { DateTimeField } from '../DateTimeField';
import { Money } from './Money';
import { StateChip } from './StateChip';

/**
 * The payments tried on a sale (GET /api/admin/payments?filter={saleId}), newest first: each with its state,
 * method, provider and, for a refusal, the catalogue's message the buyer read.
 */
export function PaymentsOfSale() {
  const translate = useTranslate();
  return (
    <ReferenceManyField<PaymentRecord>
      reference="payments"
      target="saleId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={50}
      empty={<p>{translate('cubre.payments.no_payments')}</p>}
    >
      <DataTable<PaymentRecord>
        rowClick="show"
        bulkActionButtons={false}
        aria-label={translate('cubre.payments.payments_of_sale')}
      >
        <DataTable.Col source="createdAt" label="resources.payments.fields.createdAt" disableSort>
          <DateTimeField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col
          source="state"
          label="resources.payments.fields.state"
          disableSort
          render={(payment) => <StateChip state={payment.state} />}
        />
        <DataTable.Col
          source="method"
          label="resources.payments.fields.method"
          disableSort
          render={(payment) => translate(`cubre.payments.methods.${payment.method}`, { _: payment.method })}
        />
        <DataTable.Col source="provider" label="resources.payments.fields.provider" disableSort />
        <DataTable.Col
          source="amountMinor"
          label="resources.payments.fields.amount"
          disableSort
          render={(payment) => <Money value={payment.amount} />}
        />
        <DataTable.Col
          source="message"
          label="resources.payments.fields.message"
          disableSort
          render={(payment) =>
            payment.message ? `${payment.header ?? ''} (${payment.catalogueCode}): ${payment.message}` : '—'
          }
        />
      </DataTable>
    </ReferenceManyField>
  );
}
