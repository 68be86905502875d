import { useState, type FormEvent } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, Button as MuiButton } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button, useListContext, useTranslate, useUnselectAll } from 'react-admin';
import { ExecutiveSelect } from './ExecutiveSelect';
import { useLeadCommand } from './useLeadCommand';

/** Reassigns the selected leads to one executive (POST /api/admin/leads/assign {ids, executiveId}). */
export function BulkAssignButton() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('leads');
  const [open, setOpen] = useState(false);
  const [executiveId, setExecutiveId] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const command = useLeadCommand(
    (dataProvider, args: { executiveId: string }) =>
      dataProvider.assignLeads({ ids: selectedIds, executiveId: args.executiveId }),
    ({ data }) => {
      const refused = data.results.filter((result) => !result.ok);
      if (refused.length === 0)
        return {
          message: 'cubre.assign.bulk_done',
          type: 'success',
          messageArgs: { smart_count: data.data.length },
        };
      return {
        message: 'cubre.assign.bulk_partial',
        type: 'warning',
        messageArgs: {
          done: data.data.length,
          refused: refused.length,
          reasons: [...new Set(refused.map((result) => result.message ?? String(result.status)))].join('; '),
        },
      };
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!executiveId) return;
    command.mutate(
      { executiveId },
      {
        onSuccess: () => {
          unselectAll();
          setOpen(false);
        },
      },
    );
  };
  return (
    <>
      <Button label="cubre.assign.bulk" onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="bulk-assign-title"
        fullWidth
        maxWidth="sm"
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle id="bulk-assign-title">
            {translate('cubre.assign.bulk_title', { smart_count: selectedIds.length })}
          </DialogTitle>
          <DialogContent>
            <ExecutiveSelect
              value={executiveId}
              onChange={setExecutiveId}
              error={submitted && !executiveId ? translate('ra.validation.required') : undefined}
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={command.isPending}>
              {translate('cubre.assign.submit')}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
