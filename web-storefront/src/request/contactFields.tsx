import TextField from '@mui/material/TextField';
import {
  checkEmail,
  checkIdentification,
  checkName,
  checkPhone,
  type FieldCheck,
} from '@cubre/schemas/identification';
import { SITE } from '../app/config';
import { useI18n } from '../i18n/I18nProvider';

/** The contact fields a visitor gives to request a plan or to buy one (Solicitar, Compra-Online). */
export type ContactField = 'nombre' | 'rut' | 'email' | 'telefono';
export const CONTACT_FIELDS: readonly ContactField[] = ['nombre', 'rut', 'email', 'telefono'];

export const CONTACT_CHECKS: Record<ContactField, (value: string) => FieldCheck> = {
  nombre: checkName,
  // The edition's identification (001-5.14 to 001-5.17): a RUT in Chile, a document elsewhere.
  rut: (value) => checkIdentification(SITE.country, value),
  email: checkEmail,
  telefono: checkPhone,
};

const INPUT: Record<ContactField, { type: string; autoComplete: string }> = {
  nombre: { type: 'text', autoComplete: 'name' },
  rut: { type: 'text', autoComplete: 'off' },
  email: { type: 'email', autoComplete: 'email' },
  telefono: { type: 'tel', autoComplete: 'tel' },
};

/** One contact field's error in the page's language (the seed's Spanish when no word is kept for it). */
export function useContactCheck(): (field: ContactField, value: string) => string | undefined {
  const { tOr } = useI18n();
  return (field, value) => {
    const result = CONTACT_CHECKS[field](value);
    return result.ok ? undefined : tOr(`field.${result.error}`, result.message);
  };
}

/** A contact field with its label, checked as the visitor leaves it (the form says how). */
export function ContactInput({
  name,
  value,
  error,
  onChange,
  onBlur,
}: {
  name: ContactField;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
}) {
  const { t } = useI18n();
  return (
    <TextField
      name={name}
      label={t(`request.${name}`)}
      type={INPUT[name].type}
      autoComplete={INPUT[name].autoComplete}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error ?? ' '}
      required
      fullWidth
    />
  );
}

/** The four contact fields in the seed's order (nombre, identification, e-mail, phone). */
export function ContactInputs({
  values,
  errors,
  onChange,
  onBlur,
}: {
  values: Record<ContactField, string>;
  errors: Partial<Record<ContactField, string>>;
  onChange(field: ContactField, value: string): void;
  onBlur(field: ContactField): void;
}) {
  return CONTACT_FIELDS.map((name) => (
    <ContactInput
      key={name}
      name={name}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => onChange(name, value)}
      onBlur={() => onBlur(name)}
    />
  ));
}
