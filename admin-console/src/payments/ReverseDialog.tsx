import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import type { ReversalKind } from '@cubre/schemas/payments/sales';
import { useConsoleCommand, type CommandNotice } from '../useConsoleCommand';

/** Where a void and a refund of a payment are asked (services/src/payments/reversalRoutes.ts). */
const REVERSAL_PATHS: Record<ReversalKind, string> = { void: 'anulaciones', refund: 'devoluciones' };

/**
 * Asks for the reason of a void or refund and sends it (POST /api/admin/payments/{id}/anulaciones or
 * /devoluciones). The Idempotency-Key is made when the dialog opens, so a double click or a retry after a
 * lost answer is the same reversal, never a second one.
 */
export function ReverseDialog({
  payment,
  kind,
  onClose,
}: {
  payment: PaymentRecord;
  kind: ReversalKind;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [key] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const tooShort = reason.trim().length < 3;
  const mutation = useConsoleCommand(
    (dataProvider, args: { reason: string }) =>
      dataProvider.adminCommand<PaymentRecord>(
        `/payments/${encodeURIComponent(payment.id)}/${REVERSAL_PATHS[kind]}`,
        args,
        { idempotencyKey: key },
      ),
    ({ data }): CommandNotice =>
      data.reversal?.status === 'requested'
        ? { message: 'cubre.payments.reverse.pending', type: 'info' }
        : { message: `cubre.payments.reverse.done_${kind}`, type: 'success' },
    ['payments', 'sales', 'audit'],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!tooShort) mutation.mutate({ reason: reason.trim() }, { onSuccess: onClose });
  };
  const titleId = `reverse-title-${payment.id}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate(`cubre.payments.reverse.title_${kind}`)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate(`cubre.payments.reverse.explain_${kind}`)}
          </DialogContentText>
          <TextField
            label={translate('cubre.payments.reverse.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            error={submitted && tooShort}
            helperText={
              submitted && tooShort ? translate('cubre.payments.reverse.reason_required') : undefined
            }
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={mutation.isPending}>
            {translate(`cubre.payments.reverse.submit_${kind}`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
