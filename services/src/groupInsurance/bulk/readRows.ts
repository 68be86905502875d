/**
 * A bulk-load file's rows, streamed: the header (the first row naming a known column; a few title rows
 * above it are skipped) says which column is which; each later row that is not blank comes as a RawRow keyed by the seed's column names, with the
 * sheet's row number. Nothing is held but the current row, whatever the file's size.
 *
 * With a kind, the header is checked first: a required column missing (or written twice) throws one
 * BulkFileError naming it, instead of a "required" problem on every row. A file that is not a readable
 * spreadsheet throws a BulkFileError too; anything else (the file missing) is thrown as it is.
 */
import type { BulkKind, FileFormat, RawRow } from '@cubre/schemas/groupInsurance/rows';
import { type Header, headerOf, headerProblems } from './columns';
import { BulkFileError, fileProblem } from './format';
import { csvRecords } from './readCsv';
import type { SheetRecord } from './sheetRecord';
import { xlsxRecords } from './readXlsx';

const isBlank = (values: string[]) => values.every((value) => value.trim() === '');

/** csv-parse's errors carry a CSV_ code; unzip and XML errors from exceljs are plain Errors. */
function unreadable(error: unknown, format: FileFormat): BulkFileError {
  const detail = error instanceof Error ? error.message : String(error);
  return new BulkFileError([
    fileProblem(
      'unreadableFile',
      format === 'csv'
        ? `El archivo CSV no se puede leer (${detail.slice(0, 200)})`
        : 'El archivo no es un Excel .xlsx legible: guárdelo como "Libro de Excel (.xlsx)" o como CSV e intente de nuevo',
    ),
  ]);
}

const isFormatError = (error: unknown, format: FileFormat): boolean => {
  if (!(error instanceof Error) || error instanceof BulkFileError) return false;
  if ((error as NodeJS.ErrnoException).syscall !== undefined) return false; // the file system's, not the file's
  if (format === 'csv') return String((error as { code?: unknown }).code ?? '').startsWith('CSV_');
  return true;
};

async function* recordsOf(path: string, format: FileFormat): AsyncGenerator<SheetRecord> {
  try {
    yield* format === 'csv' ? csvRecords(path) : xlsxRecords(path);
  } catch (error) {
    throw isFormatError(error, format) ? unreadable(error, format) : error;
  }
}

/** The cells of a row under a header: every recognised column, '' when blank; values trimmed. */
function cellsOf(header: Header, values: string[]): Record<string, string> {
  const cells: Record<string, string> = {};
  header.columns.forEach((column, position) => {
    if (column !== null && column !== 'rowNumber') cells[column] = (values[position] ?? '').trim();
  });
  return cells;
}

/** How many rows that are not blank may come before the header (a title, a company name, a date). */
export const MAX_ROWS_BEFORE_HEADER = 10;

export async function* readRows(path: string, format: FileFormat, kind?: BulkKind): AsyncGenerator<RawRow> {
  let header: Header | null = null;
  let rowsBeforeHeader = 0;
  for await (const record of recordsOf(path, format)) {
    if (isBlank(record.values)) continue;
    if (header !== null) {
      yield { rowNumber: record.rowNumber, cells: cellsOf(header, record.values) };
      continue;
    }
    const candidate = headerOf(record.rowNumber, record.values);
    if (candidate.columns.every((column) => column === null)) {
      // A title above the header: skipped, a few at most.
      if (++rowsBeforeHeader < MAX_ROWS_BEFORE_HEADER) continue;
      throw new BulkFileError([
        fileProblem(
          'header',
          `No se encontró la fila de encabezados en las primeras ${MAX_ROWS_BEFORE_HEADER} filas: use los nombres de columna de la plantilla`,
        ),
      ]);
    }
    header = candidate;
    const problems = kind === undefined ? [] : headerProblems(header, kind);
    if (problems.length > 0) throw new BulkFileError(problems);
  }
  if (header === null && (kind !== undefined || rowsBeforeHeader > 0)) {
    throw new BulkFileError(
      rowsBeforeHeader > 0
        ? [
            fileProblem(
              'header',
              'No se encontró la fila de encabezados: use los nombres de columna de la plantilla',
            ),
          ]
        : [fileProblem('emptyFile', 'El archivo está vacío: no tiene fila de encabezados')],
    );
  }
}
