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
import type { SubscriptionDetail } from '@cubre/schemas/subscriptions/records';
import { Details, Item } from '../Details';
import { Money } from '../payments/Money';
import { StateChip } from '../payments/StateChip';
import { SubscriptionCommands } from './SubscriptionCommands';

function SubscriptionDetails() {
  const translate = useTranslate();
  const { record } = useShowContext<SubscriptionDetail>();
  if (!record) return null;
  const field = (name: string) => translate(`resources.subscriptions.fields.${name}`);
  const title = translate('resources.subscriptions.name', { smart_count: 1 });
  const payments = translate('cubre.subscriptions.recurrentPayments');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={`${title} ${record.productName}`} />
      <Card component="section" aria-label={title} variant="outlined">
        <CardContent>
          <Details label={title}>
            <Item label={field('status')}>
              <StateChip state={record.status} />
            </Item>
            <Item label={field('lifecycle')}>
              {translate(`cubre.subscriptions.lifecycles.${record.lifecycle}`, { _: record.lifecycle })}
            </Item>
            <Item label={field('buyer.nombre')}>{record.buyer.nombre}</Item>
            <Item label={field('productName')}>
              {record.productName} · {record.organizationName}
            </Item>
            <Item label={field('amount')}>
              <Money value={record.amount} />
            </Item>
            <Item label={field('periodicityMonths')}>
              {translate('cubre.subscriptions.every_months', { smart_count: record.periodicityMonths ?? 1 })}
            </Item>
            <Item label={field('nextChargeOn')}>{record.nextChargeOn ?? '—'}</Item>
            <Item label={field('overdueCount')}>{record.overdueCount ?? '—'}</Item>
          </Details>
          <SubscriptionCommands record={record} />
        </CardContent>
      </Card>
      <Card component="section" aria-label={payments} variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {payments}
          </Typography>
          <Table size="small" aria-label={payments}>
            <TableHead>
              <TableRow>
                <TableCell>{field('period')}</TableCell>
                <TableCell>{field('dueOn')}</TableCell>
                <TableCell>{field('state')}</TableCell>
                <TableCell>{field('attempts')}</TableCell>
                <TableCell>{field('nextAttemptOn')}</TableCell>
                <TableCell align="right">{field('periodAmount')}</TableCell>
                <TableCell align="right">{field('fee')}</TableCell>
                <TableCell align="right">{field('taxOnFee')}</TableCell>
                <TableCell align="right">{field('net')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(record.recurrentPayments ?? []).map((payment) => (
                <TableRow key={payment.id}>
                  <TableCell>{payment.period}</TableCell>
                  <TableCell>{payment.dueOn}</TableCell>
                  <TableCell>
                    <StateChip state={payment.state} />
                  </TableCell>
                  <TableCell>{payment.attempts}</TableCell>
                  <TableCell>{payment.nextAttemptOn ?? ''}</TableCell>
                  <TableCell align="right">
                    <Money value={payment.amount} />
                  </TableCell>
                  {/* 002-9.01: the provider's share of a processed period, as on the purchase's payment. */}
                  <TableCell align="right">{payment.fee && <Money value={payment.fee} />}</TableCell>
                  <TableCell align="right">
                    {payment.taxOnFee && <Money value={payment.taxOnFee} />}
                  </TableCell>
                  <TableCell align="right">{payment.net && <Money value={payment.net} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </Stack>
  );
}

/** A subscription with its recurrent payments and, for who may, a forced charge and the cancellation. */
export default function SubscriptionShow() {
  return (
    <ShowBase>
      <SubscriptionDetails />
    </ShowBase>
  );
}
