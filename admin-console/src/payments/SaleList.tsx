import { DataTable, FilterButton, List, TopToolbar, useTranslate } from 'react-admin';
import type { SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { SALE_STATES } from '@cubre/schemas/payments/lists';
import { canAccess } from '../access';
import { DateTimeField } from '../DateTimeField';
import { usePermissionList } from '../usePermissionList';
import {
  amountInputs,
  countryInput,
  createdInputs,
  methodInput,
  providerInput,
  stateInput,
  textInput,
} from './filters';
import { ServerExportButton } from '../ServerExportButton';
import { paymentsExportPath } from './exportPath';
import { Money } from './Money';
import { StateChip } from './StateChip';

const filters = [
  stateInput('sales', SALE_STATES),
  methodInput('paymentMethod', 'sales'),
  providerInput('sales'),
  countryInput(),
  textInput('sales', 'organizationCode'),
  textInput('sales', 'productCode'),
  textInput('sales', 'email'),
  textInput('sales', 'rut'),
  ...amountInputs('sales'),
  ...createdInputs('sales'),
];

/**
 * The export button only for payment:export (access.ts): the file carries every buyer's personal data. The
 * server writes it (every row of the filter, in the list's order) and refuses it without the permission.
 */
function SaleListActions({ canExport }: { canExport: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {canExport ? (
        <ServerExportButton
          pathOf={(filter, sort) => paymentsExportPath('sales', filter, sort)}
          fileName="ventas.csv"
        />
      ) : null}
    </TopToolbar>
  );
}

/** Online sales (issue 14), newest first, with the API's filters; a row opens the sale and its payments. */
export function SaleList() {
  const translate = useTranslate();
  const canExport = canAccess(usePermissionList(), 'sales', 'export');
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={<SaleListActions canExport={canExport} />}
      exporter={false}
    >
      <DataTable<SaleRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateTimeField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="buyer.nombre" disableSort />
        <DataTable.Col source="productName" disableSort />
        <DataTable.Col source="organizationName" disableSort />
        <DataTable.Col
          source="amountMinor"
          label="resources.sales.fields.amount"
          render={(sale) => <Money value={sale.amount} />}
        />
        <DataTable.Col
          source="paymentMethod"
          disableSort
          render={(sale) =>
            translate(`cubre.payments.methods.${sale.paymentMethod}`, { _: sale.paymentMethod })
          }
        />
        <DataTable.Col source="provider" disableSort />
        <DataTable.Col source="state" render={(sale) => <StateChip state={sale.state} />} />
      </DataTable>
    </List>
  );
}
