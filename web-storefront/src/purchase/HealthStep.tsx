import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../api/client';
import {
  EMPTY_HEALTH,
  asksPregnancyOf,
  hasErrors,
  healthBody,
  healthErrors,
  kinKey,
  listFieldOf,
  type HealthField,
  type HealthValues,
  type InsuredOfProfile,
  type YesNo,
} from '../domain/purchase/family';
import { useI18n } from '../i18n/I18nProvider';
import { SendProblems, useSendProblems } from '../request/problems';
import type { HealthData } from './purchaseCalls';

type Errors = Partial<Record<HealthField, string>>[];

/**
 * Estado de salud (002-2.08), for a product of a health type: a short declaration per insured person
 * (holder first): pre-existing conditions with a detail when declared, pregnancy for women of child-bearing
 * age, weight and height. The answers go with the sale's start and are kept with it (health data: never
 * in the browser's storage, never in logs, shown to staff only).
 */
export function HealthStep({
  persons,
  onSubmit,
}: {
  persons: readonly InsuredOfProfile[];
  onSubmit(health: HealthData[]): Promise<void>;
}) {
  const { t, tOr } = useI18n();
  const [values, setValues] = useState<HealthValues[]>(() => persons.map(() => EMPTY_HEALTH));
  const [errors, setErrors] = useState<Errors>([]);
  const { sending, failure, limit, attempt } = useSendProblems();

  const set = (index: number, field: HealthField, value: string) => {
    const next = values.map((current, at) => (at === index ? { ...current, [field]: value } : current));
    setValues(next);
    if (errors[index]?.[field]) setErrors(next.map((value, at) => healthErrors(value, persons[at]!)));
  };
  const kinWord = (parentesco: string | null) => {
    const key = kinKey(parentesco);
    return key ? t(key) : (parentesco ?? '');
  };
  const word = (key: string | undefined) => (key ? tOr(key, key) : undefined);

  const send = async () => {
    await attempt(
      async () => {
        await onSubmit(healthBody(values, persons));
      },
      (error) => {
        const next: Errors = persons.map(() => ({}));
        let named = false;
        if (error instanceof ApiError)
          for (const issue of error.problem?.errors ?? []) {
            const field = listFieldOf(issue.field);
            if (field?.list !== 'health' || !next[field.index]) continue;
            next[field.index]![field.name as HealthField] = issue.message;
            named = true;
          }
        if (named) setErrors(next);
        return named;
      },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = values.map((value, index) => healthErrors(value, persons[index]!));
    setErrors(found);
    if (hasErrors(found)) return;
    await send();
  };

  const yesNo = (index: number, field: 'preexisting' | 'pregnant', label: string) => {
    const error = word(errors[index]?.[field]);
    return (
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend" error={Boolean(error)}>
          {label}
        </FormLabel>
        <RadioGroup
          row
          name={`health.${index}.${field}`}
          value={values[index]![field]}
          onChange={(event) => set(index, field, event.target.value as YesNo)}
        >
          <FormControlLabel
            value="yes"
            control={<Radio disabled={sending} />}
            label={t('purchase.health.yes')}
          />
          <FormControlLabel
            value="no"
            control={<Radio disabled={sending} />}
            label={t('purchase.health.no')}
          />
        </RadioGroup>
        {error && <FormHelperText error>{error}</FormHelperText>}
      </Box>
    );
  };

  const number = (index: number, field: 'weightKg' | 'heightCm') => (
    <TextField
      name={`health.${index}.${field}`}
      label={t(`purchase.health.${field}`)}
      inputMode="decimal"
      value={values[index]![field]}
      onChange={(event) => set(index, field, event.target.value)}
      error={Boolean(errors[index]?.[field])}
      helperText={word(errors[index]?.[field]) ?? ' '}
      required
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('purchase.step.health')}
      sx={{ display: 'grid', gap: 2, maxWidth: 560 }}
      data-testid="purchase-health"
    >
      <Typography variant="body2" color="text.secondary">
        {t('purchase.health.intro')}
      </Typography>
      {persons.map((person, index) => (
        <Box
          key={index}
          component="fieldset"
          data-testid={`health-${index}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0, display: 'grid', gap: 1 }}
        >
          <Typography component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
            {person.role === 'holder'
              ? t('purchase.health.holder')
              : t('purchase.family.dependant', {
                  kin: kinWord(person.parentesco),
                  age: String(person.edad ?? ''),
                })}
          </Typography>
          {yesNo(index, 'preexisting', t('purchase.health.preexisting'))}
          {values[index]!.preexisting === 'yes' && (
            <TextField
              name={`health.${index}.preexistingDetail`}
              label={t('purchase.health.preexistingDetail')}
              value={values[index]!.preexistingDetail}
              onChange={(event) => set(index, 'preexistingDetail', event.target.value)}
              error={Boolean(errors[index]?.preexistingDetail)}
              helperText={word(errors[index]?.preexistingDetail) ?? ' '}
              multiline
              minRows={2}
              required
            />
          )}
          {asksPregnancyOf(person) && yesNo(index, 'pregnant', t('purchase.health.pregnant'))}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {number(index, 'weightKg')}
            {number(index, 'heightCm')}
          </Box>
        </Box>
      ))}
      <SendProblems failure={failure} limit={limit} onHuman={() => void send()} />
      <Button type="submit" variant="contained" size="large" disabled={sending || limit === 'robot'}>
        {sending ? t('request.sending') : t('purchase.continue')}
      </Button>
    </Box>
  );
}
