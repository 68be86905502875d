/**
 * The rows of an employee bulk load (seed 002 §3 "Bulk-load rows", issue 16): what a file's row is once read
 * (RawRow), once judged (ActivationRow, CancellationRow), and what is wrong with it (RowProblem). The reading
 * and judging live in services/src/groupInsurance/bulk/; these are the shapes the domain and the console share.
 */
import { z } from 'zod';
import { RetroactiveDays } from '../insurers/settings';
import { DEPENDENT_TYPES } from '../parentesco';

export const BulkKind = z.enum(['activation', 'cancellation']);
export type BulkKind = z.infer<typeof BulkKind>;

/** The spreadsheet formats read (002-5.13 lists .xls .xlsx .csv; an .xls is read as XLSX, see the README). */
export const FileFormat = z.enum(['csv', 'xlsx']);
export type FileFormat = z.infer<typeof FileFormat>;

/** The seed's activation columns, in its order (002-3.41); rowNumber is optional and not read. */
export const ACTIVATION_COLUMNS = [
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
] as const;

/** The seed's cancellation columns, in its order (002-3.42). */
export const CANCELLATION_COLUMNS = [
  'rowNumber',
  'name',
  'paternalSurname',
  'maternalSurname',
  'legalId',
  'birthDate',
  'gender',
  'effectiveDate',
  'reason',
  'insuredType',
  'holderLegalId',
  'dependentType',
] as const;

export type ActivationColumn = (typeof ACTIVATION_COLUMNS)[number];
export type CancellationColumn = (typeof CANCELLATION_COLUMNS)[number];
export type BulkColumn = ActivationColumn | CancellationColumn;

/** Every column either kind knows, the seed's names. */
export const BULK_COLUMNS: readonly BulkColumn[] = [
  ...new Set([...ACTIVATION_COLUMNS, ...CANCELLATION_COLUMNS]),
];

/**
 * A row as read: the sheet's row number as the user sees it (the header is row 1) and the cells of the
 * columns recognised in the header, keyed by the seed's column names. A recognised column left blank is ''.
 */
export const RawRow = z.strictObject({
  rowNumber: z.number().int().min(2),
  cells: z.record(z.string(), z.string()),
});
export type RawRow = z.infer<typeof RawRow>;

/** One thing wrong with a row (or with the file: row 1), in Spanish for the company's administrator. */
export const RowProblem = z.strictObject({
  rowNumber: z.number().int().min(1),
  /** The seed's column name ('legalId'...), or 'file' for what concerns the whole file. */
  column: z.string().min(1).max(40),
  /** The rule's code: 'required', 'invalidRut', 'date', 'retroactiveWindow', 'duplicateLegalId'... */
  rule: z.string().min(1).max(40),
  message: z.string().min(1).max(500),
});
export type RowProblem = z.infer<typeof RowProblem>;

export const INSURED_TYPES = ['TITULAR', 'CARGA'] as const;
export const InsuredType = z.enum(INSURED_TYPES);
export type InsuredType = z.infer<typeof InsuredType>;

export const GENDERS = ['Masculino', 'Femenino'] as const;
export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;

export const DependentType = z.enum(DEPENDENT_TYPES);
export type DependentType = z.infer<typeof DependentType>;

/** A RUT as the bulk load keeps it: body without dots, a dash, the check digit (K upper case). */
export const LegalId = z.string().regex(/^[1-9]\d{3,8}-[\dK]$/);
const IsoDate = z.iso.date();

/** A valid activation row (002-3.41): normalised values, ready for the domain. */
export const ActivationRow = z.strictObject({
  name: z.string(),
  paternalSurname: z.string(),
  maternalSurname: z.string().nullable(),
  legalId: LegalId,
  birthDate: IsoDate,
  /** Whole years at the load's day (002-5.15). */
  age: z.number().int().min(0),
  gender: Gender,
  email: z.string().nullable(),
  /** A plus and digits: '+56912345678'. */
  phone: z.string().nullable(),
  insuredType: InsuredType,
  effectiveDate: IsoDate,
  /** The policy's own code of the group. */
  coverageGroup: z.string(),
  /** The holder's RUT: CARGA rows only, null for TITULAR. */
  holderLegalId: LegalId.nullable(),
  dependentType: DependentType.nullable(),
  accountType: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bank: z.string().nullable(),
});
export type ActivationRow = z.infer<typeof ActivationRow>;

/**
 * A valid cancellation row (002-3.42). The person is known by RUT; the name, birth date and gender the file
 * repeats are checked when given and kept (null when blank).
 */
export const CancellationRow = z.strictObject({
  name: z.string().nullable(),
  paternalSurname: z.string().nullable(),
  maternalSurname: z.string().nullable(),
  legalId: LegalId,
  birthDate: IsoDate.nullable(),
  gender: Gender.nullable(),
  /** The exclusion date. */
  effectiveDate: IsoDate,
  reason: z.string(),
  insuredType: InsuredType,
  holderLegalId: LegalId.nullable(),
  dependentType: DependentType.nullable(),
});
export type CancellationRow = z.infer<typeof CancellationRow>;

/** A row judged: the valid row (null when any problem) and its problems. */
export type JudgedRow =
  | { rowNumber: number; kind: 'activation'; row: ActivationRow | null; problems: RowProblem[] }
  | { rowNumber: number; kind: 'cancellation'; row: CancellationRow | null; problems: RowProblem[] };

/** What judging a row needs to know beyond the row. */
export const RowContext = z.strictObject({
  /** The load's day in Chile. */
  today: IsoDate,
  /** The policy's insurer's windows (002-9.04, 002-9.05). */
  retroactiveDays: RetroactiveDays,
  /** Codes of the policy's coverage groups. */
  coverageGroups: z.array(z.string()),
});
export type RowContext = z.infer<typeof RowContext>;
