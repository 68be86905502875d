import { z } from 'zod';
import { readCsv } from './csv';
import { describeIssues, ReferenceDataError } from './referenceDataError';

/** Pre-2020 per-isapre tables: 18 age brackets per codigo_tabla, each inclusive at both ends (rule 000-5.22). */
export const FACTOR_TABLE_2016_BRACKETS = 18;

const HEADER = [
  'codigo tabla',
  'edad min',
  'edad max',
  'cotizante hombre',
  'cotizante mujer',
  'carga hombre',
  'carga mujer',
] as const;

const age = z
  .string()
  .regex(/^\d{1,3}$/, 'an age in whole years')
  .transform(Number);
const factor = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'a factor like 1.25')
  .transform(Number)
  .refine((value) => value > 0, 'a factor is positive');

export const FactorBracket = z
  .strictObject({
    edadMin: age,
    edadMax: age,
    cotizanteHombre: factor,
    cotizanteMujer: factor,
    cargaHombre: factor,
    cargaMujer: factor,
  })
  .refine((bracket) => bracket.edadMin <= bracket.edadMax, 'edad min is above edad max');
export type FactorBracket = z.output<typeof FactorBracket>;

const CodigoTabla = z.string().regex(/^[0-9A-Za-z]{1,10}$/, 'a table code of letters and digits');

/** Brackets by codigo_tabla, youngest first. */
export type FactorTables2016 = ReadonlyMap<string, readonly FactorBracket[]>;

/**
 * Parses factor-tables-2016.csv. Each table must have its 18 brackets, start at age 0 and leave no age
 * uncovered between brackets, so any age a profile allows finds exactly one factor.
 */
export function parseFactorTables2016(text: string, file: string): FactorTables2016 {
  const byCode = new Map<string, { line: number; bracket: FactorBracket }[]>();
  for (const { line, values } of readCsv(text, file, ',', HEADER)) {
    const code = CodigoTabla.safeParse(values['codigo tabla']);
    const bracket = FactorBracket.safeParse({
      edadMin: values['edad min'],
      edadMax: values['edad max'],
      cotizanteHombre: values['cotizante hombre'],
      cotizanteMujer: values['cotizante mujer'],
      cargaHombre: values['carga hombre'],
      cargaMujer: values['carga mujer'],
    });
    if (!code.success)
      throw new ReferenceDataError(file, line, `codigo tabla: ${describeIssues(code.error)}`);
    if (!bracket.success) throw new ReferenceDataError(file, line, describeIssues(bracket.error));
    const rows = byCode.get(code.data) ?? [];
    rows.push({ line, bracket: bracket.data });
    byCode.set(code.data, rows);
  }
  const tables = new Map<string, readonly FactorBracket[]>();
  for (const [code, rows] of byCode) {
    rows.sort((a, b) => a.bracket.edadMin - b.bracket.edadMin);
    if (rows.length !== FACTOR_TABLE_2016_BRACKETS)
      throw new ReferenceDataError(
        file,
        rows[rows.length - 1]!.line,
        `table ${code} has ${rows.length} brackets, expected ${FACTOR_TABLE_2016_BRACKETS}`,
      );
    rows.forEach(({ line, bracket }, index) => {
      const expectedMin = index === 0 ? 0 : rows[index - 1]!.bracket.edadMax + 1;
      if (bracket.edadMin !== expectedMin)
        throw new ReferenceDataError(
          file,
          line,
          `table ${code}: bracket starts at age ${bracket.edadMin}, expected ${expectedMin}`,
        );
    });
    tables.set(
      code,
      rows.map((row) => row.bracket),
    );
  }
  return tables;
}
