import { z } from 'zod';
import { calendarDay, CalendarDay } from './calendarDay';

/** The seed's cap on the income the 7% is taken from (rule 000-9.15); used when the table has no entry. */
export const TOPE_IMPONIBLE_DEFAULT_UF = 87.8;

export const TopeImponibleEntry = z.strictObject({
  /** First day of the remunerations the tope applies to. */
  desde: CalendarDay,
  uf: z.number().positive(),
});
export const TopeImponibleTable = z
  .array(TopeImponibleEntry)
  .refine(
    (entries) => entries.every((entry, index) => index === 0 || entries[index - 1]!.desde < entry.desde),
    'entries are sorted by desde, one per day',
  );
export type TopeImponibleTable = z.infer<typeof TopeImponibleTable>;

/**
 * Tope imponible (AFP, salud) in UF per month, health-system-facts.md §2: 87,8 UF for 2025; 89,9 UF
 * (preliminary) for January 2026; 90,0 UF (definitive) from the remunerations of February 2026.
 */
export const TOPE_IMPONIBLE_TABLE: TopeImponibleTable = [
  { desde: '2025-01-01', uf: 87.8 },
  { desde: '2026-01-01', uf: 89.9 },
  { desde: '2026-02-01', uf: 90.0 },
];

/** The tope of the latest entry at or before `on`; the seed's 87,8 UF before the first. */
export function topeImponibleAt(on: string | Date, table: TopeImponibleTable = TOPE_IMPONIBLE_TABLE): number {
  const day = calendarDay(on);
  let tope = TOPE_IMPONIBLE_DEFAULT_UF;
  for (const entry of table) {
    if (entry.desde > day) break;
    tope = entry.uf;
  }
  return tope;
}
