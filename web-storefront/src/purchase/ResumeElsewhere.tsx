import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ApiError } from '../api/client';
import { limitAnswerOf } from '../api/limitAnswer';
import { useI18n } from '../i18n/I18nProvider';
import { requestResumeLink } from './purchaseCalls';

/**
 * "Seguir en otro dispositivo" (issue 14, seed `session`): the server mails the buyer a link to this sale;
 * the answer names the address masked, so the buyer knows where to look and nobody else learns it.
 */
export function ResumeElsewhere({ saleId, session }: { saleId: string; session: string }) {
  const { t, lang } = useI18n();
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'sending' }
    | { kind: 'sent'; to: string }
    | { kind: 'failed'; message: string }
  >({ kind: 'idle' });

  const send = async () => {
    setState({ kind: 'sending' });
    try {
      const { sentTo } = await requestResumeLink(saleId, session, lang);
      setState({ kind: 'sent', to: sentTo });
    } catch (error) {
      const limited = limitAnswerOf(error);
      const message =
        limited || !(error instanceof ApiError) || error.status >= 500
          ? t('purchase.resume.failed')
          : error.message;
      setState({ kind: 'failed', message });
    }
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 560 }} data-testid="purchase-resume-elsewhere">
      {state.kind === 'sent' ? (
        <Alert severity="success" data-testid="purchase-resume-sent">
          {t('purchase.resume.sent', { email: state.to })}
        </Alert>
      ) : (
        <Button variant="text" onClick={() => void send()} disabled={state.kind === 'sending'}>
          {t('purchase.resume.button')}
        </Button>
      )}
      {state.kind === 'failed' && (
        <Alert severity="error" data-testid="purchase-resume-failed">
          {state.message}
        </Alert>
      )}
    </Box>
  );
}
