/** Real bulk-load files for the tests, written to a temp directory: CSV as Excel and HR systems write them, XLSX through exceljs. */
import { once } from 'node:events';
import { createWriteStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { RowContext } from '@cubre/schemas/groupInsurance/rows';
import { DEFAULT_RETROACTIVE_DAYS } from '@cubre/schemas/insurers/settings';

export type Cell = string | number | Date | null;

export const TODAY = '2026-11-26';
export const context: RowContext = {
  today: TODAY,
  retroactiveDays: DEFAULT_RETROACTIVE_DAYS,
  coverageGroups: ['GRUPO-A', 'GRUPO-B'],
};

export const ACTIVATION_HEADER = [
  'rowNumber',
  'name',
  'paternalSurname',
  'maternalSurname',
  'legalId',
  'birthDate',
  'gender',
  'email',
  'phone',
  'insuredType',
  'effectiveDate',
  'coverageGroup',
  'holderLegalId',
  'dependentType',
  'accountType',
  'accountNumber',
  'bank',
];

/** A valid activation row under ACTIVATION_HEADER. */
export const activation = (legalId: string, overrides: Partial<Record<string, Cell>> = {}): Cell[] =>
  ACTIVATION_HEADER.map(
    (column) =>
      ({
        rowNumber: null,
        name: 'María José',
        paternalSurname: 'Pérez',
        maternalSurname: 'Soto',
        legalId,
        birthDate: '15-03-1990',
        gender: 'Femenino',
        email: 'maria@empresa.cl',
        phone: '+56 9 1234 5678',
        insuredType: 'TITULAR',
        effectiveDate: '01-12-2026',
        coverageGroup: 'GRUPO-A',
        holderLegalId: '',
        dependentType: '',
        accountType: '',
        accountNumber: '',
        bank: '',
        ...overrides,
      })[column] ?? null,
  );

const csvText = (rows: Cell[][], delimiter: string) =>
  rows
    .map((row) =>
      row
        .map((cell) => {
          const text =
            cell === null ? '' : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);
          return /[;,"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
        })
        .join(delimiter),
    )
    .join('\r\n');

export function writeCsv(
  dir: string,
  name: string,
  rows: Cell[][],
  options: { delimiter?: string; bom?: boolean; encoding?: 'utf8' | 'latin1' } = {},
): string {
  const path = join(dir, name);
  const text = csvText(rows, options.delimiter ?? ';');
  writeFileSync(path, (options.bom ? '\uFEFF' : '') + text + '\r\n', options.encoding ?? 'utf8');
  return path;
}

/** An XLSX whose first sheet holds the rows; Date cells are real date cells (formatted dd-mm-yyyy). */
export async function writeXlsx(
  dir: string,
  name: string,
  rows: Cell[][],
  options: { otherSheets?: Record<string, Cell[][]>; noFirstSheet?: boolean } = {},
): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = options.noFirstSheet ? null : workbook.addWorksheet('Altas');
  for (const row of sheet ? rows : []) {
    const added = sheet!.addRow(row);
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd-mm-yyyy';
    });
  }
  for (const [sheetName, sheetRows] of Object.entries(options.otherSheets ?? {})) {
    workbook.addWorksheet(sheetName).addRows(sheetRows);
  }
  const path = join(dir, name);
  await workbook.xlsx.writeFile(path);
  return path;
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** A valid RUT for each number: body 10,000,000 + n and its check digit. */
export function rutOf(n: number): string {
  const body = String(10_000_000 + n);
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return `${body}-${rest === 11 ? '0' : rest === 10 ? 'K' : String(rest)}`;
}

/** The i-th row of a large activation file: a TITULAR, or every third row a CARGA of the row before. */
export function largeRow(i: number): Cell[] {
  return i % 3 === 2
    ? activation(rutOf(i), { insuredType: 'CARGA', holderLegalId: rutOf(i - 1), dependentType: 'Hijo' })
    : activation(rutOf(i));
}

/** A large activation CSV written as a stream, never held whole. */
export async function writeLargeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  const line = (cells: Cell[]) => `${cells.map((cell) => (cell === null ? '' : String(cell))).join(';')}\r\n`;
  out.write(`\uFEFF${line(ACTIVATION_HEADER)}`);
  for (let i = 0; i < rows; i++) {
    if (!out.write(line(largeRow(i)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** A large activation XLSX written with exceljs's streaming writer (rows committed as they go). */
export async function writeLargeXlsx(path: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Altas');
  sheet.addRow(ACTIVATION_HEADER).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(largeRow(i)).commit();
  sheet.commit();
  await workbook.commit();
}
