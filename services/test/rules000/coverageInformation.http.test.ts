import type { TestRuntime } from '../support/testRuntime';
import { getJson, startRulesRuntime } from './fixture';

/**
 * Seed 000 §3 "Coverage information (loaded per plan)" and the maternity minimum of §9, over HTTP against
 * the real runtime: GET /api/insurance/coverages/{id}/resume, the call a result card makes when it comes
 * into view (000-4.08), and the plan's detail resources.
 */
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startRulesRuntime();
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
});

const resume = async (code: string) => {
  const answer = await getJson(runtime, `/api/insurance/coverages/${code}/resume`);
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const percent = (kind: string, minAmount: number, maxAmount: number, value: number | null = null) => ({
  kind,
  value,
  minAmount,
  maxAmount,
  unit: { currencyCode: '%' },
});

describe('000 §3 coverage information', () => {
  test('000-3.06 coverages {count, tags}, each tag holding coverages with insuranceBenefit and amounts; commonCoverage rows with CoverageTypeId, Amount, MinCoverageAmount, MaxCoverageAmount', async () => {
    const comp = await resume('R-COMP');
    expect(comp.count).toBe(3);
    expect(comp.tags.map((tag: any) => [tag.name, tag.count])).toEqual([
      ['Hospitalario', 2],
      ['Ambulatorio', 1],
    ]);
    const [hospital, ambulatory] = comp.tags;
    expect(hospital.coverages.map((c: any) => c.insuranceBenefit)).toEqual(['Hospitalización', 'Cirugía']);
    expect(hospital.coverages[0].amounts).toEqual([
      expect.objectContaining(percent('percentage_isapre', 70, 90)),
      expect.objectContaining({ kind: 'bed_day', value: 4, unit: { currencyCode: 'UF' } }),
    ]);
    expect(hospital.coverages[1].amounts).toEqual([
      expect.objectContaining(percent('percentage_isapre', 90, 90, 90)),
    ]);
    expect(ambulatory.coverages).toEqual([
      expect.objectContaining({
        insuranceBenefit: 'Consulta médica',
        amounts: [
          expect.objectContaining(percent('coverage_pref', 80, 80, 80)),
          expect.objectContaining(percent('coverage_libre', 50, 50, 50)),
        ],
      }),
    ]);
    // One row per amount kind over every coverage: a single value has its Amount, a range has none.
    expect(comp.commonCoverage).toEqual([
      {
        CoverageTypeId: 'percentage_isapre',
        Amount: null,
        MinCoverageAmount: 70,
        MaxCoverageAmount: 90,
        unit: '%',
      },
      { CoverageTypeId: 'bed_day', Amount: 4, MinCoverageAmount: 4, MaxCoverageAmount: 4, unit: 'UF' },
      {
        CoverageTypeId: 'coverage_pref',
        Amount: 80,
        MinCoverageAmount: 80,
        MaxCoverageAmount: 80,
        unit: '%',
      },
      {
        CoverageTypeId: 'coverage_libre',
        Amount: 50,
        MinCoverageAmount: 50,
        MaxCoverageAmount: 50,
        unit: '%',
      },
    ]);

    // An isapre plan's coverage comes from its own fields, in the same shape.
    const plan = await resume('R-MAT');
    expect(plan.count).toBe(4);
    expect(plan.tags.map((tag: any) => [tag.name, tag.count])).toEqual([
      ['Hospitalario', 1],
      ['Ambulatorio', 1],
      ['Prestaciones restringidas', 2],
    ]);
    expect(plan.commonCoverage).toEqual([
      {
        CoverageTypeId: 'percentage_isapre',
        Amount: null,
        MinCoverageAmount: 25,
        MaxCoverageAmount: 100,
        unit: '%',
      },
      {
        CoverageTypeId: 'yearly_top',
        Amount: 5000,
        MinCoverageAmount: 5000,
        MaxCoverageAmount: 5000,
        unit: 'UF',
      },
    ]);
  });

  test('000-3.09 the summary has prestadores, coverage, topAmount and deductible (min, max, unit, period, details); plans carry featuresAll, features with names and coverageRequirement', async () => {
    const comp = await resume('R-COMP');
    // Two clinics of its network; QPCL-1 is free choice, not a provider of the network.
    expect(comp.summary.prestadores).toBe(2);
    expect(comp.summary.coverage).toBe('50% - 90%');
    // The annual tops come first (000-5.29): their range; every top in the details.
    expect(comp.summary.topAmount).toMatchObject({ min: 50, max: 1000, unit: 'UF', period: 'anual' });
    expect(comp.summary.topAmount.details).toEqual(
      expect.arrayContaining([
        'Tope anual: UF 1.000 (anual)',
        'Tope anual dental: UF 50 (anual)',
        'Tope mensual: UF 100 (mensual)',
      ]),
    );
    expect(comp.summary.deductible).toEqual(
      expect.objectContaining({
        min: 3,
        max: 3,
        unit: 'UF',
        period: 'anual',
        details: ['General: UF 3 (anual)', 'General: UF 1 (evento)'],
      }),
    );
    expect(comp.features).toEqual([
      { code: 'telemedicina', name: 'Telemedicina', description: 'Consultas por video.', icon: 'tele' },
      { code: 'dental', name: 'Cobertura dental', icon: 'dental' },
      { code: 'reembolso-online', name: 'Reembolso online' },
    ]);
    // Every feature it is compared on: its comparator's three, ticked or not, then its own other one.
    expect(comp.featuresAll.map((f: any) => [f.code, f.name, f.included])).toEqual([
      ['telemedicina', 'Telemedicina', true],
      ['dental', 'Cobertura dental', true],
      ['maternidad', 'Maternidad', false],
      ['reembolso-online', 'Reembolso online', true],
    ]);
    expect(comp.coverageRequirement).toMatchObject({
      value: 50,
      unit: '%',
      previsionType: 'Isapre',
      previsionName: 'Isapre',
      previousCoverage: false,
    });

    const le = await resume('R-LE');
    expect(le.summary).toMatchObject({ prestadores: 0, coverage: null, deductible: null });
    expect(le.summary.topAmount).toMatchObject({ min: 5000, max: 5000, unit: 'UF', period: 'evento' });
    expect(le.features).toEqual([]);
    expect(le.featuresAll.map((f: any) => [f.code, f.included])).toEqual([
      ['telemedicina', false],
      ['dental', false],
      ['maternidad', false],
    ]);
    expect(le.coverageRequirement).toMatchObject({
      value: 2,
      unit: 'UF',
      previsionType: 'Ambos',
      previsionName: 'Isapre o Fonasa',
      previousCoverage: true,
    });

    // An isapre plan: no features of its own, its comparator's to compare on, no requirement.
    const plan = await resume('R-MAT');
    expect(plan.summary).toMatchObject({ prestadores: 0, coverage: '25% - 100%' });
    expect(plan.summary.topAmount).toMatchObject({ min: 5000, max: 5000, unit: 'UF', period: 'anual' });
    expect(plan.features).toEqual([]);
    expect(plan.featuresAll).toEqual([{ code: 'maternidad', name: 'Maternidad', included: false }]);
    expect(plan.coverageRequirement).toBeNull();
  });
});

describe('000 §9 maternity plans', () => {
  test('000-9.18 a maternity plan covers its restricted services at least 25%', async () => {
    const plan = await resume('R-MAT');
    const restricted = plan.tags.find((tag: any) => tag.name === 'Prestaciones restringidas');
    expect(restricted.coverages.map((c: any) => c.insuranceBenefit)).toEqual([
      'Parto, neonatología y obstetricia',
      'Psiquiatría y psicología',
    ]);
    for (const coverage of restricted.coverages) {
      expect(coverage.amounts).toEqual([
        expect.objectContaining({
          kind: 'percentage_isapre',
          minAmount: 25,
          unit: { currencyCode: '%' },
          text: '25%',
        }),
      ]);
    }
    // The same minimum at the benefit's own call, in the plan's conditions and in its FAQ.
    const birth = await getJson(
      runtime,
      '/api/insurance/R-MAT/benefit/parto-neonatologia-y-obstetricia/coverages',
    );
    expect(birth.status).toBe(200);
    expect(birth.body.data.coverages[0].amounts[0]).toMatchObject({
      minAmount: 25,
      unit: { currencyCode: '%' },
    });
    const conditions = (await getJson(runtime, '/api/insurance/R-MAT/conditions')).body.data;
    expect(conditions).toContain(
      'Prestaciones restringidas (parto, neonatología y obstetricia, psiquiatría y psicología): cobertura mínima de 25%.',
    );
    const faq = (await getJson(runtime, '/api/insurance/R-MAT/faq')).body.data;
    expect(faq).toContainEqual({
      question: '¿Cubre el parto?',
      answer: 'Con cobertura reducida: la mínima legal de 25%.',
    });
    // A plan without restricted services has no such line.
    const free = await resume('R-FREE');
    expect(free.tags.map((tag: any) => tag.name)).toEqual(['Hospitalario', 'Ambulatorio']);
    expect((await getJson(runtime, '/api/insurance/R-FREE/conditions')).body.data.join(' ')).not.toMatch(
      /restringidas/,
    );
  });
});
