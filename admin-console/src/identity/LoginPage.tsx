import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useLogin, useTranslate } from 'react-admin';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';

/**
 * Sign-in with e-mail and password (POST /token). A refusal shows the server's own sentence in the page
 * ('Credenciales inválidas.', a disabled user, too many attempts with the wait), read out by screen readers.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await login({ email: email.trim(), password });
    } catch (failure) {
      const message = failure instanceof Error && failure.message ? failure.message : 'ra.auth.sign_in_error';
      setError(translate(message, { _: message }));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
            <Typography component="h1" variant="h5">
              {translate('cubre.login.title')}
            </Typography>
            <Box sx={{ color: 'text.secondary' }}>
              <LanguageSwitcher />
            </Box>
          </Stack>
          <form onSubmit={submit} noValidate aria-label={translate('cubre.login.title')}>
            <Stack spacing={2}>
              <TextField
                label={translate('cubre.login.email')}
                type="email"
                name="email"
                autoComplete="username"
                autoFocus
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <TextField
                label={translate('ra.auth.password')}
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              {error ? (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              ) : null}
              <Button
                type="submit"
                variant="contained"
                disabled={pending}
                startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {translate('ra.auth.sign_in')}
              </Button>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
