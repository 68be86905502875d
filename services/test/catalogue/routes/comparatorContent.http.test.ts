import type { TestRuntime } from '../../support/testRuntime';
import { expectProblem, getJson, post, startCatalogueRuntime } from './detailRuntime';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startCatalogueRuntime();
});
afterAll(async () => {
  await runtime.dispose();
});

const get = (path: string) => getJson(runtime, path);
const codes = (list: { code: string }[]) => list.map((c) => c.code);

describe('comparators', () => {
  test('000-7.21 GET api/comparator lists the site’s comparators; the partner ones are under /showcase', async () => {
    const list = await get('/api/comparator');
    expect(list.status).toBe(200);
    expect(codes(list.body.data)).toEqual(
      expect.arrayContaining(['isapres', 'mascotas', 'seguros-de-salud']),
    );
    expect(codes(list.body.data)).not.toContain('partner-salud');
    expect(list.body.data.every((c: { showcase: boolean }) => !c.showcase)).toBe(true);
    expect(list.body.data.find((c: { code: string }) => c.code === 'isapres')).toEqual({
      id: 'isapres',
      code: 'isapres',
      name: 'Planes de Isapre',
      baseUrl: 'Comparar/Isapres',
      insuranceTypes: [{ name: 'PLAN ISAPRE', urlSegment: 'Isapre', displayName: 'Plan de Isapre' }],
      organizationTypes: ['ISAPRE'],
      productType: 'ISAPRES',
      pageSize: 20,
      showcase: false,
    });
    const showcase = await get('/api/comparator/showcase');
    expect(codes(showcase.body.data)).toEqual(['partner-salud']);
  });

  test('000-7.29 ?baseUrl= resolves the comparator of a page, whatever its slashes and case', async () => {
    for (const baseUrl of [
      'Comparar/Seguros-de-Salud',
      '/comparar/seguros-de-salud/',
      'Comparar/Seguros-de-Salud?page=2',
    ]) {
      const answer = await get(`/api/comparator?baseUrl=${encodeURIComponent(baseUrl)}`);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        code: 'seguros-de-salud',
        faq: [{ question: '¿Qué es un seguro complementario?' }],
        whyUs: [{ title: 'Precios exactos' }],
        blockZones: [{ id: 'salud-top', zone: 'top' }],
      });
    }
    expectProblem(await get('/api/comparator?baseUrl=Comparar/Nada'), 404, 'query.baseUrl', 'exists');
    expectProblem(await get('/api/comparator?base=Comparar/Isapres'), 400, 'query.base', 'unknown_field');
  });

  test('000-7.22 a comparator’s features carry how many of its products have each', async () => {
    const features = (await get('/api/comparator/features/seguros-de-salud')).body.data;
    expect(features.map((f: { code: string; productCount: number }) => [f.code, f.productCount])).toEqual([
      ['telemedicina', 6],
      ['dental', 2],
      ['maternidad', 0],
    ]);
    expect(features[0]).toMatchObject({ name: 'Telemedicina', icon: 'feature-tele' });
  });

  test('000-7.22 benefits, FAQ and block zone of a comparator', async () => {
    expect((await get('/api/comparator/seguros-de-salud/benefits')).body.data).toEqual([
      'Precios según tu perfil',
    ]);
    expect((await get('/api/comparator/seguros-de-salud/faq')).body.data).toEqual([
      { question: '¿Qué es un seguro complementario?', answer: 'Reembolsa lo que tu isapre no cubre.' },
    ]);
    expect((await get('/api/comparator/blockzone/Seguros-de-Salud')).body.data).toEqual([
      { id: 'salud-top', zone: 'top', title: 'Compara', html: '<p>Compara hasta 3 planes.</p>' },
    ]);
    expect((await get('/api/comparator/isapres/faq')).body.data).toEqual([]);
  });

  test('000-7.23 GET api/whyUs/{id} returns the why-us content', async () => {
    expect((await get('/api/whyUs/seguros-de-salud')).body.data).toEqual([
      { title: 'Precios exactos', text: 'Según tu perfil.' },
    ]);
  });

  test('issue 11 a comparator says the currency its prices (and its price filter) are in, per edition', async () => {
    const isapres = await get('/api/comparator?baseUrl=Comparar/Isapres');
    // Isapre plans are priced in UF and shown in pesos.
    expect(isapres.body.data.priceCurrency).toBe('CLP');
    const health = await get('/api/comparator?baseUrl=Comparar/Seguros-de-Salud&country=PE');
    expect(health.body.data.priceCurrency).toBe('PEN');
  });

  test('issue 11 the clinics a comparator’s products list, each with how many; the compare filter finds exactly them', async () => {
    const answer = await get('/api/comparator/seguros-de-salud/coverageOrganizations');
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeGreaterThan(0);
    for (const clinic of answer.body.data) {
      expect(clinic).toEqual({
        code: expect.any(String),
        displayName: expect.any(String),
        productCount: expect.any(Number),
      });
      const filtered = await post(runtime, '/api/insurance/compare/metadata', {
        comparator: 'seguros-de-salud',
        organizationTypes: ['ASEGURADORA', 'CLINICA'],
        coverageOrganizations: [clinic.code],
        take: 100,
      });
      expect(filtered.body.metaData.total).toBe(clinic.productCount);
    }
    // The public isapre extract lists no clinics: the list is empty and the storefront says so.
    expect((await get('/api/comparator/isapres/coverageOrganizations')).body.data).toEqual([]);
    expectProblem(await get('/api/comparator/no-such/coverageOrganizations'), 404, 'params.id');
  });

  test('unknown comparator ids are 404 problems and malformed ones 400, naming params.id', async () => {
    for (const path of ['/api/comparator/features/', '/api/comparator/blockzone/', '/api/whyUs/']) {
      expectProblem(await get(`${path}nada`), 404, 'params.id', 'exists');
      expectProblem(await get(`${path}no%20pe`), 400, 'params.id');
    }
    expectProblem(await get('/api/comparator/nada/benefits'), 404, 'params.id');
    expectProblem(await get('/api/comparator/nada/faq'), 404, 'params.id');
  });
});
