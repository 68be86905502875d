import { checkIdentification, checkName } from '@cubre/schemas/identification';
import {
  HEALTH_LIMITS,
  ageOn,
  asksPregnancy,
  insuredOf,
  type InsuredOfProfile,
} from '@cubre/schemas/payments/familyPurchase';

/**
 * A family bought online (issue 14): the dependants' data the 'Datos personales' step asks of each carga
 * of the profile, and the health declaration of 'Estado de salud' (002-2.08) per insured person. Errors
 * are word keys (`field.*`, `purchase.family.*`); the API checks the same rules again.
 */
export type { InsuredOfProfile };
export { insuredOf };

export type DependantField = 'nombre' | 'rut' | 'fechaNacimiento';
export const DEPENDANT_FIELDS: readonly DependantField[] = ['nombre', 'rut', 'fechaNacimiento'];
export type DependantValues = Record<DependantField, string>;
export const EMPTY_DEPENDANT: DependantValues = { nombre: '', rut: '', fechaNacimiento: '' };

type ProfileLike = Parameters<typeof insuredOf>[0];

/** 002-5.21: at most one Cónyuge and two insured adults (holder and partner); the word key, or null. */
export function familyProblem(profile: ProfileLike): string | null {
  const spouses = (profile?.cargas ?? []).filter((carga) => isConyuge(carga.parentesco)).length;
  if (spouses > 1) return 'purchase.family.oneSpouse';
  if ((profile?.cotizante?.length ?? 0) + spouses > 2) return 'purchase.family.twoAdults';
  return null;
}

/**
 * The profile form's kinship values and their word keys (`domain/profile/dependants` PARENTESCO_WORDS; not
 * imported, so the purchase chunk and the profile's share no new chunk the comparator's entry must name).
 */
/**
 * Cónyuge or Spouse (000-3.15), 'Cônjuge' as the bulk load writes it, in any case or accents: the same words
 * as `@cubre/schemas/parentesco` isConyuge, kept here because importing it made a chunk shared with the
 * profile form, which the comparator's entry then had to name (its JS budget).
 */
const isConyuge = (parentesco: string | null | undefined): boolean =>
  typeof parentesco === 'string' &&
  ['conyuge', 'spouse', 'conjuge'].includes(
    parentesco
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .trim(),
  );

const KIN_WORDS: Readonly<Record<string, string>> = {
  'Hijo/Hija': 'profile.kin.child',
  'Padre/Madre': 'profile.kin.parent',
  Otro: 'profile.kin.other',
};

/** The word key of a profile's kinship (the profile form's values), or null for another word (shown as is). */
export const kinKey = (parentesco: string | null): string | null =>
  isConyuge(parentesco) ? 'profile.kin.spouse' : (KIN_WORDS[parentesco ?? ''] ?? null);

const idOf = (value: string) => value.replace(/[^0-9kK]/g, '').toUpperCase();

/**
 * Each dependant's errors (a word key per field): the name and identification rules of the contact form
 * (002-5.08, the edition's identification: 002-5.01 to 002-5.03 in Chile), no identification twice (the
 * holder's included), and a birth date whose age (002-5.15, on `today`) is the one the profile priced.
 */
export function dependantErrors(
  values: readonly DependantValues[],
  profile: ProfileLike,
  holderId: string,
  country: string,
  today: string,
): Partial<Record<DependantField, string>>[] {
  const cargas = insuredOf(profile).slice(1);
  const seen = new Set(holderId.trim() ? [idOf(holderId)] : []);
  return values.map((value, index) => {
    const errors: Partial<Record<DependantField, string>> = {};
    const name = checkName(value.nombre);
    if (!name.ok) errors.nombre = `field.${name.error}`;
    const id = checkIdentification(country, value.rut);
    if (!id.ok) errors.rut = `field.${id.error}`;
    else if (seen.has(idOf(value.rut))) errors.rut = 'purchase.family.duplicateId';
    if (id.ok) seen.add(idOf(value.rut));
    if (!value.fechaNacimiento.trim()) errors.fechaNacimiento = 'field.required';
    else {
      const age = ageOn(value.fechaNacimiento.trim(), today);
      const priced = cargas[index]?.edad;
      if (age === null) errors.fechaNacimiento = 'purchase.family.birthDate';
      else if (priced !== undefined && age !== priced) errors.fechaNacimiento = 'purchase.family.ageMismatch';
    }
    return errors;
  });
}

export const hasErrors = (errors: readonly Partial<Record<string, string>>[]): boolean =>
  errors.some((byField) => Object.values(byField).some(Boolean));

export type YesNo = '' | 'yes' | 'no';
export type HealthField = 'preexisting' | 'preexistingDetail' | 'pregnant' | 'weightKg' | 'heightCm';
export interface HealthValues {
  preexisting: YesNo;
  preexistingDetail: string;
  pregnant: YesNo;
  weightKg: string;
  heightCm: string;
}
export const EMPTY_HEALTH: HealthValues = {
  preexisting: '',
  preexistingDetail: '',
  pregnant: '',
  weightKg: '',
  heightCm: '',
};

/** Pregnancy is asked of women of child-bearing age (the profile's sex and age). */
export const asksPregnancyOf = (person: InsuredOfProfile): boolean => asksPregnancy(person.sexo, person.edad);

const decimal = (text: string) => Number(text.trim().replace(',', '.'));

/** One person's declaration errors (word keys): each answer given, the detail when a condition is declared. */
export function healthErrors(
  values: HealthValues,
  person: InsuredOfProfile,
): Partial<Record<HealthField, string>> {
  const errors: Partial<Record<HealthField, string>> = {};
  if (!values.preexisting) errors.preexisting = 'field.required';
  const detail = values.preexistingDetail.trim();
  if (values.preexisting === 'yes' && detail.length < HEALTH_LIMITS.detail.min)
    errors.preexistingDetail = 'purchase.health.detailRequired';
  if (asksPregnancyOf(person) && !values.pregnant) errors.pregnant = 'field.required';
  const weight = decimal(values.weightKg);
  if (!values.weightKg.trim()) errors.weightKg = 'field.required';
  else if (
    !Number.isFinite(weight) ||
    weight < HEALTH_LIMITS.weightKg.min ||
    weight > HEALTH_LIMITS.weightKg.max ||
    Math.round(weight * 10) !== weight * 10
  )
    errors.weightKg = 'purchase.health.weightRange';
  const height = decimal(values.heightCm);
  if (!values.heightCm.trim()) errors.heightCm = 'field.required';
  else if (
    !Number.isInteger(height) ||
    height < HEALTH_LIMITS.heightCm.min ||
    height > HEALTH_LIMITS.heightCm.max
  )
    errors.heightCm = 'purchase.health.heightRange';
  return errors;
}

/** The declaration as the API takes it (`health[i]`, holder first); call once `healthErrors` are empty. */
export function healthBody(values: readonly HealthValues[], persons: readonly InsuredOfProfile[]) {
  return values.map((value, index) => ({
    preexisting: value.preexisting === 'yes',
    ...(value.preexisting === 'yes' ? { preexistingDetail: value.preexistingDetail.trim() } : {}),
    ...(persons[index] && asksPregnancyOf(persons[index]) ? { pregnant: value.pregnant === 'yes' } : {}),
    weightKg: decimal(value.weightKg),
    heightCm: decimal(value.heightCm),
  }));
}

/**
 * A problem's field (`dependants.1.rut`, `health.0.weightKg`) as the list, index and field it names, so the
 * form shows the API's message beside the field it is about.
 */
export function listFieldOf(
  field: string,
): { list: 'dependants' | 'health'; index: number; name: string } | null {
  const match = /^(?:body\.)?(dependants|health)\.(\d+)\.(\w+)$/.exec(field);
  return match
    ? { list: match[1] as 'dependants' | 'health', index: Number(match[2]), name: match[3]! }
    : null;
}
