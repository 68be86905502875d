import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { api } from '../api/client';
import { SITE } from '../app/config';
import { problemFieldErrors } from '../api/problemFields';
import type { CardPriceBlock, Product } from '../api/types';
import { PriceFigure } from '../comparator/PriceFigure';
import { requestNumber } from '@cubre/schemas/leads/requestNumber';
import { useI18n } from '../i18n/I18nProvider';
import { useProfiles } from '../profile/ProfileContext';
import { ContactInputs, useContactCheck, type ContactField } from './contactFields';
import { useCheckedValues } from './useCheckedValues';
import { SendProblems, useSendProblems } from './problems';

import type { RegionOption } from '@cubre/schemas/site';

type Region = RegionOption;
type Field = ContactField | 'region';
/** The seeds list Chile's regions only (002 §3): other editions' forms ask for none. */
const ASKS_REGION = SITE.country === 'CL';

/** GET /api/regiones, for the region select ('Error al obtener las regiones', 001-8.09). */
function useRegions() {
  const [regions, setRegions] = useState<Region[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!ASKS_REGION) return;
    api<{ data: Region[] }>('/api/regiones')
      .then((answer) => setRegions(answer.data))
      .catch(() => {
        // 001-8.09: logged as the seed words it, shown in the page's language.
        console.warn('Error al obtener las regiones');
        setError('service.regions');
      });
  }, []);
  return { regions, error };
}

/**
 * Solicitar (000-2.21, issue 4): name, identification, e-mail, phone and (Chile) region, checked with the
 * edition's rules as the visitor leaves each field and again on submit; the API checks them again (the
 * `country` header names the edition) and creates the lead.
 */
export default function RequestForm({ product, price }: { product: Product; price: CardPriceBlock }) {
  const { t, tOr } = useI18n();
  const profiles = useProfiles();
  const { regions, error: regionsError } = useRegions();
  const [done, setDone] = useState<{ id: string } | null>(null);
  const { sending, failure, limit, attempt } = useSendProblems();

  const checkContact = useContactCheck();
  const check = (field: Field, value: string): string | undefined => {
    if (field === 'region') return value || !ASKS_REGION ? undefined : t('field.required');
    return checkContact(field, value);
  };
  // The cleaned identification replaces what was typed as it is left ('12345678-5' → '12.345.678-5' in Chile).
  const { values, errors, setErrors, set, blur } = useCheckedValues<Record<Field, string>>(
    { nombre: '', rut: '', email: '', telefono: SITE.phonePrefix, region: ASKS_REGION ? '13' : '' },
    check,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(
      (Object.keys(values) as Field[]).map((field) => [field, check(field, values[field])]),
    );
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    await send();
  };

  /** Sends the checked form; again after the "Soy humano!" click (000-8.03, issue 13). */
  const send = async () => {
    await attempt(
      async () => {
        const created = await api<{ id: string }>('/api/solicitarplans', {
          method: 'POST',
          body: {
            productCode: product.productCode,
            nombre: values.nombre.trim(),
            rut: values.rut,
            email: values.email.trim(),
            telefono: values.telefono,
            region: ASKS_REGION ? { stateCode: Number(values.region) } : undefined,
            productType: product.productType,
            profile: profiles.profileFor(product.productType) ?? undefined,
            // The price shown above, for this profile, with its unit: the API quotes it again and keeps both.
            price: price.value === null ? undefined : { value: price.value, unit: price.unit.code },
            originPath: window.location.pathname,
          },
        });
        setDone({ id: created.id });
      },
      (error) => {
        const byField = problemFieldErrors(error, Object.keys(values) as Field[], (issue) =>
          tOr(`field.${issue.rule}`, issue.message),
        );
        if (byField) setErrors(byField);
        return Boolean(byField);
      },
    );
  };

  // What happens next, in the visitor's words: never the back office's status (issue 11) or a raw id.
  if (done)
    return (
      <Alert severity="success" data-testid="request-success" data-lead={done.id}>
        <Typography component="h3" variant="h6">
          {t('request.successTitle')}
        </Typography>
        <Typography>{t('request.successText', { product: product.displayName })}</Typography>
        <Typography component="ol" variant="body2" sx={{ pl: 2.5, my: 1 }} data-testid="request-next">
          <li>{t('request.next.call')}</li>
          <li>{t('request.next.quote')}</li>
          <li>{t('request.next.sign')}</li>
        </Typography>
        <Typography variant="caption">
          {t('request.reference')}: <strong>{requestNumber(done.id)}</strong>
        </Typography>
      </Alert>
    );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('request.title')}
      sx={{ display: 'grid', gap: 1, maxWidth: 560 }}
      data-testid="request-form"
    >
      <Typography component="h3" variant="h6">
        {t('request.title')}
      </Typography>
      <Box data-testid="request-quote" sx={{ p: 1.5, borderRadius: 1, bgcolor: 'grey.100' }}>
        <Typography variant="body2">{t('request.quote', { product: product.displayName })}</Typography>
        <PriceFigure price={price} />
      </Box>
      <ContactInputs values={values} errors={errors} onChange={set} onBlur={blur} />
      {ASKS_REGION && (
        <TextField
          select
          name="region"
          label={t('request.region')}
          value={values.region}
          onChange={(event) => set('region', event.target.value)}
          error={Boolean(errors.region) || Boolean(regionsError)}
          helperText={errors.region ?? (regionsError && t(regionsError)) ?? ' '}
          required
          fullWidth
        >
          {regions.map((region) => (
            <MenuItem key={region.stateCode} value={String(region.stateCode)}>
              {region.stateName}
            </MenuItem>
          ))}
        </TextField>
      )}
      <SendProblems failure={failure} limit={limit} onHuman={() => void send()} />
      <Button type="submit" variant="contained" size="large" disabled={sending || limit === 'robot'}>
        {sending ? t('request.sending') : t('request.submit')}
      </Button>
    </Box>
  );
}
