import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SITE } from '../app/config';
import { catalogueTextLang } from '../domain/shell/i18n';
import {
  COMPANY_FIELDS,
  EMPTY_COMPANY,
  companyErrors,
  companyFieldError,
  hasAny,
  type CompanyValues,
} from '../domain/purchase/company';
import { useI18n } from '../i18n/I18nProvider';
import { CONTACT_FIELDS, ContactInputs, useContactCheck } from '../request/contactFields';
import { useCheckedValues } from '../request/useCheckedValues';
import type { BuyerData } from './purchaseCalls';

/** What 'Datos empresa' gives: the company and its contact (the buyer, who pays and is the lead's contact). */
export interface CompanyData {
  buyer: BuyerData;
  company: CompanyValues;
}

/**
 * Datos empresa (002-2.08, issue 14): the company (RUT with its check digit, 002-5.01; razón social, giro,
 * address, comuna) and its contact person (the request form's contact fields and rules). Checked as each
 * field is left and on submit; `problems` are the API's words for fields of this step, when the sale's
 * start sent the buyer back here.
 */
export function CompanyStep({
  initial,
  problems,
  onSubmit,
}: {
  initial: CompanyData | null;
  problems: string[];
  onSubmit(data: CompanyData): Promise<void>;
}) {
  const { t, tOr, lang } = useI18n();
  const check = useContactCheck();
  const contact = useCheckedValues<BuyerData>(
    initial?.buyer ?? { nombre: '', rut: '', email: '', telefono: SITE.phonePrefix },
    check,
  );
  const buyer = contact.values;
  // The company's RUT is rewritten as Chile writes it (dots and dash) when left, as the contact's.
  const {
    values: company,
    errors,
    setErrors,
    set: setField,
    blur: blurField,
  } = useCheckedValues<CompanyValues>(initial?.company ?? EMPTY_COMPANY, (field, value) =>
    companyFieldError(field, value, SITE.country),
  );
  const [sending, setSending] = useState(false);
  const word = (key: string | undefined) => key && tOr(key, key);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ofContact = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, check(field, buyer[field])]));
    const ofCompany = companyErrors(company, SITE.country);
    contact.setErrors(ofContact);
    setErrors(ofCompany);
    if (hasAny(ofContact) || hasAny(ofCompany)) return;
    setSending(true);
    try {
      const trimmed = Object.fromEntries(COMPANY_FIELDS.map((field) => [field, company[field].trim()]));
      await onSubmit({
        buyer: { ...buyer, nombre: buyer.nombre.trim(), email: buyer.email.trim() },
        company: trimmed as CompanyValues,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('purchase.step.company')}
      sx={{ display: 'grid', gap: 1, maxWidth: 560 }}
      data-testid="purchase-company"
    >
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('purchase.company.title')}
      </Typography>
      {COMPANY_FIELDS.map((field) => (
        <TextField
          key={field}
          name={`company.${field}`}
          label={t(`purchase.company.${field}`)}
          value={company[field]}
          onChange={(event) => setField(field, event.target.value)}
          onBlur={() => blurField(field)}
          error={Boolean(errors[field])}
          helperText={word(errors[field]) || ' '}
          autoComplete={field === 'direccion' ? 'street-address' : 'off'}
          required
          fullWidth
        />
      ))}
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('purchase.company.contact')}
      </Typography>
      <ContactInputs values={buyer} errors={contact.errors} onChange={contact.set} onBlur={contact.blur} />
      {problems.length > 0 && (
        <Alert severity="error" data-testid="purchase-company-problems" lang={catalogueTextLang(lang)}>
          {problems.join(' · ')}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={sending}>
        {sending ? t('request.sending') : t('purchase.continueCollaborators')}
      </Button>
    </Box>
  );
}
