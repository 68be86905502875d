import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { missingPasswordParts } from './passwordRules';

export interface NewPasswordChoice {
  /** Empty unless the form asks for it (`askCurrent`). */
  currentPassword: string;
  newPassword: string;
}

/**
 * The form where a person chooses a password (rules 002-5.05, 002-8.01): the new one twice, the parts of
 * the rule it lacks named before anything is sent, then `onChoose`, whose refusal (the server's sentence:
 * a password in the history, a used link…) shows above the buttons. One form for both ways of choosing,
 * the password change (which also asks the current one) and the invitation's link, so the two never say
 * the rule differently.
 */
export function NewPasswordForm({
  label,
  submitLabel,
  askCurrent = false,
  actions,
  onChoose,
}: {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  askCurrent?: boolean;
  /** Buttons beside the submit one (back, sign out); without them the submit button stands alone. */
  actions?: ReactNode;
  onChoose: (choice: NewPasswordChoice) => Promise<void>;
}) {
  const translate = useTranslate();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const missing = missingPasswordParts(newPassword);
  const mismatch = confirmation !== newPassword;
  const currentMissing = askCurrent && !currentPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (currentMissing || missing.length || mismatch) return;
    setPending(true);
    try {
      await onChoose({ currentPassword, newPassword });
    } catch (failure) {
      const message =
        failure instanceof Error && failure.message ? failure.message : 'ra.notification.http_error';
      setError(translate(message, { _: message }));
    } finally {
      setPending(false);
    }
  };

  const partsHelp = missing.length
    ? translate('cubre.password.missing', {
        parts: missing.map((part) => translate(`cubre.password.parts.${part}`)).join(', '),
      })
    : translate('cubre.password.rule');

  const submitButton = (
    <Button type="submit" variant="contained" disabled={pending}>
      {submitLabel}
    </Button>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack spacing={2}>
        {askCurrent ? (
          <TextField
            label={translate('cubre.password.current')}
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={submitted && currentMissing}
            helperText={submitted && currentMissing ? translate('ra.validation.required') : ' '}
          />
        ) : null}
        <TextField
          label={translate('cubre.password.new')}
          type="password"
          autoComplete="new-password"
          required
          autoFocus={!askCurrent}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          error={submitted && missing.length > 0}
          helperText={partsHelp}
        />
        <TextField
          label={translate('cubre.password.confirm')}
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={submitted && mismatch}
          helperText={submitted && mismatch ? translate('cubre.password.mismatch') : ' '}
        />
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        {actions ? (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {actions}
            {submitButton}
          </Stack>
        ) : (
          submitButton
        )}
      </Stack>
    </form>
  );
}
