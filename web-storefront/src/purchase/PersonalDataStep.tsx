import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { problemFieldErrors } from '../api/problemFields';
import { SITE } from '../app/config';
import { useI18n } from '../i18n/I18nProvider';
import { CONTACT_FIELDS, ContactInputs, useContactCheck } from '../request/contactFields';
import { SendProblems, useSendProblems } from '../request/problems';
import { useCheckedValues } from '../request/useCheckedValues';
import { chileToday } from '@cubre/schemas/payments/familyPurchase';
import { ApiError } from '../api/client';
import {
  EMPTY_DEPENDANT,
  dependantErrors,
  familyProblem,
  hasErrors,
  insuredOf,
  listFieldOf,
  type DependantField,
  type DependantValues,
} from '../domain/purchase/family';
import type { ApiProfile } from '../profile/ProfileContext';
import type { Periodicity } from '../api/types';
import { BillingChoice, type Billing } from './BillingChoice';
import { DependantsFields } from './DependantsFields';
import type { BuyerData, DependantData } from './purchaseCalls';

type DependantErrors = Partial<Record<DependantField, string>>[];

/**
 * Datos personales (002-2.08): the buyer's name, identification, e-mail and phone, checked with the request
 * form's own rules as the visitor leaves each field and on submit, and for a family each dependant of the
 * profile (name, identification, birth date matching the age priced: `domain/purchase/family`);
 * `onSubmit` goes on with them (the API checks them again: its field errors come back here).
 */
export function PersonalDataStep({
  profile,
  pricePeriod,
  submitLabel,
  onSubmit,
}: {
  profile: ApiProfile | null;
  /** The period the price is quoted for: what a subscription charges every such period (002-9.03). */
  pricePeriod: Periodicity;
  submitLabel: string;
  onSubmit(buyer: BuyerData, billing: Billing, dependants: DependantData[]): Promise<void>;
}) {
  const { t, tOr } = useI18n();
  const persons = insuredOf(profile).slice(1);
  const problem = familyProblem(profile);
  const [dependants, setDependants] = useState<DependantValues[]>(() => persons.map(() => EMPTY_DEPENDANT));
  const [dependantKeys, setDependantKeys] = useState<DependantErrors>([]);
  const checkDependants = (list: DependantValues[], holderId: string) =>
    dependantErrors(list, profile, holderId, SITE.country, chileToday());
  const dependantWords: DependantErrors = dependantKeys.map((byField) =>
    Object.fromEntries(Object.entries(byField).map(([field, key]) => [field, key && tOr(key, key)])),
  );
  const check = useContactCheck();
  const { values, errors, setErrors, set, blur } = useCheckedValues<BuyerData>(
    { nombre: '', rut: '', email: '', telefono: SITE.phonePrefix },
    check,
  );
  const [billing, setBilling] = useState<Billing>('one_time');
  const { sending, failure, limit, attempt } = useSendProblems();

  const setDependant = (index: number, field: DependantField, value: string) => {
    const next = dependants.map((current, at) => (at === index ? { ...current, [field]: value } : current));
    setDependants(next);
    if (dependantKeys[index]?.[field]) setDependantKeys(checkDependants(next, values.rut));
  };
  const blurDependant = (index: number, field: DependantField) => {
    const found = checkDependants(dependants, values.rut);
    setDependantKeys((current) => {
      const next = [...current];
      next[index] = { ...next[index], [field]: found[index]?.[field] };
      return next;
    });
  };

  /** The API's field errors of a dependant (`dependants.1.rut`) beside that field. */
  const dependantProblems = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || !error.problem?.errors) return false;
    const next: DependantErrors = persons.map(() => ({}));
    let found = false;
    for (const issue of error.problem.errors) {
      const named = listFieldOf(issue.field);
      if (named?.list !== 'dependants' || !next[named.index]) continue;
      next[named.index]![named.name as DependantField] = issue.message;
      found = true;
    }
    if (found) setDependantKeys(next);
    return found;
  };

  const send = async () => {
    await attempt(
      async () => {
        await onSubmit(
          {
            nombre: values.nombre.trim(),
            rut: values.rut,
            email: values.email.trim(),
            telefono: values.telefono,
          },
          billing,
          dependants.map((dependant) => ({
            nombre: dependant.nombre.trim(),
            rut: dependant.rut,
            fechaNacimiento: dependant.fechaNacimiento.trim(),
          })),
        );
      },
      (error) => {
        const byField = problemFieldErrors(error, CONTACT_FIELDS, (issue) =>
          tOr(`field.${issue.rule}`, issue.message),
        );
        if (byField) setErrors(byField);
        return dependantProblems(error) || Boolean(byField);
      },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, check(field, values[field])]));
    setErrors(found);
    const ofDependants = checkDependants(dependants, values.rut);
    setDependantKeys(ofDependants);
    if (problem || Object.values(found).some(Boolean) || hasErrors(ofDependants)) return;
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
      <ContactInputs values={values} errors={errors} onChange={set} onBlur={blur} />
      {persons.length > 0 && (
        <DependantsFields
          persons={persons}
          values={dependants}
          errors={dependantWords}
          onChange={setDependant}
          onBlur={blurDependant}
        />
      )}
      {problem && (
        <Alert severity="error" data-testid="purchase-family-problem">
          {t(problem)}
        </Alert>
      )}
      <BillingChoice value={billing} onChange={setBilling} disabled={sending} pricePeriod={pricePeriod} />
      <SendProblems failure={failure} limit={limit} onHuman={() => void send()} />
      <Button type="submit" variant="contained" size="large" disabled={sending || limit === 'robot'}>
        {sending ? t('request.sending') : submitLabel}
      </Button>
    </Box>
  );
}
