import BusinessIcon from '@mui/icons-material/Business';
import {
  Create,
  DataTable,
  Edit,
  List,
  SearchInput,
  SimpleForm,
  TextInput,
  maxLength,
  minLength,
  required,
} from 'react-admin';
import { PESSIMISTIC } from '../catalogues/common';
import { DateTimeField } from '../DateTimeField';
import type { OrganizationRecord } from '@cubre/schemas/identity/requests';

const OrganizationInputs = () => (
  <>
    <TextInput source="name" validate={[required(), minLength(2), maxLength(200)]} />
    <TextInput source="rut" validate={maxLength(40)} parse={(value: string) => value || null} />
  </>
);

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Companies (group insurance clients); a company administrator sees only their own. */
export function OrganizationList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      <DataTable<OrganizationRecord> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="rut" />
        <DataTable.Col source="createdAt">
          <DateTimeField source="createdAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export const OrganizationEdit = () => (
  <Edit mutationMode={PESSIMISTIC} redirect="list">
    <SimpleForm>
      <OrganizationInputs />
    </SimpleForm>
  </Edit>
);

export const OrganizationCreate = () => (
  <Create redirect="list">
    <SimpleForm>
      <OrganizationInputs />
    </SimpleForm>
  </Create>
);

export const organizations = {
  list: OrganizationList,
  edit: OrganizationEdit,
  create: OrganizationCreate,
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
