import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { api } from '../api/client';
import { SITE } from '../app/config';
import { useI18n } from '../i18n/I18nProvider';
import { catalogueTextLang } from '../domain/shell/i18n';
import { serviceErrorWords } from '../domain/shell/serviceErrors';

/**
 * A failed lookup's message (001-8.06…8.12) in the page's language, then what the API said, which is its
 * own (Spanish) text.
 */
export function ServiceErrorText({ error }: { error: string }) {
  const { t, lang } = useI18n();
  const shown = serviceErrorWords(error, t);
  return (
    <>
      {shown.message}
      {shown.message && shown.detail && ': '}
      <span lang={catalogueTextLang(lang)}>{shown.detail}</span>
    </>
  );
}

/** The server-error box (001-8.01, 001-8.02): what went wrong, two hints, and whom to write to. */
export function ServerErrorBox({ error, email = SITE.contactEmail }: { error: string; email?: string }) {
  const { t } = useI18n();
  return (
    <Paper
      variant="outlined"
      role="alert"
      data-testid="server-error"
      sx={{ p: 2, borderColor: 'error.main', bgcolor: '#fdeded', color: '#5f2120' }}
    >
      <Typography component="h2" variant="h6">
        {t('error.title')}
      </Typography>
      <Typography variant="body2">{t('error.subtitle')}</Typography>
      <ul>
        <li>{t('error.connect')}</li>
        <li>{t('error.refresh')}</li>
      </ul>
      <Typography variant="body2">{t('error.persist', { email })}</Typography>
      <Typography variant="caption" color="text.secondary">
        <ServiceErrorText error={error} />
      </Typography>
    </Paper>
  );
}

/**
 * The answer to a 401 on the comparison (000-8.03): the visitor proves they are human with one click. The
 * seed's Spanish wording is es.json's.
 */
export function RobotPanel({ onHuman }: { onHuman(): void }) {
  const { t } = useI18n();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="robot-panel" role="alert">
      <Typography variant="h6">{t('robot.title')}</Typography>
      <Typography sx={{ my: 1 }}>{t('robot.text')}</Typography>
      <Button
        variant="contained"
        disabled={sending}
        onClick={() => {
          setSending(true);
          api('/api/insurance/compare/human', { method: 'POST', body: {} })
            .then(() => onHuman())
            .catch(() => setFailed(true))
            .finally(() => setSending(false));
        }}
      >
        {t('robot.button')}
      </Button>
      <Typography variant="caption" sx={{ display: 'block', mt: 1 }}>
        {t('robot.sorry')}
      </Typography>
      {failed && <Typography color="error">{t('robot.retry')}</Typography>}
    </Paper>
  );
}
