import { PROMOTED_PRODUCT_NOT_FOUND } from '@cubre/services/catalogue/routes/priceRoutes';
import { ADDITIONAL_INSURANCE_TYPES } from '@cubre/services/catalogue/views/organizations';
import type { TestRuntime } from '../../support/testRuntime';
import { expectProblem, getJson, post, startCatalogueRuntime } from './detailRuntime';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startCatalogueRuntime();
});
afterAll(async () => {
  await runtime.dispose();
});

const get = (path: string, headers: Record<string, string> = {}) => getJson(runtime, path, headers);
const names = (list: { displayName: string }[]) => list.map((o) => o.displayName);

describe('organizations by type', () => {
  test('000-7.12 tipo/{type}: the organizations of a type in the edition, by name, with their upper type', async () => {
    const clinics = await get('/api/organization/seguros/tipo/CLINICA');
    expect(clinics.status).toBe(200);
    expect(names(clinics.body.data)).toEqual([
      'Clínica Alemana de Osorno',
      'Clínica Alemana de Santiago',
      'Clínica Alemana de Temuco',
      'Clínica Alemana de Valdivia',
      'Clínica Dávila',
      'Clínica Las Condes',
    ]);
    expect(clinics.body.data.find((o: { code: string }) => o.code === 'Clinica-Davila')).toMatchObject({
      id: 'Clinica-Davila',
      type: 'CLINICA',
      typeAlias: 'Clínica',
      upperTypeName: 'Clínicas y Hospitales',
      url: 'Clinica-Davila',
      country: 'CL',
      productCount: 1,
    });
    const isapres = (await get('/api/organization/seguros/tipo/isapre')).body.data;
    expect(isapres.map((o: { code: string; productCount: number }) => [o.code, o.productCount])).toEqual([
      ['Colmena', 3],
      ['Consalud', 4],
    ]);
  });

  test('000-7.12 the edition comes from ?country= or the country header; Chile by default', async () => {
    const peru = (await get('/api/organization/seguros/tipo/ASEGURADORA?country=PE')).body.data;
    expect(names(peru)).toEqual(['Pacífico Seguros']);
    expect(
      names((await get('/api/organization/seguros/tipo/ASEGURADORA', { country: '2' })).body.data),
    ).toEqual(['Pacífico Seguros']);
    expect(names((await get('/api/organization/seguros/tipo/ASEGURADORA')).body.data)).toEqual([
      'Seguros Andes',
      'Vida Segura',
    ]);
    expectProblem(await get('/api/organization/seguros/tipo/ASEGURADORA?country=AR'), 400, 'query.country');
  });

  test('000-7.12 an unknown type is a 400 naming it', async () => {
    const answer = await get('/api/organization/seguros/tipo/BANCO');
    expectProblem(answer, 400, 'params.type', 'allowed_values');
    expect(answer.body.errors[0].message).toMatch(/^tipo de organización desconocido: BANCO/);
  });

  test('000-7.13 multTipo: every item carries upperTypeName, and the answer is grouped by type', async () => {
    const answer = await get('/api/organization/seguros/multTipo/ISAPRE,aseguradora');
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((o: { upperTypeName: string }) => o.upperTypeName)).toEqual([
      'Isapres',
      'Isapres',
      'Aseguradoras',
      'Aseguradoras',
    ]);
    expect(
      answer.body.groups.map((g: { type: string; upperTypeName: string; organizations: unknown[] }) => [
        g.type,
        g.upperTypeName,
        g.organizations.length,
      ]),
    ).toEqual([
      ['ISAPRE', 'Isapres', 2],
      ['ASEGURADORA', 'Aseguradoras', 2],
    ]);
  });

  test('000-7.13 an unknown type among several is a 400 naming it and its place', async () => {
    const answer = await get('/api/organization/seguros/multTipo/ISAPRE,FOO');
    expectProblem(answer, 400, 'params.types.1', 'allowed_values');
    expect(answer.body.errors[0].message).toMatch(/FOO/);
    expectProblem(await get('/api/organization/seguros/multTipo/,,'), 400, 'params.types');
  });
});

describe('GET /api/seguro-adicional/tipos', () => {
  test('000-7.14 the add-on types of an isapre plan, with how many Chilean products each has', async () => {
    const answer = await get('/api/seguro-adicional/tipos');
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((t: { name: string }) => t.name)).toEqual([...ADDITIONAL_INSURANCE_TYPES]);
    expect(answer.body.data[0]).toMatchObject({
      id: 'Complementario',
      name: 'SEGURO COMPLEMENTARIO',
      urlSegment: 'Complementario',
      displayName: 'Complementario',
      upperType: { name: 'SEGUROS DE SALUD' },
      productCount: 5,
      isapreProductCount: 0,
    });
    const names = answer.body.data.map((t: { name: string }) => t.name);
    for (const notAddOn of ['PLAN ISAPRE', 'SEGURO VIDA', 'SEGURO MASCOTAS', 'SEGURO INTERNACIONAL CL'])
      expect(names).not.toContain(notAddOn);
  });
});

describe('POST /api/insurance/promotedProduct', () => {
  const promoted = (body: unknown, headers: Record<string, string> = {}) =>
    post(runtime, '/api/insurance/promotedProduct', body, headers);

  test('000-7.11 answers the promoted card of a comparator’s scope, or of insurance types', async () => {
    const byComparator = await promoted({ comparator: 'seguros-de-salud' });
    expect(byComparator.status).toBe(200);
    expect(byComparator.body.data).toMatchObject({
      productCode: 'COMP-B',
      isPromoted: true,
      price: { value: 0.3, label: 'Desde' },
      newWindowUrl: '/Seguros/Seguros-Andes/COMP-B',
    });
    expect((await promoted({ comparator: 'Comparar/Seguros-de-Salud' })).body.data.productCode).toBe(
      'COMP-B',
    );
    expect((await promoted({ insuranceTypes: 'Complementario' })).body.data.productCode).toBe('COMP-B');
  });

  test('000-8.07 no promoted product in the scope: 404 with the seed’s message', async () => {
    for (const answer of [
      await promoted({ comparator: 'mascotas' }),
      await promoted({ insuranceTypes: ['SEGURO COMPLEMENTARIO'] }, { country: 'PE' }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        detail: PROMOTED_PRODUCT_NOT_FOUND,
        message: PROMOTED_PRODUCT_NOT_FOUND,
      });
      expect(answer.body.errors[0]).toMatchObject({
        rule: 'promoted_product',
        message: PROMOTED_PRODUCT_NOT_FOUND,
      });
    }
  });

  test('a scope is required; unknown comparators and insurance types are 400s naming the field', async () => {
    expectProblem(await promoted({}), 400, 'comparator', 'required');
    expectProblem(await promoted({ comparator: 'nada' }), 400, 'comparator', 'exists');
    expectProblem(await promoted({ insuranceTypes: ['SEGURO RARO'] }), 400, 'insuranceTypes', 'exists');
    expectProblem(await promoted({ comparator: 'isapres', page: 2 }), 400, 'page', 'unknown_field');
  });
});
