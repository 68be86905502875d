import type { ActivationRow, RawRow, RowContext, RowProblem } from '@cubre/schemas/groupInsurance/rows';
import { createFileChecks, judgeRow } from './bulk';

/**
 * Activation rows judged outside a file (issue 14: a company's collaborators typed in the online
 * purchase): each row by `judgeRow`, then the file's own checks across rows (a RUT twice), exactly as an
 * uploaded file's rows are. The valid rows, in order, and every problem found. Payments reach it through
 * the port the runtime wires (`JudgeActivationRows`).
 */
export function judgeActivationRows(
  rows: RawRow[],
  context: RowContext,
): { rows: ActivationRow[]; problems: RowProblem[] } {
  const checks = createFileChecks('activation');
  const valid: ActivationRow[] = [];
  const problems: RowProblem[] = [];
  for (const raw of rows) {
    const judged = judgeRow(raw, 'activation', context);
    const found = [...judged.problems, ...checks.check(judged)];
    problems.push(...found);
    if (judged.row && found.length === 0) valid.push(judged.row);
  }
  problems.push(...checks.finish());
  return { rows: valid, problems };
}
