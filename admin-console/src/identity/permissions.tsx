import KeyIcon from '@mui/icons-material/Key';
import {
  BooleanField,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  useGetList,
  useTranslate,
} from 'react-admin';
import type { PermissionRecord } from './permissionGroups';

/** Every permission the platform knows, by group (read-only: roles grant them). */
export function PermissionList() {
  const translate = useTranslate();
  const { data = [] } = useGetList<PermissionRecord & { id: string }>('permissions', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const groupName = (group: string) => translate(`cubre.permission_groups.${group}`, { _: group });
  const groups = [...new Set(data.map((permission) => permission.group))];
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="group"
      source="group"
      alwaysOn
      choices={groups.map((group) => ({ id: group, name: groupName(group) }))}
    />,
  ];
  return (
    <List filters={filters} sort={{ field: 'group', order: 'ASC' }} perPage={100} exporter={false}>
      <DataTable<PermissionRecord & { id: string }> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="group" render={(permission) => groupName(permission.group)} />
        <DataTable.Col source="seed" disableSort field={BooleanField} />
      </DataTable>
    </List>
  );
}

export const permissions = { list: PermissionList, icon: KeyIcon, recordRepresentation: 'id' };
