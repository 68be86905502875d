import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthenticated, useLogout, useNavigate, useNotify, useTranslate } from 'react-admin';
import { changePassword, storedUser } from '../authProvider';
import { missingPasswordParts } from './passwordRules';

/**
 * The password change (POST /api/admin/me/password). Forced when the login said `mustChangePassword`
 * (the console shows nothing else until it is done); otherwise reached from the user menu.
 */
export function ChangePasswordPage() {
  useAuthenticated();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const forced = storedUser()?.mustChangePassword === true;
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const missing = missingPasswordParts(newPassword);
  const mismatch = confirmation !== newPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (!currentPassword || missing.length || mismatch) return;
    setPending(true);
    try {
      await changePassword(currentPassword, newPassword);
      await queryClient.invalidateQueries();
      notify('cubre.password.changed', { type: 'success' });
      navigate('/');
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

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            {translate('cubre.password.title')}
          </Typography>
          {forced ? (
            <Alert severity="warning" role="status" sx={{ mb: 2 }}>
              {translate('cubre.password.expired')}
            </Alert>
          ) : null}
          <form onSubmit={submit} noValidate aria-label={translate('cubre.password.title')}>
            <Stack spacing={2}>
              <TextField
                label={translate('cubre.password.current')}
                type="password"
                autoComplete="current-password"
                required
                autoFocus
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
                error={submitted && !currentPassword}
                helperText={submitted && !currentPassword ? translate('ra.validation.required') : ' '}
              />
              <TextField
                label={translate('cubre.password.new')}
                type="password"
                autoComplete="new-password"
                required
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
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                {forced ? (
                  <Button onClick={() => logout()}>{translate('ra.auth.logout')}</Button>
                ) : (
                  <Button onClick={() => navigate(-1)}>{translate('ra.action.back')}</Button>
                )}
                <Button type="submit" variant="contained" disabled={pending}>
                  {translate('cubre.password.submit')}
                </Button>
              </Stack>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
