import {
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ReferenceField, ShowBase, Title, useShowContext, useTranslate } from 'react-admin';
import type { JobRunRecord } from '@cubre/schemas/jobs/adminRecords';
import { Details, Item } from '../Details';
import { useDateLocale } from '../i18n/dateLocale';
import { RunProgress, RunStatusChip } from './RunStatus';
import { POLL_WHILE_RUNNING_MS } from './SchedulerJobList';

function RunDetails() {
  const translate = useTranslate();
  const locale = useDateLocale();
  const { record: run } = useShowContext<JobRunRecord>();
  if (!run) return null;
  const field = (name: string) => translate(`resources.job-runs.fields.${name}`);
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale) : null);
  const title = translate('cubre.scheduler.run');
  const failedTitle = translate('cubre.scheduler.failed_items');
  return (
    <>
      <Title title={`${run.job} · ${date(run.startedAt)}`} />
      <Card component="section" aria-label={title} variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {title}
          </Typography>
          <Details label={title}>
            <Item label={field('job')}>
              <ReferenceField source="job" reference="scheduler-jobs" link="show" />
            </Item>
            <Item label={field('status')}>
              <RunStatusChip status={run.status} />
            </Item>
            <Item label={field('done')}>
              <RunProgress run={run} />
            </Item>
            <Item label={field('trigger')}>{translate(`cubre.scheduler.trigger.${run.trigger}`)}</Item>
            {/* The user's id: reading users is another permission (user:read) than reading runs. */}
            <Item label={field('triggeredBy')}>{run.triggeredBy}</Item>
            <Item label={field('source')}>{run.source}</Item>
            <Item label={field('startedAt')}>{date(run.startedAt)}</Item>
            <Item label={field('finishedAt')}>{date(run.finishedAt)}</Item>
            <Item label={field('errorKind')}>{run.errorKind}</Item>
            <Item label={field('schedulerId')}>{run.schedulerId}</Item>
            <Item label={field('id')}>{run.id}</Item>
          </Details>
        </CardContent>
      </Card>
      <Card component="section" aria-label={failedTitle} variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {failedTitle}
          </Typography>
          {run.failedItems.length === 0 ? (
            <Typography variant="body2">{translate('cubre.scheduler.no_failed_items')}</Typography>
          ) : (
            <Table size="small" aria-label={failedTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('cubre.scheduler.item_key')}</TableCell>
                  <TableCell>{translate('cubre.scheduler.item_reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {run.failedItems.map((item, index) => (
                  <TableRow key={`${index}-${item.key}`}>
                    <TableCell>{item.key}</TableCell>
                    <TableCell>{item.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {run.failed > run.failedItems.length ? (
            <Typography variant="caption">
              {translate('cubre.scheduler.more_failed', { count: run.failed - run.failedItems.length })}
            </Typography>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}

/** One run of a job: its counts, how it ended (Interrumpida when its scheduler died) and its failed items. */
export default function JobRunShow() {
  return (
    <ShowBase
      queryOptions={{
        refetchInterval: (query) =>
          (query.state.data as JobRunRecord | undefined)?.status === 'running'
            ? POLL_WHILE_RUNNING_MS
            : false,
      }}
    >
      <RunDetails />
    </ShowBase>
  );
}
