/**
 * Independent check of the isapre price engine on real plans: the Superintendencia's September 2016
 * extract is read here with nothing but zlib and split(';'), and each plan priced by a deliberately naive
 * second implementation written straight from the formula
 *   precio_base_final × Σ factor + ges × beneficiarios
 * scanning the factor CSV rows (the Tabla de Factores Única JSON when the plan's code is not there).
 * The engine, fed by its own loaders, must agree to 1e-9 UF.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadPlanesVigentes2016, REFERENCE_FILES } from '@cubre/services/catalogue/reference';
import type { BeneficiaryInput } from '@cubre/services/catalogue/pricing/beneficiaries';
import { isaprePlanTermsFrom2016, priceIsaprePlan } from '@cubre/services/catalogue/pricing/isaprePlanPrice';
import { REFERENCE_DIR, tables } from './referenceData';

type Person = { role: 'cotizante' | 'carga'; sexo: 'Masculino' | 'Femenino'; edad: number };

const PROFILES: Record<string, Person[]> = {
  'man of 30 alone': [{ role: 'cotizante', sexo: 'Masculino', edad: 30 }],
  'woman of 42 with her husband of 45': [
    { role: 'cotizante', sexo: 'Femenino', edad: 42 },
    { role: 'carga', sexo: 'Masculino', edad: 45 },
  ],
  'family with a baby under 2': [
    { role: 'cotizante', sexo: 'Masculino', edad: 38 },
    { role: 'carga', sexo: 'Femenino', edad: 36 },
    { role: 'carga', sexo: 'Femenino', edad: 8 },
    { role: 'carga', sexo: 'Masculino', edad: 1 },
  ],
  'woman of 67 alone': [{ role: 'cotizante', sexo: 'Femenino', edad: 67 }],
  'two cotizantes of 55 and 52 with a child of 19': [
    { role: 'cotizante', sexo: 'Masculino', edad: 55 },
    { role: 'cotizante', sexo: 'Femenino', edad: 52 },
    { role: 'carga', sexo: 'Masculino', edad: 19 },
  ],
};

const text = (file: string) => readFileSync(join(REFERENCE_DIR, file)).toString('utf8');
const decimalComma = (value: string) => Number(value.replace(',', '.'));

// The plans: every 42nd data row of 8,413, about 200 spread over all isapres.
const planLines = gunzipSync(readFileSync(join(REFERENCE_DIR, REFERENCE_FILES.planesVigentes2016)))
  .toString('utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');
const header = planLines[0]!.split(';');
const column = (name: string) => header.indexOf(name);
const sample = planLines
  .slice(1)
  .filter((_, index) => index % 42 === 0)
  .map((line) => line.split(';'));

// The factor CSV rows as they are: codigo, min, max, cotizante H, cotizante M, carga H, carga M.
const factorRows = text(REFERENCE_FILES.factorTables2016)
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(','));
const tfuBands = (
  JSON.parse(text(REFERENCE_FILES.tablaFactoresUnica)) as {
    bands: { fromAge: number; toAgeExclusive: number | null; cotizante: number; carga: number }[];
  }
).bands;

function naiveFactor(codigo: string, person: Person): number {
  for (const row of factorRows) {
    if (row[0] === codigo && Number(row[1]) <= person.edad && person.edad <= Number(row[2])) {
      const offset = person.role === 'cotizante' ? 3 : 5;
      return Number(row[offset + (person.sexo === 'Masculino' ? 0 : 1)]);
    }
  }
  for (const band of tfuBands) {
    if (person.edad >= band.fromAge && (band.toAgeExclusive === null || person.edad < band.toAgeExclusive))
      return person.role === 'cotizante' ? band.cotizante : band.carga;
  }
  throw new Error(`no factor for ${codigo} ${JSON.stringify(person)}`);
}

function naivePrice(row: string[], people: Person[]): number {
  const base = decimalComma(row[column('precio_base_final')]!);
  const gesText = row[column('ges')]!;
  // The one known defect of the file (SOURCES.md): Cruz Blanca's 0,513 is written 513.
  const ges =
    !gesText.includes(',') && Number(gesText) >= 10 ? Number(gesText) / 1000 : decimalComma(gesText);
  let sumFactors = 0;
  for (const person of people) {
    if (person.role === 'carga' && person.edad < 2) continue; // pays only GES
    sumFactors += naiveFactor(row[column('codigo_tabla_factores')]!, person);
  }
  return base * sumFactors + ges * people.length;
}

const enginePlans = new Map(
  loadPlanesVigentes2016(join(REFERENCE_DIR, REFERENCE_FILES.planesVigentes2016)).map((plan) => [
    plan.idPlan,
    plan,
  ]),
);
const priced = sample.filter(
  (row) =>
    row[column('modalidad_precio_plan')] === 'UF' && decimalComma(row[column('precio_base_final')]!) > 0,
);
const UF = 39485.65;

describe('isapre price engine against a naive reading of ~200 real 2016 plans', () => {
  test('the sample spreads over isapres, both factor regimes and both price modes', () => {
    expect(sample.length).toBeGreaterThanOrEqual(195);
    expect(priced.length).toBeGreaterThanOrEqual(150);
    expect(new Set(sample.map((row) => row[column('codigo_isapre')])).size).toBeGreaterThanOrEqual(6);
    const known = new Set(factorRows.map((row) => row[0]));
    const codes = priced.map((row) => row[column('codigo_tabla_factores')]!);
    expect(codes.filter((code) => known.has(code)).length).toBeGreaterThan(50);
    expect(codes.filter((code) => !known.has(code)).length).toBeGreaterThan(5);
    expect(sample.some((row) => row[column('modalidad_precio_plan')] === '7%')).toBe(true);
  });

  test.each(Object.entries(PROFILES))(
    '000-9.17 000-5.22 %s: engine equals the naive formula to 1e-9 UF',
    (_, people) => {
      for (const row of priced) {
        const plan = enginePlans.get(row[column('id_plan')]!)!;
        const price = priceIsaprePlan(isaprePlanTermsFrom2016(plan), people as BeneficiaryInput[], {
          tables,
          ufValue: UF,
        });
        const expected = naivePrice(row, people);
        if (Math.abs(price.totalUf! - expected) > 1e-9)
          throw new Error(`plan ${plan.idPlan}: engine ${price.totalUf} UF, naive ${expected} UF`);
        expect(price.totalClp).toBe(Math.round(expected * UF));
      }
    },
  );

  test('the plans the formula cannot price (7% plans without income, base price 0) are not priced', () => {
    const unpriced = sample.filter((row) => !priced.includes(row));
    expect(unpriced.length).toBeGreaterThan(0);
    for (const row of unpriced) {
      const plan = enginePlans.get(row[column('id_plan')]!)!;
      const price = priceIsaprePlan(isaprePlanTermsFrom2016(plan), PROFILES['man of 30 alone']!, {
        tables,
        ufValue: UF,
      });
      expect(price.totalUf).toBeNull();
    }
  });
});
