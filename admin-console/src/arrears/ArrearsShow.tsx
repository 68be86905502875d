import {
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ShowBase, Title, useShowContext, useTranslate } from 'react-admin';
import type { ArrearsDetail } from '@cubre/schemas/arrears/records';
import { SUBSCRIPTION_ACTIONS, hasPermission } from '../access';
import { Details, Item } from '../Details';
import { useDateLocale } from '../i18n/dateLocale';
import { Money } from '../payments/Money';
import { StateChip } from '../payments/StateChip';
import { usePermissionList } from '../usePermissionList';
import { ResendReminderButton } from './ResendReminderButton';
import { StageChip } from './StageChip';

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

function Timeline({ record }: { record: ArrearsDetail }) {
  const translate = useTranslate();
  const locale = useDateLocale();
  return (
    <Table size="small" aria-label={translate('cubre.arrears.timeline')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('cubre.arrears.columns.at')}</TableCell>
          <TableCell>{translate('cubre.arrears.columns.event')}</TableCell>
          <TableCell>{translate('cubre.arrears.columns.period')}</TableCell>
          <TableCell>{translate('cubre.arrears.columns.overdueCount')}</TableCell>
          <TableCell>{translate('cubre.arrears.columns.detail')}</TableCell>
          <TableCell>{translate('cubre.arrears.columns.actor')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {record.timeline.map((entry, index) => (
          <TableRow key={index} data-kind={entry.kind}>
            <TableCell>{new Date(entry.at).toLocaleString(locale)}</TableCell>
            <TableCell>
              {translate(`cubre.arrears.kinds.${entry.kind}`, { _: entry.kind })}
              {entry.template ? ` · ${translate(`cubre.arrears.stages.${entry.template}`)}` : ''}
            </TableCell>
            <TableCell>{entry.period ?? ''}</TableCell>
            <TableCell>{entry.overdueCount ?? ''}</TableCell>
            <TableCell>{entry.detail ?? ''}</TableCell>
            <TableCell>
              {entry.actor === 'system' ? translate('cubre.arrears.system') : (entry.actor ?? '')}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ArrearsDetails() {
  const translate = useTranslate();
  const locale = useDateLocale();
  const permissions = usePermissionList();
  const { record } = useShowContext<ArrearsDetail>();
  if (!record) return null;
  const field = (name: string) => translate(`resources.arrears.fields.${name}`);
  const contract = translate('cubre.arrears.sections.contract');
  const next = record.nextAction;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={`${translate('resources.arrears.name', { smart_count: 1 })} ${record.productName}`} />
      <Section title={contract}>
        <Details label={contract}>
          <Item label={field('buyer.nombre')}>{record.buyer.nombre}</Item>
          <Item label={field('buyer.email')}>{record.buyer.email}</Item>
          <Item label={field('productName')}>
            {record.productName} · {record.organizationName}
          </Item>
          <Item label={field('amount')}>
            <Money value={record.amount} />
          </Item>
          <Item label={field('saleState')}>
            <StateChip state={record.saleState} />
          </Item>
          <Item label={field('overdueCount')}>
            <span data-testid="overdue-count">{record.overdueCount ?? '—'}</span>
          </Item>
          <Item label={field('since')}>{new Date(record.since).toLocaleString(locale)}</Item>
          <Item label={field('stage')}>
            <StageChip stage={record.stage} />
          </Item>
          <Item label={field('lastReminder')}>
            {record.lastReminder
              ? `${translate(`cubre.arrears.stages.${record.lastReminder.template}`)} · ${new Date(
                  record.lastReminder.at,
                ).toLocaleString(
                  locale,
                )}${record.lastReminder.manual ? ` · ${translate('cubre.arrears.manual')}` : ''}`
              : '—'}
          </Item>
          <Item label={field('nextAction')}>
            <span data-testid="next-action">
              {next
                ? translate(`cubre.arrears.next_${next.due ? 'due' : 'waiting'}`, {
                    template: translate(`cubre.arrears.stages.${next.template}`),
                    count: next.atOverdueCount,
                  })
                : '—'}
            </span>
          </Item>
        </Details>
        {record.inArrears && hasPermission(permissions, SUBSCRIPTION_ACTIONS.resendReminder) ? (
          <Stack direction="row" sx={{ mt: 2 }}>
            <ResendReminderButton record={record} />
          </Stack>
        ) : null}
      </Section>
      <Section title={translate('cubre.arrears.timeline')}>
        <Timeline record={record} />
      </Section>
    </Stack>
  );
}

/** A contract in arrears: where it stands, the reminders sent and next, and its timeline of events. */
export default function ArrearsShow() {
  return (
    <ShowBase>
      <ArrearsDetails />
    </ShowBase>
  );
}
