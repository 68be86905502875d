import {
  DataTable,
  DateInput,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { canAccess } from '../access';
import { DateTimeField } from '../DateTimeField';
import { usePermissionList } from '../usePermissionList';
import { ServerExportButton } from '../ServerExportButton';
import { exportPath } from './paths';
import { organizationInput, policyInput, statusChoices } from './filters';
import { EMPLOYEE_STATUSES, POLICY_EMPLOYEE_STATUSES } from './lists';
import { MovementTabs } from './MovementTabs';
import { Rut, fullName } from './Rut';
import { GroupStatusChip } from './StatusChip';
import type { EmployeeRecord } from './types';
import { useOrganizationFilter } from './useStaff';

function EmployeeListActions({ canExport }: { canExport: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {canExport ? <ServerExportButton pathOf={exportPath} fileName="asegurados.csv" /> : null}
    </TopToolbar>
  );
}

/**
 * The insured people (issue 16), one row per person and policy: ALTAS / BAJAS / TODAS (002-4.09) as tabs,
 * filters by policy, coverage group, status, effective date and name or RUT; staff also by company.
 */
export function EmployeeList() {
  const translate = useTranslate();
  const byOrganization = useOrganizationFilter();
  const canExport = canAccess(usePermissionList(), 'employees', 'export');
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('cubre.groupInsurance.employees.search')}
    />,
    ...(byOrganization ? [organizationInput('employees')] : []),
    policyInput('employees'),
    <SelectInput key="status" source="status" choices={statusChoices(POLICY_EMPLOYEE_STATUSES)} alwaysOn />,
    <SelectInput
      key="employeeStatus"
      source="employeeStatus"
      choices={statusChoices(EMPLOYEE_STATUSES, 'employeeStatus')}
    />,
    <TextInput key="coverageGroup" source="coverageGroup" />,
    <DateInput key="effectiveDateFrom" source="effectiveDateFrom" />,
    <DateInput key="effectiveDateTo" source="effectiveDateTo" />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<EmployeeListActions canExport={canExport} />}
      exporter={false}
    >
      <MovementTabs />
      <DataTable<EmployeeRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="legalId" render={(person) => <Rut value={person.legalId} />} />
        <DataTable.Col
          source="paternalSurname"
          label="resources.employees.fields.fullName"
          render={fullName}
        />
        <DataTable.Col source="policyNumber" disableSort />
        <DataTable.Col source="coverageGroup" disableSort />
        <DataTable.Col
          source="insuredType"
          disableSort
          render={(person) =>
            translate(`cubre.groupInsurance.insuredTypes.${person.insuredType}`, { _: person.insuredType })
          }
        />
        <DataTable.Col source="movement" disableSort />
        <DataTable.Col source="status" render={(person) => <GroupStatusChip status={person.status} />} />
        <DataTable.Col source="effectiveDate" />
        <DataTable.Col source="updatedAt">
          <DateTimeField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
