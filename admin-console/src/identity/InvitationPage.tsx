import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { authProvider } from '../authProvider';
import { acceptInvitation, invitationTokenOf } from './invitationApi';
import { missingPasswordParts } from './passwordRules';

/**
 * The invitation e-mail's link (issue 15): the invitee chooses their password (the form of 002-5.05, the
 * same hints as the password change), the server accepts it once, and the console signs them in with it
 * and opens its home.
 * Reached signed out: a route without the layout, which the console shows before any sign-in.
 */
export function InvitationPage() {
  const translate = useTranslate();
  const [token] = useState(() => invitationTokenOf(window.location.hash));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const missing = missingPasswordParts(password);
  const mismatch = confirmation !== password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (missing.length || mismatch) return;
    setPending(true);
    try {
      const email = await acceptInvitation(token, password);
      await authProvider.login({ email, password });
      // The console was opened signed out: a fresh start of it at its home (the link's token gone from the
      // address bar) finds the new session, where a route change would still meet the signed-out routes.
      window.location.replace(new URL('./', window.location.href).pathname);
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
          <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
            {translate('cubre.invitation.title')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 2, color: 'text.secondary' }}>
            {translate('cubre.invitation.intro')}
          </Typography>
          {token ? (
            <form onSubmit={submit} noValidate aria-label={translate('cubre.invitation.title')}>
              <Stack spacing={2}>
                <TextField
                  label={translate('cubre.password.new')}
                  type="password"
                  autoComplete="new-password"
                  required
                  autoFocus
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
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
                <Button type="submit" variant="contained" disabled={pending}>
                  {translate('cubre.invitation.submit')}
                </Button>
              </Stack>
            </form>
          ) : (
            <Alert severity="error" role="alert">
              {translate('cubre.invitation.no_token')}
            </Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
