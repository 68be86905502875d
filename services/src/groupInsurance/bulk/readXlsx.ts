/**
 * An XLSX file's first worksheet, one row at a time, through exceljs's streaming reader
 * (`stream.xlsx.WorkbookReader`): the zip is read as a stream and rows are handed over as the sheet's XML
 * is parsed, so only the shared strings table (one entry per distinct text) and the current row are held.
 * A worksheet stored before the shared strings is spilled by exceljs to a temporary file, not to memory.
 *
 * Cells become the text the judge reads: a date cell 'YYYY-MM-DD' (the styles are read to know which
 * numbers are dates), a number its digits (a RUT typed as a number 123456785 stays '123456785'), rich text
 * and hyperlinks their text, a formula its last result.
 */
import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { checkInflatedSize, type InflatedLimits } from './inflatedBound';
import type { SheetRecord } from './sheetRecord';

/** 'YYYY-MM-DD' of a date cell: exceljs gives dates at UTC midnight of the sheet's day. */
const isoDay = (date: Date): string => (Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10));

/** A number without exponent or float noise: 123456785 → '123456785', 0.1 + 0.2 → '0.3'. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
  return String(Number(value.toPrecision(15)));
}

/** The text of one cell's value as exceljs reads it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'object') {
    const cell = value as {
      richText?: { text?: string }[];
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (Array.isArray(cell.richText)) return cell.richText.map((run) => run.text ?? '').join('');
    if ('result' in cell) return cellText(cell.result);
    if ('error' in cell) return '';
    if ('text' in cell) return cellText(cell.text);
  }
  return '';
}

/**
 * The first worksheet's rows that have a cell, with the sheet's own row numbers; a file inflating past the
 * bounds (a zip bomb) is refused before exceljs reads it.
 */
export async function* xlsxRecords(path: string, limits?: InflatedLimits): AsyncGenerator<SheetRecord> {
  await checkInflatedSize(path, limits);
  const file = createReadStream(path);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell which numbers are dates.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        // row.values is 1-based and sparse: position 0 is always empty.
        const values = (row.values as unknown[]).slice(1);
        yield { rowNumber: row.number, values: Array.from(values, cellText) };
      }
      // The first worksheet only: instructions or other sheets after it are not data.
      return;
    }
    // A zip with no worksheet (a .docx renamed): not a spreadsheet, rather than an empty one.
    throw new Error('no worksheet in the file');
  } finally {
    file.destroy();
  }
}
