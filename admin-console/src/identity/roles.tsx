import { Typography } from '@mui/material';
import BadgeIcon from '@mui/icons-material/Badge';
import {
  DataTable,
  Edit,
  List,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  required,
  useTranslate,
} from 'react-admin';
import { PESSIMISTIC } from '../catalogues/common';
import { PermissionsChecklist } from './PermissionsChecklist';
import { DateTimeField } from '../DateTimeField';
import type { RoleRecord } from '@cubre/schemas/identity/requests';

function PermissionsHeading() {
  const translate = useTranslate();
  return (
    <Typography component="h2" variant="subtitle1" sx={{ mt: 1 }}>
      {translate('resources.roles.fields.permissions')}
    </Typography>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The platform's roles (seed 002 §6): fixed codes whose names and permissions are edited, never deleted. */
export function RoleList() {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable<RoleRecord> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="name" />
        <DataTable.Col
          source="permissions"
          disableSort
          render={(role) =>
            translate('cubre.roles.permission_count', { smart_count: role.permissions.length })
          }
        />
        <DataTable.Col source="updatedAt">
          <DateTimeField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export const RoleEdit = () => (
  <Edit mutationMode={PESSIMISTIC} redirect="list">
    <SimpleForm>
      <TextField source="id" component="p" />
      <TextInput source="name" validate={[required(), maxLength(120)]} />
      <PermissionsHeading />
      <PermissionsChecklist />
    </SimpleForm>
  </Edit>
);

export const roles = { list: RoleList, edit: RoleEdit, icon: BadgeIcon, recordRepresentation: 'name' };
