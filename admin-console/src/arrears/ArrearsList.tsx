import { BooleanInput, DataTable, List, NumberInput, SelectInput, useTranslate } from 'react-admin';
import type { ArrearsRecord } from '@cubre/schemas/arrears/records';
import { ARREARS_STAGE_FILTERS } from '@cubre/schemas/arrears/lists';
import { COUNTRY_CODES } from '@cubre/schemas/countries';
import { DateTimeField } from '../DateTimeField';
import { dayRangeInputs } from '../DayRangeInputs';
import { Money } from '../payments/Money';
import { StageChip } from './StageChip';

const filters = [
  <SelectInput
    key="stage"
    source="stage"
    choices={ARREARS_STAGE_FILTERS.map((id) => ({ id, name: `cubre.arrears.stages.${id}` }))}
    alwaysOn
  />,
  <NumberInput key="overdueCount_gte" source="overdueCount_gte" min={0} step={1} />,
  <NumberInput key="overdueCount_lte" source="overdueCount_lte" min={0} step={1} />,
  <SelectInput
    key="country"
    source="country"
    choices={COUNTRY_CODES.map((id) => ({ id, name: `cubre.countries.${id}` }))}
  />,
  <BooleanInput key="inArrears" source="inArrears" />,
  ...dayRangeInputs('since', {
    from: 'resources.arrears.fields.since_gte',
    until: 'resources.arrears.fields.since_lte',
  }),
];

/** Contracts that have been overdue (issue 15), newest arrears first, with the API's filters. */
export function ArrearsList() {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'since', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable<ArrearsRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="since">
          <DateTimeField source="since" showTime />
        </DataTable.Col>
        <DataTable.Col source="buyer.nombre" disableSort />
        <DataTable.Col source="productName" disableSort />
        <DataTable.Col source="amount" disableSort render={(row) => <Money value={row.amount} />} />
        <DataTable.Col source="overdueCount" />
        <DataTable.Col source="stage" disableSort render={(row) => <StageChip stage={row.stage} />} />
        <DataTable.Col
          source="nextAction"
          disableSort
          render={(row) =>
            row.nextAction
              ? translate(`cubre.arrears.next_${row.nextAction.due ? 'due' : 'waiting'}`, {
                  template: translate(`cubre.arrears.stages.${row.nextAction.template}`),
                  count: row.nextAction.atOverdueCount,
                })
              : '—'
          }
        />
        <DataTable.Col source="saleState" disableSort />
      </DataTable>
    </List>
  );
}
