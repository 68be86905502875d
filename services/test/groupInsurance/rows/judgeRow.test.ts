/**
 * One row judged (issue 16): every rule gives a problem with the row number, the column, the rule and a
 * Spanish message; a valid row comes normalised. Rows are RawRows as readRows gives them, plus one real
 * file of each format with good and bad rows.
 */
import type { RawRow } from '@cubre/schemas/groupInsurance/rows';
import { isConyuge, normaliseParentesco } from '@cubre/schemas/parentesco';
import { tempDataDir } from '../../../platform/test/support/tempDir';
import { judgeRow, readRows } from '../../../src/groupInsurance/bulk';
import { activation, ACTIVATION_HEADER, type Cell, context, writeCsv, writeXlsx } from './files';

const dir = tempDataDir('cubre-rows-judge-');
afterAll(() => dir.remove());

const activationCells = {
  name: 'María José',
  paternalSurname: 'Pérez',
  maternalSurname: 'Soto',
  legalId: '12.345.678-5',
  birthDate: '15-03-1990',
  gender: 'Femenino',
  email: 'maria@empresa.cl',
  phone: '+56 9 1234 5678',
  insuredType: 'TITULAR',
  effectiveDate: '01-12-2026',
  coverageGroup: 'GRUPO-A',
  holderLegalId: '',
  dependentType: '',
  accountType: '',
  accountNumber: '',
  bank: '',
};
const cancellationCells = {
  name: '',
  paternalSurname: '',
  maternalSurname: '',
  legalId: '12345678-5',
  birthDate: '',
  gender: '',
  effectiveDate: '30-11-2026',
  reason: 'Renuncia',
  insuredType: 'TITULAR',
  holderLegalId: '',
  dependentType: '',
};
const raw = (cells: Record<string, string>, rowNumber = 7): RawRow => ({ rowNumber, cells });
const activate = (overrides: Record<string, string> = {}) =>
  judgeRow(raw({ ...activationCells, ...overrides }), 'activation', context);
const cancel = (overrides: Record<string, string> = {}) =>
  judgeRow(raw({ ...cancellationCells, ...overrides }), 'cancellation', context);
const rulesOf = (judged: ReturnType<typeof judgeRow>) =>
  judged.problems.map((problem) => `${problem.column}:${problem.rule}`);

describe('activation rows (002-3.41)', () => {
  it('002-3.41 a valid row comes normalised: RUT 12345678-5, ISO dates, age, gender, phone', () => {
    const judged = activate();
    expect(judged.problems).toEqual([]);
    expect(judged.row).toEqual({
      name: 'María José',
      paternalSurname: 'Pérez',
      maternalSurname: 'Soto',
      legalId: '12345678-5',
      birthDate: '1990-03-15',
      age: 36,
      gender: 'Femenino',
      email: 'maria@empresa.cl',
      phone: '+56912345678',
      insuredType: 'TITULAR',
      effectiveDate: '2026-12-01',
      coverageGroup: 'GRUPO-A',
      holderLegalId: null,
      dependentType: null,
      accountType: null,
      accountNumber: null,
      bank: null,
    });
  });

  it('002-3.41 required fields: each blank one is a problem with row, column and a Spanish message', () => {
    const judged = activate({
      name: '',
      legalId: ' ',
      birthDate: '',
      gender: '',
      insuredType: '',
      effectiveDate: '',
      coverageGroup: '',
    });
    expect(judged.row).toBeNull();
    expect(rulesOf(judged)).toEqual([
      'name:required',
      'legalId:required',
      'insuredType:required',
      'birthDate:required',
      'gender:required',
      'effectiveDate:required',
      'coverageGroup:required',
    ]);
    expect(judged.problems[1]).toEqual({
      rowNumber: 7,
      column: 'legalId',
      rule: 'required',
      message: 'RUT (legalId): campo requerido',
    });
    // A column the file does not have at all reads as blank (readRows refuses such files first).
    const { paternalSurname: _, ...withoutSurname } = activationCells;
    expect(rulesOf(judgeRow(raw(withoutSurname), 'activation', context))).toEqual([
      'paternalSurname:required',
    ]);
  });

  it('002-5.01 002-5.02 002-5.03 RUT: dots, dash, spaces and leading zeros go; a wrong check digit or letter is invalidRut', () => {
    expect(activate({ legalId: ' 012.345.678-5 ' }).row?.legalId).toBe('12345678-5');
    expect(activate({ legalId: '123456785' }).row?.legalId).toBe('12345678-5');
    expect(activate({ legalId: '10.000.013-k' }).row?.legalId).toBe('10000013-K');
    for (const bad of ['12.345.678-9', '12345', '12A45678-5']) {
      const judged = activate({ legalId: bad });
      expect(rulesOf(judged)).toEqual(['legalId:invalidRut']);
      expect(judged.problems[0]!.message).toContain('RUT inválido');
    }
  });

  it('002-3.43 date-typed columns accept DD-MM-YYYY, DD/MM/YYYY, YYYY-MM-DD and refuse other text or impossible days', () => {
    expect(activate({ birthDate: '15/03/1990' }).row?.birthDate).toBe('1990-03-15');
    expect(activate({ birthDate: '1990-03-15' }).row?.birthDate).toBe('1990-03-15');
    expect(activate({ birthDate: '5-3-1990' }).row?.birthDate).toBe('1990-03-05');
    expect(activate({ effectiveDate: '2026-12-01 00:00:00' }).row?.effectiveDate).toBe('2026-12-01');
    for (const bad of ['marzo 1990', '31-02-1990', '1990/15/03', '15-03-90']) {
      const judged = activate({ birthDate: bad });
      expect(rulesOf(judged)).toEqual(['birthDate:date']);
      expect(judged.problems[0]!.message).toMatch(/Fecha de nacimiento: .*(no es una fecha)/);
    }
  });

  it('002-5.15 age is computed from the birth date; an invalid or future date gives no age and no row', () => {
    expect(activate({ birthDate: '26-11-1990' }).row?.age).toBe(36);
    expect(activate({ birthDate: '27-11-1990' }).row?.age).toBe(35);
    expect(activate({ birthDate: '26-11-2026' }).row?.age).toBe(0);
    expect(rulesOf(activate({ birthDate: '27-11-2026' }))).toEqual(['birthDate:futureDate']);
    expect(rulesOf(activate({ birthDate: '01-01-1900' }))).toEqual(['birthDate:age']);
  });

  it('002-5.07 e-mail and 002-5.06 phone are checked when given, optional when blank', () => {
    expect(activate({ email: '', phone: '' }).row).toMatchObject({ email: null, phone: null });
    expect(rulesOf(activate({ email: 'maria@empresa' }))).toEqual(['email:email']);
    expect(rulesOf(activate({ email: `${'a'.repeat(65)}@empresa.cl` }))).toEqual(['email:email']);
    expect(rulesOf(activate({ phone: 'llamar' }))).toEqual(['phone:phone']);
    expect(rulesOf(activate({ phone: '912345' }))).toEqual(['phone:nominimo']);
    // A Chilean number without the country code, as HR files hold them.
    expect(activate({ phone: '9 1234 5678' }).row?.phone).toBe('+56912345678');
    expect(activate({ phone: '56912345678' }).row?.phone).toBe('+56912345678');
  });

  it('002-5.08 names need two letters and only letters, spaces and hyphens', () => {
    expect(activate({ name: '  Ana   María ', maternalSurname: '' }).row).toMatchObject({
      name: 'Ana María',
      maternalSurname: null,
    });
    expect(rulesOf(activate({ name: 'A', paternalSurname: 'P3rez', maternalSurname: 'O#' }))).toEqual([
      'name:name',
      'paternalSurname:name',
      'maternalSurname:name',
    ]);
  });

  it('002-3.41 gender and insured type accept the words an HR file writes', () => {
    expect(activate({ gender: 'm' }).row?.gender).toBe('Masculino');
    expect(activate({ gender: 'MUJER' }).row?.gender).toBe('Femenino');
    expect(rulesOf(activate({ gender: 'X' }))).toEqual(['gender:gender']);
    expect(activate({ insuredType: 'Titular' }).row?.insuredType).toBe('TITULAR');
    expect(activate({ insuredType: 'Holder' }).row?.insuredType).toBe('TITULAR');
    const dependant = { holderLegalId: '11.111.111-1', dependentType: 'Hija' };
    for (const word of ['Carga', 'Dependent', 'Dependiente']) {
      expect(activate({ insuredType: word, ...dependant }).row?.insuredType).toBe('CARGA');
    }
    expect(rulesOf(activate({ insuredType: 'jefe' }))).toEqual(['insuredType:insuredType']);
  });

  it('002-3.44 a CARGA needs a holder RUT and a parentesco, normalised: Spouse, Cônjuge → Conyuge; Filho/Filha, Child/Daughter → Hijo/Hija', () => {
    const carga = (dependentType: string) =>
      activate({ insuredType: 'CARGA', holderLegalId: '11.111.111-1', dependentType }).row?.dependentType;
    for (const word of ['Spouse', 'Cônjuge', 'cónyuge', 'CONYUGE', 'Esposa'])
      expect(carga(word)).toBe('Conyuge');
    for (const word of ['Filho', 'Filha', 'Child', 'Daughter', 'hijo', 'Hija', 'Hijo / Hija', 'Son']) {
      expect(carga(word)).toBe('Hijo/Hija');
    }
    expect(carga('Mãe')).toBe('Padre/Madre');
    const judged = activate({ insuredType: 'CARGA', holderLegalId: '11.111.111-1' });
    expect(rulesOf(judged)).toEqual(['dependentType:required']);
    expect(
      rulesOf(activate({ insuredType: 'CARGA', holderLegalId: '11.111.111-1', dependentType: 'Vecino' })),
    ).toEqual(['dependentType:dependentType']);
    expect(rulesOf(activate({ insuredType: 'CARGA', dependentType: 'Hijo' }))).toEqual([
      'holderLegalId:required',
    ]);
    expect(
      rulesOf(activate({ insuredType: 'CARGA', holderLegalId: '11.111.111-2', dependentType: 'Hijo' })),
    ).toEqual(['holderLegalId:invalidRut']);
    expect(
      rulesOf(activate({ insuredType: 'CARGA', holderLegalId: '12345678-5', dependentType: 'Hijo' })),
    ).toEqual(['holderLegalId:holderLegalId']);
    expect(
      activate({ insuredType: 'CARGA', holderLegalId: '11111111-1', dependentType: 'Hijo' }).row,
    ).toMatchObject({
      holderLegalId: '11111111-1',
    });
  });

  it('002-3.44 the storefront callers of isConyuge keep their answers and normaliseParentesco refuses unknown words', () => {
    expect(isConyuge('Cónyuge')).toBe(true);
    expect(isConyuge('Spouse')).toBe(true);
    expect(isConyuge('Hijo/Hija')).toBe(false);
    expect(normaliseParentesco('Cônjuge')).toBe('Conyuge');
    expect(normaliseParentesco('primo')).toBeNull();
    expect(normaliseParentesco(undefined)).toBeNull();
  });

  it('002-3.41 a TITULAR may repeat its own RUT as holder, not another one', () => {
    expect(activate({ holderLegalId: '12345678-5' }).row?.holderLegalId).toBeNull();
    expect(rulesOf(activate({ holderLegalId: '11.111.111-1' }))).toEqual(['holderLegalId:holderLegalId']);
  });

  it('002-3.41 the coverage group must be one of the policy, in any case', () => {
    expect(activate({ coverageGroup: 'grupo-b' }).row?.coverageGroup).toBe('GRUPO-B');
    const judged = activate({ coverageGroup: 'GRUPO-Z' });
    expect(rulesOf(judged)).toEqual(['coverageGroup:coverageGroup']);
    expect(judged.problems[0]!.message).toContain('GRUPO-A, GRUPO-B');
  });

  it('002-3.41 the refund account is all three fields or none', () => {
    expect(
      activate({ accountType: 'Cuenta vista', accountNumber: '0012-3456', bank: 'BancoEstado' }).row,
    ).toMatchObject({
      accountType: 'Cuenta vista',
      accountNumber: '00123456',
      bank: 'BancoEstado',
    });
    expect(rulesOf(activate({ accountNumber: '123456' }))).toEqual(['accountType:required', 'bank:required']);
    expect(rulesOf(activate({ accountType: 'Vista', accountNumber: 'abc', bank: 'X' }))).toEqual([
      'accountNumber:accountNumber',
    ]);
  });

  it('002-9.04 an activation may start from 30 days back to 45 days forward (the insurer may set its own)', () => {
    expect(activate({ effectiveDate: '27-10-2026' }).row?.effectiveDate).toBe('2026-10-27');
    expect(activate({ effectiveDate: '10-01-2027' }).row?.effectiveDate).toBe('2027-01-10');
    const early = activate({ effectiveDate: '26-10-2026' });
    expect(rulesOf(early)).toEqual(['effectiveDate:retroactiveWindow']);
    expect(early.problems[0]!.message).toContain('30 días hacia atrás (desde 2026-10-27)');
    const late = activate({ effectiveDate: '11-01-2027' });
    expect(rulesOf(late)).toEqual(['effectiveDate:retroactiveWindow']);
    expect(late.problems[0]!.message).toContain('45 días hacia adelante (hasta 2027-01-10)');
    const own = { ...context, retroactiveDays: { ...context.retroactiveDays, activationDaysBack: 0 } };
    expect(
      rulesOf(judgeRow(raw({ ...activationCells, effectiveDate: '25-11-2026' }), 'activation', own)),
    ).toEqual(['effectiveDate:retroactiveWindow']);
  });
});

describe('cancellation rows (002-3.42)', () => {
  it('002-3.42 a valid cancellation needs RUT, insured type, exclusion date and reason; the rest is checked when given', () => {
    const judged = cancel();
    expect(judged.problems).toEqual([]);
    expect(judged.row).toEqual({
      name: null,
      paternalSurname: null,
      maternalSurname: null,
      legalId: '12345678-5',
      birthDate: null,
      gender: null,
      effectiveDate: '2026-11-30',
      reason: 'Renuncia',
      insuredType: 'TITULAR',
      holderLegalId: null,
      dependentType: null,
    });
    expect(cancel({ name: 'Ana', birthDate: '1990-03-15', gender: 'F' }).row).toMatchObject({
      name: 'Ana',
      birthDate: '1990-03-15',
      gender: 'Femenino',
    });
    expect(rulesOf(cancel({ reason: '', legalId: '', birthDate: 'ayer' }))).toEqual([
      'legalId:required',
      'birthDate:date',
      'reason:required',
    ]);
  });

  it('002-9.05 a cancellation may be 30 days back and 30 days forward', () => {
    expect(cancel({ effectiveDate: '27-10-2026' }).row?.effectiveDate).toBe('2026-10-27');
    expect(cancel({ effectiveDate: '26-12-2026' }).row?.effectiveDate).toBe('2026-12-26');
    expect(rulesOf(cancel({ effectiveDate: '26-10-2026' }))).toEqual(['effectiveDate:retroactiveWindow']);
    // 31 days forward: inside an activation's 45, outside a cancellation's 30.
    expect(rulesOf(cancel({ effectiveDate: '27-12-2026' }))).toEqual(['effectiveDate:retroactiveWindow']);
    expect(activate({ effectiveDate: '27-12-2026' }).problems).toEqual([]);
  });
});

describe('real files with bad rows, both formats', () => {
  const rows: Cell[][] = [
    ACTIVATION_HEADER,
    activation('12.345.678-5'),
    activation('12.345.678-9'),
    activation('11.111.111-1', { birthDate: '31-02-1990', email: 'no' }),
    activation('10.000.013-K', {
      insuredType: 'Dependiente',
      holderLegalId: '12345678-5',
      dependentType: 'Spouse',
    }),
  ];

  async function judgeFile(path: string, format: 'csv' | 'xlsx') {
    const judged = [];
    for await (const row of readRows(path, format, 'activation'))
      judged.push(judgeRow(row, 'activation', context));
    return judged;
  }

  it.each(['csv', 'xlsx'] as const)(
    '002-3.41 002-5.03 002-3.43 002-3.44 a %s file: good rows normalised, bad rows with their problems',
    async (format) => {
      const path =
        format === 'csv'
          ? writeCsv(dir.path, 'judge.csv', rows)
          : await writeXlsx(dir.path, 'judge.xlsx', rows);
      const judged = await judgeFile(path, format);
      expect(judged.map((row) => [row.rowNumber, row.row !== null])).toEqual([
        [2, true],
        [3, false],
        [4, false],
        [5, true],
      ]);
      expect(judged[1]!.problems).toEqual([
        expect.objectContaining({ rowNumber: 3, column: 'legalId', rule: 'invalidRut' }),
      ]);
      expect(rulesOf(judged[2]!)).toEqual(['birthDate:date', 'email:email']);
      expect(judged[3]!.row).toMatchObject({
        insuredType: 'CARGA',
        dependentType: 'Conyuge',
        holderLegalId: '12345678-5',
      });
    },
  );
});
