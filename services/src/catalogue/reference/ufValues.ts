import { z } from 'zod';
import { calendarDay } from './calendarDay';
import { readCsv } from './csv';
import { describeIssues, ReferenceDataError } from './referenceDataError';

const HEADER = ['date', 'uf_clp', 'kind', 'source'] as const;

export const UfValue = z.strictObject({
  date: z.iso.date('a date like 2025-09-09'),
  clp: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'CLP with a decimal point, like 39485.65')
    .transform(Number)
    .refine((value) => value > 1000, 'a UF is worth more than 1000 CLP'),
  /** How the value is known: official, published, press, or derived (computed from another figure). */
  kind: z.enum(['official', 'published', 'press', 'derived']),
  source: z.string().min(1, 'every value names its source'),
});
export type UfValue = z.output<typeof UfValue>;

/** Parses uf-values.csv; dates must increase strictly, so a lookup by date is unambiguous. */
export function parseUfValues(text: string, file: string): UfValue[] {
  const values: UfValue[] = [];
  for (const { line, values: row } of readCsv(text, file, ',', HEADER)) {
    const parsed = UfValue.safeParse({ date: row.date, clp: row.uf_clp, kind: row.kind, source: row.source });
    if (!parsed.success) throw new ReferenceDataError(file, line, describeIssues(parsed.error));
    const previous = values[values.length - 1];
    if (previous && previous.date >= parsed.data.date)
      throw new ReferenceDataError(file, line, `date ${parsed.data.date} does not follow ${previous.date}`);
    values.push(parsed.data);
  }
  if (values.length === 0) throw new ReferenceDataError(file, null, 'no UF values');
  return values;
}

/** The cached UF value the site falls back to when none is known for the day (rule 000-9.14). */
export const UF_FALLBACK_CLP = 39214.8;

export type UfOnDay = {
  clp: number;
  /** Day of the value used; null when it is the fallback. */
  date: string | null;
  fallback: boolean;
};

/** The latest UF value dated at or before `on` (values sorted by date, as the parser guarantees). */
export function ufAt(values: readonly UfValue[], on: string | Date): UfOnDay {
  const day = calendarDay(on);
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]!.date <= day) low = middle + 1;
    else high = middle;
  }
  const found = values[low - 1];
  return found
    ? { clp: found.clp, date: found.date, fallback: false }
    : { clp: UF_FALLBACK_CLP, date: null, fallback: true };
}
