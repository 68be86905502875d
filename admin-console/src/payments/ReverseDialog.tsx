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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import type { ReversalKind } from '@cubre/schemas/payments/sales';
import type { CubreDataProvider } from '../dataProvider';

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
  const notify = useNotify();
  const dataProvider = useDataProvider<CubreDataProvider>();
  const queryClient = useQueryClient();
  const [key] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const tooShort = reason.trim().length < 3;
  const mutation = useMutation({
    mutationFn: () => dataProvider.reversePayment(payment.id, kind, { reason: reason.trim() }, key),
    onSuccess: ({ data }) => {
      notify(
        data.reversal?.status === 'requested'
          ? 'cubre.payments.reverse.pending'
          : `cubre.payments.reverse.done_${kind}`,
        {
          type: data.reversal?.status === 'requested' ? 'info' : 'success',
        },
      );
      onClose();
    },
    onError: (error: unknown) =>
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', {
        type: 'error',
      }),
    onSettled: () =>
      Promise.all(
        ['payments', 'sales', 'audit'].map((resource) =>
          queryClient.invalidateQueries({ queryKey: [resource] }),
        ),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!tooShort) mutation.mutate();
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
