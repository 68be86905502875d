import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useGetList, useInput, useTranslate } from 'react-admin';
import {
  groupPermissions,
  groupState,
  toggleGroup,
  togglePermission,
  type PermissionRecord,
} from './permissionGroups';

/**
 * A role's permissions as a checklist grouped by permission group (policy, employee, lead, user…), each
 * group with a checkbox that selects or clears all of it. Every box is a labelled native checkbox.
 */
export function PermissionsChecklist({ source = 'permissions' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const { data = [], isPending } = useGetList<PermissionRecord & { id: string }>('permissions', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const selected: string[] = Array.isArray(field.value) ? field.value : [];
  if (isPending) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
        width: '100%',
      }}
    >
      {groupPermissions(data).map((group) => {
        const state = groupState(selected, group);
        const groupName = translate(`cubre.permission_groups.${group.group}`, { _: group.group });
        return (
          <Box
            component="fieldset"
            key={group.group}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, px: 1.5, pb: 1 }}
          >
            <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
              {groupName}
            </Typography>
            <FormControlLabel
              label={translate('cubre.roles.all_of_group', { group: groupName })}
              control={
                <Checkbox
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  onChange={(event) => field.onChange(toggleGroup(selected, group, event.target.checked))}
                />
              }
            />
            <FormGroup sx={{ pl: 2 }}>
              {group.ids.map((id) => (
                <FormControlLabel
                  key={id}
                  label={<code>{id}</code>}
                  control={
                    <Checkbox
                      size="small"
                      checked={selected.includes(id)}
                      onChange={(event) =>
                        field.onChange(togglePermission(selected, id, event.target.checked))
                      }
                      slotProps={{ input: { 'aria-label': id } }}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        );
      })}
    </Box>
  );
}
