/**
 * Comparar-Planes' address carries its products (000-2.15, issue 11): `/Comparar-Planes?codes=A,B,C`, the
 * product codes in column order, each URI-encoded (plan codes have spaces and slashes) and joined by
 * commas, which no catalogue code contains. So a shared link opens the same table for another visitor.
 */
import { COMPARE_SLOT_COUNT } from './compareSlots';

export const COMPARE_PATH = '/Comparar-Planes';
export const CODES_PARAM = 'codes';

/** schemas' CatalogueCode, without zod (the storefront does not bundle it): what a code may look like. */
const CATALOGUE_CODE = /^[A-Za-z0-9][A-Za-z0-9 ._/#+-]{0,79}$/;

/**
 * The codes an address names, in order: blanks and malformed codes dropped, a code named twice (in any
 * case) kept once, and no more than the three compare slots (000-4.13).
 */
export function codesFromSearch(search: string): string[] {
  const codes: string[] = [];
  for (const value of new URLSearchParams(search).getAll(CODES_PARAM)) {
    for (const part of value.split(',')) {
      const code = part.trim();
      if (!CATALOGUE_CODE.test(code)) continue;
      if (codes.some((known) => sameCode(known, code))) continue;
      codes.push(code);
    }
  }
  return codes.slice(0, COMPARE_SLOT_COUNT);
}

/** The query of a table with these codes ('' for none): `?codes=A,B%2F1`. */
export function codesSearch(codes: readonly string[]): string {
  return codes.length === 0 ? '' : `?${CODES_PARAM}=${codes.map(encodeURIComponent).join(',')}`;
}

/** The table's address in a language (`prefix` '' for Spanish, '/en', '/pt'). */
export function comparePath(codes: readonly string[], prefix = ''): string {
  return `${prefix}${COMPARE_PATH}${codesSearch(codes)}`;
}

/** Product lookups are case-insensitive (services/src/catalogue/routes/README.md), so codes compare so too. */
export function sameCode(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The same products in the same columns. */
export function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code, index) => sameCode(code, b[index] ?? ''));
}
