import type { ApiProfile, Country } from './profileForm';
import type { ColectivoGroup } from './storage';

/**
 * The colectivos modal (rules 001-2.10, 000-3.19, seed 000 §1: "company employers can enter
 * collective-insurance data, number of workers and dependants, to get total prices"): a forced, static,
 * centred modal opened by navigating to its address (the guard's "given URL", ours: the health
 * comparator's company promo links to it). It shows the company comparator behind it; its groups of
 * workers (each with the dependants they bring) are stored under the key colectivos and become the
 * comparator's collective profile, and the visitor is left on the company comparator.
 */

export { COLECTIVOS_COMPARATOR_PATH, COLECTIVOS_GUARD_PATH } from './colectivosPaths';
/** Groups a company may list; the API takes at most 100 (MAX_PROFILE_MEMBERS). */
export const MAX_GROUPS = 20;
/** Colombia asks for 10 employees at least (000-5.23), like the profile box. */
export const COLOMBIA_MIN_WORKERS = 10;

export interface ColectivoRow {
  /** As typed, thousands dots allowed ('1.200'). */
  trabajadores: string;
  cargas: string;
}

export const emptyRow = (): ColectivoRow => ({ trabajadores: '', cargas: '0' });

const count = (text: string): number | undefined => {
  const digits = text.replace(/[\s.]/g, '');
  return /^\d{1,7}$/.test(digits) ? Number(digits) : undefined;
};

export function addRow(rows: readonly ColectivoRow[]): ColectivoRow[] {
  return rows.length >= MAX_GROUPS ? [...rows] : [...rows, emptyRow()];
}

export function removeRow(rows: readonly ColectivoRow[], index: number): ColectivoRow[] {
  return rows.length <= 1 ? [...rows] : rows.filter((_, i) => i !== index);
}

export type ColectivosProblem =
  { kind: 'row'; index: number; field: keyof ColectivoRow } | { kind: 'minimum'; minimum: number };

/**
 * What keeps the groups from being sent: a group without a whole number of workers (1 or more) or of
 * dependants (0 or more), or fewer workers in all than the edition asks for.
 */
export function colectivosProblems(rows: readonly ColectivoRow[], country: Country): ColectivosProblem[] {
  const problems: ColectivosProblem[] = [];
  rows.forEach((row, index) => {
    const workers = count(row.trabajadores);
    if (workers === undefined || workers < 1) problems.push({ kind: 'row', index, field: 'trabajadores' });
    if (count(row.cargas) === undefined) problems.push({ kind: 'row', index, field: 'cargas' });
  });
  if (problems.length > 0) return problems;
  const minimum = country === 'CO' ? COLOMBIA_MIN_WORKERS : 1;
  if (totals(groupsOf(rows)).workers < minimum) problems.push({ kind: 'minimum', minimum });
  return problems;
}

/** The groups as stored and sent (000-3.19, the profile's colectivos). */
export function groupsOf(rows: readonly ColectivoRow[]): ColectivoGroup[] {
  return rows.map((row) => ({
    cantidadDeTrabajadores: count(row.trabajadores) ?? 0,
    cantidadDeCargas: count(row.cargas) ?? 0,
  }));
}

export function rowsOf(groups: readonly ColectivoGroup[]): ColectivoRow[] {
  return groups.length === 0
    ? [emptyRow()]
    : groups.map((group) => ({
        trabajadores: String(group.cantidadDeTrabajadores),
        cargas: String(group.cantidadDeCargas),
      }));
}

export function totals(groups: readonly ColectivoGroup[]): { workers: number; dependants: number } {
  return groups.reduce(
    (sum, group) => ({
      workers: sum.workers + group.cantidadDeTrabajadores,
      dependants: sum.dependants + group.cantidadDeCargas,
    }),
    { workers: 0, dependants: 0 },
  );
}

/**
 * The comparator's collective profile: the employee count the API prices by (the workers of every group)
 * and the groups themselves; the holder is the profile box's collective default (000-4.05).
 */
export type CollectiveProfile = Pick<ApiProfile, 'cotizante' | 'colectivo' | 'ingresodatos'> & {
  colectivos: ColectivoGroup[];
};

export function collectiveProfileOf(groups: readonly ColectivoGroup[]): CollectiveProfile {
  return {
    cotizante: [{ sexo: 'Masculino' }],
    colectivo: { cantidadempleados: totals(groups).workers },
    colectivos: groups.map((group) => ({ ...group })),
    ingresodatos: true,
  };
}
