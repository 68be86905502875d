/**
 * Kinship words, free of zod so the browser storefront can share them: whether a dependant's parentesco
 * means the partner (seed 000 §3: Cónyuge or Spouse), in any case or accents, and 'Cônjuge' as the bulk
 * load normalises it (002-3.44).
 */
const withoutAccents = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
const SPOUSE_WORDS = new Set(['conyuge', 'spouse', 'conjuge']);

export function isConyuge(parentesco: string | null | undefined): boolean {
  return typeof parentesco === 'string' && SPOUSE_WORDS.has(withoutAccents(parentesco));
}
