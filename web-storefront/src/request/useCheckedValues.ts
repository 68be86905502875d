import { useState } from 'react';
import { CONTACT_CHECKS } from './contactFields';

/**
 * A form's text values and their errors, checked the way every form here checks them: a field with an
 * error is checked again as it is typed (so the error goes as soon as it is right), every field as it is
 * left; a `rut` left valid is rewritten as the edition writes it ('12345678-5' → '12.345.678-5' in Chile).
 * `check` gives the error to show, or undefined.
 */
export function useCheckedValues<V extends { [K in keyof V]: string }>(
  initial: V,
  check: (field: keyof V & string, value: string) => string | undefined,
) {
  type Field = keyof V & string;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check(field, value) }));
  };
  const blur = (field: Field) => {
    setErrors((current) => ({ ...current, [field]: check(field, values[field]) }));
    const identification = field === 'rut' ? CONTACT_CHECKS.rut(values[field]) : null;
    if (identification?.ok) setValues((current) => ({ ...current, rut: identification.value }));
  };
  return { values, errors, setErrors, set, blur };
}
