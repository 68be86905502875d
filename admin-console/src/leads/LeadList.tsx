import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import {
  Button,
  DataTable,
  ExportButton,
  FilterButton,
  LinkBase,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { LEAD_ACTIONS, hasPermission } from '../access';
import { dayRangeInputs } from '../DayRangeInputs';
import type { Lead } from '../types';
import { usePermissionList } from '../usePermissionList';
import { BulkAssignButton } from './BulkAssignButton';
import { COUNTRY_CODES as COUNTRIES } from '@cubre/schemas/countries';
import { REQUEST_TYPES } from '@cubre/schemas/leads/lists';
import { StatusChip } from './StatusChip';
import { useLeadCatalogues } from './useLeadCatalogues';
import { DateTimeField } from '../DateTimeField';

const ALL = { perPage: 1000, sort: { field: 'id', order: 'ASC' as const } };

function useLeadFilters(canReadUsers: boolean) {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('cubre.leads.search')} />,
    <ReferenceInput key="status" source="status" reference="lead-statuses" {...ALL} alwaysOn>
      <SelectInput optionText="name" label="resources.leads.fields.status" />
    </ReferenceInput>,
    <ReferenceInput key="subStatus" source="subStatus" reference="lead-sub-statuses" {...ALL}>
      <SelectInput optionText="name" label="resources.leads.fields.subStatus" />
    </ReferenceInput>,
    ...(canReadUsers
      ? [
          <ReferenceInput key="executiveId" source="executiveId" reference="users" {...ALL}>
            <SelectInput optionText="name" label="resources.leads.fields.executiveId" />
          </ReferenceInput>,
        ]
      : []),
    <SelectInput
      key="requestType"
      source="requestType"
      choices={REQUEST_TYPES.map((id) => ({ id, name: id }))}
      label="resources.leads.fields.requestType"
    />,
    <SelectInput
      key="country"
      source="country"
      choices={COUNTRIES.map((id) => ({ id, name: `cubre.countries.${id}` }))}
      label="resources.leads.fields.country"
    />,
    <TextInput key="productCode" source="productCode" label="resources.leads.fields.productCode" />,
    ...dayRangeInputs('createdAt', { from: 'cubre.leads.created_from', until: 'cubre.leads.created_until' }),
  ];
}

function LeadListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      {/* react-admin's Button only forwards `to`: without a link component it is an <a> with no href. */}
      <Button component={LinkBase} label="cubre.kanban.menu" to="/leads/kanban">
        <ViewKanbanIcon />
      </Button>
      <ExportButton maxResults={1000} />
    </TopToolbar>
  );
}

/**
 * The leads an executive works (their own) or a supervisor oversees (all, with lead:read-all): filters of
 * the API's lead list, newest first, and bulk reassignment for whoever holds lead:assign.
 */
export function LeadList() {
  const translate = useTranslate();
  const permissions = usePermissionList();
  const { catalogues } = useLeadCatalogues();
  const canReadUsers = hasPermission(permissions, 'user:read');
  const canAssign = hasPermission(permissions, LEAD_ACTIONS.assign);
  return (
    <List
      filters={useLeadFilters(canReadUsers)}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={<LeadListActions />}
    >
      <DataTable<Lead> rowClick="show" bulkActionButtons={canAssign ? <BulkAssignButton /> : false}>
        <DataTable.Col source="createdAt">
          <DateTimeField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="contact.nombre" disableSort />
        <DataTable.Col source="contact.rut" disableSort />
        <DataTable.Col source="productName" />
        <DataTable.Col source="requestType" disableSort />
        <DataTable.Col
          source="country"
          disableSort
          render={(lead) => translate(`cubre.countries.${lead.country}`, { _: lead.country })}
        />
        <DataTable.Col
          source="status.id"
          label="resources.leads.fields.status"
          render={(lead) => <StatusChip status={lead.status} statuses={catalogues.statuses} />}
        />
        <DataTable.Col source="subStatus.name" label="resources.leads.fields.subStatus" disableSort />
        <DataTable.Col source="executiveName" label="resources.leads.fields.executiveId" />
        <DataTable.Col source="updatedAt">
          <DateTimeField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
