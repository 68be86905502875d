import { useQuery } from '@tanstack/react-query';
import { Alert, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import { API_URL } from '../dataProvider';
import { httpClient } from '../httpClient';
import { useDateLocale } from '../i18n/dateLocale';
import { GroupStatusChip } from './StatusChip';
import type { EmployeeHistoryEntry } from './types';

/** GET employees/{id}/history: the answer is a list, or a page of one ({data}). */
async function historyOf(id: string): Promise<EmployeeHistoryEntry[]> {
  const { json } = await httpClient(`${API_URL}/employees/${encodeURIComponent(id)}/history`);
  return (Array.isArray(json) ? json : (json?.data ?? [])) as EmployeeHistoryEntry[];
}

/**
 * A person's roster changes under the policy, newest first: what happened (an activation or cancellation
 * asked, the insurer's answer, an undo), the status before and after, the effective date, the load and
 * row that asked for it, and who (a user id) (`employee:read-history`). Keyed under
 * `employees`, so a command on the person reads it again.
 */
export function EmployeeHistory({ id }: { id: string }) {
  const translate = useTranslate();
  const locale = useDateLocale();
  const createPath = useCreatePath();
  const { data, error, isPending } = useQuery({
    queryKey: ['employees', 'history', id],
    queryFn: () => historyOf(id),
  });
  const label = translate('cubre.groupInsurance.history.title');
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (isPending) return null;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('cubre.groupInsurance.history.at')}</TableCell>
          <TableCell>{translate('cubre.groupInsurance.history.type')}</TableCell>
          <TableCell>{translate('cubre.groupInsurance.history.status')}</TableCell>
          <TableCell>{translate('cubre.groupInsurance.history.effectiveDate')}</TableCell>
          <TableCell>{translate('cubre.groupInsurance.history.bulkLoad')}</TableCell>
          <TableCell>{translate('cubre.groupInsurance.history.actor')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((entry) => (
          <TableRow key={entry.id} data-kind={entry.kind}>
            <TableCell>{new Date(entry.occurredAt).toLocaleString(locale)}</TableCell>
            <TableCell>
              {translate(`cubre.groupInsurance.history.kinds.${entry.kind}`, { _: entry.kind })}
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                {entry.statusBefore ? <GroupStatusChip status={entry.statusBefore} /> : null}
                {entry.statusBefore ? <span aria-hidden="true">→</span> : null}
                {entry.statusAfter ? (
                  <GroupStatusChip status={entry.statusAfter} />
                ) : (
                  translate('cubre.groupInsurance.history.removed')
                )}
              </Stack>
            </TableCell>
            <TableCell>{entry.effectiveDate ?? ''}</TableCell>
            <TableCell>
              {entry.bulkLoadId ? (
                <Link to={createPath({ resource: 'bulk-loads', id: entry.bulkLoadId, type: 'show' })}>
                  {entry.rowNumber
                    ? translate('cubre.groupInsurance.history.row', { row: entry.rowNumber })
                    : entry.bulkLoadId.slice(0, 8)}
                </Link>
              ) : (
                ''
              )}
            </TableCell>
            <TableCell>{entry.by}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
