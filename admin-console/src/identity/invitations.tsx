import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { DataTable, List, SelectInput } from 'react-admin';
import type { InvitationRecord } from '@cubre/schemas/identity/requests';
import { DateTimeField } from '../DateTimeField';

const STATUSES = ['Invitación enviada', 'Aceptada'].map((id) => ({ id, name: id }));

/**
 * A company administrator's invitations (issue 13): sent ones read the same whether the address was free
 * or another company's, and turn Aceptada when the invitee chose a password (then they are in Usuarios).
 * Staff read every company's. Read-only: an invitation is sent by creating a user.
 */
export function InvitationList() {
  const filters = [<SelectInput key="status" source="status" choices={STATUSES} alwaysOn />];
  return (
    <List filters={filters} sort={{ field: 'invitedAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable<InvitationRecord> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="email" />
        <DataTable.Col source="status" />
        <DataTable.Col source="organizationId" />
        <DataTable.Col source="invitedAt">
          <DateTimeField source="invitedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="acceptedAt">
          <DateTimeField source="acceptedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export const invitations = { list: InvitationList, icon: ForwardToInboxIcon };
