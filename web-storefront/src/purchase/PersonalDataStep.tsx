import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { limitAnswerOf } from '../api/limitAnswer';
import { problemFieldErrors } from '../api/problemFields';
import { SITE } from '../app/config';
import { RobotPanel } from '../comparator/StatusPanels';
import { catalogueTextLang } from '../domain/shell/i18n';
import { useI18n } from '../i18n/I18nProvider';
import {
  CONTACT_CHECKS,
  CONTACT_FIELDS,
  ContactInput,
  useContactCheck,
  type ContactField,
} from '../request/contactFields';
import { BillingChoice, type Billing } from './BillingChoice';
import type { BuyerData } from './purchaseCalls';

/**
 * Datos personales (002-2.08): the buyer's name, identification, e-mail and phone, checked with the request
 * form's own rules as the visitor leaves each field and on submit; `onSubmit` starts the sale with them
 * (the API checks them again: its field errors come back here).
 */
export function PersonalDataStep({
  onSubmit,
}: {
  onSubmit(buyer: BuyerData, billing: Billing): Promise<void>;
}) {
  const { t, tOr, lang } = useI18n();
  const check = useContactCheck();
  const [values, setValues] = useState<BuyerData>({
    nombre: '',
    rut: '',
    email: '',
    telefono: SITE.phonePrefix,
  });
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [billing, setBilling] = useState<Billing>('one_time');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [limit, setLimit] = useState<'robot' | 'tooMany' | null>(null);

  const set = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check(field, value) }));
  };
  const blur = (field: ContactField) => {
    setErrors((current) => ({ ...current, [field]: check(field, values[field]) }));
    const identification = field === 'rut' ? CONTACT_CHECKS.rut(values.rut) : null;
    if (identification?.ok) setValues((current) => ({ ...current, rut: identification.value }));
  };

  const send = async () => {
    setSending(true);
    setFailure(null);
    setLimit(null);
    try {
      await onSubmit(
        {
          nombre: values.nombre.trim(),
          rut: values.rut,
          email: values.email.trim(),
          telefono: values.telefono,
        },
        billing,
      );
    } catch (error) {
      const limited = limitAnswerOf(error);
      if (limited) {
        setLimit(limited);
        return;
      }
      const byField = problemFieldErrors(error, CONTACT_FIELDS, (issue) =>
        tOr(`field.${issue.rule}`, issue.message),
      );
      if (byField) setErrors(byField);
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, check(field, values[field])]));
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    await send();
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('purchase.step.personal')}
      sx={{ display: 'grid', gap: 1, maxWidth: 560 }}
      data-testid="purchase-personal"
    >
      {CONTACT_FIELDS.map((name) => (
        <ContactInput
          key={name}
          name={name}
          value={values[name]}
          error={errors[name]}
          onChange={(value) => set(name, value)}
          onBlur={() => blur(name)}
        />
      ))}
      <BillingChoice value={billing} onChange={setBilling} disabled={sending} />
      {failure && (
        <Alert severity="error" lang={catalogueTextLang(lang)}>
          {failure}
        </Alert>
      )}
      {limit === 'robot' && <RobotPanel onHuman={() => void send()} />}
      {limit === 'tooMany' && (
        <Alert severity="warning" data-testid="too-many">
          {t('limit.tooMany')}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={sending || limit === 'robot'}>
        {sending ? t('request.sending') : t('purchase.continue')}
      </Button>
    </Box>
  );
}
