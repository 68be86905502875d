import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../api/client';
import {
  COLLABORATOR_FIELDS,
  EMPTY_COLLABORATOR,
  collaboratorErrors,
  companyFieldOf,
  hasAny,
  type CollaboratorField,
  type CollaboratorValues,
  type Errors,
} from '../domain/purchase/company';
import { useI18n } from '../i18n/I18nProvider';
import { SendProblems, useSendProblems } from '../request/problems';

const INPUT: Record<CollaboratorField, { type: string; required: boolean }> = {
  name: { type: 'text', required: true },
  paternalSurname: { type: 'text', required: true },
  maternalSurname: { type: 'text', required: false },
  legalId: { type: 'text', required: true },
  birthDate: { type: 'date', required: true },
  gender: { type: 'select', required: true },
  email: { type: 'email', required: false },
};
const GENDERS = ['Femenino', 'Masculino'] as const;

/** What the sale's start answered about the steps before this one (the company or its contact). */
export type EarlierProblems = string[];

/**
 * Datos colaboradores (002-2.08, issue 14): one row per worker the card priced (the profile's count), each
 * with the bulk-load activation columns a holder needs (names, RUT, birth date, sex, e-mail). The API judges
 * the rows with the rows module (`judgeRow`): its field errors (`collaborators.2.legalId`) land beside the
 * cell; errors of 'Datos empresa' go back to that step (`onEarlier`).
 */
export function CollaboratorsStep({
  count,
  minimum,
  onSubmit,
  onEarlier,
}: {
  count: number;
  minimum: number;
  onSubmit(rows: CollaboratorValues[]): Promise<void>;
  onEarlier(problems: EarlierProblems): void;
}) {
  const { t, tOr } = useI18n();
  const [rows, setRows] = useState<CollaboratorValues[]>(() =>
    Array.from({ length: count }, () => EMPTY_COLLABORATOR),
  );
  const [errors, setErrors] = useState<Errors<CollaboratorField>[]>([]);
  const { sending, failure, limit, attempt } = useSendProblems();
  const tooFew = count < minimum;

  const set = (index: number, field: CollaboratorField, value: string) => {
    const next = rows.map((row, at) => (at === index ? { ...row, [field]: value } : row));
    setRows(next);
    if (errors[index]?.[field]) setErrors(collaboratorErrors(next));
  };

  /** The API's problems: cells beside their field; the company's or the contact's back to Datos empresa. */
  const apiProblems = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || !error.problem?.errors) return false;
    const next: Errors<CollaboratorField>[] = rows.map(() => ({}));
    const earlier: string[] = [];
    let found = false;
    for (const issue of error.problem.errors) {
      const place = companyFieldOf(issue.field);
      if (place?.list === 'collaborators' && next[place.index]) {
        next[place.index]![place.name as CollaboratorField] = issue.message;
        found = true;
      } else if (place?.list === 'company' || ['nombre', 'rut', 'email', 'telefono'].includes(issue.field))
        earlier.push(issue.message);
    }
    if (earlier.length > 0) {
      onEarlier(earlier);
      return true;
    }
    if (found) setErrors(next);
    return found;
  };

  const send = async () => {
    await attempt(
      async () => {
        await onSubmit(
          rows.map(
            (row) =>
              Object.fromEntries(COLLABORATOR_FIELDS.map((f) => [f, row[f].trim()])) as CollaboratorValues,
          ),
        );
      },
      (error) => apiProblems(error),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collaboratorErrors(rows);
    setErrors(found);
    if (tooFew || hasAny(found)) return;
    await send();
  };

  const word = (key: string | undefined) => key && tOr(key, key);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('purchase.step.collaborators')}
      sx={{ display: 'grid', gap: 1 }}
      data-testid="purchase-collaborators"
    >
      <Typography>{t('purchase.collaborators.intro', { count: String(count) })}</Typography>
      {tooFew && (
        <Alert severity="error" data-testid="purchase-collaborators-minimum">
          {t('purchase.collaborators.minimum', { minimum: String(minimum), count: String(count) })}
        </Alert>
      )}
      {rows.map((row, index) => (
        <Box
          key={index}
          component="fieldset"
          data-testid={`collaborator-${index}`}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1.5,
            m: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          <Typography component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
            {t('purchase.collaborators.row', { number: String(index + 1) })}
          </Typography>
          {COLLABORATOR_FIELDS.map((field) => (
            <TextField
              key={field}
              name={`collaborators.${index}.${field}`}
              label={t(`purchase.collaborators.${field}`)}
              type={INPUT[field].type === 'select' ? undefined : INPUT[field].type}
              select={INPUT[field].type === 'select'}
              autoComplete="off"
              value={row[field]}
              onChange={(event) => set(index, field, event.target.value)}
              error={Boolean(errors[index]?.[field])}
              helperText={word(errors[index]?.[field]) || ' '}
              slotProps={
                field === 'birthDate'
                  ? { inputLabel: { shrink: true } }
                  : field === 'gender'
                    ? { select: { native: true }, inputLabel: { shrink: true } }
                    : {}
              }
              required={INPUT[field].required}
              fullWidth
            >
              {INPUT[field].type === 'select'
                ? [
                    <option key="" value="" />,
                    ...GENDERS.map((gender) => (
                      <option key={gender} value={gender}>
                        {t(`purchase.collaborators.gender.${gender}`)}
                      </option>
                    )),
                  ]
                : undefined}
            </TextField>
          ))}
        </Box>
      ))}
      <SendProblems failure={failure} limit={limit} onHuman={() => void send()} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={sending || tooFew || limit === 'robot'}
        sx={{ justifySelf: 'start' }}
      >
        {sending ? t('request.sending') : t('purchase.continue')}
      </Button>
    </Box>
  );
}
