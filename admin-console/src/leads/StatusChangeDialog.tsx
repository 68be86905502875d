import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Lead } from '../types';
import {
  allowedTargets,
  failureReasonsFor,
  reconcileChoice,
  statusById,
  statusCommandOf,
  subStatusesFor,
  validateStatusChoice,
  type LeadCatalogues,
  type StatusChoice,
  type StatusChoiceErrors,
} from './statusRules';
import { useLeadCommand } from './useLeadCommand';

const EMPTY = '';
const numberOrNull = (value: string) => (value === EMPTY ? null : Number(value));

/**
 * The status change (POST /api/admin/leads/{id}/status): the statuses the transition policy allows from
 * the lead's, the sub-statuses of the chosen status, and the failure reasons that apply to the lead's
 * request type, country and chosen sub-status; required as the status says. The lead's revision goes as
 * If-Match, so a change made meanwhile by someone else is a 409, never overwritten.
 */
export function StatusChangeDialog({
  lead,
  catalogues,
  open,
  initialStatusId,
  onClose,
}: {
  lead: Lead;
  catalogues: LeadCatalogues;
  open: boolean;
  initialStatusId?: number | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const initial = (): StatusChoice => ({
    statusId: initialStatusId ?? null,
    subStatusId: null,
    failureReasonId: null,
    reason: '',
  });
  const [choice, setChoice] = useState<StatusChoice>(initial);
  const [errors, setErrors] = useState<StatusChoiceErrors>({});
  useEffect(() => {
    if (open) {
      setChoice(initial());
      setErrors({});
    }
    // Each opening starts from the target it was opened for.
  }, [open, initialStatusId, lead.id]);

  const command = useLeadCommand(
    (dataProvider, args: StatusChoice) =>
      dataProvider.changeLeadStatus(lead.id, { ...statusCommandOf(args), revision: lead.revision }),
    'cubre.status_change.done',
  );

  const targets = allowedTargets(catalogues, lead.status.id);
  const status = statusById(catalogues, choice.statusId);
  const subStatuses = subStatusesFor(catalogues, choice.statusId);
  const reasons = failureReasonsFor(catalogues, lead, choice.subStatusId);
  const update = (next: Partial<StatusChoice>) => {
    const merged = reconcileChoice(catalogues, lead, { ...choice, ...next });
    setChoice(merged);
    if (Object.keys(errors).length) setErrors(validateStatusChoice(catalogues, lead, merged));
  };
  const errorText = (key: keyof StatusChoiceErrors) => (errors[key] ? translate(errors[key]) : ' ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateStatusChoice(catalogues, lead, choice);
    setErrors(found);
    if (Object.keys(found).length) return;
    command.mutate(choice, { onSuccess: onClose });
  };

  const titleId = `status-change-title-${lead.id}`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {translate('cubre.status_change.title', { name: lead.contact?.nombre ?? lead.id })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField
              select
              label={translate('cubre.status_change.status')}
              value={choice.statusId ?? EMPTY}
              onChange={(event) => update({ statusId: numberOrNull(event.target.value) })}
              required
              error={!!errors.statusId}
              helperText={
                targets.length
                  ? errorText('statusId')
                  : translate('cubre.status_change.no_targets', { status: lead.status.name })
              }
              slotProps={{ htmlInput: { 'data-testid': 'status-change-status' } }}
            >
              {targets.map((target) => (
                <MenuItem key={target.id} value={target.id}>
                  {target.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={translate('cubre.status_change.sub_status')}
              value={choice.subStatusId ?? EMPTY}
              onChange={(event) => update({ subStatusId: numberOrNull(event.target.value) })}
              required={!!status?.requiresSubStatus}
              disabled={!status || subStatuses.length === 0}
              error={!!errors.subStatusId}
              helperText={errorText('subStatusId')}
            >
              <MenuItem value={EMPTY}>
                <em>{translate('cubre.status_change.none')}</em>
              </MenuItem>
              {subStatuses.map((sub) => (
                <MenuItem key={sub.id} value={sub.id}>
                  {sub.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={translate('cubre.status_change.failure_reason')}
              value={choice.failureReasonId ?? EMPTY}
              onChange={(event) => update({ failureReasonId: numberOrNull(event.target.value) })}
              required={!!status?.requiresFailureReason}
              disabled={!status || reasons.length === 0}
              error={!!errors.failureReasonId}
              helperText={errorText('failureReasonId')}
            >
              <MenuItem value={EMPTY}>
                <em>{translate('cubre.status_change.none')}</em>
              </MenuItem>
              {reasons.map((reason) => (
                <MenuItem key={reason.id} value={reason.id}>
                  {reason.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('cubre.status_change.reason')}
              value={choice.reason}
              onChange={(event) => setChoice({ ...choice, reason: event.target.value })}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={command.isPending || targets.length === 0}>
            {translate('cubre.status_change.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
