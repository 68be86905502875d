import { z } from 'zod';
import type { BirthCoverage, PlanModality } from '@cubre/schemas/catalogue/isaprePlan';

/** The catalogue exports the schema only. */
type BirthCoverageValue = z.infer<typeof BirthCoverage>;

/**
 * Plain words of a catalogue text: no accents, lower case, and no U+FFFD (the 2016 extract lost its
 * accents to it: 'Libre elecci\uFFFDn').
 */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\uFFFD]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export const CommercialState = z.enum(['Comercializable', 'No comercializable']);
export type CommercialState = z.infer<typeof CommercialState>;

/** 'Si Comer.' → Comercializable, 'No Comer.' → No comercializable (rule 000-4.28); null for anything else. */
export function commercialStateOf(text: string): CommercialState | null {
  const words = plain(text);
  if (words === 'si comer.') return 'Comercializable';
  if (words === 'no comer.') return 'No comercializable';
  return null;
}

/**
 * How each modality is shown (rule 000-4.29: Prestador Preferente as Preferente) and its plan-type
 * filter id (seed 000 §3: libreEleccion 0, prestadorPreferente 1, planCerrado 2).
 */
export const MODALITY_DISPLAY: Record<PlanModality, { filterId: 0 | 1 | 2; label: string }> = {
  'Libre elección': { filterId: 0, label: 'Libre elección' },
  'Prestador Preferente': { filterId: 1, label: 'Preferente' },
  'Plan Cerrado': { filterId: 2, label: 'Cerrado' },
};

/** Libre elección and Prestador Preferente as written; anything else is a closed plan (rule 000-4.29). */
export function modalityOf(text: string): PlanModality {
  const words = plain(text);
  if (words.startsWith('libre elecci')) return 'Libre elección';
  if (words === 'prestador preferente' || words === 'preferente') return 'Prestador Preferente';
  return 'Plan Cerrado';
}

/** The extract's amplitud_cobertura as the catalogue's birth coverage. */
export function birthCoverageOf(text: string): BirthCoverageValue {
  const words = plain(text);
  if (words.includes('reducida para parto')) return 'reducida_parto';
  if (words.includes('reducida para honorarios')) return 'reducida_honorarios';
  return 'general';
}

/**
 * Coverage breadth as the plan filters and cards show it (rules 000-4.30, 000-3.25): reduced for birth, or
 * general with birth coverage. A plan reduced for medical fees still covers birth in general.
 */
export const COVERAGE_BREADTHS = {
  reducidoParto: { label: 'Reducido en parto' },
  conParto: { label: 'Con parto' },
} as const;
export type CoverageBreadth = keyof typeof COVERAGE_BREADTHS;

export function coverageBreadthOf(birthCoverage: BirthCoverageValue): CoverageBreadth {
  return birthCoverage === 'reducida_parto' ? 'reducidoParto' : 'conParto';
}

/** Restriction codes of seed 000 §9 (rule 000-9.19). */
export const RESTRICTIONS = {
  1: 'Parto, neonatología y obstetricia',
  2: 'Psiquiatría y psicología',
  3: 'Cirugía bariátrica',
  4: 'Cirugía refractiva',
  5: 'Otras prestaciones',
  6: 'Sin prestaciones restringidas',
} as const;
export type RestrictionKey = keyof typeof RESTRICTIONS;
export const NO_RESTRICTIONS: RestrictionKey = 6;

/**
 * The restrictions a plan lists: the extract's digits ('2345') or the catalogue's list ([2, 3, 4, 5]);
 * 6, '' or [] means none. Codes outside 1-6 are refused: they would silently hide a restriction.
 */
export function restrictionsOf(
  codes: string | number | readonly number[],
): { code: RestrictionKey; label: string }[] {
  const list = typeof codes === 'object' ? [...codes] : String(codes).trim().split('').map(Number);
  const wrong = list.find((code) => !(Number.isInteger(code) && code >= 1 && code <= 6));
  if (wrong !== undefined) throw new RangeError(`restriction codes are 1 to 6, got ${wrong}`);
  return [...new Set(list as RestrictionKey[])]
    .sort()
    .filter((code) => code !== NO_RESTRICTIONS)
    .map((code) => ({ code, label: RESTRICTIONS[code] }));
}
