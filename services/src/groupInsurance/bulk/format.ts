/**
 * The file's format from its name, and the error a file that cannot be read at all gives. 002-5.13 lets
 * uploads be .xls .xlsx .csv; an .xls is read as XLSX (Excel 2007 and later save that format, and many
 * ".xls" files are XLSX renamed): a real Excel 97 binary file is refused with a clear message.
 */
import type { FileFormat, RowProblem } from '@cubre/schemas/groupInsurance/rows';

/** 'csv' for .csv, 'xlsx' for .xlsx and .xls (any case), null for any other name. */
export function formatOfFileName(name: string): FileFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'xlsx' || extension === 'xls') return 'xlsx';
  return null;
}

/**
 * A file that cannot be judged row by row: not a spreadsheet, no header, a required column missing. Its
 * problems are file-level (the header's row, or row 1): the report shows them instead of one per row.
 */
export class BulkFileError extends Error {
  constructor(readonly problems: RowProblem[]) {
    super(problems.map((problem) => problem.message).join('; '));
    this.name = 'BulkFileError';
  }
}

/** One file-level problem on row 1. */
export const fileProblem = (rule: string, message: string): RowProblem => ({
  rowNumber: 1,
  column: 'file',
  rule,
  message,
});
