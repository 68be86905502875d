import type { TestRuntime } from '../../support/testRuntime';
import { DESCRIPTION_170, DESCRIPTION_171, LONG_DESCRIPTION } from '../support/catalogueFixture';
import { expectProblem, getJson, startCatalogueRuntime } from './detailRuntime';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startCatalogueRuntime();
});
afterAll(async () => {
  await runtime.dispose();
});

const get = (path: string) => getJson(runtime, path);
const RESOURCES = [
  'conditions',
  'seo',
  'descriptions',
  'features',
  'inFeatures',
  'faq',
  'extraBenefits',
  'exclusions',
  'coverageOrganizations',
  'topAmountsAndDeductibles',
];

describe('GET /api/insurance/product/{code}', () => {
  test('000-7.01 finds a product by its code or its url segment, in any case', async () => {
    const byCode = await get('/api/insurance/product/DET-PREF');
    expect(byCode.status).toBe(200);
    for (const path of ['det-pref', 'Complementario-Red-Preferente', 'complementario-red-preferente']) {
      const other = await get(`/api/insurance/product/${path}`);
      expect(other.status).toBe(200);
      expect(other.body.productCode).toBe('DET-PREF');
    }
    expect(byCode.body).toMatchObject({
      id: 'DET-PREF',
      productCode: 'DET-PREF',
      kind: 'product',
      displayName: 'Complementario Red Preferente',
      url: 'Complementario-Red-Preferente',
      detailPath: '/Seguros/Seguros-Andes/Complementario-Red-Preferente',
      country: 'CL',
      organization: {
        code: 'Seguros-Andes',
        displayName: 'Seguros Andes',
        type: 'ASEGURADORA',
        metadata: { url: 'Seguros-Andes', typeAlias: 'Aseguradora' },
      },
      insuranceType: {
        name: 'SEGURO COMPLEMENTARIO',
        urlSegment: 'Complementario',
        upperType: { name: 'SEGUROS DE SALUD' },
      },
      definition: { code: 'DET-PREF', modality: 'Preferente', careProviders: expect.any(Array) },
      card: {
        productCode: 'DET-PREF',
        price: { value: 0.4, label: 'Desde', arePricesDefined: false },
        newWindowUrl: '/Seguros/Seguros-Andes/Complementario-Red-Preferente',
      },
    });
  });

  test('000-7.01 an isapre plan is a product too: its definition, its isapre and its card', async () => {
    const plan = await get('/api/insurance/product/cs-02');
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({
      productCode: 'CS-02',
      kind: 'isaprePlan',
      productType: 'ISAPRES',
      detailPath: '/Isapre/Consalud/Planes/CS-02',
      organization: { code: 'Consalud', type: 'ISAPRE', isapreCode: 107 },
      insuranceType: { name: 'PLAN ISAPRE', urlSegment: 'Isapre' },
      definition: { basePriceUf: 2.3, modality: 'Libre elección' },
      card: { plan: { modality: 'Libre elección', birthCoverage: 'Reducido en parto' } },
    });
  });

  test('an unknown code is a 404 problem naming params.code; a malformed one a 400', async () => {
    expectProblem(await get('/api/insurance/product/NO-SUCH-PLAN'), 404, 'params.code', 'exists');
    expectProblem(await get('/api/insurance/product/bad!code'), 400, 'params.code');
    expectProblem(await get(`/api/insurance/product/${'a'.repeat(81)}`), 400, 'params.code');
    expectProblem(await get('/api/insurance/product/DET-PREF?debug=1'), 400, 'query.debug', 'unknown_field');
  });

  test('the storefront’s own GET parameters (forceRefresh, isqps) are accepted', async () => {
    expect((await get('/api/insurance/product/DET-PREF?forceRefresh=1&isqps=true')).status).toBe(200);
  });
});

describe('000-7.05 per-product resources', () => {
  test('000-7.05 every resource answers {data} for a product and for an isapre plan', async () => {
    for (const id of ['DET-PREF', 'CS-02', 'VIDA-A', 'INTL-A'])
      for (const resource of RESOURCES) {
        const answer = await get(`/api/insurance/${id}/${resource}`);
        expect({ id, resource, status: answer.status }).toEqual({ id, resource, status: 200 });
        expect(answer.body.data).toBeDefined();
      }
  });

  test('000-7.05 unknown ids are 404 problems and malformed ones 400, naming params.id', async () => {
    for (const resource of RESOURCES) {
      expectProblem(await get(`/api/insurance/NOPE-1/${resource}`), 404, 'params.id', 'exists');
      expectProblem(await get(`/api/insurance/no%20pe!/${resource}`), 400, 'params.id');
    }
  });

  test('000-7.05 a product’s conditions, exclusions, extra benefits and FAQ are its own', async () => {
    expect((await get('/api/insurance/DET-PREF/conditions')).body.data).toEqual(['Carencia de 90 días.']);
    expect((await get('/api/insurance/DET-PREF/exclusions')).body.data).toEqual([
      'Preexistencias no declaradas.',
    ]);
    expect((await get('/api/insurance/DET-PREF/extraBenefits')).body.data).toEqual([
      'Descuento en farmacias.',
    ]);
    expect((await get('/api/insurance/DET-PREF/faq')).body.data).toEqual([
      { question: '¿Cubre a mis hijos?', answer: 'Sí, hasta los 24 años.' },
    ]);
  });

  test('000-7.05 an isapre plan answers from its fields: conditions, descriptions, FAQ', async () => {
    const conditions = (await get('/api/insurance/CS-02/conditions')).body.data;
    expect(conditions).toContain('Cobertura reducida para parto.');
    const descriptions = (await get('/api/insurance/CS-01/descriptions')).body.data;
    expect(descriptions.description).toBe(
      'Plan preferente de Isapre Consalud: bonificación hospitalaria 90% y ambulatoria 70%, tope anual UF 5.000, precio base UF 1,10 al mes.',
    );
    expect(descriptions.items).toEqual(
      expect.arrayContaining([
        { key: 'hospitalCoverage', label: 'Bonificación hospitalaria', value: '90%' },
        { key: 'ambulatoryCoverage', label: 'Bonificación ambulatoria', value: '70%' },
        { key: 'annualTop', label: 'Tope anual por beneficiario', value: 'UF 5.000' },
        { key: 'restrictions', label: 'Prestaciones restringidas', value: 'Ninguna' },
      ]),
    );
    const faq = (await get('/api/insurance/CS-02/faq')).body.data;
    expect(faq.map((entry: { question: string }) => entry.question)).toContain('¿Cubre el parto?');
    expect((await get('/api/insurance/CS-02/exclusions')).body.data).toEqual([]);
  });

  test('000-5.10 a product’s descriptions state its coverage requirement', async () => {
    const { items } = (await get('/api/insurance/DET-PREF/descriptions')).body.data;
    expect(items).toContainEqual({
      key: 'coverageRequirement',
      label: 'Requisito de cobertura',
      value: 'Requiere que tu isapre o Fonasa cubra al menos 50% de la prestación',
    });
  });

  test('features carry the names the comparators give them; inFeatures only the comparator features it is in', async () => {
    const features = (await get('/api/insurance/DET-PREF/features')).body.data;
    expect(features).toEqual([
      {
        code: 'telemedicina',
        name: 'Telemedicina',
        description: 'Consultas por video.',
        icon: 'feature-tele',
      },
      { code: 'dental', name: 'Dental', icon: 'feature-dental' },
      { code: 'reembolso-online', name: 'Reembolso online' },
    ]);
    const inFeatures = (await get('/api/insurance/DET-PREF/inFeatures')).body.data;
    expect(inFeatures.map((f: { code: string }) => f.code)).toEqual(['telemedicina', 'dental']);
    expect(inFeatures[0].comparators).toEqual(['seguros-de-salud']);
    // PET-A has telemedicina, but the pets comparator offers no feature filter.
    expect((await get('/api/insurance/PET-A/inFeatures')).body.data).toEqual([]);
    expect((await get('/api/insurance/CS-01/inFeatures')).body.data).toEqual([]);
  });
});

describe('000-7.04 SEO by insurance id', () => {
  test('000-7.04 001-3.10 data has title, description and image', async () => {
    const seo = (await get('/api/insurance/VIDA-A/seo')).body.data;
    expect(seo).toMatchObject({
      title: 'Vida Protegida | Cubre',
      image: '/images/organizations/Vida-Segura.svg',
    });
    const plan = (await get('/api/insurance/CS-01/seo')).body.data;
    expect(plan).toMatchObject({
      title: 'Plan CS-01 – Isapre Consalud | Cubre',
      url: '/Isapre/Consalud/Planes/CS-01',
    });
    expect(plan.description).toMatch(/^Plan preferente de Isapre Consalud/);
  });

  test('001-9.08 a description over 170 characters is cut to 165 plus an ellipsis; 170 stays whole', async () => {
    const long = (await get('/api/insurance/DET-PREF/seo')).body.data.description;
    expect(LONG_DESCRIPTION).toHaveLength(200);
    expect(long).toBe(`${LONG_DESCRIPTION.slice(0, 165)}…`);
    expect(Array.from(long)).toHaveLength(166);
    const exact = (await get('/api/insurance/DET-LE/seo')).body.data.description;
    expect(DESCRIPTION_170).toHaveLength(170);
    expect(exact).toBe(DESCRIPTION_170);
    const justOver = (await get('/api/insurance/VIDA-A/seo')).body.data.description;
    expect(justOver).toBe(`${DESCRIPTION_171.slice(0, 165)}…`);
  });
});

describe('coverage organizations', () => {
  const codes = (list: { organizationCode: string }[]) => list.map((o) => o.organizationCode);

  test('000-5.30 free choice is QPCL-1 at home; the preferential list never holds a QPCL code', async () => {
    const answer = (await get('/api/insurance/DET-PREF/coverageOrganizations')).body;
    expect(codes(answer.lists.preferente).some((code: string) => code.startsWith('QPCL'))).toBe(false);
    expect(codes(answer.lists.libreEleccion)).toEqual(['QPCL-1']);
    expect(answer.lists.libreEleccion[0]).toMatchObject({
      displayName: 'Libre elección',
      list: 'libreEleccion',
    });
    expect(answer.data.every((o: { displayName: string }) => o.displayName.length > 0)).toBe(true);
    const freeChoice = (await get('/api/insurance/DET-LE/coverageOrganizations')).body.lists;
    expect(freeChoice).toMatchObject({ preferente: [], internacional: [] });
    expect(codes(freeChoice.libreEleccion)).toEqual(['QPCL-1']);
    // A product with no free-choice modality or amounts has no free-choice entry.
    expect((await get('/api/insurance/COMP-A/coverageOrganizations')).body.lists.libreEleccion).toEqual([]);
  });

  test('000-5.30 international: free choice is QPCL-2 and QPCL-3; the international list excludes them', async () => {
    const { lists } = (await get('/api/insurance/INTL-A/coverageOrganizations')).body;
    expect(codes(lists.libreEleccion)).toEqual(['QPCL-2', 'QPCL-3']);
    expect(codes(lists.internacional)).toEqual(['Hospital-Internacional']);
    expect(lists.preferente).toEqual([]);
  });

  test('000-5.30 isapre plans: free choice QPCL-1 unless the plan is closed', async () => {
    const preferente = (await get('/api/insurance/CS-01/coverageOrganizations')).body;
    expect(codes(preferente.data)).toEqual(['QPCL-1']);
    expect((await get('/api/insurance/CS-04/coverageOrganizations')).body.data).toEqual([]);
  });

  test('000-5.31 Clínica Alemana de Santiago comes first among the Alemana clinics; the rest by name', async () => {
    const { preferente } = (await get('/api/insurance/DET-PREF/coverageOrganizations')).body.lists;
    expect(preferente.map((o: { displayName: string }) => o.displayName)).toEqual([
      'Clínica Alemana de Santiago',
      'Clínica Alemana de Osorno',
      'Clínica Alemana de Temuco',
      'Clínica Alemana de Valdivia',
      'Clínica Dávila',
      'Clínica Las Condes',
    ]);
  });
});

describe('tops and deductibles', () => {
  test('000-5.29 tops read annual, then monthly, weekly, daily; the group shows the annual one', async () => {
    const groups = (await get('/api/insurance/DET-PREF/topAmountsAndDeductibles')).body.data;
    const network = groups.find((g: { name: string }) => g.name === 'Red preferente');
    expect(network.topAmounts.map((t: { period: string }) => t.period)).toEqual([
      'anual',
      'mensual',
      'semanal',
      'diario',
      'evento',
    ]);
    expect(network.top).toMatchObject({ name: 'Tope anual', amount: 2000, text: 'UF 2.000' });
    expect(network.deductibles.map((d: { period: string }) => d.period)).toEqual(['anual', 'evento']);
    expect(network.coverageOrganizations).toEqual([
      { organizationCode: 'Clinica-Alemana-de-Santiago', displayName: 'Clínica Alemana de Santiago' },
      { organizationCode: 'Clinica-Davila', displayName: 'Clínica Dávila' },
    ]);
  });

  test('000-5.29 a coverage’s top is its annual one, else monthly, weekly, daily', async () => {
    const groups = (await get('/api/insurance/DET-PREF/topAmountsAndDeductibles')).body.data;
    const caps = groups.find((g: { source: string }) => g.source === 'coberturas').topAmounts;
    // Hospitalización has monthly, weekly and daily tops: monthly wins. Consulta médica has a yearly one.
    expect(caps).toContainEqual(
      expect.objectContaining({ name: 'Hospitalización', amount: 100, period: 'mensual' }),
    );
    expect(caps).toContainEqual(
      expect.objectContaining({ name: 'Consulta médica', amount: 40, period: 'anual' }),
    );
    expect(caps.filter((c: { name: string }) => c.name === 'Hospitalización')).toHaveLength(1);
  });

  test('issue 11 a cap the server names from a coverage says its benefit and qualifier, for other languages', async () => {
    const groups = (await get('/api/insurance/DET-PREF/topAmountsAndDeductibles')).body.data;
    const caps: { name: string; of?: { benefit: string; qualifier: string | null } }[] = groups.find(
      (g: { source: string }) => g.source === 'coberturas',
    ).topAmounts;
    expect(caps.length).toBeGreaterThan(0);
    const words = { bedDay: ' (día cama)', preferred: ' (preferente)', freeChoice: ' (libre elección)' };
    for (const cap of caps)
      expect(cap.name).toBe(
        `${cap.of!.benefit}${cap.of!.qualifier ? words[cap.of!.qualifier as 'bedDay'] : ''}`,
      );
    expect(caps).toContainEqual(
      expect.objectContaining({
        name: 'Consulta médica',
        of: { benefit: 'Consulta médica', qualifier: null },
      }),
    );
    // The groups a product defines are named by the catalogue: nothing to word.
    const network = groups.find((g: { name: string }) => g.name === 'Red preferente');
    expect(network.topAmounts.every((top: { of?: unknown }) => top.of === undefined)).toBe(true);
  });

  test('000-5.32 life insurance cap lists keep only Indemnización items; other lists leave them out', async () => {
    const life = (await get('/api/insurance/VIDA-A/topAmountsAndDeductibles')).body.data;
    const lifeNames = life.flatMap((g: { topAmounts: { name: string }[] }) =>
      g.topAmounts.map((t) => t.name),
    );
    expect(lifeNames.sort()).toEqual(['Indemnización por fallecimiento', 'Indemnización por invalidez']);
    const health = (await get('/api/insurance/DET-PREF/topAmountsAndDeductibles')).body.data;
    const healthNames = health.flatMap((g: { topAmounts: { name: string }[] }) =>
      g.topAmounts.map((t) => t.name),
    );
    expect(healthNames.length).toBeGreaterThan(0);
    expect(healthNames.some((name: string) => name.includes('Indemnización'))).toBe(false);
  });

  test('000-5.13 an isapre plan’s top is its annual top per beneficiary', async () => {
    const answer = (await get('/api/insurance/CS-01/topAmountsAndDeductibles')).body;
    expect(answer.data).toEqual([
      expect.objectContaining({
        name: 'Tope del plan',
        source: 'plan',
        topAmounts: [
          expect.objectContaining({ amount: 5000, unit: 'UF', period: 'anual', text: 'UF 5.000' }),
        ],
        deductibles: [],
      }),
    ]);
    expect(answer.summary.topAmount).toMatchObject({ min: 5000, max: 5000, unit: 'UF', period: 'anual' });
    expect(answer.summary.deductible).toBeNull();
  });
});

describe('coverage calls', () => {
  test('000-7.06 resume: coverages counted and grouped in tags, with amounts and a summary', async () => {
    const resume = (await get('/api/insurance/coverages/DET-PREF/resume')).body.data;
    expect(resume.count).toBe(3);
    expect(resume.tags.map((t: { name: string }) => t.name)).toEqual([
      'Hospitalario',
      'Ambulatorio',
      'Oncológico',
    ]);
    expect(resume.tags[0].coverages[0]).toMatchObject({
      benefitId: 'hospitalizacion',
      insuranceBenefit: 'Hospitalización',
      amounts: expect.arrayContaining([
        {
          kind: 'percentage_isapre',
          value: null,
          minAmount: 70,
          maxAmount: 90,
          unit: { currencyCode: '%' },
          text: '70% - 90%',
        },
      ]),
    });
    expect(resume.commonCoverage).toContainEqual(
      expect.objectContaining({ CoverageTypeId: 'daily_top', MinCoverageAmount: 1, MaxCoverageAmount: 5 }),
    );
    expect(resume.summary).toMatchObject({ prestadores: 6, freeChoice: true, coverage: '50% - 90%' });
    expect(resume.summary.topAmount.period).toBe('anual');
    expect(resume.coverageRequirement).toMatchObject({ value: 50, unit: '%', previsionType: 'Ambos' });
  });

  test('000-7.06 an isapre plan’s resume comes from its hospital and ambulatory coverage and its top', async () => {
    const resume = (await get('/api/insurance/coverages/CS-01/resume')).body.data;
    expect(resume.tags.map((t: { name: string }) => t.name)).toEqual(['Hospitalario', 'Ambulatorio']);
    expect(resume.tags[0].coverages[0].amounts.map((a: { text: string }) => a.text)).toEqual([
      '90%',
      'UF 5.000',
    ]);
    expect(resume.summary).toMatchObject({ prestadores: 0, coverage: '70% - 90%' });
  });

  test('000-7.06 coverageOrganization: each provider with the tops groups that apply there', async () => {
    const providers = (await get('/api/insurance/coverages/DET-PREF/coverageOrganization')).body.data;
    const byCode = Object.fromEntries(
      providers.map((p: { organizationCode: string }) => [p.organizationCode, p]),
    );
    expect(byCode['Clinica-Davila'].topsAndDeductibles).toEqual(['Red preferente', 'Topes por cobertura']);
    expect(byCode['Clinica-Las-Condes'].topsAndDeductibles).toEqual(['Topes por cobertura']);
    expect(byCode['QPCL-1'].list).toBe('libreEleccion');
  });

  test('000-7.07 coverages at one provider: free choice drops preferential amounts and the network the free-choice ones', async () => {
    const kinds = (answer: any, benefit: string) =>
      answer.body.data.tags
        .flatMap((t: { coverages: any[] }) => t.coverages)
        .find((c: { insuranceBenefit: string }) => c.insuranceBenefit === benefit)
        .amounts.map((a: { kind: string }) => a.kind);
    const freeChoice = await get('/api/insurance/DET-PREF/coverageOrganization/QPCL-1/coverages');
    expect(freeChoice.status).toBe(200);
    expect(kinds(freeChoice, 'Consulta médica')).not.toContain('coverage_pref');
    expect(kinds(freeChoice, 'Consulta médica')).toContain('coverage_libre');
    const clinic = await get('/api/insurance/DET-PREF/coverageOrganization/clinica-davila/coverages');
    expect(kinds(clinic, 'Consulta médica')).toContain('coverage_pref');
    expect(kinds(clinic, 'Consulta médica')).not.toContain('coverage_libre');
    expect(clinic.body.data.topsAndDeductibles.map((g: { name: string }) => g.name)).toContain(
      'Red preferente',
    );
    expectProblem(
      await get('/api/insurance/DET-PREF/coverageOrganization/Clinica-Indisa/coverages'),
      404,
      'params.orgId',
    );
    expectProblem(
      await get('/api/insurance/DET-PREF/coverageOrganization/no%20way/coverages'),
      400,
      'params.orgId',
    );
    expectProblem(await get('/api/insurance/NOPE/coverageOrganization/QPCL-1/coverages'), 404, 'params.id');
  });

  test('000-7.08 coverages of one benefit, by the benefit’s id or its category’s', async () => {
    const one = (await get('/api/insurance/DET-PREF/benefit/consulta-medica/coverages')).body.data;
    expect(one).toMatchObject({
      benefitId: 'consulta-medica',
      name: 'Consulta médica',
      kind: 'benefit',
      count: 1,
    });
    const tag = (await get('/api/insurance/DET-PREF/benefit/Hospitalario/coverages')).body.data;
    expect(tag).toMatchObject({ kind: 'tag', name: 'Hospitalario', count: 1 });
    const plan = (await get('/api/insurance/CS-01/benefit/prestaciones-ambulatorias/coverages')).body.data;
    expect(plan.coverages[0].amounts[0].text).toBe('70%');
    expectProblem(await get('/api/insurance/DET-PREF/benefit/nada/coverages'), 404, 'params.benefitId');
    expectProblem(await get('/api/insurance/DET-PREF/benefit/no_way/coverages'), 400, 'params.benefitId');
  });
});
