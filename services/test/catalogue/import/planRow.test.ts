import {
  birthCoverage,
  commercial,
  EXTRACT_HEADER,
  gesUf,
  modality,
  planDefinitionFromRow,
  regions,
  restrictionCodes,
  RowRejected,
  splitExtractLine,
} from '@cubre/services/catalogue/import';
import { extractRow, REAL_FIRST_ROW } from './fixture';

describe('mapping a row of the planes vigentes extract', () => {
  test("000-4.28 'Si Comer.' is commercial, 'No Comer.' is not; anything else is refused", () => {
    expect(commercial('Si Comer.')).toBe(true);
    expect(commercial('No Comer.')).toBe(false);
    expect(() => commercial('Quizás')).toThrow(RowRejected);
  });

  test('000-4.29 Libre elección and Prestador Preferente map to themselves, anything else is a closed plan', () => {
    expect(modality('Libre elección')).toBe('Libre elección');
    expect(modality('Libre elecci\uFFFDn')).toBe('Libre elección'); // recognised even if a letter stayed lost
    expect(modality('Prestador Preferente')).toBe('Prestador Preferente');
    expect(modality('Plan Cerrado')).toBe('Plan Cerrado');
    expect(modality('Red cerrada')).toBe('Plan Cerrado');
  });

  test('000-4.30 coverage breadth: general, reduced for birth, reduced for medical fees', () => {
    expect(birthCoverage('Cobertura general para parto u honorarios médicos')).toBe('general');
    expect(birthCoverage('Cobertura reducida para parto')).toBe('reducida_parto');
    expect(birthCoverage('Cobertura reducida para honorarios médicos')).toBe('reducida_honorarios');
    expect(() => birthCoverage('Sin cobertura')).toThrow(RowRejected);
  });

  test('000-9.19 restriction codes written together are codes 1 to 6', () => {
    expect(restrictionCodes('2345')).toEqual([2, 3, 4, 5]);
    expect(restrictionCodes('6')).toEqual([6]);
    expect(restrictionCodes('')).toEqual([]);
    expect(() => restrictionCodes('27')).toThrow(/outside 1 to 6/);
  });

  test('regions: a list in parentheses, a negative number for one region, empty for none', () => {
    expect(regions('(1)(2)(13)')).toEqual([1, 2, 13]);
    expect(regions('-13')).toEqual([13]);
    expect(regions('')).toEqual([]);
    expect(() => regions('13')).toThrow(RowRejected);
  });

  test("GES: '513' is 0.513 UF (the extract lost the '0,'); a GES with a comma above 5 UF is refused", () => {
    expect(gesUf('0,44')).toBe(0.44);
    expect(gesUf('513')).toBe(0.513);
    expect(gesUf('44')).toBe(0.44);
    expect(gesUf('2')).toBe(2);
    expect(() => gesUf('51,3')).toThrow(/not a plausible GES/);
    expect(() => gesUf('0.44')).toThrow(/decimal comma/);
  });

  test('a row with the wrong number of columns is refused with the count', () => {
    expect(() => splitExtractLine('a;b;c')).toThrow(`expected ${EXTRACT_HEADER.length} columns, found 3`);
  });

  test('the first real row maps field by field', () => {
    expect(planDefinitionFromRow(splitExtractLine(REAL_FIRST_ROW))).toEqual({
      code: '63-PCH5',
      isapreCode: 107,
      displayName: 'PACHECO Y CIA LTDA V - CONSALUD',
      line: 'EMPRESAS',
      startedOn: '2006-06-01',
      targetGroup: 'Sin grupo objetivo espec\uFFFDfico', // repairs happen before mapping: see letterRepair
      sex: 'Ambos',
      commercial: true,
      regions: [8],
      planType: 'Grupal',
      modality: 'Prestador Preferente',
      birthCoverage: 'general',
      restrictionCodes: [4],
      priceMode: 'UF',
      basePriceUf: 1.32,
      factorTableCode: '592',
      arancel: { name: '390', unit: 'Pesos' },
      ambulatoryCoverage: 70,
      hospitalCoverage: 90,
      fixedCopay: true,
      annualTopUf: 5000,
      activeContributors: 20,
      activeDependants: 11,
      gesUf: 0.44,
      source: '201609',
    });
  });

  test("'Z' means none: no line, no factor table; 'Sin tope' has no annual top; dates must exist", () => {
    const plan = planDefinitionFromRow(
      splitExtractLine(
        extractRow({
          id_linea_plan: 'Z',
          codigo_tabla_factores: 'Z',
          modalidad_tope: 'Sin tope',
          tope_anual: '0',
        }),
      ),
    );
    expect(plan).not.toHaveProperty('line');
    expect(plan.factorTableCode).toBeNull();
    expect(plan.annualTopUf).toBeNull();
    expect(() =>
      planDefinitionFromRow(splitExtractLine(extractRow({ ano_mes_inicio_plan: '20160231' }))),
    ).toThrow(/not a date/);
  });
});
