import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { hasPermission } from '../access';
import { useConsoleCommand } from '../useConsoleCommand';
import { usePermissionList } from '../usePermissionList';
import { GROUP_INSURANCE_ACTIONS, answerPermission, processOf, type ProcessAnswer } from './lists';
import type { EmployeeRecord } from './types';

/** What a command on a person changes: the person, their policy's counts, the batch that named them. */
export const GROUP_RESOURCES = ['employees', 'policies', 'bulk-loads'] as const;

const personPath = (person: EmployeeRecord, action: string) =>
  `/employees/${encodeURIComponent(person.id)}/${action}`;

/** Accept or decline the person's open process, for whoever answers for the insurer (002-4.08, 002-6.11). */
function AnswerButton({ person, answer }: { person: EmployeeRecord; answer: ProcessAnswer }) {
  const translate = useTranslate();
  const mutation = useConsoleCommand(
    (dataProvider, _args: void) =>
      dataProvider.adminCommand(
        personPath(person, answer),
        { revision: person.revision },
        { revision: person.revision },
      ),
    `cubre.groupInsurance.employees.answered.${answer}`,
    GROUP_RESOURCES,
  );
  return (
    <Button
      variant={answer === 'accept' ? 'contained' : 'outlined'}
      color={answer === 'accept' ? 'primary' : 'error'}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate()}
    >
      {translate(`cubre.groupInsurance.employees.${answer}`)}
    </Button>
  );
}

/** Today as the local day a date input shows. */
const today = () => new Date().toLocaleDateString('sv-SE');

/** An active person's cancellation, one by one: its effective date (002-9.05, judged by the server) and reason. */
function CancelDialog({ person, onClose }: { person: EmployeeRecord; onClose: () => void }) {
  const translate = useTranslate();
  const [effectiveDate, setEffectiveDate] = useState(today);
  const [reason, setReason] = useState('');
  const mutation = useConsoleCommand(
    (dataProvider, _args: void) =>
      dataProvider.adminCommand(
        personPath(person, 'cancel'),
        { effectiveDate, reason: reason.trim() },
        { revision: person.revision },
      ),
    'cubre.groupInsurance.employees.cancelRequested',
    GROUP_RESOURCES,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (effectiveDate && reason.trim()) mutation.mutate(undefined, { onSuccess: onClose });
  };
  const titleId = `cancel-title-${person.id}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('cubre.groupInsurance.employees.cancelTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              required
              type="date"
              label={translate('resources.employees.fields.effectiveDate')}
              value={effectiveDate}
              onChange={(event) => setEffectiveDate(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              required
              multiline
              minRows={2}
              label={translate('resources.employees.fields.cancellationReason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={mutation.isPending}>
            {translate('cubre.groupInsurance.employees.cancelSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * A person's buttons, each shown by the current process and the permission it needs: accept or decline
 * an activation or a cancellation in process; ask for an active person's cancellation.
 */
export function EmployeeCommands({ person }: { person: EmployeeRecord }) {
  const translate = useTranslate();
  const permissions = usePermissionList();
  const [cancelling, setCancelling] = useState(false);
  const process = processOf(person.status);
  const answers = process
    ? (['accept', 'decline'] as const).filter((answer) =>
        hasPermission(permissions, answerPermission(process, answer)),
      )
    : [];
  const canCancel = person.status === 'ACTIVE' && hasPermission(permissions, GROUP_INSURANCE_ACTIONS.cancel);
  if (answers.length === 0 && !canCancel) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
      {answers.map((answer) => (
        <AnswerButton key={answer} person={person} answer={answer} />
      ))}
      {canCancel ? (
        <Button variant="outlined" color="error" onClick={() => setCancelling(true)}>
          {translate('cubre.groupInsurance.employees.cancel')}
        </Button>
      ) : null}
      {cancelling ? <CancelDialog person={person} onClose={() => setCancelling(false)} /> : null}
    </Stack>
  );
}
