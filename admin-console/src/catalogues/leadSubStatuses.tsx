import AccountTreeIcon from '@mui/icons-material/AccountTree';
import {
  BooleanField,
  CheckboxGroupInput,
  ChipField,
  Create,
  DataTable,
  Edit,
  List,
  NullableBooleanInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SingleFieldList,
  TextInput,
  maxLength,
  required,
} from 'react-admin';
import type { LeadSubStatus } from '../types';
import { ALL_BY_ORDER, BulkDelete, EditToolbar, IdInput, OrderAndActive, PESSIMISTIC } from './common';

/** A sub-status may sit under several statuses (rule 002-3.05: Recaudación under 500 and 501). */
function LeadSubStatusInputs({ create = false }: { create?: boolean }) {
  return (
    <>
      {create ? <IdInput /> : null}
      <TextInput source="name" validate={[required(), maxLength(120)]} />
      <ReferenceArrayInput source="parentIds" reference="lead-statuses" {...ALL_BY_ORDER}>
        <CheckboxGroupInput optionText="name" validate={required()} row={true} />
      </ReferenceArrayInput>
      <OrderAndActive />
    </>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="parentIds" source="parentIds" reference="lead-statuses" {...ALL_BY_ORDER} alwaysOn>
    <SelectInput optionText="name" label="resources.lead-sub-statuses.fields.parentIds" />
  </ReferenceInput>,
  <NullableBooleanInput key="active" source="active" />,
];

export function LeadSubStatusList() {
  return (
    <List filters={filters} sort={{ field: 'order', order: 'ASC' }} perPage={50}>
      <DataTable<LeadSubStatus> rowClick="edit" bulkActionButtons={<BulkDelete />}>
        <DataTable.Col source="id" />
        <DataTable.Col source="name" />
        <DataTable.Col source="parentIds" disableSort>
          <ReferenceArrayField source="parentIds" reference="lead-statuses">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </DataTable.Col>
        <DataTable.Col source="order" />
        <DataTable.Col source="active" field={BooleanField} />
      </DataTable>
    </List>
  );
}

export const LeadSubStatusEdit = () => (
  <Edit mutationMode={PESSIMISTIC} redirect="list">
    <SimpleForm toolbar={<EditToolbar />}>
      <LeadSubStatusInputs />
    </SimpleForm>
  </Edit>
);

export const LeadSubStatusCreate = () => (
  <Create redirect="list">
    <SimpleForm defaultValues={{ parentIds: [], order: 0, active: true }}>
      <LeadSubStatusInputs create />
    </SimpleForm>
  </Create>
);

export const leadSubStatuses = {
  list: LeadSubStatusList,
  edit: LeadSubStatusEdit,
  create: LeadSubStatusCreate,
  icon: AccountTreeIcon,
  recordRepresentation: 'name',
};
