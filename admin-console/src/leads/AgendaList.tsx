import { DataTable, List, SelectInput, useCreatePath, useTranslate, Link } from 'react-admin';
import { dayRangeInputs } from '../DayRangeInputs';
import type { AgendaEntry } from '../types';
import { LEAD_EVENT_TYPES } from '@cubre/schemas/leads/lists';
import { DateTimeField } from '../DateTimeField';

function LeadLink({ entry }: { entry: AgendaEntry }) {
  const createPath = useCreatePath();
  return (
    <Link to={createPath({ resource: 'leads', id: entry.leadId, type: 'show' })}>
      {entry.leadName || entry.leadId}
    </Link>
  );
}

/** Calls and meetings (an executive sees their own; lead:read-all sees everyone's), soonest first. */
export function AgendaList() {
  const translate = useTranslate();
  const filters = [
    ...dayRangeInputs('at', { from: 'cubre.agenda.from', until: 'cubre.agenda.until' }, { alwaysOn: true }),
    <SelectInput
      key="type"
      source="type"
      label="resources.agenda.fields.type"
      choices={LEAD_EVENT_TYPES.map((id) => ({ id, name: `cubre.events.types.${id}` }))}
    />,
  ];
  return (
    <List filters={filters} sort={{ field: 'at', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable<AgendaEntry> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="at">
          <DateTimeField source="at" showTime />
        </DataTable.Col>
        <DataTable.Col
          source="type"
          disableSort
          render={(entry) => translate(`cubre.events.types.${entry.type}`)}
        />
        <DataTable.Col<AgendaEntry>
          source="leadName"
          disableSort
          render={(entry) => <LeadLink entry={entry} />}
        />
        <DataTable.Col source="productName" disableSort />
        <DataTable.Col source="remindAt" disableSort>
          <DateTimeField source="remindAt" showTime emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="note" disableSort />
      </DataTable>
    </List>
  );
}
