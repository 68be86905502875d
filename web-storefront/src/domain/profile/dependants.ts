import { isConyuge } from '@cubre/schemas/parentesco';
/**
 * The dependants box of the profile form (rules 000-2.53 to 000-2.56, 000-5.19, 000-5.33, 001 §5).
 * Rows keep the age as typed text, so a half-typed value can be shown and judged.
 */

export interface DependantRow {
  parentesco: string;
  sexo: string;
  edad: string;
}

/** Holder and partner: at most two adults are insured as such, so at most one spouse dependant. */
export const MAX_ADULTS = 2;
/** Persons per profile are capped at 100 (000-9.25): the holder plus 99 dependants. */
export const MAX_DEPENDANTS = 99;
export const MAX_AGE_DIGITS = 3;
/** The relationship values the server's form offers (services/src/site/profileForm/forms.ts). */
export const PARENTESCOS = ['Cónyuge', 'Hijo/Hija', 'Padre/Madre', 'Otro'] as const;
/** How each relationship reads: dictionary keys (the values above are the API's, in Spanish). */
export const PARENTESCO_WORDS: Readonly<Record<(typeof PARENTESCOS)[number], string>> = Object.freeze({
  Cónyuge: 'profile.kin.spouse',
  'Hijo/Hija': 'profile.kin.child',
  'Padre/Madre': 'profile.kin.parent',
  Otro: 'profile.kin.other',
});
export const DEFAULT_DEPENDANT_ROW: Readonly<DependantRow> = Object.freeze({
  parentesco: 'Hijo/Hija',
  sexo: 'Masculino',
  edad: '',
});

/** Cónyuge or Spouse (000-3.15), in any case or accents; 'Cônjuge' too, as the bulk load normalises it. */
export const isSpouse = isConyuge;

/**
 * Appends a copy of the last row (000-2.54), or the default row when there is none. A copy of a spouse
 * row gets the default relationship instead: a second spouse would make the box invalid at once, and the
 * spouse option would be disabled for it anyway (000-2.55). Unchanged once 99 dependants are listed.
 */
export function addDependant(rows: readonly DependantRow[]): DependantRow[] {
  if (rows.length >= MAX_DEPENDANTS) return [...rows];
  const last = rows.at(-1) ?? DEFAULT_DEPENDANT_ROW;
  const copy = {
    ...last,
    ...(isSpouse(last.parentesco) ? { parentesco: DEFAULT_DEPENDANT_ROW.parentesco } : {}),
  };
  return [...rows, copy];
}

/** Removes the last row (000-2.54). */
export function removeDependant(rows: readonly DependantRow[]): DependantRow[] {
  return rows.slice(0, -1);
}

export function updateDependant(
  rows: readonly DependantRow[],
  index: number,
  patch: Partial<DependantRow>,
): DependantRow[] {
  return rows.map((row, i) => (i === index ? { ...row, ...patch } : row));
}

/** The Cónyuge option of row `index` is disabled when another row already is the spouse (000-2.55). */
export function spouseOptionDisabled(rows: readonly DependantRow[], index: number): boolean {
  return rows.some((row, i) => i !== index && isSpouse(row.parentesco));
}

/** Cuts typed age text to 3 characters (000-5.19, 001-5 "Three-digit limit"). */
export function cutToThreeDigits(text: string): string {
  return text.slice(0, MAX_AGE_DIGITS);
}

/** A whole, non-negative age of at most three digits ('0' to '999'); blanks and signs are not. */
export function isValidAge(edad: string): boolean {
  return /^\d{1,3}$/.test(edad.trim());
}

/** Valid when there are no dependants or each has a valid age (000-5.19). */
export function dependantsValid(rows: readonly DependantRow[]): boolean {
  return rows.every((row) => isValidAge(row.edad));
}

/** Indices of the rows whose age field should shake. */
export function invalidDependantIndexes(rows: readonly DependantRow[]): number[] {
  return rows.flatMap((row, i) => (isValidAge(row.edad) ? [] : [i]));
}

/** The box cannot close while any dependant lacks a valid age (000-2.53). */
export function canCloseBox(rows: readonly DependantRow[]): boolean {
  return dependantsValid(rows);
}

/**
 * The box's toggle (000-2.53): opens when closed; closes only when every age is valid, otherwise stays
 * open and asks for a shake.
 */
export function toggleBox(open: boolean, rows: readonly DependantRow[]): { open: boolean; shake: boolean } {
  if (!open) return { open: true, shake: false };
  return canCloseBox(rows) ? { open: false, shake: false } : { open: true, shake: true };
}

const NO_DEPENDANTS = new Set(['colectivo', 'sctr', 'seguro colectivo']);

/** Dependants (box and add-person button) are hidden for colectivo, SCTR and SEGURO COLECTIVO (000-2.56, 000-5.33). */
export function dependantsAllowed(productType: string | null | undefined): boolean {
  return !NO_DEPENDANTS.has((productType ?? '').trim().toLowerCase());
}
