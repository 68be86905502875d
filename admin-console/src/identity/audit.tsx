import HistoryIcon from '@mui/icons-material/History';
import { DataTable, List, ReferenceField, SelectInput, useTranslate } from 'react-admin';
import { hasPermission } from '../access';
import { dayRangeInputs } from '../DayRangeInputs';
import { usePermissionList } from '../usePermissionList';
import { DateTimeField } from '../DateTimeField';
import type { AuditRecord } from '@cubre/schemas/identity/requests';

/**
 * Stream categories the audit covers (schemas: identity events and LEAD_CATALOGUE_KINDS), and payments,
 * whose voids and refunds staff make (their charges are the buyers' and stay out).
 */
const CATEGORIES = [
  'user',
  'role',
  'clientCompany',
  'leadStatus',
  'leadSubStatus',
  'failureReason',
  'leadTransition',
  'payment',
  // "Ejecutar ahora" of the scheduler's jobs (issue 15).
  'jobRunRequest',
  // Insurers' cutting and retroactive days (issue 15).
  'insurerSettings',
  // Group policies opened and their arrears-notice switch.
  'policy',
];

/** The change as one line of JSON, long values cut: the full record is the event itself. */
const dataText = (data: unknown) => {
  const text = JSON.stringify(data ?? {});
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
};

/** Who: a user's name when the user list is readable, else the actor's kind and id. */
function Actor({ entry, readsUsers }: { entry: AuditRecord; readsUsers: boolean }) {
  const translate = useTranslate();
  if (!entry.actor) return <>—</>;
  if (entry.actor.kind === 'user' && readsUsers) {
    return (
      <ReferenceField
        record={entry}
        source="actor.id"
        reference="users"
        link={false}
        emptyText={entry.actor.id}
      />
    );
  }
  return (
    <>{`${translate(`cubre.audit.actors.${entry.actor.kind}`, { _: entry.actor.kind })} ${entry.actor.id}`}</>
  );
}

/** Changes to users, roles, organizations and the lead catalogues, newest first (read-only). */
export function AuditList() {
  const translate = useTranslate();
  const readsUsers = hasPermission(usePermissionList(), 'user:read');
  const filters = [
    <SelectInput
      key="category"
      source="category"
      alwaysOn
      choices={CATEGORIES.map((id) => ({ id, name: `cubre.audit.categories.${id}` }))}
    />,
    ...dayRangeInputs(
      'occurredAt',
      { from: 'cubre.agenda.from', until: 'cubre.agenda.until' },
      { alwaysOn: true },
    ),
  ];
  return (
    <List filters={filters} sort={{ field: 'occurredAt', order: 'DESC' }} perPage={50} exporter={false}>
      <DataTable<AuditRecord> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="occurredAt">
          <DateTimeField source="occurredAt" showTime />
        </DataTable.Col>
        <DataTable.Col
          source="type"
          render={(entry) => translate(`cubre.audit.types.${entry.type}`, { _: entry.type })}
        />
        <DataTable.Col source="streamId" />
        <DataTable.Col<AuditRecord>
          source="actor"
          disableSort
          render={(entry) => <Actor entry={entry} readsUsers={readsUsers} />}
        />
        <DataTable.Col
          source="data"
          disableSort
          render={(entry) => (
            <code style={{ fontSize: 12, overflowWrap: 'anywhere' }}>{dataText(entry.data)}</code>
          )}
        />
      </DataTable>
    </List>
  );
}

export const audit = { list: AuditList, icon: HistoryIcon };
