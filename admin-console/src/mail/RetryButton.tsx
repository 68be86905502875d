import { useState } from 'react';
import { Button } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { API_URL } from '../dataProvider';
import { httpClient } from '../httpClient';

/**
 * "Reintentar" for a failed mail (POST /api/admin/mail-outbox/{id}/retry, with
 * admin:unsent-notification:update-status): the server records who asked and the dispatcher's claim still
 * sends the mail once.
 */
export function RetryButton({ mailId }: { mailId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await httpClient(`${API_URL}/mail-outbox/${encodeURIComponent(mailId)}/retry`, {
        method: 'POST',
        body: '{}',
      });
      notify('cubre.mail.retried', { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="contained" startIcon={<ReplayIcon />} disabled={busy} onClick={() => void retry()}>
      {translate('cubre.mail.retry')}
    </Button>
  );
}
