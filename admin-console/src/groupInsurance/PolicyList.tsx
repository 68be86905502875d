import { DataTable, List, SelectInput, useTranslate } from 'react-admin';
import { DateTimeField } from '../DateTimeField';
import { organizationInput, statusChoices } from './filters';
import { POLICY_STATUSES } from './lists';
import { GroupStatusChip } from './StatusChip';
import type { PolicyRecord } from './types';
import { useIsStaff, useOrganizationFilter } from './useStaff';

/** The people of a policy at a glance: in force, waiting for the insurer, cancelled. */
export function PolicyCounts({ policy }: { policy: PolicyRecord }) {
  const translate = useTranslate();
  return (
    <span data-testid={`policy-counts-${policy.id}`}>
      {translate('cubre.groupInsurance.policies.counts', {
        active: policy.counts.active,
        pending: policy.counts.pending,
        canceled: policy.counts.canceled,
      })}
    </span>
  );
}

/**
 * Group policies (issue 16): a company administrator's own, every company's for staff (with the
 * organization filter). A row opens the policy with its coverage groups.
 */
export function PolicyList() {
  const staff = useIsStaff();
  const byOrganization = useOrganizationFilter();
  const filters = [
    ...(byOrganization ? [organizationInput('policies')] : []),
    <SelectInput key="status" source="status" choices={statusChoices(POLICY_STATUSES)} alwaysOn />,
  ];
  return (
    // No CSV of policies: the seed's policy:export has no screen asked for yet.
    <List filters={filters} sort={{ field: 'number', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable<PolicyRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="number" />
        <DataTable.Col source="name" />
        {staff ? <DataTable.Col source="organizationName" disableSort /> : null}
        <DataTable.Col source="insurerName" disableSort />
        <DataTable.Col source="status" render={(policy) => <GroupStatusChip status={policy.status} />} />
        <DataTable.Col source="startDate">
          <DateTimeField source="startDate" />
        </DataTable.Col>
        <DataTable.Col
          source="counts"
          disableSort
          render={(policy) => <PolicyCounts policy={policy as PolicyRecord} />}
        />
      </DataTable>
    </List>
  );
}
