import { DataTable, List, SelectInput, useTranslate } from 'react-admin';
import { MAIL_TEMPLATES } from '@cubre/schemas/mail/lists';
import { DateTimeField } from '../DateTimeField';
import { dayRangeInputs } from '../DayRangeInputs';
import { MailStatusChip } from './StatusChip';
import { MAIL_STATUSES, type MailRecord } from './types';

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={MAIL_STATUSES.map((id) => ({ id, name: `cubre.mail.statuses.${id}` }))}
  />,
  <SelectInput
    key="template"
    source="template"
    alwaysOn
    choices={MAIL_TEMPLATES.map((id) => ({ id, name: `cubre.mail.templates.${id}` }))}
  />,
  ...dayRangeInputs('requestedAt', {
    from: 'resources.mail-outbox.fields.requestedAt_gte',
    until: 'resources.mail-outbox.fields.requestedAt_lte',
  }),
];

/**
 * The outbox (issue 15): every mail requested, newest first, with its status and attempts; filters by
 * status, template and the day requested. A fresh clone's mails are all here (the embedded transport).
 */
export function MailList() {
  const translate = useTranslate();
  return (
    // No CSV: the outbox is addresses and names, and the seed names no export permission for it.
    <List filters={filters} sort={{ field: 'requestedAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable<MailRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="requestedAt">
          <DateTimeField source="requestedAt" showTime />
        </DataTable.Col>
        <DataTable.Col
          source="status"
          render={(mail) => <MailStatusChip status={mail.status} givenUp={mail.givenUp} />}
        />
        <DataTable.Col
          source="template"
          render={(mail) => translate(`cubre.mail.templates.${mail.template}`, { _: mail.template })}
        />
        <DataTable.Col source="to" disableSort render={(mail) => mail.to.email} />
        <DataTable.Col source="subjectLine" disableSort />
        <DataTable.Col source="attempts" />
        <DataTable.Col
          source="lastErrorKind"
          disableSort
          render={(mail) =>
            mail.lastErrorKind
              ? translate(`cubre.mail.errors.${mail.lastErrorKind}`, { _: mail.lastErrorKind })
              : ''
          }
        />
      </DataTable>
    </List>
  );
}
