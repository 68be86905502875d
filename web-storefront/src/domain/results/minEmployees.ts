/**
 * The minimum-employees warning of collective (group) result cards (rules 000-2.46, 000-5.01 to
 * 000-5.04). The caller shows it on grid cards of collective types only.
 */
import type { Translate } from '../shell/i18n';

/** Minimum used for the check when the plan gives none (000-5.03). */
export const DEFAULT_MIN_EMPLOYEES_CHECK = 5;
/** Minimum named in the message when the plan gives none (000-5.03). */
export const DEFAULT_MIN_EMPLOYEES_MESSAGE = 1;
/** Colombia requires at least 10 employees, in the check and in the message (000-5.23). */
export const COLOMBIA_MIN_EMPLOYEES = 10;

/** 'Plan para un mínimo de N empleados', in the page's language. */
export const minEmployeesMessage = (minimum: number, t: Translate) => t('card.minEmployees', { n: minimum });

/**
 * A count typed by the visitor or given by the plan, as a whole number: thousands dots are removed
 * ('1.200' → 1200, rule 000-5.04), spaces ignored. Blank, non-numeric or negative text gives undefined.
 */
export function parseCount(value: string | number | null | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const digits = value.replace(/[\s.]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

/**
 * 'Plan para un mínimo de N empleados' when no count is entered (000-5.01) or the count is below the
 * plan's minimum (000-5.02); null otherwise. A plan without a (positive) minimum is checked against 5
 * but named as 1 in the message (000-5.03): the seed keeps both defaults, so a count of 3 on such a plan
 * reads 'mínimo de 1 empleados' (the server's rule in services/src/catalogue/pricing/otherProducts.ts
 * says the same). A plan minimum of 0 counts as no minimum. In Colombia (`country` 'CO') the minimum is
 * at least 10 for check and message alike (000-5.23).
 */
export function minimumEmployeesWarning(
  planMinimum: string | number | null | undefined,
  enteredCount: string | number | null | undefined,
  t: Translate,
  country?: 'CL' | 'PE' | 'CO' | 'INT',
): string | null {
  const given = parseCount(planMinimum);
  let minimum = given !== undefined && given > 0 ? given : undefined;
  if (country === 'CO') minimum = Math.max(minimum ?? 0, COLOMBIA_MIN_EMPLOYEES);
  const message = minEmployeesMessage(minimum ?? DEFAULT_MIN_EMPLOYEES_MESSAGE, t);
  const count = parseCount(enteredCount);
  if (count === undefined) return message;
  return count < (minimum ?? DEFAULT_MIN_EMPLOYEES_CHECK) ? message : null;
}
