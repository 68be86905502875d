import { DataTable, List, SelectInput } from 'react-admin';
import type { SubscriptionRecord } from '@cubre/schemas/subscriptions/records';
import { SUBSCRIPTION_LIFECYCLES, SUBSCRIPTION_STATUSES } from '@cubre/schemas/subscriptions/lists';
import { COUNTRY_CODES } from '@cubre/schemas/countries';
import { DateTimeField } from '../DateTimeField';
import { Money } from '../payments/Money';
import { StateChip } from '../payments/StateChip';

const codes = (values: readonly string[]) => values.map((id) => ({ id, name: id }));
const filters = [
  <SelectInput key="status" source="status" choices={codes(SUBSCRIPTION_STATUSES)} alwaysOn />,
  <SelectInput
    key="lifecycle"
    source="lifecycle"
    choices={SUBSCRIPTION_LIFECYCLES.map((id) => ({ id, name: `cubre.subscriptions.lifecycles.${id}` }))}
  />,
  <SelectInput
    key="country"
    source="country"
    choices={COUNTRY_CODES.map((id) => ({ id, name: `cubre.countries.${id}` }))}
  />,
];

/** Monthly subscriptions (issue 15), newest first; a row opens the contract and its recurrent payments. */
export function SubscriptionList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable<SubscriptionRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateTimeField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="buyer.nombre" disableSort />
        <DataTable.Col source="productName" disableSort />
        <DataTable.Col source="amount" disableSort render={(row) => <Money value={row.amount} />} />
        <DataTable.Col source="nextChargeOn" />
        <DataTable.Col source="overdueCount" />
        <DataTable.Col source="status" render={(row) => <StateChip state={row.status} />} />
      </DataTable>
    </List>
  );
}
