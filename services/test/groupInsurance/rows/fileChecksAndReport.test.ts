/**
 * Rules across a file's rows (a RUT twice, a dependant's holder), the downloadable report and the empty
 * templates (issue 16, 002-3.41, 002-3.42).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { BulkKind, JudgedRow, RowProblem } from '@cubre/schemas/groupInsurance/rows';
import { tempDataDir } from '../../../platform/test/support/tempDir';
import {
  createFileChecks,
  type FileCheckOptions,
  judgeRow,
  readRows,
  reportCsv,
  templateOf,
} from '../../../src/groupInsurance/bulk';
import { activation, ACTIVATION_HEADER, type Cell, collect, context, writeCsv } from './files';

const dir = tempDataDir('cubre-rows-file-');
afterAll(() => dir.remove());

/** Reads, judges and checks a file as the bulk-load runner does: the problems in file order. */
async function problemsOf(
  path: string,
  kind: BulkKind,
  options: FileCheckOptions = {},
): Promise<RowProblem[]> {
  const checks = createFileChecks(kind, options);
  const problems: RowProblem[] = [];
  for await (const raw of readRows(path, 'csv', kind)) {
    const judged: JudgedRow = judgeRow(raw, kind, context);
    problems.push(...judged.problems, ...checks.check(judged));
  }
  return [...problems, ...checks.finish()];
}

const carga = (legalId: string, holderLegalId: string) =>
  activation(legalId, { insuredType: 'CARGA', holderLegalId, dependentType: 'Hijo' });

describe('within-file rules', () => {
  it('002-3.41 a RUT twice in the file: the second occurrence is the problem, naming the first row', async () => {
    const path = writeCsv(dir.path, 'twice.csv', [
      ACTIVATION_HEADER,
      activation('12.345.678-5'),
      activation('11.111.111-1'),
      activation('123456785'),
      activation('12345678-5'),
    ]);
    expect(await problemsOf(path, 'activation')).toEqual([
      {
        rowNumber: 4,
        column: 'legalId',
        rule: 'duplicateLegalId',
        message: 'El RUT 12345678-5 ya está en la fila 2 del archivo',
      },
      {
        rowNumber: 5,
        column: 'legalId',
        rule: 'duplicateLegalId',
        message: 'El RUT 12345678-5 ya está en la fila 2 del archivo',
      },
    ]);
  });

  it("002-3.41 a CARGA's holder must be a TITULAR row of the file (before or after it) or insured, as the caller says", async () => {
    const rows: Cell[][] = [
      ACTIVATION_HEADER,
      carga('10.000.013-K', '12.345.678-5'), // holder later in the file
      activation('12.345.678-5'),
      carga('10.000.004-0', '11.111.111-1'), // holder insured already (the caller says)
      carga('10.000.005-9', '22.222.222-2'), // holder nowhere
      carga('10.000.006-7', '10.000.013-K'), // holder is a CARGA, not a TITULAR
    ];
    const path = writeCsv(dir.path, 'holders.csv', rows);
    const asked: string[] = [];
    const problems = await problemsOf(path, 'activation', {
      isInsuredHolder: (legalId) => {
        asked.push(legalId);
        return legalId === '11111111-1';
      },
    });
    expect(problems.map((problem) => [problem.rowNumber, problem.column, problem.rule])).toEqual([
      [5, 'holderLegalId', 'holderNotFound'],
      [6, 'holderLegalId', 'holderNotFound'],
    ]);
    expect(problems[0]!.message).toContain('22222222-2');
    expect(asked).toContain('11111111-1');
    // Without the callback only the file's TITULAR rows count.
    expect((await problemsOf(path, 'activation')).map((problem) => problem.rowNumber)).toEqual([4, 5, 6]);
  });

  it('002-3.42 cancellations: a dependant whose holder is insured passes; a RUT twice is flagged', async () => {
    const header = ['legalId', 'insuredType', 'effectiveDate', 'reason', 'holderLegalId', 'dependentType'];
    const path = writeCsv(dir.path, 'cancel.csv', [
      header,
      ['10.000.013-K', 'CARGA', '30-11-2026', 'Fin de carga', '12.345.678-5', 'Hija'],
      ['10.000.013-K', 'CARGA', '30-11-2026', 'Fin de carga', '12.345.678-5', 'Hija'],
    ]);
    const problems = await problemsOf(path, 'cancellation', {
      isInsuredHolder: (legalId) => legalId === '12345678-5',
    });
    expect(problems.map((problem) => [problem.rowNumber, problem.rule])).toEqual([[3, 'duplicateLegalId']]);
  });
});

describe('the report', () => {
  const problems: RowProblem[] = [
    { rowNumber: 3, column: 'legalId', rule: 'invalidRut', message: 'RUT: RUT inválido: "12.345.678-9"' },
    { rowNumber: 4, column: 'name', rule: 'name', message: '=HYPERLINK("x"); ñandú' },
  ];

  it('002-3.41 is a ; separated CSV with a UTF-8 BOM and Spanish headers Fila, Columna, Regla, Mensaje', () => {
    const text = reportCsv(problems);
    expect(text.startsWith('\uFEFFFila;Columna;Regla;Mensaje\r\n')).toBe(true);
    const records = parse(text, { delimiter: ';', bom: true }) as string[][];
    expect(records).toEqual([
      ['Fila', 'Columna', 'Regla', 'Mensaje'],
      ['3', 'legalId', 'invalidRut', 'RUT: RUT inválido: "12.345.678-9"'],
      // A cell that would be a formula is kept as text.
      ['4', 'name', 'name', `'=HYPERLINK("x"); ñandú`],
    ]);
  });

  it('002-3.41 streams the same report from problems that stream', async () => {
    async function* stream() {
      yield* problems;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of reportCsv(stream())) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(reportCsv(problems));
  });
});

describe('templates', () => {
  it.each(['activation', 'cancellation'] as const)(
    '002-3.41 002-3.42 the %s CSV template has the seed columns, a BOM, and reads back as a valid empty file',
    async (kind) => {
      const buffer = await templateOf(kind, 'csv');
      const text = buffer.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const columns = text.slice(1).trim().split(';');
      expect(columns).toEqual(
        kind === 'activation'
          ? ACTIVATION_HEADER.slice(1)
          : [
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
            ],
      );
      const path = join(dir.path, `template-${kind}.csv`);
      writeFileSync(path, buffer);
      expect(await collect(readRows(path, 'csv', kind))).toEqual([]);
    },
  );

  it.each(['activation', 'cancellation'] as const)(
    '002-3.43 the %s XLSX template: seed columns on the first sheet, RUT columns text, date columns dates, instructions after',
    async (kind) => {
      const buffer = await templateOf(kind, 'xlsx');
      const path = join(dir.path, `template-${kind}.xlsx`);
      writeFileSync(path, buffer);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(path);
      const [sheet, help] = workbook.worksheets;
      const header = (sheet!.getRow(1).values as unknown[]).slice(1);
      expect(header[0]).toBe('name');
      expect(header).toContain('legalId');
      expect(header).toContain(kind === 'activation' ? 'coverageGroup' : 'reason');
      const columnOf = (name: string) => sheet!.getColumn(header.indexOf(name) + 1);
      expect(columnOf('legalId').numFmt).toBe('@');
      expect(columnOf('effectiveDate').numFmt).toBe('dd-mm-yyyy');
      expect(help!.name).toBe('Instrucciones');
      // Filled in as a user would, the template is read by the streaming reader: the first sheet only.
      sheet!.addRow(
        header.map((column) =>
          column === 'legalId'
            ? '12.345.678-5'
            : column === 'effectiveDate'
              ? new Date(Date.UTC(2026, 11, 1))
              : null,
        ),
      );
      await workbook.xlsx.writeFile(path);
      const rows = await collect(readRows(path, 'xlsx', kind));
      expect(rows).toEqual([
        expect.objectContaining({
          rowNumber: 2,
          cells: expect.objectContaining({ legalId: '12.345.678-5', effectiveDate: '2026-12-01' }),
        }),
      ]);
      expect(readFileSync(path).length).toBeLessThan(50_000);
    },
  );
});
