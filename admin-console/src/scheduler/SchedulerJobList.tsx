import { useState } from 'react';
import { DataTable, List, useTranslate } from 'react-admin';
import type { SchedulerJobRecord } from '@cubre/schemas/jobs/adminRecords';
import { hasPermission } from '../access';
import { DateTimeField } from '../DateTimeField';
import { usePermissionList } from '../usePermissionList';
import { RunNowButton } from './RunNowButton';
import { RunProgress, RunStatusChip } from './RunStatus';

/** How often the page asks again while a run goes on (or one just asked for has not shown yet). */
export const POLL_WHILE_RUNNING_MS = 2000;

const busy = (jobs: SchedulerJobRecord[] | undefined) =>
  (jobs ?? []).some((job) => job.lastRun?.status === 'running' || job.leasedBy !== null);

/**
 * The Programador (issue 15): every job the scheduler runs, its cron and time zone, its last run (status,
 * items, failures) and a progress bar while it runs; "Ejecutar ahora" for holders of scheduler:run. The list
 * polls only while something runs, or until a run just asked for shows.
 */
export function SchedulerJobList() {
  const translate = useTranslate();
  const canRun = hasPermission(usePermissionList(), 'scheduler:run');
  const [awaited, setAwaited] = useState<string | null>(null);
  return (
    <List
      title={translate('cubre.scheduler.title')}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={25}
      actions={false}
      queryOptions={{
        refetchInterval: (query) => {
          const jobs = query.state.data?.data as SchedulerJobRecord[] | undefined;
          const seen = awaited === null || (jobs ?? []).some((job) => job.lastRun?.id === awaited);
          return busy(jobs) || !seen ? POLL_WHILE_RUNNING_MS : false;
        },
      }}
    >
      <DataTable<SchedulerJobRecord> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" />
        <DataTable.Col source="cron" disableSort />
        <DataTable.Col source="timeZone" disableSort />
        <DataTable.Col
          source="lastRun.startedAt"
          disableSort
          render={(job) => (job.lastRun ? <DateTimeField source="lastRun.startedAt" showTime /> : null)}
        />
        <DataTable.Col
          source="lastRun.status"
          disableSort
          render={(job) => <RunStatusChip status={job.lastRun?.status} />}
        />
        <DataTable.Col
          source="lastRun.done"
          disableSort
          render={(job) => (job.lastRun ? <RunProgress run={job.lastRun} /> : null)}
        />
        {canRun ? (
          <DataTable.Col
            label="cubre.scheduler.actions"
            disableSort
            render={(job) => <RunNowButton job={job.id} onStarted={setAwaited} />}
          />
        ) : null}
      </DataTable>
    </List>
  );
}
