import { DataTable, List, SelectInput } from 'react-admin';
import type { InsurerRecord } from '@cubre/schemas/insurers/settings';

const TYPES = ['ASEGURADORA', 'ISAPRE', 'EPS', 'MEDICINA_PREPAGADA'];
const COUNTRIES = ['CL', 'PE', 'CO', 'INT'];

const filters = [
  <SelectInput key="type" source="type" choices={TYPES.map((id) => ({ id, name: id }))} />,
  <SelectInput key="country" source="country" choices={COUNTRIES.map((id) => ({ id, name: id }))} />,
];

/**
 * The Aseguradoras (issue 15): every insurer organization of the catalogue with its operation (cutting)
 * day and its retroactive days, the seed's defaults until it sets its own.
 */
export function InsurerList() {
  return (
    <List filters={filters} sort={{ field: 'displayName', order: 'ASC' }} perPage={25}>
      <DataTable<InsurerRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="displayName" />
        <DataTable.Col source="id" />
        <DataTable.Col source="type" />
        <DataTable.Col source="country" />
        <DataTable.Col source="operationDay" />
        <DataTable.Col
          source="activationDaysBack"
          disableSort
          label="resources.insurers.fields.activation"
          render={(insurer) => `${insurer.activationDaysBack} / ${insurer.activationDaysForward}`}
        />
        <DataTable.Col
          source="cancellationDaysBack"
          disableSort
          label="resources.insurers.fields.cancellation"
          render={(insurer) => `${insurer.cancellationDaysBack} / ${insurer.cancellationDaysForward}`}
        />
      </DataTable>
    </List>
  );
}
