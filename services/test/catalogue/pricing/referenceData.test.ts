import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  FACTOR_TABLE_2016_BRACKETS,
  gesPriceAt,
  loadFactorTables2016,
  loadGesReference,
  loadPlanesVigentes2016,
  loadTablaFactoresUnica,
  loadUfValues,
  REFERENCE_FILES,
  ReferenceDataError,
  UF_FALLBACK_CLP,
  ufAt,
} from '@cubre/services/catalogue/reference';
import {
  TOPE_IMPONIBLE_DEFAULT_UF,
  topeImponibleAt,
} from '@cubre/services/catalogue/reference/topeImponible';
import { tempDataDir } from '../../../platform/test/support/tempDir';
import { reference, REFERENCE_DIR } from './referenceData';

const shipped = (name: keyof typeof REFERENCE_FILES) => join(REFERENCE_DIR, REFERENCE_FILES[name]);

describe('shipped reference data', () => {
  test('the 2016 factor tables: 9 codes of 18 brackets each, from age 0 to 200', () => {
    const tables = reference.factorTables2016;
    expect([...tables.keys()].sort()).toEqual(['1149', '21', '34', '35', '537', '57', '592', '62', '63']);
    for (const brackets of tables.values()) {
      expect(brackets).toHaveLength(FACTOR_TABLE_2016_BRACKETS);
      expect(brackets[0]?.edadMin).toBe(0);
      expect(brackets[17]?.edadMax).toBe(200);
    }
    expect(tables.get('21')?.[6]).toEqual({
      edadMin: 25,
      edadMax: 29,
      cotizanteHombre: 0.9,
      cotizanteMujer: 2.3,
      cargaHombre: 0.9,
      cargaMujer: 1.8,
    });
  });

  test('the Tabla de Factores Única: 7 bands, the last open-ended', () => {
    const { bands } = reference.tablaFactoresUnica;
    expect(bands.map((band) => [band.fromAge, band.cotizante, band.carga])).toEqual([
      [0, 0.6, 0.6],
      [20, 0.9, 0.7],
      [25, 1.0, 0.7],
      [35, 1.3, 0.9],
      [45, 1.4, 1.0],
      [55, 2.0, 1.4],
      [65, 2.4, 2.2],
    ]);
    expect(bands[6]?.toAgeExclusive).toBeNull();
  });

  test('000-9.17 GES per beneficiary: the seed values are the prices from December 2023', () => {
    const periods = reference.gesReference.periods;
    expect(periods.map((period) => period.from)).toEqual([
      '2016-09-01',
      '2022-10-01',
      '2023-12-01',
      '2025-12-01',
    ]);
    const dec2023 = periods[2]!.prices;
    for (const value of [0.8, 0.602, 0.63, 0.77, 0.602, 0.795])
      expect(Object.values(dec2023)).toContain(value);
    expect(reference.gesReference.isapreCodes['107']).toBe('Consalud S.A');
    expect(reference.gesReference.isapreCodes._source).toBeUndefined();
  });

  test('GES of an isapre on a day comes from the latest period started by then', () => {
    const ges = reference.gesReference;
    expect(gesPriceAt(ges, 'colmena', '2024-06-30')).toBe(0.77);
    expect(gesPriceAt(ges, 'colmena', '2025-12-01')).toBe(1.036);
    expect(gesPriceAt(ges, 'banmedica', '2016-09-30')).toBe(0.36);
    expect(gesPriceAt(ges, 'colmena', '2016-08-31')).toBeNull();
    expect(gesPriceAt(ges, 'isapre-desconocida', '2025-01-01')).toBeNull();
  });

  test('the UF values: 24, dated in increasing order', () => {
    expect(reference.ufValues).toHaveLength(24);
    expect(reference.ufValues[0]).toMatchObject({ date: '2020-09-10', clp: 28688.73, kind: 'official' });
  });

  test('the 2016 plans: 8,413 rows; Cruz Blanca GES written 513 reads 0,513 UF', () => {
    const plans = loadPlanesVigentes2016(shipped('planesVigentes2016'));
    expect(plans).toHaveLength(8413);
    expect(plans[0]).toMatchObject({
      codigoIsapre: 107,
      idPlan: '63-PCH5',
      inicioPlan: '2006-06-01',
      modalidadPrecio: 'UF',
      precioBaseFinal: 1.32,
      codigoTablaFactores: '592',
      ges: 0.44,
      prestacionesRestringidas: '4',
    });
    const cruzBlanca = plans.filter((plan) => plan.codigoIsapre === 78);
    expect(new Set(cruzBlanca.map((plan) => plan.ges))).toEqual(new Set([0.513]));
    expect(plans.filter((plan) => plan.modalidadPrecio === '7%')).toHaveLength(665);
  });
});

describe('000-9.14 UF of a day', () => {
  const values = reference.ufValues;

  test('a day with a value gets it', () => {
    expect(ufAt(values, '2024-12-05')).toEqual({ clp: 38311.4, date: '2024-12-05', fallback: false });
  });

  test('a day without one gets the latest value before it', () => {
    expect(ufAt(values, '2025-08-20')).toEqual({ clp: 39138.51, date: '2025-08-08', fallback: false });
    expect(ufAt(values, new Date('2030-01-01T12:00:00Z')).date).toBe('2026-02-10');
  });

  test('before the first value the cached fallback 39214.8 is used', () => {
    expect(ufAt(values, '2020-01-01')).toEqual({ clp: UF_FALLBACK_CLP, date: null, fallback: true });
    expect(UF_FALLBACK_CLP).toBe(39214.8);
    expect(ufAt([], '2025-01-01').clp).toBe(39214.8);
  });

  test('a day that is not a date is refused', () => {
    expect(() => ufAt(values, '05/12/2024')).toThrow(RangeError);
  });
});

describe('000-9.15 tope imponible of a day', () => {
  test('87,8 UF in 2025, 89,9 UF in January 2026, 90,0 UF from February 2026', () => {
    expect(topeImponibleAt('2025-06-30')).toBe(87.8);
    expect(topeImponibleAt('2026-01-31')).toBe(89.9);
    expect(topeImponibleAt('2026-02-01')).toBe(90.0);
    expect(topeImponibleAt('2027-05-01')).toBe(90.0);
  });

  test("the seed's 87,8 UF applies before the table starts, or with an empty table", () => {
    expect(TOPE_IMPONIBLE_DEFAULT_UF).toBe(87.8);
    expect(topeImponibleAt('2019-01-01')).toBe(87.8);
    expect(topeImponibleAt('2026-03-01', [])).toBe(87.8);
  });

  test('the table is a parameter', () => {
    const table = [{ desde: '2027-02-01', uf: 92.3 }];
    expect(topeImponibleAt('2027-01-31', table)).toBe(87.8);
    expect(topeImponibleAt('2027-02-01', table)).toBe(92.3);
  });
});

describe('a broken reference file is refused naming the file and line', () => {
  const dir = tempDataDir('cubre-reference-');
  afterAll(() => dir.remove());
  const write = (name: string, content: string | Buffer) => {
    const file = join(dir.path, name);
    writeFileSync(file, content);
    return file;
  };
  const errorOf = (load: () => unknown): ReferenceDataError => {
    try {
      load();
    } catch (error) {
      if (error instanceof ReferenceDataError) return error;
      throw error;
    }
    throw new Error('the file was accepted');
  };
  const factorHeader =
    'codigo tabla,edad min,edad max,cotizante hombre,cotizante mujer,carga hombre,carga mujer';
  const factorRows = (code: string) =>
    [[0, 1], [2, 4], ...Array.from({ length: 16 }, (_, i) => [5 + 5 * i, i === 15 ? 200 : 9 + 5 * i])].map(
      ([min, max]) => `${code},${min},${max},1.0,1.5,0.9,1.2`,
    );

  test('a factor table with a bad factor', () => {
    const rows = factorRows('21');
    rows[3] = '21,10,14,1.0,uno,0.9,1.2';
    const file = write('factors.csv', [factorHeader, ...rows].join('\n'));
    const error = errorOf(() => loadFactorTables2016(file));
    expect(error.line).toBe(5);
    expect(error.message).toBe(`${file} line 5: cotizanteMujer: a factor like 1.25`);
  });

  test('a factor table with a bracket missing or a gap between brackets', () => {
    const short = write('short.csv', [factorHeader, ...factorRows('21').slice(0, 17)].join('\n'));
    expect(errorOf(() => loadFactorTables2016(short)).message).toMatch(
      /line 18: table 21 has 17 brackets, expected 18/,
    );
    const rows = factorRows('34');
    rows[2] = '34,6,9,1.0,1.5,0.9,1.2';
    const gap = write('gap.csv', [factorHeader, ...rows].join('\n'));
    expect(errorOf(() => loadFactorTables2016(gap)).message).toMatch(
      /line 4: table 34: bracket starts at age 6, expected 5/,
    );
  });

  test('a CSV whose header changed is refused at line 1', () => {
    const file = write('renamed.csv', factorHeader.replace('carga mujer', 'carga femenina'));
    expect(errorOf(() => loadFactorTables2016(file)).line).toBe(1);
  });

  test('a CSV row with a missing field', () => {
    const file = write('uf-short.csv', 'date,uf_clp,kind,source\n2025-01-01,38000.5,official\n');
    expect(errorOf(() => loadUfValues(file)).message).toBe(`${file} line 2: expected 4 fields, found 3`);
  });

  test('UF values out of order or malformed', () => {
    const header = 'date,uf_clp,kind,source';
    const order = write(
      'uf-order.csv',
      `${header}\n2025-01-02,38000,official,"a, b"\n2025-01-01,38001,official,x\n`,
    );
    expect(errorOf(() => loadUfValues(order)).message).toMatch(
      /line 3: date 2025-01-01 does not follow 2025-01-02/,
    );
    const comma = write('uf-comma.csv', `${header}\n2025-01-01,"38000,5",official,x\n`);
    expect(errorOf(() => loadUfValues(comma)).message).toMatch(/line 2: clp: CLP with a decimal point/);
  });

  test('the Tabla de Factores Única with a negative factor names the line of that value', () => {
    const text = JSON.stringify(reference.tablaFactoresUnica, null, 1).replace(
      '"carga": 1.4',
      '"carga": -1.4',
    );
    const file = write('tfu.json', text);
    const line = text.split('\n').findIndex((row) => row.includes('-1.4')) + 1;
    const error = errorOf(() => loadTablaFactoresUnica(file));
    expect(error.line).toBe(line);
    expect(error.message).toContain('bands.5.carga: a factor is positive');
  });

  test('the Tabla de Factores Única with a gap between bands', () => {
    const text = JSON.stringify(reference.tablaFactoresUnica, null, 1).replace(
      '"fromAge": 35',
      '"fromAge": 36',
    );
    const file = write('tfu-gap.json', text);
    const error = errorOf(() => loadTablaFactoresUnica(file));
    expect(error.line).toBe(text.split('\n').findIndex((row) => row.includes('"fromAge": 36')) + 1);
    expect(error.message).toContain('band starts at 36, expected 35');
  });

  test('a JSON syntax error names its line', () => {
    const file = write('broken.json', '{\n "name": "x",\n "bands": [\n  {"fromAge": 0,,}\n ]\n}\n');
    const error = errorOf(() => loadTablaFactoresUnica(file));
    expect(error.line).toBe(4);
    expect(error.message).toContain('not valid JSON');
  });

  test('a GES period with a price out of range', () => {
    const text = JSON.stringify(
      {
        superintendencia_isapre_codes_seen_in_2016_planes_vigentes_dataset: { '67': 'Colmena' },
        previred_tabla_16_codes_unverified: {},
        ges_price_uf_per_beneficiary_per_month: {
          _unit: 'UF',
          from_dec_2023: { colmena: 0.77, banmedica: 60.2 },
        },
      },
      null,
      1,
    );
    const file = write('ges.json', text);
    const error = errorOf(() => loadGesReference(file));
    expect(error.line).toBe(text.split('\n').findIndex((row) => row.includes('60.2')) + 1);
    expect(error.message).toContain('a GES price is below 10 UF');
  });

  test('a plans extract with a bad price names the line in the unzipped CSV', () => {
    const real = gunzipSync(readFileSync(shipped('planesVigentes2016')))
      .toString('utf8')
      .split('\n')
      .slice(0, 3);
    real[2] = real[2]!.replace(';UF;1,23;592;', ';UF;1.23;592;');
    const file = write('plans.csv.gz', gzipSync(real.join('\n')));
    const error = errorOf(() => loadPlanesVigentes2016(file));
    expect(error.line).toBe(3);
    expect(error.message).toContain('precioBasePlan: a decimal with a comma, like 1,32');
  });

  test('a file that is missing or not gzip', () => {
    const missing = join(dir.path, 'nope.csv');
    expect(errorOf(() => loadUfValues(missing)).message).toBe(`${missing}: cannot be read (ENOENT)`);
    const notGzip = write('plain.csv.gz', 'a;b');
    expect(errorOf(() => loadPlanesVigentes2016(notGzip)).message).toMatch(
      /plain\.csv\.gz: is not a gzip file/,
    );
  });
});
