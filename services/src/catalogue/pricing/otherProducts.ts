import type { Country, PriceUnit } from '@cubre/schemas/catalogue/common';
import type { ProductDefinition, ProductPeriodicity } from '@cubre/schemas/catalogue/product';
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

/** How often a price is paid, in the catalogue's lower-case Spanish (rule 000-9.04). */
export type Periodicity = ProductPeriodicity;

/**
 * The period of the price a card shows: the catalogue's own, except guard and personal-accident prices,
 * which are shown ×12 and so are yearly (rule 000-9.02). Isapre plans are monthly.
 */
export function shownPeriodicity(product: ProductDefinition | undefined): Periodicity {
  if (!product) return 'mensual';
  return ANNUAL_PRICE_INSURANCE_TYPES.has(product.insuranceType) ? 'anual' : product.price.periodicity;
}

const PERIOD_SUFFIX: Record<Periodicity, string> = {
  mensual: '/mes',
  anual: '/año',
  semestral: '/semestre',
  trimestral: '/trimestre',
  único: 'pago único',
};
/** A price per trip (unit USD/V, seed 001 §9) is paid once per trip. */
export const PER_TRIP_SUFFIX = 'por viaje';

/**
 * The words after a price, said once (issue 11: 'USD 3.185,00/Año /mes'): its period, '/mes' for the
 * monthly prices of the seed (rule 000-9.03), with ' Total' or ' p/empl' for collective prices.
 */
export function priceSuffix(
  collective?: CollectivePriceBasis | null,
  period: Periodicity = 'mensual',
  unit?: PriceUnit,
): string {
  const base = unit === 'USD/V' ? PER_TRIP_SUFFIX : PERIOD_SUFFIX[period];
  if (collective === 'total') return `${base} Total`;
  if (collective === 'porEmpleado') return `${base} p/empl`;
  return base;
}

/**
 * Where an international price's special unit says it covers (seed 001 §9: USD/MUNDO, USD/USA,
 * USD/LATAM); null for every other unit. USD/Año and USD/V say a period, which the suffix already tells.
 */
export function coverageAreaOf(unit: PriceUnit): 'Mundo' | 'USA' | 'Latam' | null {
  if (unit === 'USD/MUNDO') return 'Mundo';
  if (unit === 'USD/USA') return 'USA';
  if (unit === 'USD/LATAM') return 'Latam';
  return null;
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
