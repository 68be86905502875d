import { DataTable, FilterButton, List, TopToolbar, useTranslate } from 'react-admin';
import type { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import { PAYMENT_STATES } from '@cubre/schemas/payments/lists';
import { canAccess } from '../access';
import { DateTimeField } from '../DateTimeField';
import { usePermissionList } from '../usePermissionList';
import { amountInputs, createdInputs, methodInput, providerInput, stateInput, textInput } from './filters';
import { ServerExportButton } from '../ServerExportButton';
import { paymentsExportPath } from './exportPath';
import { Money } from './Money';
import { StateChip } from './StateChip';

const filters = [
  stateInput('payments', PAYMENT_STATES),
  methodInput('method', 'payments'),
  providerInput('payments'),
  textInput('payments', 'saleId'),
  // A bank transfer's reference, as staff read it on the bank's statement.
  textInput('payments', 'reference'),
  ...amountInputs('payments'),
  ...createdInputs('payments'),
];

function PaymentListActions({ canExport }: { canExport: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {canExport ? (
        <ServerExportButton
          pathOf={(filter, sort) => paymentsExportPath('payments', filter, sort)}
          fileName="pagos.csv"
        />
      ) : null}
    </TopToolbar>
  );
}

/**
 * Every payment tried (issue 14), newest first: a refusal shows the 002 §8 catalogue's message the buyer
 * read, so whoever takes the buyer's call sees what they saw.
 */
export function PaymentList() {
  const translate = useTranslate();
  const canExport = canAccess(usePermissionList(), 'payments', 'export');
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={<PaymentListActions canExport={canExport} />}
      exporter={false}
    >
      <DataTable<PaymentRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateTimeField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col
          source="amountMinor"
          label="resources.payments.fields.amount"
          render={(payment) => <Money value={payment.amount} />}
        />
        <DataTable.Col
          source="method"
          disableSort
          render={(payment) => translate(`cubre.payments.methods.${payment.method}`, { _: payment.method })}
        />
        <DataTable.Col source="provider" disableSort />
        <DataTable.Col source="state" render={(payment) => <StateChip state={payment.state} />} />
        <DataTable.Col source="message" disableSort />
      </DataTable>
    </List>
  );
}
