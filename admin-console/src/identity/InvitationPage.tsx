import { useState } from 'react';
import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { authProvider } from '../authProvider';
import { acceptInvitation, invitationTokenOf } from './invitationApi';
import { NewPasswordForm } from './NewPasswordForm';
import { PasswordCard } from './PasswordCard';

/**
 * The invitation e-mail's link (issue 15): the invitee chooses their password (the form of 002-5.05, the
 * same form as the password change), the server accepts it once, and the console signs them in with it
 * and opens its home.
 * Reached signed out: a route without the layout, which the console shows before any sign-in.
 */
export function InvitationPage() {
  const translate = useTranslate();
  const [token] = useState(() => invitationTokenOf(window.location.hash));

  return (
    <PasswordCard>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {translate('cubre.invitation.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2, color: 'text.secondary' }}>
        {translate('cubre.invitation.intro')}
      </Typography>
      {token ? (
        <NewPasswordForm
          label={translate('cubre.invitation.title')}
          submitLabel={translate('cubre.invitation.submit')}
          onChoose={async ({ newPassword }) => {
            const email = await acceptInvitation(token, newPassword);
            await authProvider.login({ email, password: newPassword });
            // The console was opened signed out: a fresh start of it at its home (the link's token gone
            // from the address bar) finds the new session, where a route change would still meet the
            // signed-out routes.
            window.location.replace(new URL('./', window.location.href).pathname);
          }}
        />
      ) : (
        <Alert severity="error" role="alert">
          {translate('cubre.invitation.no_token')}
        </Alert>
      )}
    </PasswordCard>
  );
}
