/**
 * One row judged on its own (Odoo's import preview: every rule, every column, before anything is written):
 * the normalised row when nothing is wrong, else null, and every problem found, not just the first.
 * Rules across rows (a RUT twice, a dependant's holder) are createFileChecks'.
 */
import { checkEmail, checkName, checkPhone } from '@cubre/schemas';
import type {
  ActivationRow,
  BulkColumn,
  BulkKind,
  CancellationRow,
  InsuredType,
  JudgedRow,
  RawRow,
  RowContext,
  RowProblem,
} from '@cubre/schemas/groupInsurance/rows';
import { COLUMN_LABELS } from './columns';
import {
  accountNumberOf,
  birthDateOf,
  type Checked,
  coverageGroupOf,
  dependentTypeOf,
  effectiveDateOf,
  genderOf,
  insuredTypeOf,
  legalIdOf,
  textOf,
} from './fields';

/** Reads a row's cells, collecting the problems. */
class RowReader {
  readonly problems: RowProblem[] = [];
  constructor(private readonly raw: RawRow) {}

  text(column: BulkColumn): string {
    return (this.raw.cells[column] ?? '').trim();
  }

  problem(column: BulkColumn, rule: string, message: string): void {
    this.problems.push({ rowNumber: this.raw.rowNumber, column, rule, message });
  }

  /** A column every row of this shape needs: blank is 'required'. */
  required<T>(column: BulkColumn, check: (text: string) => Checked<T>): T | null {
    if (this.text(column) === '') {
      this.problem(column, 'required', `${COLUMN_LABELS[column]} (${column}): campo requerido`);
      return null;
    }
    return this.optional(column, check);
  }

  /** A column that may be blank (null) but is checked when given. */
  optional<T>(column: BulkColumn, check: (text: string) => Checked<T>): T | null {
    const text = this.text(column);
    if (text === '') return null;
    const checked = check(text);
    if (checked.ok) return checked.value;
    this.problem(column, checked.rule, `${COLUMN_LABELS[column]}: ${checked.message}`);
    return null;
  }
}

/** The schemas' field checks (002-5.06 phone, 002-5.07 e-mail, 002-5.08 name) as cell checks. */
const fieldCheck =
  (check: typeof checkName) =>
  (text: string): Checked<string> => {
    const result = check(text);
    return result.ok ? result : { ok: false, rule: result.error, message: `${result.message} ("${text}")` };
  };
const nameOf = fieldCheck(checkName);
const emailOf = fieldCheck(checkEmail);
const checkedPhone = fieldCheck(checkPhone);
/**
 * A Chilean number written without the country code (9 digits: 9 1234 5678 or 2 2345 6789), as HR files
 * hold them, gets +56 before the 002-5.06 check; anything else is checked as written.
 */
const phoneOf = (text: string): Checked<string> => {
  const compact = text.replace(/[\s().-]/g, '');
  return checkedPhone(/^\d{9}$/.test(compact) ? `+56${compact}` : text);
};

/**
 * Who the row's person is: RUT, TITULAR or CARGA, and for a CARGA the holder's RUT (not the person's own)
 * and the parentesco. A TITULAR may repeat its own RUT as holder; any other holder RUT is a problem.
 */
function person(cells: RowReader) {
  const legalId = cells.required('legalId', legalIdOf);
  const insuredType = cells.required('insuredType', insuredTypeOf);
  let holderLegalId: string | null = null;
  let dependentType = null;
  if (insuredType === 'CARGA') {
    holderLegalId = cells.required('holderLegalId', legalIdOf);
    dependentType = cells.required('dependentType', dependentTypeOf);
    if (holderLegalId !== null && holderLegalId === legalId) {
      cells.problem(
        'holderLegalId',
        'holderLegalId',
        'Una CARGA no puede ser su propio titular: indique el RUT del titular',
      );
    }
  } else if (insuredType === 'TITULAR') {
    const own = cells.optional('holderLegalId', legalIdOf);
    if (own !== null && legalId !== null && own !== legalId) {
      cells.problem(
        'holderLegalId',
        'holderLegalId',
        `Un TITULAR no lleva RUT titular distinto del suyo (${own}): deje la columna vacía o use tipo CARGA`,
      );
    }
  }
  return { legalId, insuredType: insuredType as InsuredType | null, holderLegalId, dependentType };
}

/** The refund account: all three or none (a partial account cannot be paid into). */
function account(cells: RowReader) {
  const accountType = cells.optional('accountType', (text) => textOf(text, 50));
  const accountNumber = cells.optional('accountNumber', accountNumberOf);
  const bank = cells.optional('bank', (text) => textOf(text, 80));
  const given = (['accountType', 'accountNumber', 'bank'] as const).filter(
    (column) => cells.text(column) !== '',
  );
  if (given.length > 0 && given.length < 3) {
    for (const column of ['accountType', 'accountNumber', 'bank'] as const) {
      if (cells.text(column) === '') {
        cells.problem(
          column,
          'required',
          `${COLUMN_LABELS[column]} (${column}): campo requerido cuando se informa una cuenta (tipo, número y banco)`,
        );
      }
    }
  }
  return { accountType, accountNumber, bank };
}

export type JudgedActivation = Extract<JudgedRow, { kind: 'activation' }>;
export type JudgedCancellation = Extract<JudgedRow, { kind: 'cancellation' }>;

function judgeActivation(raw: RawRow, context: RowContext): JudgedActivation {
  const cells = new RowReader(raw);
  const name = cells.required('name', nameOf);
  const paternalSurname = cells.required('paternalSurname', nameOf);
  const maternalSurname = cells.optional('maternalSurname', nameOf);
  const { legalId, insuredType, holderLegalId, dependentType } = person(cells);
  const birth = cells.required('birthDate', (text) => birthDateOf(text, context.today));
  const gender = cells.required('gender', genderOf);
  const email = cells.optional('email', emailOf);
  const phone = cells.optional('phone', phoneOf);
  const { activationDaysBack, activationDaysForward } = context.retroactiveDays;
  const effectiveDate = cells.required('effectiveDate', (text) =>
    effectiveDateOf(text, context.today, activationDaysBack, activationDaysForward),
  );
  const coverageGroup = cells.required('coverageGroup', (text) =>
    coverageGroupOf(text, context.coverageGroups),
  );
  const bankAccount = account(cells);
  const valid =
    cells.problems.length === 0 &&
    name !== null &&
    paternalSurname !== null &&
    legalId !== null &&
    insuredType !== null &&
    birth !== null &&
    gender !== null &&
    effectiveDate !== null &&
    coverageGroup !== null;
  const row: ActivationRow | null = valid
    ? {
        name,
        paternalSurname,
        maternalSurname,
        legalId,
        birthDate: birth.birthDate,
        age: birth.age,
        gender,
        email,
        phone,
        insuredType,
        effectiveDate,
        coverageGroup,
        holderLegalId,
        dependentType,
        ...bankAccount,
      }
    : null;
  return { rowNumber: raw.rowNumber, kind: 'activation', row, problems: cells.problems };
}

function judgeCancellation(raw: RawRow, context: RowContext): JudgedCancellation {
  const cells = new RowReader(raw);
  const name = cells.optional('name', nameOf);
  const paternalSurname = cells.optional('paternalSurname', nameOf);
  const maternalSurname = cells.optional('maternalSurname', nameOf);
  const { legalId, insuredType, holderLegalId, dependentType } = person(cells);
  const birth = cells.optional('birthDate', (text) => birthDateOf(text, context.today));
  const gender = cells.optional('gender', genderOf);
  const { cancellationDaysBack, cancellationDaysForward } = context.retroactiveDays;
  const effectiveDate = cells.required('effectiveDate', (text) =>
    effectiveDateOf(text, context.today, cancellationDaysBack, cancellationDaysForward),
  );
  const reason = cells.required('reason', (text) => textOf(text, 200));
  const valid =
    cells.problems.length === 0 &&
    legalId !== null &&
    insuredType !== null &&
    effectiveDate !== null &&
    reason !== null;
  const row: CancellationRow | null = valid
    ? {
        name,
        paternalSurname,
        maternalSurname,
        legalId,
        birthDate: birth?.birthDate ?? null,
        gender,
        effectiveDate,
        reason,
        insuredType,
        holderLegalId,
        dependentType,
      }
    : null;
  return { rowNumber: raw.rowNumber, kind: 'cancellation', row, problems: cells.problems };
}

/** A row judged by its kind's rules (002-3.41 activation, 002-3.42 cancellation). */
export function judgeRow(raw: RawRow, kind: 'activation', context: RowContext): JudgedActivation;
export function judgeRow(raw: RawRow, kind: 'cancellation', context: RowContext): JudgedCancellation;
export function judgeRow(raw: RawRow, kind: BulkKind, context: RowContext): JudgedRow;
export function judgeRow(raw: RawRow, kind: BulkKind, context: RowContext): JudgedRow {
  return kind === 'activation' ? judgeActivation(raw, context) : judgeCancellation(raw, context);
}
