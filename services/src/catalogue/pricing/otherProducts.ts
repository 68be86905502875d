import type { Country } from '@cubre/schemas/catalogue/common';
import { numberFromText } from '@cubre/schemas/profile';

/**
 * Guard and personal-accident insurance show a yearly price: the monthly one × 12 (rule 000-9.02; for
 * guards it is UF per person). Keyed by the catalogue's insurance-type names.
 */
export const ANNUAL_PRICE_INSURANCE_TYPES: ReadonlySet<string> = new Set([
  'SEGURO GUARDIAS',
  'SEGURO ACCIDENTES PERSONALES',
]);
export const ANNUAL_PRICE_MULTIPLIER = 12;

export function shownPrice(monthlyPrice: number, insuranceType: string): number {
  return ANNUAL_PRICE_INSURANCE_TYPES.has(insuranceType)
    ? monthlyPrice * ANNUAL_PRICE_MULTIPLIER
    : monthlyPrice;
}

/** Collective prices are either for the whole company or per employee. */
export type CollectivePriceBasis = 'total' | 'porEmpleado';

/** '/mes', '/mes Total' or '/mes p/empl' (rule 000-9.03). */
export function priceSuffix(collective?: CollectivePriceBasis | null): string {
  if (collective === 'total') return '/mes Total';
  if (collective === 'porEmpleado') return '/mes p/empl';
  return '/mes';
}

export const DEFAULT_MIN_EMPLOYEES_CHECK = 5;
export const DEFAULT_MIN_EMPLOYEES_MESSAGE = 1;
export const COLOMBIA_MIN_EMPLOYEES = 10;

/** An entered employee count, thousands dots removed ('1.200' → 1200, rule 000-5.04); null when none is. */
export function employeeCountFrom(value: number | string | null | undefined): number | null {
  const parsed = numberFromText(value);
  return typeof parsed === 'number' && Number.isInteger(parsed) && parsed >= 0 ? parsed : null;
}

export type MinimumEmployeesWarning = { show: boolean; minimum: number; message: string };

/**
 * The minimum-employees warning of group insurance (rules 000-5.01 to 000-5.04): shown when no count is
 * entered, or when it is below the plan's minimum. Without a plan minimum the check uses 5 and the message
 * says 1, as the site does. Colombia requires at least 10 employees (000-5.23), in check and message.
 */
export function minimumEmployeesWarning(input: {
  minEmployeeQuantity?: number | null;
  cantidadEmpleados?: number | string | null;
  country?: Country;
}): MinimumEmployeesWarning {
  const planMinimum = input.minEmployeeQuantity ?? null;
  const colombia = input.country === 'CO';
  const checked = colombia
    ? Math.max(planMinimum ?? 0, COLOMBIA_MIN_EMPLOYEES)
    : (planMinimum ?? DEFAULT_MIN_EMPLOYEES_CHECK);
  const minimum = colombia ? checked : (planMinimum ?? DEFAULT_MIN_EMPLOYEES_MESSAGE);
  const count = employeeCountFrom(input.cantidadEmpleados);
  return {
    show: count === null || count < checked,
    minimum,
    message: `Plan para un mínimo de ${minimum} empleados`,
  };
}
