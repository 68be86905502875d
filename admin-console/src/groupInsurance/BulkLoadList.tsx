import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  SelectInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { canAccess } from '../access';
import { DateTimeField } from '../DateTimeField';
import { usePermissionList } from '../usePermissionList';
import { organizationInput, policyInput, statusChoices } from './filters';
import { BULK_KINDS, BULK_LOAD_POLL_MS, BULK_LOAD_STATUSES, isBulkLoadRunning } from './lists';
import { GroupStatusChip } from './StatusChip';
import type { BulkLoadRecord } from './types';
import { useOrganizationFilter } from './useStaff';

function BulkLoadListActions({ canCreate }: { canCreate: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {canCreate ? <CreateButton label="cubre.groupInsurance.bulkLoads.new" /> : null}
    </TopToolbar>
  );
}

/**
 * Bulk loads (issue 16), newest first: the file, its kind, where it stands and its counts. The list asks
 * again while one of its loads runs, so a finished validation shows without a reload.
 */
export function BulkLoadList() {
  const translate = useTranslate();
  const byOrganization = useOrganizationFilter();
  const canCreate = canAccess(usePermissionList(), 'bulk-loads', 'create');
  const filters = [
    ...(byOrganization ? [organizationInput('bulk-loads')] : []),
    policyInput('bulk-loads'),
    <SelectInput
      key="kind"
      source="kind"
      choices={BULK_KINDS.map((id) => ({ id, name: `cubre.groupInsurance.kinds.${id}` }))}
    />,
    <SelectInput
      key="status"
      source="status"
      choices={statusChoices(BULK_LOAD_STATUSES, 'bulkLoadStatus')}
    />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={<BulkLoadListActions canCreate={canCreate} />}
      exporter={false}
      // A company's first visit has no load yet: the toolbar with "Nueva carga" shows anyway (react-admin's
      // empty page would offer a generic "Crear" instead).
      empty={false}
      queryOptions={{
        refetchInterval: (query) => {
          const loads = (query.state.data as { data?: BulkLoadRecord[] } | undefined)?.data ?? [];
          return loads.some((load) => isBulkLoadRunning(load.status)) ? BULK_LOAD_POLL_MS : false;
        },
      }}
    >
      <DataTable<BulkLoadRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateTimeField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="fileName" disableSort />
        <DataTable.Col source="policyNumber" disableSort />
        <DataTable.Col
          source="kind"
          disableSort
          render={(load) => translate(`cubre.groupInsurance.kinds.${load.kind}`)}
        />
        <DataTable.Col
          source="status"
          render={(load) => <GroupStatusChip status={load.status} vocabulary="bulkLoadStatus" />}
        />
        <DataTable.Col
          source="counts"
          disableSort
          render={(load) =>
            translate('cubre.groupInsurance.bulkLoads.countsShort', {
              rows: load.counts.rows,
              valid: load.counts.valid,
              invalid: load.counts.invalid,
            })
          }
        />
      </DataTable>
    </List>
  );
}
