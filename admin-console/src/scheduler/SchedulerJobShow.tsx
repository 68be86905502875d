import { Card, CardContent, Typography } from '@mui/material';
import { DataTable, ReferenceManyField, ShowBase, Title, useShowContext, useTranslate } from 'react-admin';
import type { JobRunRecord, SchedulerJobRecord } from '@cubre/schemas/jobs/adminRecords';
import { hasPermission } from '../access';
import { DateTimeField } from '../DateTimeField';
import { Details, Item } from '../Details';
import { usePermissionList } from '../usePermissionList';
import { RunNowButton } from './RunNowButton';
import { RunProgress, RunStatusChip } from './RunStatus';
import { POLL_WHILE_RUNNING_MS } from './SchedulerJobList';

const running = (job: SchedulerJobRecord | undefined) =>
  !!job && (job.lastRun?.status === 'running' || job.leasedBy !== null);

function JobDetails() {
  const translate = useTranslate();
  const canRun = hasPermission(usePermissionList(), 'scheduler:run');
  const { record: job, refetch } = useShowContext<SchedulerJobRecord>();
  if (!job) return null;
  const field = (name: string) => translate(`resources.scheduler-jobs.fields.${name}`);
  const runsTitle = translate('cubre.scheduler.runs');
  return (
    <>
      <Title title={job.id} />
      <Card component="section" aria-label={job.id} variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {job.id}
          </Typography>
          <Details label={job.id}>
            <Item label={field('cron')}>{job.cron}</Item>
            <Item label={field('timeZone')}>{job.timeZone}</Item>
            <Item label={field('leasedBy')}>{job.leasedBy}</Item>
          </Details>
          {canRun ? <RunNowButton job={job.id} onStarted={() => void refetch()} /> : null}
        </CardContent>
      </Card>
      <Card component="section" aria-label={runsTitle} variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {runsTitle}
          </Typography>
          <ReferenceManyField
            reference="job-runs"
            target="job"
            sort={{ field: 'startedAt', order: 'DESC' }}
            perPage={25}
            queryOptions={{ refetchInterval: running(job) ? POLL_WHILE_RUNNING_MS : false }}
          >
            <DataTable<JobRunRecord>
              rowClick={(id) => `/job-runs/${encodeURIComponent(String(id))}/show`}
              bulkActionButtons={false}
              empty={<Typography variant="body2">{translate('cubre.scheduler.no_runs')}</Typography>}
            >
              <DataTable.Col source="startedAt" label="resources.job-runs.fields.startedAt">
                <DateTimeField source="startedAt" showTime />
              </DataTable.Col>
              <DataTable.Col
                source="trigger"
                label="resources.job-runs.fields.trigger"
                disableSort
                render={(run) => translate(`cubre.scheduler.trigger.${run.trigger}`)}
              />
              <DataTable.Col
                source="status"
                label="resources.job-runs.fields.status"
                render={(run) => <RunStatusChip status={run.status} />}
              />
              <DataTable.Col
                source="done"
                label="resources.job-runs.fields.done"
                disableSort
                render={(run) => <RunProgress run={run as JobRunRecord} />}
              />
            </DataTable>
          </ReferenceManyField>
        </CardContent>
      </Card>
    </>
  );
}

/** One job: its schedule, who holds it now, "Ejecutar ahora" and its runs, newest first. */
export default function SchedulerJobShow() {
  return (
    <ShowBase
      queryOptions={{
        refetchInterval: (query) =>
          running(query.state.data as SchedulerJobRecord | undefined) ? POLL_WHILE_RUNNING_MS : false,
      }}
    >
      <JobDetails />
    </ShowBase>
  );
}
