import { useState } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { ReferenceField, ShowBase, Title, useShowContext, useTranslate } from 'react-admin';
import type { ReversalKind } from '@cubre/schemas/payments/sales';
import { hasPermission } from '../access';
import { usePermissionList } from '../usePermissionList';
import { ReverseDialog } from './ReverseDialog';
import { ManualOutcomeDialog } from './ManualOutcomeDialog';
import type { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import { useDateLocale } from '../i18n/dateLocale';
import { Details, Item } from '../Details';
import { Money } from './Money';
import { StateChip } from './StateChip';

function PaymentDetails() {
  const translate = useTranslate();
  const locale = useDateLocale();
  const { record: payment } = useShowContext<PaymentRecord>();
  const permissions = usePermissionList();
  const [reversing, setReversing] = useState<ReversalKind | null>(null);
  const [recording, setRecording] = useState(false);
  if (!payment) return null;
  // A payment still PENDING may need its outcome recorded from the provider's portal (the server refuses
  // where the provider answers for itself, or while the payment may still be in progress).
  const recordable = hasPermission(permissions, 'payment:create') && payment.state === 'PENDING';
  // A paid payment with no reversal waiting for the provider's answer can be voided or refunded.
  // A transfer or an executive's payment is returned from the bank, not voided at a provider.
  const offline = payment.gateway === 'bank_transfer' || payment.gateway === 'executive';
  const reversible =
    !offline &&
    hasPermission(permissions, 'payment:delete') &&
    payment.state === 'OK' &&
    payment.reversal?.status !== 'requested';
  const reversal = payment.reversal;
  const field = (name: string) => translate(`resources.payments.fields.${name}`);
  const date = (iso: string) => new Date(iso).toLocaleString(locale);
  const title = translate('cubre.payments.sections.payment');
  return (
    <Card component="section" aria-label={title} variant="outlined" sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Details label={title}>
          <Item label={field('state')}>
            <StateChip state={payment.state} />
          </Item>
          <Item label={field('amount')}>
            <Money value={payment.amount} />
          </Item>
          <Item label={field('saleId')}>
            <ReferenceField source="saleId" reference="sales" link="show" />
          </Item>
          <Item label={field('method')}>
            {translate(`cubre.payments.methods.${payment.method}`, { _: payment.method })}
          </Item>
          {(payment.installments ?? 1) > 1 && (
            <Item label={field('installments')}>{payment.installments}</Item>
          )}
          <Item label={field('provider')}>{payment.provider}</Item>
          <Item label={field('gateway')}>{payment.gateway}</Item>
          <Item label={field('chargeId')}>{payment.chargeId}</Item>
          <Item label={field('catalogueCode')}>{payment.catalogueCode}</Item>
          <Item label={field('header')}>{payment.header}</Item>
          <Item label={field('message')}>{payment.message}</Item>
          <Item label={field('createdAt')}>{date(payment.createdAt)}</Item>
          <Item label={field('updatedAt')}>{date(payment.updatedAt)}</Item>
          <Item label={field('id')}>{payment.id}</Item>
          {payment.fee && payment.taxOnFee && payment.net && (
            <>
              <Item label={field('fee')}>
                <Money value={payment.fee} />
              </Item>
              <Item label={field('taxOnFee')}>
                <Money value={payment.taxOnFee} />
              </Item>
              <Item label={field('net')}>
                <Money value={payment.net} />
              </Item>
            </>
          )}
          {payment.reference && <Item label={field('reference')}>{payment.reference}</Item>}
          {payment.staffReason && <Item label={field('staffReason')}>{payment.staffReason}</Item>}
          {reversal && (
            <Item label={field('reversal')}>
              {translate(`cubre.payments.reverse.status_${reversal.kind}_${reversal.status}`)}
              {' · '}
              {reversal.reason}
              {reversal.message ? ` · ${reversal.message}` : ''}
            </Item>
          )}
        </Details>
        {reversible && (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button variant="outlined" color="error" onClick={() => setReversing('void')}>
              {translate('cubre.payments.reverse.open_void')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setReversing('refund')}>
              {translate('cubre.payments.reverse.open_refund')}
            </Button>
          </Stack>
        )}
        {recordable && (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button variant="outlined" onClick={() => setRecording(true)}>
              {translate('cubre.payments.outcome.open')}
            </Button>
          </Stack>
        )}
        {recording && <ManualOutcomeDialog payment={payment} onClose={() => setRecording(false)} />}
        {reversing && <ReverseDialog payment={payment} kind={reversing} onClose={() => setReversing(null)} />}
      </CardContent>
    </Card>
  );
}

/** A payment: its outcome (the catalogue's code, header and message when refused) and a link to its sale. */
export default function PaymentShow() {
  return (
    <ShowBase>
      <PaymentDetails />
    </ShowBase>
  );
}
