import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Lead } from '../types';
import { ExecutiveSelect } from './ExecutiveSelect';
import { useLeadCommand } from './useLeadCommand';

/** Assigns one lead to an executive (POST /api/admin/leads/{id}/assign), with the lead's revision as If-Match. */
export function AssignDialog({ lead, open, onClose }: { lead: Lead; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const [executiveId, setExecutiveId] = useState(lead.executiveId ?? '');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const command = useLeadCommand(
    (dataProvider, args: { executiveId: string; reason: string }) =>
      dataProvider.assignLead(lead.id, {
        executiveId: args.executiveId,
        ...(args.reason.trim() ? { reason: args.reason.trim() } : {}),
        revision: lead.revision,
      }),
    'cubre.assign.done',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!executiveId) return;
    command.mutate({ executiveId, reason }, { onSuccess: onClose });
  };
  const titleId = `assign-title-${lead.id}`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('cubre.assign.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <ExecutiveSelect
              value={executiveId}
              onChange={setExecutiveId}
              error={submitted && !executiveId ? translate('ra.validation.required') : undefined}
            />
            <TextField
              label={translate('cubre.assign.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={command.isPending}>
            {translate('cubre.assign.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
