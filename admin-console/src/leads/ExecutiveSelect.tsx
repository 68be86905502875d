import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { UserRecord } from '@cubre/schemas/identity/requests';

/** The active users a lead can be assigned to (their roles grant lead:read), by name. */
export function ExecutiveSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (executiveId: string) => void;
  error?: string;
}) {
  const translate = useTranslate();
  // Only users who can work leads (the server refuses the others with CODE002 anyway).
  const { data = [], isPending } = useGetList<UserRecord>('users', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
    filter: { permission: 'lead:read', status: 'Activo' },
  });
  const users = data
    .filter((user) => user.status !== 'Inactivo')
    .sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email, 'es'));
  return (
    <TextField
      select
      label={translate('cubre.assign.executive')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      fullWidth
      sx={{ mt: 1 }}
      disabled={isPending}
      error={!!error}
      helperText={error ?? ' '}
    >
      {users.map((user) => (
        <MenuItem key={user.id} value={user.id}>
          {user.name ? `${user.name} (${user.email})` : user.email}
        </MenuItem>
      ))}
    </TextField>
  );
}
