import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import {
  AutocompleteArrayInput,
  BooleanField,
  CheckboxGroupInput,
  Create,
  DataTable,
  Edit,
  List,
  NullableBooleanInput,
  ReferenceArrayInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  required,
  useTranslate,
} from 'react-admin';
import { COUNTRY_CODES as COUNTRIES } from '@cubre/schemas/countries';
import { REQUEST_TYPES } from '@cubre/schemas/leads/lists';
import type { FailureReason, LeadSubStatus } from '../types';
import { ALL_BY_ORDER, BulkDelete, EditToolbar, IdInput, OrderAndActive, PESSIMISTIC } from './common';

const requestTypeChoices = REQUEST_TYPES.map((id) => ({ id, name: id }));
const countryChoices = COUNTRIES.map((id) => ({ id, name: `cubre.countries.${id}` }));

/**
 * A failure reason applies to the request types, countries and sub-statuses it lists (rule 002-3.11); an
 * empty list does not restrict that axis (the status-change dialog and the server read it alike).
 */
function FailureReasonInputs({ create = false }: { create?: boolean }) {
  return (
    <>
      {create ? <IdInput /> : null}
      <TextInput source="name" validate={[required(), maxLength(120)]} />
      <CheckboxGroupInput
        source="requestTypes"
        choices={requestTypeChoices}
        helperText="cubre.catalogues.empty_means_all"
      />
      <CheckboxGroupInput
        source="countries"
        choices={countryChoices}
        helperText="cubre.catalogues.empty_means_all"
      />
      <ReferenceArrayInput source="subStatusIds" reference="lead-sub-statuses" {...ALL_BY_ORDER}>
        <AutocompleteArrayInput
          optionText={(sub: LeadSubStatus) => `${sub.name} (${sub.id})`}
          helperText="cubre.catalogues.empty_means_all"
          filterToQuery={(q: string) => (q ? { q } : {})}
        />
      </ReferenceArrayInput>
      <OrderAndActive />
    </>
  );
}

function ListOf({ values, translateAs }: { values: readonly (string | number)[]; translateAs?: string }) {
  const translate = useTranslate();
  if (!values?.length) return <>{translate('cubre.catalogues.all')}</>;
  return (
    <>
      {values
        .map((value) => (translateAs ? translate(`${translateAs}.${value}`, { _: String(value) }) : value))
        .join(', ')}
    </>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="requestTypes" source="requestTypes" choices={requestTypeChoices} />,
  <SelectInput key="countries" source="countries" choices={countryChoices} />,
  <ReferenceInput key="subStatusIds" source="subStatusIds" reference="lead-sub-statuses" {...ALL_BY_ORDER}>
    <SelectInput optionText="name" label="resources.failure-reasons.fields.subStatusIds" />
  </ReferenceInput>,
  <NullableBooleanInput key="active" source="active" />,
];

export function FailureReasonList() {
  return (
    <List filters={filters} sort={{ field: 'order', order: 'ASC' }} perPage={50}>
      <DataTable<FailureReason> rowClick="edit" bulkActionButtons={<BulkDelete />}>
        <DataTable.Col source="id" />
        <DataTable.Col source="name" />
        <DataTable.Col
          source="requestTypes"
          disableSort
          render={(reason) => <ListOf values={reason.requestTypes} />}
        />
        <DataTable.Col
          source="countries"
          disableSort
          render={(reason) => <ListOf values={reason.countries} translateAs="cubre.countries" />}
        />
        <DataTable.Col
          source="subStatusIds"
          disableSort
          render={(reason) => <ListOf values={reason.subStatusIds} />}
        />
        <DataTable.Col source="order" />
        <DataTable.Col source="active" field={BooleanField} />
      </DataTable>
    </List>
  );
}

export const FailureReasonEdit = () => (
  <Edit mutationMode={PESSIMISTIC} redirect="list">
    <SimpleForm toolbar={<EditToolbar />}>
      <FailureReasonInputs />
    </SimpleForm>
  </Edit>
);

export const FailureReasonCreate = () => (
  <Create redirect="list">
    <SimpleForm defaultValues={{ requestTypes: [], countries: [], subStatusIds: [], order: 0, active: true }}>
      <FailureReasonInputs create />
    </SimpleForm>
  </Create>
);

export const failureReasons = {
  list: FailureReasonList,
  edit: FailureReasonEdit,
  create: FailureReasonCreate,
  icon: ReportProblemIcon,
  recordRepresentation: 'name',
};
