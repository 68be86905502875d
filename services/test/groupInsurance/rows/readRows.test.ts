/**
 * Reading bulk-load files (issue 16): real CSV and XLSX files in a temp directory, read by the streaming
 * readers; headers by the seed's names and Spanish aliases (002-3.41, 002-3.42), typed cells (002-3.43).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDataDir } from '../../../platform/test/support/tempDir';
import { BulkFileError, formatOfFileName, readRows } from '../../../src/groupInsurance/bulk';
import { activation, ACTIVATION_HEADER, type Cell, collect, writeCsv, writeXlsx } from './files';

const dir = tempDataDir('cubre-rows-read-');
afterAll(() => dir.remove());

async function fileError(read: AsyncIterable<unknown>): Promise<BulkFileError> {
  try {
    await collect(read);
  } catch (error) {
    if (error instanceof BulkFileError) return error;
    throw error;
  }
  throw new Error('the file was read without a BulkFileError');
}

describe('file formats (002-5.13)', () => {
  it('002-5.13 .csv is CSV, .xlsx and .xls are XLSX, anything else is refused', () => {
    expect(formatOfFileName('altas.csv')).toBe('csv');
    expect(formatOfFileName('Altas Noviembre.XLSX')).toBe('xlsx');
    expect(formatOfFileName('altas.xls')).toBe('xlsx');
    expect(formatOfFileName('altas.pdf')).toBeNull();
    expect(formatOfFileName('altas')).toBeNull();
    expect(formatOfFileName('altas.csv.exe')).toBeNull();
  });
});

describe('CSV', () => {
  it('002-3.41 reads the seed columns with ; and a UTF-8 BOM, keyed by column, with the sheet row numbers', async () => {
    const path = writeCsv(
      dir.path,
      'bom.csv',
      [ACTIVATION_HEADER, activation('12.345.678-5'), [], activation('11.111.111-1')],
      {
        bom: true,
      },
    );
    const rows = await collect(readRows(path, 'csv', 'activation'));
    expect(rows.map((row) => row.rowNumber)).toEqual([2, 4]);
    expect(rows[0]!.cells).toMatchObject({
      name: 'María José',
      legalId: '12.345.678-5',
      birthDate: '15-03-1990',
    });
    // rowNumber is the seed's optional column: not a cell.
    expect(rows[0]!.cells).not.toHaveProperty('rowNumber');
  });

  it('002-3.41 detects a , delimiter and Spanish headers in any case and accents', async () => {
    const header = [
      'Nombre',
      'APELLIDO PATERNO',
      'apellido_materno',
      'R.U.T.',
      'Fecha de Nacimiento',
      'Género',
      'Correo',
      'Teléfono',
      'Tipo Asegurado',
      'Fecha de Inicio',
      'Grupo de Cobertura',
      'RUT Titular',
      'Parentesco',
      'Tipo de Cuenta',
      'Número de Cuenta',
      'Banco',
      'Columna que nadie conoce',
    ];
    const values = [
      'Ana',
      'Rojas',
      'Díaz',
      '12345678-5',
      '1990-03-15',
      'F',
      'ana@x.cl',
      '+56912345678',
      'Titular',
      '2026-12-01',
      'GRUPO-A',
      '',
      '',
      'Cuenta vista',
      '123456',
      'Banco Estado',
      'ignorada',
    ];
    const path = writeCsv(dir.path, 'comma.csv', [header, values], { delimiter: ',' });
    const [row] = await collect(readRows(path, 'csv', 'activation'));
    expect(row!.cells).toEqual({
      name: 'Ana',
      paternalSurname: 'Rojas',
      maternalSurname: 'Díaz',
      legalId: '12345678-5',
      birthDate: '1990-03-15',
      gender: 'F',
      email: 'ana@x.cl',
      phone: '+56912345678',
      insuredType: 'Titular',
      effectiveDate: '2026-12-01',
      coverageGroup: 'GRUPO-A',
      holderLegalId: '',
      dependentType: '',
      accountType: 'Cuenta vista',
      accountNumber: '123456',
      bank: 'Banco Estado',
    });
  });

  it('002-3.42 reads cancellation aliases (Fecha de exclusión, Motivo) and a Latin-1 file as Excel on Windows saves it', async () => {
    const header = ['RUT', 'Tipo de asegurado', 'Fecha de exclusión', 'Motivo', 'Apellido Paterno'];
    const path = writeCsv(
      dir.path,
      'latin1.csv',
      [header, ['12345678-5', 'TITULAR', '30/11/2026', 'Renuncia voluntaria', 'Muñoz']],
      {
        encoding: 'latin1',
      },
    );
    const [row] = await collect(readRows(path, 'csv', 'cancellation'));
    expect(row!.cells).toEqual({
      legalId: '12345678-5',
      insuredType: 'TITULAR',
      effectiveDate: '30/11/2026',
      reason: 'Renuncia voluntaria',
      paternalSurname: 'Muñoz',
    });
  });

  it('002-3.41 a missing required column is one file-level problem naming it, not one per row', async () => {
    const header = ACTIVATION_HEADER.filter((column) => column !== 'birthDate' && column !== 'coverageGroup');
    const path = writeCsv(dir.path, 'missing.csv', [header, ['x'], ['y'], ['z']]);
    const error = await fileError(readRows(path, 'csv', 'activation'));
    expect(error.problems).toEqual([
      expect.objectContaining({ rowNumber: 1, column: 'birthDate', rule: 'requiredColumn' }),
      expect.objectContaining({ rowNumber: 1, column: 'coverageGroup', rule: 'requiredColumn' }),
    ]);
    expect(error.problems[0]!.message).toMatch(/Falta la columna birthDate \(Fecha de nacimiento\)/);
  });

  it('002-3.42 a cancellation file needs reason; a column written twice is a file problem', async () => {
    const path = writeCsv(dir.path, 'twice.csv', [
      ['legalId', 'RUT', 'insuredType', 'effectiveDate'],
      ['1', '2', '3', '4'],
    ]);
    const error = await fileError(readRows(path, 'csv', 'cancellation'));
    expect(error.problems.map((problem) => [problem.column, problem.rule])).toEqual([
      ['reason', 'requiredColumn'],
      ['legalId', 'duplicateColumn'],
    ]);
  });

  it('a file with no known header, or empty, or with a broken quote is a file problem in Spanish', async () => {
    const noHeader = writeCsv(dir.path, 'noheader.csv', [
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect((await fileError(readRows(noHeader, 'csv'))).problems[0]).toMatchObject({
      rowNumber: 1,
      rule: 'header',
    });
    const empty = join(dir.path, 'empty.csv');
    writeFileSync(empty, '');
    expect((await fileError(readRows(empty, 'csv', 'activation'))).problems[0]).toMatchObject({
      rule: 'emptyFile',
    });
    const broken = join(dir.path, 'broken.csv');
    writeFileSync(broken, `legalId;reason\n"12345678-5;abc\n`);
    const error = await fileError(readRows(broken, 'csv'));
    expect(error.problems[0]).toMatchObject({ rowNumber: 1, column: 'file', rule: 'unreadableFile' });
  });
});

describe('XLSX', () => {
  it('002-3.43 date cells read as YYYY-MM-DD and a RUT typed as a number keeps its digits', async () => {
    const rows: Cell[][] = [
      ACTIVATION_HEADER,
      activation('x', {
        legalId: 123456785,
        birthDate: new Date(Date.UTC(1990, 2, 15)),
        effectiveDate: new Date(Date.UTC(2026, 11, 1)),
        phone: 56912345678,
      }),
      [],
      activation('11.111.111-1'),
    ];
    const path = await writeXlsx(dir.path, 'typed.xlsx', rows);
    const read = await collect(readRows(path, 'xlsx', 'activation'));
    expect(read.map((row) => row.rowNumber)).toEqual([2, 4]);
    expect(read[0]!.cells).toMatchObject({
      legalId: '123456785',
      birthDate: '1990-03-15',
      effectiveDate: '2026-12-01',
      phone: '56912345678',
      name: 'María José',
    });
    expect(read[1]!.cells).toMatchObject({ legalId: '11.111.111-1', birthDate: '15-03-1990' });
  });

  it('002-3.41 reads only the first worksheet, and a header below a title row', async () => {
    const path = await writeXlsx(
      dir.path,
      'sheets.xlsx',
      [['Carga de altas noviembre'], [], ACTIVATION_HEADER, activation('12345678-5')],
      {
        otherSheets: { Instrucciones: [['legalId'], ['no es un dato']] },
      },
    );
    const read = await collect(readRows(path, 'xlsx', 'activation'));
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ rowNumber: 4, cells: { legalId: '12345678-5' } });
  });

  it('a missing column in an XLSX is one file problem too (002-3.42)', async () => {
    const path = await writeXlsx(dir.path, 'cancel.xlsx', [
      ['legalId', 'insuredType', 'effectiveDate'],
      ['12345678-5', 'TITULAR', '01-12-2026'],
    ]);
    const error = await fileError(readRows(path, 'xlsx', 'cancellation'));
    expect(error.problems).toEqual([
      expect.objectContaining({ rowNumber: 1, column: 'reason', rule: 'requiredColumn' }),
    ]);
  });

  it('an .xls that is not XLSX (an Excel 97 file, a CSV renamed) is a file problem, not a crash', async () => {
    const path = join(dir.path, 'old.xls');
    writeFileSync(
      path,
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]),
    );
    const error = await fileError(readRows(path, 'xlsx', 'activation'));
    expect(error.problems[0]).toMatchObject({ rowNumber: 1, column: 'file', rule: 'unreadableFile' });
    expect(error.problems[0]!.message).toMatch(/xlsx/);
    // A zip without a worksheet is not a spreadsheet either, rather than an empty one.
    const noSheet = await writeXlsx(dir.path, 'nosheet.xlsx', [], { noFirstSheet: true });
    expect((await fileError(readRows(noSheet, 'xlsx', 'activation'))).problems[0]).toMatchObject({
      rule: 'unreadableFile',
    });
  });
});
