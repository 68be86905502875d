import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEPENDANT_FIELDS,
  type DependantField,
  type DependantValues,
  kinKey,
  type InsuredOfProfile,
} from '../domain/purchase/family';
import { useI18n } from '../i18n/I18nProvider';

const INPUT: Record<DependantField, { type: string; label: string }> = {
  nombre: { type: 'text', label: 'request.nombre' },
  rut: { type: 'text', label: 'request.rut' },
  fechaNacimiento: { type: 'date', label: 'purchase.family.birthDateLabel' },
};

/**
 * The dependants of the profile (cargas) in 'Datos personales': each one's kinship, sex and age as the
 * profile priced them, and the name, identification and birth date the insurer needs. `errors` are already
 * in the page's language.
 */
export function DependantsFields({
  persons,
  values,
  errors,
  onChange,
  onBlur,
}: {
  persons: readonly InsuredOfProfile[];
  values: readonly DependantValues[];
  errors: readonly Partial<Record<DependantField, string>>[];
  onChange(index: number, field: DependantField, value: string): void;
  onBlur(index: number, field: DependantField): void;
}) {
  const { t } = useI18n();
  const kinWord = (parentesco: string | null) => {
    const key = kinKey(parentesco);
    return key ? t(key) : (parentesco ?? '');
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="purchase-dependants">
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('purchase.family.title')}
      </Typography>
      {values.map((value, index) => {
        const person = persons[index];
        return (
          <Box
            key={index}
            component="fieldset"
            data-testid={`dependant-${index}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0, display: 'grid', gap: 1 }}
          >
            <Typography component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
              {t('purchase.family.dependant', {
                kin: kinWord(person?.parentesco ?? null),
                age: String(person?.edad ?? ''),
              })}
            </Typography>
            {DEPENDANT_FIELDS.map((field) => (
              <TextField
                key={field}
                name={`dependants.${index}.${field}`}
                label={t(INPUT[field].label)}
                type={INPUT[field].type}
                autoComplete="off"
                value={value[field]}
                onChange={(event) => onChange(index, field, event.target.value)}
                onBlur={() => onBlur(index, field)}
                error={Boolean(errors[index]?.[field])}
                helperText={errors[index]?.[field] ?? ' '}
                slotProps={field === 'fechaNacimiento' ? { inputLabel: { shrink: true } } : {}}
                required
                fullWidth
              />
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
