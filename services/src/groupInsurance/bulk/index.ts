/*
 * TEMPORARY (domain helper, issue 16): a thin stand-in for the "rows" engineer's module, written against the
 * interface of the contract so the domain's runner, routes and tests run before the merge. The merge
 * keeps the rows engineer's version of this folder and drops this file.
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { cleanRut, isValidRut } from '@cubre/schemas/identification';
import type { RetroactiveDays } from '@cubre/schemas/insurers/settings';

export type BulkKind = 'activation' | 'cancellation';
export type FileFormat = 'csv' | 'xlsx';
export type RawRow = { rowNumber: number; cells: Record<string, string> };
export type RowContext = { today: string; retroactiveDays: RetroactiveDays; coverageGroups: string[] };
export type RowProblem = { rowNumber: number; column: string; rule: string; message: string };
export type ActivationRow = {
  name: string;
  paternalSurname: string;
  maternalSurname: string;
  legalId: string;
  birthDate: string;
  age: number | null;
  gender: 'Masculino' | 'Femenino';
  email: string;
  phone: string;
  insuredType: 'TITULAR' | 'CARGA';
  effectiveDate: string;
  coverageGroup: string;
  holderLegalId: string;
  dependentType: string;
  accountType: string;
  accountNumber: string;
  bank: string;
};
export type CancellationRow = {
  name: string;
  paternalSurname: string;
  maternalSurname: string;
  legalId: string;
  birthDate: string;
  gender: string;
  effectiveDate: string;
  reason: string;
  insuredType: 'TITULAR' | 'CARGA';
  holderLegalId: string;
  dependentType: string;
};
export type JudgedRow = {
  rowNumber: number;
  row: ActivationRow | CancellationRow | null;
  problems: RowProblem[];
};

const ACTIVATION_COLUMNS = [
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
const CANCELLATION_COLUMNS = [
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
];
const ALL = [...new Set([...ACTIVATION_COLUMNS, ...CANCELLATION_COLUMNS])];
const keyOf = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
const COLUMN_BY_KEY = new Map(ALL.map((column) => [keyOf(column), column]));

export function formatOfFileName(name: string): FileFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx') || lower.endsWith('.xls')) return 'xlsx';
  return null;
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'text' in (value as object))
    return String((value as { text: unknown }).text);
  if (typeof value === 'object' && 'result' in (value as object))
    return cellText((value as { result: unknown }).result);
  return String(value).trim();
};

export async function* readRows(path: string, format: FileFormat): AsyncIterable<RawRow> {
  let headers: (string | null)[] | null = null;
  const toRow = (rowNumber: number, values: string[]): RawRow | null => {
    if (!headers) {
      headers = values.map((value) => COLUMN_BY_KEY.get(keyOf(value)) ?? null);
      return null;
    }
    const cells: Record<string, string> = {};
    headers.forEach((column, index) => {
      if (column) cells[column] = (values[index] ?? '').trim();
    });
    return Object.values(cells).some((value) => value !== '') ? { rowNumber, cells } : null;
  };
  if (format === 'csv') {
    let rowNumber = 0;
    const parser = createReadStream(path).pipe(parse({ bom: true, relax_column_count: true }));
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      const row = toRow(rowNumber, record);
      if (row) yield row;
    }
    return;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {});
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1).map(cellText);
      const judged = toRow(row.number, values);
      if (judged) yield judged;
    }
    break;
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/;
function dateOf(raw: string): string | null {
  const dmy = DMY.exec(raw);
  const iso = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : raw;
  if (!DATE.test(iso)) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}
const rutOf = (raw: string) => {
  const clean = cleanRut(raw);
  return `${clean.slice(0, -1)}-${clean.slice(-1)}`;
};
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

export function judgeRow(raw: RawRow, kind: BulkKind, context: RowContext): JudgedRow {
  const problems: RowProblem[] = [];
  const cell = (column: string) => raw.cells[column] ?? '';
  const problem = (column: string, rule: string, message: string) =>
    problems.push({ rowNumber: raw.rowNumber, column, rule, message });
  for (const column of ['name', 'paternalSurname', 'legalId', 'effectiveDate', 'insuredType']) {
    if (!cell(column)) problem(column, 'required', 'campo requerido');
  }
  if (cell('legalId') && !isValidRut(cell('legalId'))) problem('legalId', 'invalidRut', 'RUT inválido');
  const effectiveDate = cell('effectiveDate') ? dateOf(cell('effectiveDate')) : null;
  if (cell('effectiveDate') && !effectiveDate) problem('effectiveDate', 'date', 'fecha inválida');
  if (effectiveDate) {
    const r = context.retroactiveDays;
    const [back, forward] =
      kind === 'activation'
        ? [r.activationDaysBack, r.activationDaysForward]
        : [r.cancellationDaysBack, r.cancellationDaysForward];
    const offset = days(context.today, effectiveDate);
    if (offset < -back || offset > forward) {
      problem(
        'effectiveDate',
        kind === 'activation' ? '002-9.04' : '002-9.05',
        `fuera de ${back} días atrás y ${forward} adelante`,
      );
    }
  }
  const birthDate = cell('birthDate') ? dateOf(cell('birthDate')) : null;
  if (cell('birthDate') && !birthDate) problem('birthDate', 'date', 'fecha inválida');
  const insuredType = cell('insuredType').toUpperCase();
  if (insuredType && insuredType !== 'TITULAR' && insuredType !== 'CARGA') {
    problem('insuredType', 'enum', 'TITULAR o CARGA');
  }
  if (insuredType === 'CARGA' && !isValidRut(cell('holderLegalId'))) {
    problem('holderLegalId', 'invalidRut', 'RUT del titular inválido');
  }
  if (kind === 'activation' && !context.coverageGroups.includes(cell('coverageGroup'))) {
    problem('coverageGroup', 'coverageGroup', 'grupo de cobertura desconocido');
  }
  const gender = /^f/i.test(cell('gender')) ? 'Femenino' : 'Masculino';
  if (problems.length) return { rowNumber: raw.rowNumber, row: null, problems };
  const common = {
    name: cell('name'),
    paternalSurname: cell('paternalSurname'),
    maternalSurname: cell('maternalSurname'),
    legalId: rutOf(cell('legalId')),
    birthDate: birthDate ?? '',
    insuredType: insuredType as 'TITULAR' | 'CARGA',
    holderLegalId: insuredType === 'CARGA' ? rutOf(cell('holderLegalId')) : '',
    dependentType: insuredType === 'CARGA' ? cell('dependentType') : '',
    effectiveDate: effectiveDate!,
  };
  const row: ActivationRow | CancellationRow =
    kind === 'activation'
      ? {
          ...common,
          age: birthDate ? Math.floor(days(birthDate, context.today) / 365.25) : null,
          gender,
          email: cell('email'),
          phone: cell('phone'),
          coverageGroup: cell('coverageGroup'),
          accountType: cell('accountType'),
          accountNumber: cell('accountNumber'),
          bank: cell('bank'),
        }
      : { ...common, gender, reason: cell('reason') };
  return { rowNumber: raw.rowNumber, row, problems: [] };
}

export function createFileChecks(_kind: BulkKind) {
  const seen = new Map<string, number>();
  return {
    check(judged: JudgedRow): RowProblem[] {
      if (!judged.row) return [];
      const first = seen.get(judged.row.legalId);
      if (first !== undefined) {
        return [
          {
            rowNumber: judged.rowNumber,
            column: 'legalId',
            rule: 'duplicate',
            message: `RUT repetido en la fila ${first}`,
          },
        ];
      }
      seen.set(judged.row.legalId, judged.rowNumber);
      return [];
    },
  };
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
export function reportCsv(problems: RowProblem[]): string {
  const lines = ['fila,columna,regla,mensaje'];
  for (const p of problems) lines.push([p.rowNumber, p.column, p.rule, p.message].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export async function templateOf(kind: BulkKind, format: FileFormat): Promise<Buffer> {
  const columns = kind === 'activation' ? ACTIVATION_COLUMNS : CANCELLATION_COLUMNS;
  if (format === 'csv') return Buffer.from(`${columns.join(',')}\r\n`);
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet(kind === 'activation' ? 'Altas' : 'Bajas').addRow(columns);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
