import { DEPENDANT_AGES, HOLDER_AGES, PET_AGES, ageWithin, type AgeRange } from '@cubre/schemas/profileAges';
import type { Translate } from '../shell/i18n';
import { dependantsValid, isSpouse, type DependantRow } from './dependants';

/**
 * The profile modal's model (rules 000-2.47 to 000-2.52, 000-4.05, 000-4.07, 000-5.16, 000-5.18,
 * 000-5.24, 000-5.25, 000-5.33): which form a product type gets, its texts, and the conversion of the
 * typed form state into the API's profile shape (schemas/src/profile.ts). Texts are dictionary keys
 * (public/i18n): es.json words them as the server's form definition (services/src/site/profileForm/
 * forms.ts) and the API's profile messages (schemas/src/profileAges.ts) do, the other languages alike.
 */

import type { ProfileKind } from './profileKind';
export { FINISHED_STYLE_MS, profileKindOf, type ProfileKind } from './profileKind';
export type Country = 'CL' | 'PE' | 'CO' | 'INT';
export type Sexo = 'Masculino' | 'Femenino';

/** Pre-fill waits 200 ms (000-4.01); the form is checked after 1 s (000-5.20). */
export const PREFILL_DELAY_MS = 200;
export const CHECK_DELAY_MS = 1000;

export const DEFAULT_INVALID_MESSAGE = 'profile.error.invalid';
export const SUBMIT_TEXT = 'profile.compare';
export const VALIDATION_SCRIPT_MISSING_WARNING = 'Validation script not loaded';
/** A person without age is 25 (000-5.21); Peru fills it in for the first insured (000-5.24). */
export const DEFAULT_AGE = 25;
/** Persons, and separately pets, counted in a profile are capped at 100 (000-9.25). */
export const MAX_COUNTED = 100;

export interface ProfileTexts {
  title: string;
  hint: string;
  tooltip: string;
}

/**
 * 000-2.47: the seed gives the title in English ('Who will be insured?'); the Spanish wording is the
 * server's, '¿Quiénes serán asegurados?'. Pets keep that title; collective asks for the employees. Keys
 * of the dictionaries.
 */
export const PROFILE_TEXTS: Readonly<Record<ProfileKind, ProfileTexts>> = Object.freeze({
  person: { title: 'profile.title', hint: 'profile.hint.person', tooltip: 'profile.tooltip.person' },
  pet: { title: 'profile.title', hint: 'profile.hint.pet', tooltip: 'profile.tooltip.pet' },
  collective: {
    title: 'profile.title.collective',
    hint: 'profile.hint.collective',
    tooltip: 'profile.tooltip.collective',
  },
});

/** The extra hint of the pet form (000-2.48). */
export const PET_HINT = 'profile.hint.pets';

/**
 * The add button (000-2.49): 'Agregar Mascota' for pets, 'Agregar Persona' on the Peru brand,
 * 'Agregar carga' otherwise; null where adding is hidden (collective, SCTR, SEGURO COLECTIVO: 000-5.33).
 */
export function addButtonText(kind: ProfileKind, country: Country): string | null {
  if (kind === 'collective') return null;
  if (kind === 'pet') return 'profile.addPet';
  return country === 'PE' ? 'profile.addPerson' : 'profile.addDependant';
}

/** The red message of an invalid profile (000-2.50): the validation's own text, else 'Perfil inválido'. */
export function invalidMessage(t: Translate, message?: string | null): string {
  return message?.trim() || t(DEFAULT_INVALID_MESSAGE);
}

export type ValidationOutcome =
  | { valid: true; profile: Record<string, unknown> | null; scriptMissing: boolean }
  | { valid: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the server-delivered validation script answered (000-5.16): an array is valid and its first
 * item's payload is the profile (an empty array gives an empty profile); a string is the error message
 * (a blank one means no error); a boolean is the verdict. Anything else means no script ran: valid,
 * with `scriptMissing` so the caller logs 'Validation script not loaded' (000-5.17); the server still
 * validates what is posted.
 */
export function interpretValidation(result: unknown): ValidationOutcome {
  if (Array.isArray(result)) {
    const first: unknown = result[0];
    const payload = isRecord(first) && 'payload' in first ? first.payload : first;
    return { valid: true, profile: isRecord(payload) ? payload : {}, scriptMissing: false };
  }
  if (typeof result === 'string') {
    return result.trim() === ''
      ? { valid: true, profile: null, scriptMissing: false }
      : { valid: false, message: result.trim() };
  }
  if (typeof result === 'boolean') {
    return result ? { valid: true, profile: null, scriptMissing: false } : { valid: false, message: '' };
  }
  return { valid: true, profile: null, scriptMissing: true };
}

/** 000-5.25: the fields missing, or the success message when none is. */
export function missingFieldsMessage(missing: readonly string[], t: Translate): string {
  return missing.length > 0
    ? t('profile.missingFields', { fields: missing.join(', ') })
    : t('profile.allFields');
}

/** The insured person as typed (holder; prevision and income are Chile's, nationality international's). */
export interface TitularRow {
  sexo: string;
  edad: string;
  prevision: string;
  /** Monthly income as typed ('1.650.000'); Chile's isapre prices need it. */
  ingreso: string;
  /** Region code (stateCode) as text; '' or absent for none (the server then uses 13). */
  region?: string;
  nacionalidad?: string;
  paisCobertura?: string;
}

export interface PetRow {
  especie: string;
  raza: string;
  edad: string;
}

/** What the modal's inputs hold: text as typed, converted by toProfile on submit. */
export interface ProfileFormState {
  titular: TitularRow;
  dependants: DependantRow[];
  pets: PetRow[];
  employees: string;
}

/** The API profile (schemas/src/profile.ts), as far as this form fills it. */
export interface ApiProfile {
  cotizante?: { sexo?: Sexo; edad?: number; ingreso?: number }[];
  cargas?: { sexo?: Sexo; edad?: number; parentesco?: string }[];
  mascota?: { especie?: string; raza?: string; edad?: number; parentesco: 'Mascota' }[];
  prevision?: 'Isapre' | 'Fonasa';
  region?: { stateCode: number };
  colectivo?: { cantidadempleados: number };
  titular?: { nacionalidad?: string; paisCobertura?: string };
  enPareja?: boolean;
  ingresodatos?: boolean;
}

export const DEFAULT_PET: Readonly<PetRow> = Object.freeze({ especie: 'Perro', raza: '', edad: '' });

/**
 * The form before anything is typed, with the server form's defaults (000-3.32, 000-3.33): a male
 * holder aged 25 (no preset sex in the international edition), one dog for pets.
 */
export function emptyFormState(kind: ProfileKind, country: Country = 'CL'): ProfileFormState {
  return {
    titular: {
      sexo: kind === 'person' && country !== 'INT' ? 'Masculino' : '',
      edad: kind === 'person' ? String(DEFAULT_AGE) : '',
      prevision: '',
      ingreso: '',
    },
    dependants: [],
    pets: kind === 'pet' ? [{ ...DEFAULT_PET }] : [],
    employees: '',
  };
}

const age = (text: string): number | undefined =>
  /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : undefined;
/** Typed but not a whole age of 0 to 999 (blank is "not given", not wrong). */
const badAge = (text: string) => text.trim() !== '' && age(text) === undefined;
/** Whole amounts and counts: thousands dots, spaces and '$' removed (000-5.04). */
const whole = (text: string | undefined): number | undefined => {
  const digits = (text ?? '').replace(/[\s.$]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
};
const sexoOf = (value: string): Sexo | undefined =>
  value === 'Masculino' || value === 'Femenino' ? value : undefined;
const text = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/** Drops undefined members so the body carries only what was given. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The API profile of the typed form, without judging it (profileFromForm does). Collective insurance
 * turns an empty sex into Masculino (000-4.05); in Peru a holder without age gets 25 (000-5.24,
 * elsewhere the server applies 000-5.21). The international edition marks data as entered only when a
 * nationality or coverage country is set (000-5.18); other forms are data entered by being submitted.
 */
export function toProfile(
  state: ProfileFormState,
  kind: ProfileKind,
  options: { country?: Country } = {},
): ApiProfile {
  const { titular } = state;
  const holder = compact({
    sexo: sexoOf(titular.sexo) ?? (kind === 'collective' ? ('Masculino' as const) : undefined),
    edad: age(titular.edad) ?? (options.country === 'PE' ? DEFAULT_AGE : undefined),
    ingreso: kind === 'person' ? whole(titular.ingreso) : undefined,
  });
  if (kind === 'pet') {
    return {
      mascota: state.pets.map((pet) =>
        compact({
          especie: text(pet.especie),
          raza: text(pet.raza),
          edad: age(pet.edad),
          parentesco: 'Mascota' as const,
        }),
      ),
      ingresodatos: true,
    };
  }
  if (kind === 'collective') {
    const employees = whole(state.employees);
    return compact({
      cotizante: [holder],
      colectivo: employees === undefined ? undefined : { cantidadempleados: employees },
      ingresodatos: true,
    });
  }
  const cargas = state.dependants.map((row) =>
    compact({ sexo: sexoOf(row.sexo), edad: age(row.edad), parentesco: text(row.parentesco) }),
  );
  const abroad = compact({
    nacionalidad: text(titular.nacionalidad),
    paisCobertura: text(titular.paisCobertura),
  });
  const hasAbroad = Object.keys(abroad).length > 0;
  const regionCode = whole(titular.region);
  return compact({
    cotizante: [holder],
    cargas: cargas.length > 0 ? cargas : undefined,
    prevision:
      titular.prevision === 'Isapre' || titular.prevision === 'Fonasa' ? titular.prevision : undefined,
    region: regionCode === undefined ? undefined : { stateCode: regionCode },
    titular: hasAbroad ? abroad : undefined,
    enPareja: state.dependants.some((row) => isSpouse(row.parentesco)),
    ingresodatos: options.country === 'INT' ? hasAbroad : true,
  });
}

export const COLOMBIA_MIN_EMPLOYEES = 10;

/**
 * What is wrong with a typed profile: a dictionary key and its parameters. es.json says it in the API's
 * own words ('La edad del titular debe estar entre 18 y 110 años', schemas/src/profileAges.ts).
 */
export interface ProfileProblem {
  key: string;
  params?: Record<string, number>;
}
const range = (ages: AgeRange) => ({ min: ages.min, max: ages.max });
export const PROFILE_PROBLEMS = Object.freeze({
  age: { key: 'profile.error.age' },
  dependantsAge: { key: 'profile.error.dependantsAge' },
  dependantAge: { key: 'profile.error.dependantAge', params: range(DEPENDANT_AGES) },
  holderAge: { key: 'profile.error.holderAge', params: range(HOLDER_AGES) },
  holderAgeRequired: { key: 'profile.error.holderAgeRequired' },
  petAge: { key: 'profile.error.petAge', params: range(PET_AGES) },
  sex: { key: 'profile.error.sex' },
  oneSpouse: { key: 'profile.error.oneSpouse' },
  noPet: { key: 'profile.error.noPet' },
  employees: { key: 'profile.error.employees' },
  colombiaEmployees: { key: 'profile.error.employeesCO', params: { n: COLOMBIA_MIN_EMPLOYEES } },
} satisfies Record<string, ProfileProblem>);

export type ProfileFromForm = { ok: true; profile: ApiProfile } | { ok: false; problem: ProfileProblem };

/** A typed age outside `range` (blank is judged by the caller: required or not). */
const outside = (text: string, range: AgeRange) => {
  const value = age(text);
  return text.trim() !== '' && (value === undefined || !ageWithin(value, range));
};

/**
 * Judges the typed form and builds its profile (000-4.03) with the API's own rules and words
 * (schemas/src/profileAges.ts, issue 11: a holder of 150, 3, 0 or blank was priced): the holder is an
 * adult of 18 to 110, given except in Peru (000-5.24 fills 25), with a sex except abroad (INT); every dependant has an age of 0
 * to 110 (000-5.19); one spouse at most (000-2.55); a pet form needs a pet, of 0 to 40; a
 * collective form an employee count, at least 10 in Colombia (000-5.23). The message says what to fix;
 * the dialog shows it in red.
 */
export function profileFromForm(
  state: ProfileFormState,
  kind: ProfileKind,
  options: { country?: Country } = {},
): ProfileFromForm {
  const fail = (problem: ProfileProblem): ProfileFromForm => ({ ok: false, problem });
  const problems = PROFILE_PROBLEMS;
  if (kind === 'pet') {
    if (state.pets.length === 0) return fail(problems.noPet);
    if (state.pets.some((pet) => badAge(pet.edad))) return fail(problems.age);
    if (state.pets.some((pet) => outside(pet.edad, PET_AGES))) return fail(problems.petAge);
  } else if (kind === 'collective') {
    const employees = whole(state.employees);
    if (employees === undefined || employees < 1) return fail(problems.employees);
    if (options.country === 'CO' && employees < COLOMBIA_MIN_EMPLOYEES)
      return fail(problems.colombiaEmployees);
  } else {
    const { edad, sexo } = state.titular;
    if (edad.trim() === '' && options.country !== 'PE') return fail(problems.holderAgeRequired);
    if (badAge(edad) || outside(edad, HOLDER_AGES)) return fail(problems.holderAge);
    // The international default profile has no sex (seed 000 §3): its products price by age alone.
    if (options.country !== 'INT' && sexoOf(sexo) === undefined) return fail(problems.sex);
    if (!dependantsValid(state.dependants)) return fail(problems.dependantsAge);
    if (state.dependants.some((row) => outside(row.edad, DEPENDANT_AGES))) return fail(problems.dependantAge);
    if (state.dependants.filter((row) => isSpouse(row.parentesco)).length > 1)
      return fail(problems.oneSpouse);
  }
  return { ok: true, profile: toProfile(state, kind, options) };
}

const str = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : '';
const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

/**
 * The form state of a saved or shared profile, for pre-fill (000-4.01): what the profile lacks keeps
 * the empty form's value; unknown fields are ignored; null gives the empty form.
 */
export function formFromProfile(
  profile: Record<string, unknown> | null | undefined,
  kind: ProfileKind,
  country: Country = 'CL',
): ProfileFormState {
  const state = emptyFormState(kind, country);
  if (!profile) return state;
  const holder = records(profile.cotizante)[0];
  if (holder) {
    state.titular.sexo = str(holder.sexo) || state.titular.sexo;
    state.titular.edad = str(holder.edad) || state.titular.edad;
    state.titular.ingreso = str(holder.ingreso);
  }
  if (profile.prevision === 'Isapre' || profile.prevision === 'Fonasa')
    state.titular.prevision = profile.prevision;
  if (isRecord(profile.region) && str(profile.region.stateCode) !== '')
    state.titular.region = str(profile.region.stateCode);
  if (isRecord(profile.titular)) {
    state.titular.nacionalidad = str(profile.titular.nacionalidad);
    state.titular.paisCobertura = str(profile.titular.paisCobertura);
  }
  state.dependants = records(profile.cargas).map((c) => ({
    parentesco: str(c.parentesco),
    sexo: str(c.sexo),
    edad: str(c.edad),
  }));
  if (Array.isArray(profile.mascota)) {
    state.pets = records(profile.mascota).map((m) => ({
      especie: str(m.especie),
      raza: str(m.raza),
      edad: str(m.edad),
    }));
  }
  if (isRecord(profile.colectivo)) state.employees = str(profile.colectivo.cantidadempleados);
  return state;
}
/** Same as formFromProfile. */
export const fromProfile = formFromProfile;

/**
 * The line under the price (000-2.52): 'para N personas' (holder and dependants) or 'para N mascotas',
 * singular for one, counts capped at 100 (000-9.25); null when nobody is counted and for collective
 * insurance, whose suffix already says Total or p/empl.
 */
export function forPersonsLine(
  profile: ApiProfile | null | undefined,
  kind: ProfileKind,
  t: Translate,
): string | null {
  if (!profile || kind === 'collective') return null;
  const count =
    kind === 'pet'
      ? (profile.mascota?.length ?? 0)
      : (profile.cotizante?.length ?? 0) + (profile.cargas?.length ?? 0);
  const n = Math.min(count, MAX_COUNTED);
  if (n === 0) return null;
  return t(`card.for${kind === 'pet' ? 'Pet' : 'Person'}${n === 1 ? '' : 's'}`, { n });
}
