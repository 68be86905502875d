import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link, ShowBase, Title, useCreatePath, useShowContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../DateTimeField';
import { Details, Item } from '../Details';
import { BulkLoadCommands } from './BulkLoadCommands';
import { BulkLoadProblems } from './BulkLoadProblems';
import { BulkLoadProgress } from './BulkLoadProgress';
import { BULK_LOAD_POLL_MS, isBulkLoadRunning } from './lists';
import { GroupStatusChip } from './StatusChip';
import type { BulkLoadRecord } from './types';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-label={title} variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function BulkLoadDetails() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { record: load } = useShowContext<BulkLoadRecord>();
  if (!load) return null;
  const field = (name: string) => translate(`resources.bulk-loads.fields.${name}`);
  const count = (name: keyof BulkLoadRecord['counts']) => (
    <Item label={translate(`cubre.groupInsurance.bulkLoads.counts.${name}`)}>
      <span data-testid={`count-${name}`}>{load.counts?.[name] ?? 0}</span>
    </Item>
  );
  const title = `${translate('resources.bulk-loads.name', { smart_count: 1 })} ${load.fileName}`;
  const summary = translate('cubre.groupInsurance.bulkLoads.summary');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={title} />
      <Section title={summary}>
        <Details label={summary}>
          <Item label={field('status')}>
            <GroupStatusChip status={load.status} vocabulary="bulkLoadStatus" />
          </Item>
          <Item label={field('kind')}>{translate(`cubre.groupInsurance.kinds.${load.kind}`)}</Item>
          <Item label={field('fileName')}>{load.fileName}</Item>
          <Item label={field('policyId')}>
            <Link to={createPath({ resource: 'policies', id: load.policyId, type: 'show' })}>
              {load.policyNumber}
            </Link>
          </Item>
          <Item label={field('createdAt')}>
            <DateTimeField source="createdAt" showTime />
          </Item>
          {count('rows')}
          {count('valid')}
          {count('invalid')}
          {count('unchanged')}
          {count('toApply')}
        </Details>
        {load.failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate('cubre.groupInsurance.bulkLoads.failure', { reason: load.failure })}
          </Alert>
        ) : null}
        <BulkLoadProgress load={load} />
        <BulkLoadCommands load={load} />
      </Section>
      <Section title={translate('cubre.groupInsurance.bulkLoads.problems')}>
        <BulkLoadProblems load={load} />
      </Section>
    </Stack>
  );
}

/** A bulk load: where it stands (polling while it runs), its counts, its commands and its problems. */
export default function BulkLoadShow() {
  return (
    <ShowBase
      queryOptions={{
        refetchInterval: (query) =>
          isBulkLoadRunning((query.state.data as BulkLoadRecord | undefined)?.status)
            ? BULK_LOAD_POLL_MS
            : false,
      }}
    >
      <BulkLoadDetails />
    </ShowBase>
  );
}
