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
import type { ArrearsRecord } from '@cubre/schemas/arrears/records';
import { useConsoleCommand } from '../useConsoleCommand';

/**
 * "Enviar de nuevo" (issue 15): the contract's current arrears mail again, with an optional reason
 * (POST /api/admin/arrears/{id}/recordatorios). The Idempotency-Key is made when the dialog opens: a double
 * click or a retry after a lost answer is one mail.
 */
function ResendDialog({ record, onClose }: { record: ArrearsRecord; onClose: () => void }) {
  const translate = useTranslate();
  const [key] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const mutation = useConsoleCommand(
    (dataProvider, body: { reason?: string }) =>
      dataProvider.adminCommand<ArrearsRecord>(
        `/arrears/${encodeURIComponent(record.id)}/recordatorios`,
        body,
        { idempotencyKey: key },
      ),
    'cubre.arrears.resend.done',
    ['arrears', 'audit'],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(reason.trim() ? { reason: reason.trim() } : {}, { onSuccess: onClose });
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
