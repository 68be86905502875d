/**
 * The dry run's report as the administrator downloads it: a CSV Excel opens as it is in Chile (`;`
 * separated, UTF-8 with a BOM so accents show), headers in Spanish: Fila, Columna, Regla, Mensaje.
 * A cell starting with = + - @ is prefixed with ' so a spreadsheet never runs it as a formula (messages
 * quote what the file said, OWASP "CSV injection").
 */
import { Readable } from 'node:stream';
import type { RowProblem } from '@cubre/schemas/groupInsurance/rows';
import { csvCell } from '@cubre/platform/http/csvCell';

export const REPORT_HEADERS = ['Fila', 'Columna', 'Regla', 'Mensaje'] as const;
const BOM = '\uFEFF';

const line = (cells: (string | number)[]) => `${cells.map(csvCell).join(';')}\r\n`;
const problemLine = (problem: RowProblem) =>
  line([problem.rowNumber, problem.column, problem.rule, problem.message]);

/**
 * The report: a string for problems in hand, a stream for problems that stream (a 100,000-row file's
 * report is read from the store as it is sent, never held whole).
 */
export function reportCsv(problems: readonly RowProblem[]): string;
export function reportCsv(problems: AsyncIterable<RowProblem>): Readable;
export function reportCsv(problems: readonly RowProblem[] | AsyncIterable<RowProblem>): string | Readable {
  const head = BOM + line([...REPORT_HEADERS]);
  if (Symbol.asyncIterator in problems) {
    async function* lines() {
      yield head;
      for await (const problem of problems as AsyncIterable<RowProblem>) yield problemLine(problem);
    }
    return Readable.from(lines(), { objectMode: false });
  }
  return head + (problems as readonly RowProblem[]).map(problemLine).join('');
}
