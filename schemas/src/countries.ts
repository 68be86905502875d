/**
 * Editions of the marketplace (seed 001 §1; 'INT' is the international edition) and the numeric ids seed
 * 002 §3 gives them (rule 002-3.14). Without zod, so the console and the storefront import it at no cost.
 */
export const COUNTRY_CODES = ['CL', 'PE', 'CO', 'INT'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const COUNTRY_BY_ID: Readonly<Record<string, CountryCode>> = {
  '1': 'CL',
  '2': 'PE',
  '3': 'CO',
  '4': 'INT',
};

/**
 * An edition's code from its code or numeric id, in any case and spacing. Text that names no edition comes
 * back trimmed and upper-cased, for the caller's own validation to refuse.
 */
export function countryCodeOf(value: string | number): string {
  const text = String(value).trim().toUpperCase();
  return COUNTRY_BY_ID[text] ?? text;
}
