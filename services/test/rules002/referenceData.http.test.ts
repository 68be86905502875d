import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPTIMIZE_ORIGIN_PATHS } from '@cubre/schemas/site';
import { ISAPRE_ORGANIZATIONS } from '@cubre/services/catalogue/import/isapreOrganizations';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { signIn, type Session } from '../identity/support';

/**
 * Seed 002 §2, §3 reference data over HTTP against the real runtime: the page types, isapre codes and origin
 * sources of the console's reference lists, Chile's regions and comunas of the request forms, and the
 * collective profile of the profile form.
 */
const REFERENCE_DIR = join(__dirname, '../../reference-data');
const referenceFile = (path: string) => readFileSync(join(REFERENCE_DIR, path), 'utf8');

let runtime: TestRuntime;
let staff: Session;
beforeAll(async () => {
  runtime = await startTestRuntime();
  staff = await signIn(runtime.url, 'ejecutivo2@demo.cl');
});
afterAll(async () => {
  await runtime.dispose();
});

/** A whole reference list as the console reads it (react-admin's getList). */
async function referenceList(name: string): Promise<any[]> {
  const response = await staff.get(`/api/admin/reference/${name}`);
  expect(response.status).toBe(200);
  const rows = await json(response);
  expect(response.headers.get('content-range')).toBe(`${name} 0-${rows.length - 1}/${rows.length}`);
  return rows;
}

async function getPublic(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${runtime.url}${path}`, { headers });
  return { status: response.status, body: await json(response) };
}

describe('reference lists of seed 002 (GET /api/admin/reference/{name})', () => {
  test('002-2.07 page types are exactly contactos, seguros-de-salud and planes-de-isapre, covering every Optimize origin path', async () => {
    const pageTypes = await referenceList('page-types');
    expect(pageTypes.map((type) => type.id)).toEqual(['contactos', 'seguros-de-salud', 'planes-de-isapre']);
    expect(pageTypes.find((type) => type.id === 'contactos').originPaths).toEqual([
      '/contactos/chile',
      '/contactos/peru',
      '/contactos/colombia',
      '/contactos/internationalhealth',
    ]);
    expect(pageTypes.find((type) => type.id === 'seguros-de-salud').originPaths).toEqual([
      '/seguros-de-salud',
    ]);
    expect(pageTypes.find((type) => type.id === 'planes-de-isapre').originPaths).toEqual([
      '/planes-de-isapres',
    ]);
    // Each origin path of the Optimize application (id 2, the one business-line origins are read from)
    // has exactly one page type.
    expect(pageTypes.every((type) => type.webApplicationId === 2)).toBe(true);
    expect(pageTypes.flatMap((type) => type.originPaths).sort()).toEqual([...OPTIMIZE_ORIGIN_PATHS].sort());
    expect((await fetch(`${runtime.url}/api/admin/reference/page-types`)).status).toBe(401);
  });

  test('002-3.28 isapre codes: San Lorenzo 62 … Consalud 107, Esencial 108, Otras 999; every isapre of the plans extract is one of them', async () => {
    const isapres = await referenceList('isapres');
    expect(isapres).toEqual([
      { id: 62, name: 'San Lorenzo' },
      { id: 63, name: 'Fusat' },
      { id: 65, name: 'Chuquicamata' },
      { id: 67, name: 'Colmena' },
      { id: 68, name: 'Río Blanco' },
      { id: 76, name: 'Fundación' },
      { id: 78, name: 'CruzBlanca' },
      { id: 80, name: 'Vida Tres' },
      { id: 81, name: 'Nueva Masvida' },
      { id: 88, name: 'Nueva Masvida' },
      { id: 99, name: 'Banmédica' },
      { id: 94, name: 'Cruz del Norte' },
      { id: 107, name: 'Consalud' },
      { id: 108, name: 'Esencial' },
      { id: 999, name: 'Otras' },
    ]);
    const byCode = new Map(isapres.map((isapre) => [isapre.id, isapre.name]));
    // The isapre codes of the real 2016 plans extract the catalogue imports.
    const seen = Object.keys(
      JSON.parse(referenceFile('isapres/isapre-codes-and-ges.json'))
        .superintendencia_isapre_codes_seen_in_2016_planes_vigentes_dataset,
    )
      .filter((key) => !key.startsWith('_'))
      .map(Number);
    expect(seen.length).toBeGreaterThan(0);
    for (const code of seen) expect([code, byCode.has(code)]).toEqual([code, true]);
    // The import names its isapre organizations as the list does; 88's plans stay under Masvida, the
    // isapre that sold them in 2016 (catalogue/import/isapreOrganizations.ts).
    for (const [code, organization] of Object.entries(ISAPRE_ORGANIZATIONS)) {
      expect(organization.isapreCode).toBe(Number(code));
      expect([code, organization.displayName]).toEqual([
        code,
        code === '88' ? 'Masvida' : byCode.get(Number(code)),
      ]);
    }
  });

  test('002-3.37 origin sources are exactly AMERINS, QUEPLAN.CL, EMPRESAS, REDSALUD, REDSALUD_TLMK, REDSALUD_ZAPIER, QPSUBSCRIPTION', async () => {
    expect(await referenceList('origin-sources')).toEqual([
      { id: 'AMERINS' },
      { id: 'QUEPLAN.CL' },
      { id: 'EMPRESAS' },
      { id: 'REDSALUD' },
      { id: 'REDSALUD_TLMK' },
      { id: 'REDSALUD_ZAPIER' },
      { id: 'QPSUBSCRIPTION' },
    ]);
  });
});

describe("Chile's regions and comunas for the request forms", () => {
  test('002-3.17 GET /api/regiones: the 16 regions, Región Metropolitana first, each with stateCode, stateName and abbreviation', async () => {
    const { status, body } = await getPublic('/api/regiones');
    expect(status).toBe(200);
    const regions: any[] = body.data;
    expect(regions).toHaveLength(16);
    expect(regions[0]).toEqual({
      stateCode: 13,
      stateName: 'Metropolitana de Santiago',
      abbreviation: 'RM',
      orderPosition: 1,
    });
    // The official regions (SUBDERE's codes), the others in code order after Metropolitana.
    const official: { codigo: string; nombre: string; abreviatura: string }[] = JSON.parse(
      referenceFile('geo/chile-regions.json'),
    );
    const expected = official
      .filter((region) => region.codigo !== '13')
      .map((region) => ({
        stateCode: Number(region.codigo),
        stateName: region.nombre,
        abbreviation: region.abreviatura,
      }));
    expect(regions.slice(1).map(({ orderPosition: _orderPosition, ...region }) => region)).toEqual(expected);
    expect(regions.map((region) => region.orderPosition)).toEqual(regions.map((_, index) => index + 1));
    expect(new Set(regions.map((region) => region.stateCode))).toEqual(
      new Set(Array.from({ length: 16 }, (_, index) => index + 1)),
    );
    // The Chilean profile form starts on the first region.
    const form = await getPublic('/api/profile-form/form?country=CL');
    const regionField = form.body.profileFormFields.find((field: any) => field.fldName === 'region');
    expect(regionField.elements.defaultValue).toEqual(regions[0]);
  });

  test('002-3.18 GET /api/comunas: every comuna with stateCode, districtCode, comuna, codCiudad and districtName; ?stateCode= gives one region', async () => {
    const all = await getPublic('/api/comunas');
    expect(all.status).toBe(200);
    const districts: any[] = all.body.data;
    const lines = referenceFile('geo/chile-comunas-cut.csv').trim().split('\n').slice(1);
    expect(districts).toHaveLength(lines.length);
    expect(districts.length).toBe(346);
    for (const district of districts) {
      expect(Object.keys(district).sort()).toEqual(
        ['codCiudad', 'comuna', 'districtCode', 'districtName', 'stateCode'].sort(),
      );
    }
    expect(districts).toContainEqual({
      stateCode: 13,
      districtCode: 13101,
      comuna: '13101',
      codCiudad: '131',
      districtName: 'Santiago',
    });
    expect(districts).toContainEqual({
      stateCode: 1,
      districtCode: 1107,
      comuna: '01107',
      codCiudad: '011',
      districtName: 'Alto Hospicio',
    });
    // Each line of the official file is one comuna, its province and region with it.
    const byCode = new Map(districts.map((district) => [district.districtCode, district]));
    for (const line of lines) {
      const [region, , , province, , code, name] = line.split(';');
      expect(byCode.get(Number(code))).toEqual({
        stateCode: Number(region),
        districtCode: Number(code),
        comuna: code,
        codCiudad: province,
        districtName: name!.trim(),
      });
    }
    // In the regions' order (Metropolitana first), by name within a region.
    const regionOrder = (await getPublic('/api/regiones')).body.data.map((region: any) => region.stateCode);
    const seenOrder = [...new Set(districts.map((district) => district.stateCode))];
    expect(seenOrder).toEqual(regionOrder);
    const metropolitana = await getPublic('/api/comunas?stateCode=13');
    expect(metropolitana.status).toBe(200);
    expect(metropolitana.body.data).toEqual(districts.filter((district) => district.stateCode === 13));
    expect(metropolitana.body.data).toHaveLength(52);
    const names = metropolitana.body.data.map((district: any) => district.districtName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'es')));
    // Per region, as many comunas as the official region list counts.
    for (const region of JSON.parse(referenceFile('geo/chile-regions.json'))) {
      const { body } = await getPublic(`/api/comunas?stateCode=${Number(region.codigo)}`);
      expect([region.codigo, body.data.length]).toEqual([region.codigo, region.n_comunas]);
    }
    for (const wrong of ['17', '0', 'trece']) {
      const refused = await getPublic(`/api/comunas?stateCode=${wrong}`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: 'query.stateCode' }));
    }
  });
});

describe('the collective profile', () => {
  const fieldsOf = async (productType: string, country: string) => {
    const { status, body } = await getPublic(
      `/api/profile-form/form?productType=${encodeURIComponent(productType)}&country=${country}`,
    );
    expect(status).toBe(200);
    return body.profileFormFields.filter((field: any) => field.groupedBy === 'colectivo');
  };

  test('002-3.40 the collective form asks cantidadempleados, plus sistemaprevisional in Peru; both are stored with the profile', async () => {
    for (const productType of ['colectivo', 'SEGURO COLECTIVO']) {
      for (const country of ['CL', 'CO']) {
        expect((await fieldsOf(productType, country)).map((field: any) => field.fldName)).toEqual([
          'cantidadempleados',
        ]);
      }
      const peru = await fieldsOf(productType, 'PE');
      expect(peru.map((field: any) => field.fldName)).toEqual(['cantidadempleados', 'sistemaprevisional']);
      expect(peru[0].validation.required).toBe(true);
      expect(peru[1].fieldType).toEqual({ fldType: 'select', htmlType: 'select' });
      expect(peru[1].elements.allowedValues).toEqual([
        { value: 'AFP', label: 'AFP' },
        { value: 'ONP', label: 'ONP' },
      ]);
    }

    const saved = await postJson(
      `${runtime.url}/api/profile-form/data`,
      {
        productType: 'colectivo',
        model: { colectivo: { cantidadempleados: '1.200', sistemaprevisional: 'AFP' } },
      },
      { country: 'PE' },
    );
    expect(saved.status).toBe(201);
    const answer = await json(saved);
    expect(answer).toMatchObject({ form: 'collective', country: 'PE', missingFields: [] });
    const [event] = await runtime.engines.eventStore.readStream(`visitorProfile-${answer.profileId}`);
    expect(event!.data).toMatchObject({
      country: 'PE',
      profile: { colectivo: { cantidadempleados: 1200, sistemaprevisional: 'AFP' } },
    });

    // Without the collective group the form's one required field is missing.
    const missing = await postJson(
      `${runtime.url}/api/profile-form/data`,
      { productType: 'colectivo', model: {} },
      { country: 'PE' },
    );
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors).toEqual([
      expect.objectContaining({
        field: 'model',
        message: 'No se ingresaron los siguientes campos: colectivo',
      }),
    ]);
  });
});
