import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkContactName, checkEmail, checkPhone, type FieldCheck } from '@cubre/schemas/identification';
import { api } from '../api/client';
import { SITE } from '../app/config';
import { problemFieldErrors } from '../api/problemFields';
import { useI18n } from '../i18n/I18nProvider';
import { SendProblems, useSendProblems } from '../request/problems';
import { usePageMeta } from '../shell/pageMeta';

type Field = 'nombre' | 'email' | 'telefono' | 'mensaje';
const CHECKS: Record<Field, (value: string) => FieldCheck> = {
  nombre: checkContactName,
  email: checkEmail,
  telefono: checkPhone,
  mensaje: (value) =>
    value.trim() ? { ok: true, value: value.trim() } : { ok: false, error: 'required', message: '' },
};

/** /contacto (001-2.01): a message to the team, POST /api/contactos. */
export default function ContactPage() {
  const { t, tOr } = useI18n();
  usePageMeta(t('contact.title'), t('meta.contact'));
  const [values, setValues] = useState<Record<Field, string>>({
    nombre: '',
    email: '',
    telefono: SITE.phonePrefix,
    mensaje: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const { failure, limit, clear, caught } = useSendProblems();
  // The contact form's name rule has its own words (002-5.09).
  const check = (field: Field, value: string) => {
    const result = CHECKS[field](value);
    if (result.ok) return undefined;
    return tOr(
      field === 'nombre' && result.error === 'name' ? 'field.contactName' : `field.${result.error}`,
      result.message,
    );
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(
      (Object.keys(values) as Field[]).map((field) => [field, check(field, values[field])]),
    );
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    await send();
  };
  /** Sends the checked message; again after the "Soy humano!" click (000-8.03, issue 13). */
  const send = async () => {
    setState('sending');
    clear();
    try {
      await api('/api/contactos', {
        method: 'POST',
        body: { ...values, originPath: window.location.pathname },
      });
      setState('sent');
    } catch (error) {
      setState('idle');
      caught(error, () => {
        const byField = problemFieldErrors(error, Object.keys(values) as Field[], (issue) =>
          tOr(issue.rule === 'name' ? 'field.contactName' : `field.${issue.rule}`, issue.message),
        );
        if (byField) setErrors(byField);
        return Boolean(byField);
      });
    }
  };
  return (
    <Container maxWidth="sm" sx={{ py: 5 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 2 }}>
        {t('contact.title')}
      </Typography>
      {state === 'sent' ? (
        <Alert severity="success" data-testid="contact-sent">
          {t('contact.sent')}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1 }}>
          {(['nombre', 'email', 'telefono', 'mensaje'] as const).map((field) => (
            <TextField
              key={field}
              name={field}
              label={t(`contact.${field}`)}
              type={field === 'email' ? 'email' : field === 'telefono' ? 'tel' : 'text'}
              multiline={field === 'mensaje'}
              minRows={field === 'mensaje' ? 4 : undefined}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              onBlur={() => setErrors({ ...errors, [field]: check(field, values[field]) })}
              error={Boolean(errors[field])}
              helperText={errors[field] ?? ' '}
              required
            />
          ))}
          <SendProblems failure={failure} limit={limit} onHuman={() => void send()} />
          <Button type="submit" variant="contained" disabled={state === 'sending' || limit === 'robot'}>
            {t('contact.submit')}
          </Button>
        </Box>
      )}
    </Container>
  );
}
