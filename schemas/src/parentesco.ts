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

/**
 * The dependant types a bulk load keeps (002-3.44: 'Conyuge' and 'Hijo/Hija' are the seed's words; the
 * others are the storefront's kinship choices written the same way).
 */
export const DEPENDENT_TYPES = ['Conyuge', 'Conviviente', 'Hijo/Hija', 'Padre/Madre', 'Otro'] as const;
export type DependentTypeWord = (typeof DEPENDENT_TYPES)[number];

/** Words a Chilean, a Brazilian or an English-speaking HR file uses, without accents, lower case. */
const DEPENDENT_WORDS: Record<DependentTypeWord, readonly string[]> = {
  Conyuge: [
    'conyuge',
    'spouse',
    'conjuge',
    'esposo',
    'esposa',
    'esposo/esposa',
    'esposo/a',
    'marido',
    'wife',
    'husband',
  ],
  Conviviente: [
    'conviviente',
    'conviviente civil',
    'pareja',
    'partner',
    'companero',
    'companera',
    'companheiro',
    'companheira',
  ],
  'Hijo/Hija': [
    'hijo/hija',
    'hijo',
    'hija',
    'hijo/a',
    'hijos',
    'filho',
    'filha',
    'filho/filha',
    'child',
    'son',
    'daughter',
    'son/daughter',
  ],
  'Padre/Madre': ['padre/madre', 'padre', 'madre', 'pai', 'mae', 'father', 'mother', 'parent'],
  Otro: ['otro', 'otra', 'other', 'outro'],
};
/**
 * Word → type, built on first use: nothing runs when the module loads, so the storefront's bundle, which
 * takes only isConyuge from here, drops these tables.
 */
let dependentTypeOfWord: Map<string, DependentTypeWord> | null = null;
const dependentTypeOf = (word: string): DependentTypeWord | undefined =>
  (dependentTypeOfWord ??= new Map(
    DEPENDENT_TYPES.flatMap((type) => DEPENDENT_WORDS[type].map((candidate) => [candidate, type] as const)),
  )).get(word);

/**
 * A dependant's parentesco in the bulk load's words (002-3.44): Spouse, Cônjuge → 'Conyuge'; Filho/Filha,
 * Child/Daughter → 'Hijo/Hija'; any case, accents and spaces around a slash. Null for a word it does not know.
 */
export function normaliseParentesco(parentesco: string | null | undefined): DependentTypeWord | null {
  if (typeof parentesco !== 'string') return null;
  const word = withoutAccents(parentesco)
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ');
  return dependentTypeOf(word) ?? null;
}
