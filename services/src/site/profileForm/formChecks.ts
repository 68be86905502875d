import { profileRefusalsFor, type Country, type FieldError, type Profile } from '@cubre/schemas';
import type { ProfileFormDefinition } from '@cubre/schemas/site';

/** Rule 000-5.25's two messages. */
export const ALL_REQUIRED_MESSAGE = 'Se ingresaron todos los campos requeridos';
export const missingFieldsMessage = (fields: string[]) =>
  `No se ingresaron los siguientes campos: ${fields.join(', ')}`;

const isGiven = (value: unknown) =>
  value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/** The form's required top-level fields the profile lacks. */
export function missingFieldsOf(form: ProfileFormDefinition, profile: Profile): string[] {
  const record = profile as Record<string, unknown>;
  return form.profileForm.requiredFields.filter((name) => !isGiven(record[name]));
}

/**
 * The form's own rules beyond the Profile schema's (which already held): minimums such as Colombia's 10
 * employees (rule 000-5.23) and forbidden values such as eps_actual 'notengo'. One error per value, named
 * by its path in the body (`model.cotizante.0.eps_actual`).
 */
export function formRuleErrors(
  form: ProfileFormDefinition,
  profile: Profile,
  country: Country,
): FieldError[] {
  const record = profile as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const field of form.profileFormFields) {
    const { groupedBy, fldName, validation } = field;
    if (groupedBy === null) continue;
    const container = record[groupedBy];
    const items = Array.isArray(container)
      ? container.map((item, index) => ({ item, path: `model.${groupedBy}.${index}.${fldName}` }))
      : [{ item: container, path: `model.${groupedBy}.${fldName}` }];
    for (const { item, path } of items) {
      if (typeof item !== 'object' || item === null) continue;
      const value = (item as Record<string, unknown>)[fldName];
      if (typeof value === 'number' && validation.min !== undefined && value < validation.min) {
        errors.push({
          field: path,
          rule: 'min',
          message: validation.message ?? `${field.elements.label}: al menos ${validation.min}`,
        });
      }
      if (
        typeof value === 'string' &&
        validation.forbiddenValues?.some((forbidden) => forbidden.toLowerCase() === value.toLowerCase())
      ) {
        const [refusal] = profileRefusalsFor(country, profile);
        errors.push({
          field: path,
          rule: 'forbidden_value',
          message: refusal ?? `${field.elements.label}: valor no permitido`,
        });
      }
    }
  }
  return errors;
}

/** International: a nationality or a coverage country given marks the profile as data entered (rule 000-5.18). */
export function withDataEnteredMark(profile: Profile, international: boolean): Profile {
  if (!international) return profile;
  const people = [profile.titular, ...(profile.cotizante ?? [])];
  const given = people.some((person) => person?.nacionalidad || person?.paisCobertura);
  return given ? { ...profile, ingresodatos: true } : profile;
}
