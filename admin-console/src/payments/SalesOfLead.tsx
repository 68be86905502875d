import { DataTable, ReferenceManyField, useTranslate } from 'react-admin';
import type { SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { DateTimeField } from '../DateTimeField';
import { Money } from './Money';
import { StateChip } from './StateChip';

/**
 * The sale of a lead opened by an online purchase (issue 14: "lead detail links its sale"): the sales of the
 * lead's purchase session (GET /api/admin/sales?filter={session}), each opening its page.
 */
export function SalesOfLead({ session }: { session: string }) {
  const translate = useTranslate();
  return (
    <ReferenceManyField<{ id: string }, SaleRecord>
      reference="sales"
      target="session"
      record={{ id: session }}
      source="id"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      empty={<p>{translate('cubre.payments.no_sale')}</p>}
    >
      <DataTable<SaleRecord>
        rowClick="show"
        bulkActionButtons={false}
        aria-label={translate('cubre.payments.sale_of_lead')}
      >
        <DataTable.Col source="createdAt" label="resources.sales.fields.createdAt" disableSort>
          <DateTimeField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="productName" label="resources.sales.fields.productName" disableSort />
        <DataTable.Col
          source="state"
          label="resources.sales.fields.state"
          disableSort
          render={(sale) => <StateChip state={sale.state} />}
        />
        <DataTable.Col
          source="amountMinor"
          label="resources.sales.fields.amount"
          disableSort
          render={(sale) => <Money value={sale.amount} />}
        />
      </DataTable>
    </ReferenceManyField>
  );
}
