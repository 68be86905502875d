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
import type { ArrearsRecord } from '@cubre/schemas/arrears/records';
import type { CubreDataProvider } from '../dataProvider';

/**
 * "Enviar de nuevo" (issue 15): the contract's current arrears mail again, with an optional reason
 * (POST /api/admin/arrears/{id}/recordatorios). The Idempotency-Key is made when the dialog opens: a double
 * click or a retry after a lost answer is one mail.
 */
function ResendDialog({ record, onClose }: { record: ArrearsRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<CubreDataProvider>();
  const queryClient = useQueryClient();
  const [key] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      dataProvider.adminCommand<ArrearsRecord>(
        `/arrears/${encodeURIComponent(record.id)}/recordatorios`,
        reason.trim() ? { reason: reason.trim() } : {},
        { idempotencyKey: key },
      ),
    onSuccess: () => {
      notify('cubre.arrears.resend.done', { type: 'success' });
      onClose();
    },
    onError: (error: unknown) =>
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', {
        type: 'error',
      }),
    onSettled: () =>
      Promise.all(
        ['arrears', 'audit'].map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  const titleId = `resend-title-${record.id}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('cubre.arrears.resend.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('cubre.arrears.resend.explain')}</DialogContentText>
          <TextField
            label={translate('cubre.arrears.resend.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {translate('cubre.arrears.resend.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function ResendReminderButton({ record }: { record: ArrearsRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {translate('cubre.arrears.resend.button')}
      </Button>
      {open ? <ResendDialog record={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
