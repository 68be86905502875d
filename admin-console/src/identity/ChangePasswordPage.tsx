import { Alert, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthenticated, useLogout, useNavigate, useNotify, useTranslate } from 'react-admin';
import { changePassword, storedUser } from '../authProvider';
import { NewPasswordForm } from './NewPasswordForm';
import { PasswordCard } from './PasswordCard';

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

  return (
    <PasswordCard>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {translate('cubre.password.title')}
      </Typography>
      {forced ? (
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {translate('cubre.password.expired')}
        </Alert>
      ) : null}
      <NewPasswordForm
        label={translate('cubre.password.title')}
        submitLabel={translate('cubre.password.submit')}
        askCurrent
        actions={
          forced ? (
            <Button onClick={() => logout()}>{translate('ra.auth.logout')}</Button>
          ) : (
            <Button onClick={() => navigate(-1)}>{translate('ra.action.back')}</Button>
          )
        }
        onChoose={async ({ currentPassword, newPassword }) => {
          await changePassword(currentPassword, newPassword);
          await queryClient.invalidateQueries();
          notify('cubre.password.changed', { type: 'success' });
          navigate('/');
        }}
      />
    </PasswordCard>
  );
}
