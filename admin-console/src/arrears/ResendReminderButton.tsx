import { useState } from 'react';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ArrearsRecord } from '@cubre/schemas/arrears/records';
import { CommandDialog, ReasonField } from '../CommandDialog';
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
  const submit = () => {
    mutation.mutate(reason.trim() ? { reason: reason.trim() } : {}, { onSuccess: onClose });
  };
  return (
    <CommandDialog
      id={`resend-${record.id}`}
      title={translate('cubre.arrears.resend.title')}
      explain={translate('cubre.arrears.resend.explain')}
      submitLabel={translate('cubre.arrears.resend.submit')}
      pending={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <ReasonField label={translate('cubre.arrears.resend.reason')} value={reason} onChange={setReason} />
    </CommandDialog>
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
