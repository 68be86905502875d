import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { ProfileKind } from '../comparator/ComparatorContext';
import {
  addDependant,
  cutToThreeDigits,
  dependantsAllowed,
  invalidDependantIndexes,
  PARENTESCOS,
  PARENTESCO_WORDS,
  removeDependant,
  spouseOptionDisabled,
  toggleBox,
  updateDependant,
  type DependantRow,
} from '../domain/profile/dependants';
import {
  CHECK_DELAY_MS,
  formFromProfile,
  profileFromForm,
  type ProfileFormState,
} from '../domain/profile/profileForm';
import { Link as RouterLink } from 'react-router';
import { SITE } from '../app/config';
import { COLECTIVOS_GUARD_PATH } from '../domain/profile/colectivos';
import { withLanguage } from '../domain/routing/language';
import { useI18n } from '../i18n/I18nProvider';
import type { ApiProfile } from './ProfileContext';

/** Employee counts show thousands dots as typed ('1.500'); they are removed before use (000-5.04). */
const withThousandsDots = (text: string) => {
  const digits = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 7);
  return digits === '' ? '' : Number(digits).toLocaleString('es-CL');
};

const SHAKE = {
  '@keyframes shake': {
    '0%, 100%': { transform: 'translateX(0)' },
    '25%': { transform: 'translateX(-6px)' },
    '75%': { transform: 'translateX(6px)' },
  },
  animation: 'shake 0.3s 2',
};

/**
 * The profile modal (000-2.47…2.56, 000 §4): who is insured, with dependants, pets or employees by product
 * type; a valid submit prices the results and closes it, an invalid one shows the red message.
 */
/** Masculino / Femenino, for the holder and each dependant. */
function SexSelect({ value, onChange }: { value: string; onChange(sexo: string): void }) {
  const { t } = useI18n();
  return (
    <TextField
      select
      label={t('profile.sex')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
    >
      <MenuItem value="Masculino">{t('profile.male')}</MenuItem>
      <MenuItem value="Femenino">{t('profile.female')}</MenuItem>
    </TextField>
  );
}

export default function ProfileDialog(props: {
  open: boolean;
  productType: string;
  kind: ProfileKind;
  initial: ApiProfile | null;
  loaded: boolean;
  onClose(): void;
  onSubmit(profile: ApiProfile): void;
}) {
  const { t, lang } = useI18n();
  const { kind, productType } = props;
  const [form, setForm] = useState<ProfileFormState>(() =>
    formFromProfile(props.initial, kind, SITE.country),
  );
  const [boxOpen, setBoxOpen] = useState(form.dependants.length > 0);
  const [shake, setShake] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const canHaveDependants = kind === 'person' && dependantsAllowed(productType);
  const badRows = new Set(invalidDependantIndexes(form.dependants));
  // The dependants are judged 1 s after the form opens (000-5.20): a pre-filled row without a valid age is
  // marked then, not while the visitor is still reading the form.
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setChecked(true), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!shake) return;
    const timer = setTimeout(() => setShake(false), 700);
    return () => clearTimeout(timer);
  }, [shake]);

  const setDependants = (dependants: DependantRow[]) => setForm((current) => ({ ...current, dependants }));
  const titular = form.titular;
  const setPet = (index: number, patch: Partial<ProfileFormState['pets'][number]>) =>
    setForm((current) => ({
      ...current,
      pets: current.pets.map((pet, at) => (at === index ? { ...pet, ...patch } : pet)),
    }));
  const setTitular = (patch: Partial<typeof titular>) =>
    setForm((current) => ({ ...current, titular: { ...current.titular, ...patch } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = profileFromForm(form, kind, { country: SITE.country });
    if (!result.ok) {
      setInvalid(t(result.problem.key, result.problem.params));
      setShake(true);
      return;
    }
    setInvalid(null);
    props.onSubmit(result.profile as ApiProfile);
    props.onClose();
  };
  const title = kind === 'collective' ? t('profile.title.collective') : t('profile.title');
  const hint =
    kind === 'pet'
      ? t('profile.hint.pet')
      : kind === 'person'
        ? t('profile.hint.person')
        : t('profile.hint.collective');

  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby="profile-title">
      <DialogTitle id="profile-title" sx={{ pr: 6 }}>
        {title}
        <IconButton
          aria-label={t('common.close')}
          onClick={props.onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          data-testid="profile-form"
          sx={{ display: 'grid', gap: 2 }}
        >
          {kind === 'person' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <SexSelect value={titular.sexo} onChange={(sexo) => setTitular({ sexo })} />
              <TextField
                label={t('profile.age')}
                value={titular.edad}
                onChange={(e) => setTitular({ edad: cutToThreeDigits(e.target.value) })}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'titular-age' } }}
                required
                fullWidth
              />
              {/* Isapre or Fonasa is Chile's health system: the other editions do not ask (000 §3). */}
              {SITE.country === 'CL' && (
                <TextField
                  select
                  label={t('profile.prevision')}
                  value={titular.prevision}
                  onChange={(e) => setTitular({ prevision: e.target.value })}
                  fullWidth
                >
                  <MenuItem value="Isapre">{t('card.prevision.Isapre')}</MenuItem>
                  <MenuItem value="Fonasa">{t('card.prevision.Fonasa')}</MenuItem>
                </TextField>
              )}
            </Stack>
          )}
          {kind === 'person' && SITE.country === 'INT' && (
            // The international holder gives a nationality and where to be covered (000 §3, 000-5.18).
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                label={t('profile.nationality')}
                value={titular.nacionalidad ?? ''}
                onChange={(e) => setTitular({ nacionalidad: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 100 } }}
                fullWidth
              />
              <TextField
                label={t('profile.coverageCountry')}
                value={titular.paisCobertura ?? ''}
                onChange={(e) => setTitular({ paisCobertura: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 100 } }}
                fullWidth
              />
            </Stack>
          )}
          {kind === 'person' && productType === 'ISAPRES' && (
            <TextField
              label={t('profile.income')}
              value={titular.ingreso}
              onChange={(e) => setTitular({ ingreso: e.target.value.replace(/\D/g, '') })}
              helperText={t('profile.incomeHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
          {kind === 'collective' && (
            <TextField
              label={t('profile.employees')}
              value={form.employees}
              onChange={(e) => setForm({ ...form, employees: withThousandsDots(e.target.value) })}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'employees' } }}
              required
            />
          )}
          {productType === 'SEGURO COLECTIVO' && (
            // The company's workers by group, with their dependants: the colectivos modal (001-2.10).
            <Button
              component={RouterLink}
              to={withLanguage(lang, COLECTIVOS_GUARD_PATH)}
              sx={{ alignSelf: 'flex-start', textTransform: 'none' }}
            >
              {t('colectivos.open')}
            </Button>
          )}
          {kind === 'pet' &&
            form.pets.map((pet, index) => (
              <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  select
                  label={t('profile.species')}
                  value={pet.especie}
                  onChange={(e) => setPet(index, { especie: e.target.value })}
                  fullWidth
                >
                  <MenuItem value="Perro">{t('profile.dog')}</MenuItem>
                  <MenuItem value="Gato">{t('profile.cat')}</MenuItem>
                </TextField>
                <TextField
                  label={t('profile.breed')}
                  value={pet.raza}
                  onChange={(e) => setPet(index, { raza: e.target.value })}
                  fullWidth
                />
                <TextField
                  label={t('profile.age')}
                  value={pet.edad}
                  onChange={(e) => setPet(index, { edad: cutToThreeDigits(e.target.value) })}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  fullWidth
                />
              </Stack>
            ))}
          {kind === 'pet' && (
            <Stack direction="row" spacing={1}>
              <Button
                onClick={() =>
                  setForm({ ...form, pets: [...form.pets, { especie: 'Perro', raza: '', edad: '' }] })
                }
              >
                {t('profile.addPet')}
              </Button>
              {form.pets.length > 1 && (
                <Button onClick={() => setForm({ ...form, pets: form.pets.slice(0, -1) })}>
                  {t('profile.remove')}
                </Button>
              )}
            </Stack>
          )}
          {canHaveDependants && (
            <Box>
              <Button
                variant="text"
                aria-expanded={boxOpen}
                aria-controls="dependants-box"
                onClick={() => {
                  const next = toggleBox(boxOpen, form.dependants);
                  setBoxOpen(next.open);
                  if (next.shake) setShake(true);
                }}
                data-testid="toggle-dependants"
              >
                {boxOpen
                  ? t('profile.hideDependants')
                  : t('profile.dependants', { n: form.dependants.length })}
              </Button>
              {boxOpen && (
                <Box id="dependants-box" data-testid="dependants-box" sx={{ display: 'grid', gap: 1, mt: 1 }}>
                  {form.dependants.map((row, index) => (
                    <Stack
                      key={index}
                      direction={{ xs: 'column', sm: 'row' }}
                      spacing={1}
                      sx={shake && badRows.has(index) ? SHAKE : undefined}
                      data-testid="dependant-row"
                    >
                      <TextField
                        select
                        label={t('profile.relationship')}
                        value={row.parentesco}
                        onChange={(e) =>
                          setDependants(
                            updateDependant(form.dependants, index, { parentesco: e.target.value }),
                          )
                        }
                        fullWidth
                      >
                        {PARENTESCOS.map((parentesco) => (
                          <MenuItem
                            key={parentesco}
                            value={parentesco}
                            disabled={
                              parentesco === 'Cónyuge' && spouseOptionDisabled(form.dependants, index)
                            }
                          >
                            {t(PARENTESCO_WORDS[parentesco])}
                          </MenuItem>
                        ))}
                      </TextField>
                      <SexSelect
                        value={row.sexo}
                        onChange={(sexo) => setDependants(updateDependant(form.dependants, index, { sexo }))}
                      />
                      <TextField
                        label={t('profile.age')}
                        value={row.edad}
                        error={(checked || shake) && badRows.has(index)}
                        onChange={(e) =>
                          setDependants(
                            updateDependant(form.dependants, index, {
                              edad: cutToThreeDigits(e.target.value),
                            }),
                          )
                        }
                        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'dependant-age' } }}
                        fullWidth
                      />
                    </Stack>
                  ))}
                  <Stack direction="row" spacing={1}>
                    <Button
                      onClick={() => setDependants(addDependant(form.dependants))}
                      data-testid="add-dependant"
                    >
                      {t('profile.addDependant')}
                    </Button>
                    {form.dependants.length > 0 && (
                      <Button color="error" onClick={() => setDependants(removeDependant(form.dependants))}>
                        {t('profile.remove')}
                      </Button>
                    )}
                  </Stack>
                </Box>
              )}
            </Box>
          )}
          {invalid && (
            <Alert severity="error" role="alert" data-testid="profile-invalid">
              {invalid}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" data-testid="submit-profile">
            {t('profile.compare')}
          </Button>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
