/**
 * One cell's rule each: the typed columns of 002-3.43 (RUT and date) and the words of the bulk load
 * (gender, insured type, parentesco). Each answers the normalised value or the rule it broke with a Spanish
 * message; judgeRow puts the column and row number on it.
 */
import { cleanRut, isValidRut, RUT_INVALID_MESSAGE } from '@cubre/schemas';
import type { Gender, InsuredType } from '@cubre/schemas/groupInsurance/rows';
import { DEPENDENT_TYPES, type DependentTypeWord, normaliseParentesco } from '@cubre/schemas/parentesco';
import { headerKey } from './columns';

export type Checked<T> = { ok: true; value: T } | { ok: false; rule: string; message: string };
const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const broken = (rule: string, message: string): Checked<never> => ({ ok: false, rule, message });

/** A RUT as the bulk load keeps it: '12.345.678-5', '123456785', 12345678-5 → '12345678-5' (002-5.01 to 5.03). */
export function legalIdOf(text: string): Checked<string> {
  if (!isValidRut(text)) return broken('invalidRut', `${RUT_INVALID_MESSAGE}: "${text}"`);
  const rut = cleanRut(text);
  return ok(`${rut.slice(0, -1)}-${rut.slice(-1)}`);
}

const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const YEAR_FIRST = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const DATE_FORMATS_MESSAGE = 'use DD-MM-AAAA, DD/MM/AAAA o AAAA-MM-DD';

/**
 * A date cell (002-3.43): 'YYYY-MM-DD' (what an Excel date cell is read as), 'DD-MM-YYYY' or 'DD/MM/YYYY'
 * (how a Chilean writes it), a time after it ignored; it must exist in the calendar.
 */
export function isoDateOf(text: string): Checked<string> {
  const day = text.replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?Z?$/, '').trim();
  const dayFirst = DAY_FIRST.exec(day);
  const yearFirst = dayFirst ? null : YEAR_FIRST.exec(day);
  if (!dayFirst && !yearFirst) return broken('date', `"${text}" no es una fecha: ${DATE_FORMATS_MESSAGE}`);
  const [year, month, date] = dayFirst
    ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
    : [Number(yearFirst![1]), Number(yearFirst![2]), Number(yearFirst![3])];
  const calendar = new Date(Date.UTC(year, month - 1, date));
  if (
    year < 1900 ||
    year > 2199 ||
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== date
  ) {
    return broken('date', `"${text}" no es una fecha del calendario`);
  }
  return ok(calendar.toISOString().slice(0, 10));
}

const DAY_MS = 86_400_000;
/** Days from one ISO date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole years from a birth date to a day (002-5.15); the caller gives only valid dates. */
export function ageOn(birthDate: string, today: string): number {
  const [birthYear, birthMonth, birthDay] = birthDate.split('-').map(Number) as [number, number, number];
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

/** A person older than this is a typo in the year. */
export const MAX_AGE = 120;

/** A birth date: a date (002-3.43), not after today, giving an age of at most 120 (002-5.15). */
export function birthDateOf(text: string, today: string): Checked<{ birthDate: string; age: number }> {
  const date = isoDateOf(text);
  if (!date.ok) return date;
  if (date.value > today)
    return broken('futureDate', `La fecha de nacimiento ${date.value} es posterior a hoy`);
  const age = ageOn(date.value, today);
  if (age > MAX_AGE) return broken('age', `La fecha de nacimiento ${date.value} da más de ${MAX_AGE} años`);
  return ok({ birthDate: date.value, age });
}

/**
 * An effective date inside the insurer's window around today: activation 30 days back and 45 forward
 * (002-9.04), cancellation 30 and 30 (002-9.05), or the insurer's own days.
 */
export function effectiveDateOf(text: string, today: string, back: number, forward: number): Checked<string> {
  const date = isoDateOf(text);
  if (!date.ok) return date;
  const days = daysBetween(today, date.value);
  if (days < -back) {
    return broken(
      'retroactiveWindow',
      `La fecha ${date.value} es anterior a lo permitido: hasta ${back} días hacia atrás (desde ${addDays(today, -back)})`,
    );
  }
  if (days > forward) {
    return broken(
      'retroactiveWindow',
      `La fecha ${date.value} es posterior a lo permitido: hasta ${forward} días hacia adelante (hasta ${addDays(today, forward)})`,
    );
  }
  return ok(date.value);
}

const GENDER_WORDS: Record<string, Gender> = {
  masculino: 'Masculino',
  masc: 'Masculino',
  m: 'Masculino',
  hombre: 'Masculino',
  h: 'Masculino',
  varon: 'Masculino',
  male: 'Masculino',
  man: 'Masculino',
  femenino: 'Femenino',
  fem: 'Femenino',
  f: 'Femenino',
  mujer: 'Femenino',
  female: 'Femenino',
  woman: 'Femenino',
};

export function genderOf(text: string): Checked<Gender> {
  const gender = GENDER_WORDS[headerKey(text)];
  return gender
    ? ok(gender)
    : broken('gender', `"${text}" no es un sexo conocido: use Masculino o Femenino (o M, F)`);
}

const INSURED_TYPE_WORDS: Record<string, InsuredType> = {
  titular: 'TITULAR',
  holder: 'TITULAR',
  asegurado: 'TITULAR',
  carga: 'CARGA',
  cargafamiliar: 'CARGA',
  dependiente: 'CARGA',
  dependent: 'CARGA',
  dependant: 'CARGA',
  beneficiario: 'CARGA',
};

export function insuredTypeOf(text: string): Checked<InsuredType> {
  const type = INSURED_TYPE_WORDS[headerKey(text)];
  return type ? ok(type) : broken('insuredType', `"${text}" no es un tipo de asegurado: use TITULAR o CARGA`);
}

/** A dependant's parentesco in the bulk load's words (002-3.44). */
export function dependentTypeOf(text: string): Checked<DependentTypeWord> {
  const type = normaliseParentesco(text);
  return type
    ? ok(type)
    : broken('dependentType', `"${text}" no es un parentesco conocido: use ${DEPENDENT_TYPES.join(', ')}`);
}

/** A coverage group of the policy, by its code in any case; answers the policy's own spelling. */
export function coverageGroupOf(text: string, codes: readonly string[]): Checked<string> {
  const wanted = text.trim().toLowerCase();
  const code = codes.find((candidate) => candidate.trim().toLowerCase() === wanted);
  if (code !== undefined) return ok(code);
  const listed = codes.length === 0 ? 'la póliza no tiene grupos' : `use ${codes.slice(0, 10).join(', ')}`;
  return broken('coverageGroup', `"${text}" no es un grupo de cobertura de la póliza: ${listed}`);
}

/** A bank account number: digits, with dashes or spaces between them, 4 to 20 digits. */
export function accountNumberOf(text: string): Checked<string> {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{4,20}$/.test(digits)
    ? ok(digits)
    : broken('accountNumber', `"${text}" no es un número de cuenta: de 4 a 20 dígitos`);
}

/** Free text with a length limit (reason, bank, account type). */
export function textOf(text: string, max: number): Checked<string> {
  const value = text.trim().replace(/\s+/g, ' ');
  return value.length <= max ? ok(value) : broken('tooLong', `El texto tiene más de ${max} caracteres`);
}
