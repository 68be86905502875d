/**
 * The rules across a file's rows, checked as the rows stream by (one pass, in file order):
 * - a RUT twice in the file: the second (and later) occurrence is the problem, naming the first row;
 * - a CARGA whose holder is neither a TITULAR row of the file nor, as the caller says, insured already.
 *
 * Memory is a map of the RUTs seen (tens of bytes a row: a few MB for 100,000 rows) and the CARGA rows
 * waiting for a TITULAR row later in the file; `finish()` reports those whose holder never came.
 */
import type { BulkKind, JudgedRow, RowProblem } from '@cubre/schemas/groupInsurance/rows';

export type FileCheckOptions = {
  /**
   * Whether a RUT is already an insured TITULAR of the policy (the caller asks its read model). For an
   * activation the holder may be activated in the same file instead; for a cancellation the holder must be
   * in the file or insured. Without it, only the file's TITULAR rows count.
   */
  isInsuredHolder?: (legalId: string) => boolean;
};

export type FileChecks = {
  /** The problems this row adds to the file's (call once per judged row, in file order). */
  check(judged: JudgedRow): RowProblem[];
  /** The problems known only at the end of the file: CARGA rows whose holder never appeared. */
  finish(): RowProblem[];
};

type Waiting = { rowNumber: number; holderLegalId: string };

export function createFileChecks(kind: BulkKind, options: FileCheckOptions = {}): FileChecks {
  /** RUT → the first row it was on. */
  const firstRowOf = new Map<string, number>();
  /** RUTs of the file's valid TITULAR rows. */
  const holders = new Set<string>();
  /** CARGA rows whose holder is not yet known. */
  let waiting: Waiting[] = [];
  const isInsured = options.isInsuredHolder ?? (() => false);

  const holderMissing = ({ rowNumber, holderLegalId }: Waiting): RowProblem => ({
    rowNumber,
    column: 'holderLegalId',
    rule: 'holderNotFound',
    message:
      kind === 'activation'
        ? `El titular ${holderLegalId} no está en el archivo como TITULAR ni asegurado en la póliza: agréguelo como TITULAR`
        : `El titular ${holderLegalId} no está en el archivo como TITULAR ni asegurado en la póliza`,
  });

  return {
    check(judged) {
      const problems: RowProblem[] = [];
      const row = judged.row;
      if (row === null) return problems;
      const first = firstRowOf.get(row.legalId);
      if (first !== undefined) {
        problems.push({
          rowNumber: judged.rowNumber,
          column: 'legalId',
          rule: 'duplicateLegalId',
          message: `El RUT ${row.legalId} ya está en la fila ${first} del archivo`,
        });
        return problems;
      }
      firstRowOf.set(row.legalId, judged.rowNumber);
      if (row.insuredType === 'TITULAR') holders.add(row.legalId);
      else if (
        row.holderLegalId !== null &&
        !holders.has(row.holderLegalId) &&
        !isInsured(row.holderLegalId)
      ) {
        // The holder may come later in the file: decided at the end.
        waiting.push({ rowNumber: judged.rowNumber, holderLegalId: row.holderLegalId });
      }
      return problems;
    },
    finish() {
      const problems = waiting.filter(({ holderLegalId }) => !holders.has(holderLegalId)).map(holderMissing);
      waiting = [];
      return problems;
    },
  };
}
