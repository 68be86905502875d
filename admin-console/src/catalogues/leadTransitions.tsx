import AltRouteIcon from '@mui/icons-material/AltRoute';
import {
  CheckboxGroupInput,
  ChipField,
  Create,
  DataTable,
  Edit,
  List,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SingleFieldList,
  required,
} from 'react-admin';
import type { LeadTransition } from '../types';
import { ALL_BY_ORDER, BulkDelete, EditToolbar, PESSIMISTIC } from './common';

/**
 * The transition policy: from each status (the record's id) the statuses a lead may move to. A status
 * without a policy moves nowhere; changing only the sub-status within a status is always allowed.
 */
const ToInput = () => (
  <ReferenceArrayInput source="to" reference="lead-statuses" {...ALL_BY_ORDER}>
    <CheckboxGroupInput optionText="name" row={true} />
  </ReferenceArrayInput>
);

export function LeadTransitionList() {
  return (
    <List sort={{ field: 'id', order: 'ASC' }} perPage={50}>
      <DataTable<LeadTransition> rowClick="edit" bulkActionButtons={<BulkDelete />}>
        <DataTable.Col source="id" label="resources.lead-transitions.fields.id">
          <ReferenceField source="id" reference="lead-statuses" link={false} />
        </DataTable.Col>
        <DataTable.Col source="to" disableSort>
          <ReferenceArrayField source="to" reference="lead-statuses">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export const LeadTransitionEdit = () => (
  <Edit mutationMode={PESSIMISTIC} redirect="list">
    <SimpleForm toolbar={<EditToolbar />}>
      <ReferenceField
        source="id"
        reference="lead-statuses"
        link={false}
        label="resources.lead-transitions.fields.id"
      />
      <ToInput />
    </SimpleForm>
  </Edit>
);

export const LeadTransitionCreate = () => (
  <Create redirect="list">
    <SimpleForm defaultValues={{ to: [] }}>
      <ReferenceInput source="id" reference="lead-statuses" {...ALL_BY_ORDER}>
        <SelectInput optionText="name" validate={required()} label="resources.lead-transitions.fields.id" />
      </ReferenceInput>
      <ToInput />
    </SimpleForm>
  </Create>
);

export const leadTransitions = {
  list: LeadTransitionList,
  edit: LeadTransitionEdit,
  create: LeadTransitionCreate,
  icon: AltRouteIcon,
  recordRepresentation: (record: LeadTransition) => String(record.id),
};
