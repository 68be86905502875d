import { ProductType, type OrganizationDefinition, type ProductDefinitionInput } from '@cubre/schemas';
import type { TestRuntime } from '../support/testRuntime';
import {
  ALL_ORGANIZATION_TYPES,
  allCards,
  compare,
  getJson,
  organizations,
  products,
  startRulesRuntime,
} from './fixture';

/**
 * Seed 000 §3 "Insurance type catalogue" and "Product types seen", over HTTP against the real runtime: the
 * catalogue is loaded with the insurance-type table the product ships (INSURANCE_TYPES), and one product of
 * each type of the seed's table is found by its url segment.
 */

/** The seed's table, as it gives it: url segment → internal name. */
const SEED_TYPES: [segment: string, name: string][] = [
  ['Primario', 'SEGURO PRIMARIO'],
  ['Complementario-Catastrofico', 'SEGURO INTEGRAL'],
  ['Complementario', 'SEGURO COMPLEMENTARIO'],
  ['Catastrofico', 'SEGURO CATASTROFICO'],
  ['Oncologico', 'SEGURO ONCOLOGICO'],
  ['Escolar', 'SEGURO ESCOLAR UNIVERSITARIO'],
  ['Accidente-y-Urgencia', 'SEGURO ACCIDENTES URGENCIA'],
  ['Dental', 'SEGURO DENTAL'],
  ['Cardiologico', 'SEGURO CARDIOLOGICO'],
  ['Servicio-Asistencia', 'SERVICIO ASISTENCIA'],
  ['Farmacia', 'SEGURO MEDICAMENTOS'],
  ['Internacional', 'SEGURO INTERNACIONAL CL'],
  ['Estetica', 'SEGURO ESTETICA'],
  ['Coberturas', 'SEGURO_COBERTURA'],
  ['Adulto-Mayor', 'SEGURO ADULTO MAYOR'],
];
/** Shown in partner showcases only (seed 000 §3). */
const SHOWCASE_ONLY = new Set(['Estetica', 'Coberturas']);

/** A product of each type of the table, sold by an insurer no other product of the suite has. */
const typeProducts: ProductDefinitionInput[] = SEED_TYPES.map(([segment, name]) => ({
  code: `T-${segment}`,
  displayName: `Seguro tipo ${segment}`,
  url: `T-${segment}`,
  organizationCode: 'Seguros-Tipos',
  insuranceType: name,
  country: 'CL',
  price: { amount: 0.5, unit: 'UF' },
  availableFrom: '2020-01-01',
}));

const extraOrganizations: OrganizationDefinition[] = [
  {
    code: 'Seguros-Tipos',
    displayName: 'Seguros Tipos',
    type: 'ASEGURADORA',
    typeAlias: 'Aseguradora',
    url: 'Seguros-Tipos',
    country: 'CL',
  },
  {
    code: 'Colsanitas',
    displayName: 'Colsanitas',
    type: 'MEDICINA_PREPAGADA',
    typeAlias: 'Medicina prepagada',
    url: 'Colsanitas',
    country: 'CO',
  },
];

/** Products of the product types the rule lists that the shared fixture lacks. */
const productTypeProducts: ProductDefinitionInput[] = [
  {
    code: 'R-MASCOTA',
    displayName: 'Mascota Sur',
    url: 'R-MASCOTA',
    organizationCode: 'Seguros-Andes',
    insuranceType: 'SEGURO MASCOTAS',
    productType: 'SEGURO_MASCOTAS',
    country: 'CL',
    price: { amount: 0.3, unit: 'UF' },
    availableFrom: '2020-01-01',
  },
  {
    code: 'R-INTL',
    displayName: 'Salud Internacional Andes',
    url: 'R-INTL',
    organizationCode: 'Seguros-Andes',
    insuranceType: 'SEGURO INTERNACIONAL CL',
    productType: 'SEGURO INTERNACIONAL',
    country: 'CL',
    price: { amount: 3, unit: 'UF' },
    availableFrom: '2020-01-01',
  },
  {
    code: 'R-SCTR',
    displayName: 'SCTR Rímac',
    url: 'R-SCTR',
    organizationCode: 'Rimac-EPS',
    insuranceType: 'SCTR',
    productType: 'SCTR',
    country: 'PE',
    price: { amount: 40, unit: 'PEN' },
    availableFrom: '2020-01-01',
  },
  {
    code: 'R-PREPAGADA',
    displayName: 'Plan Colsanitas Integral',
    url: 'R-PREPAGADA',
    organizationCode: 'Colsanitas',
    insuranceType: 'MEDICINA PREPAGADA',
    productType: 'Medicina Prepagada',
    country: 'CO',
    price: { amount: 350_000, unit: 'COP' },
    availableFrom: '2020-01-01',
  },
];

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startRulesRuntime({
    organizations: [...organizations, ...extraOrganizations],
    products: [...products, ...typeProducts, ...productTypeProducts],
  });
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
});

const codesOf = (cards: any[]) => cards.map((card) => card.productCode).sort();

describe('000 §3 insurance types', () => {
  test('000-3.28 each url segment of the seed names exactly its internal type: the filter finds that type’s products and only them', async () => {
    for (const [segment, name] of SEED_TYPES) {
      const found = await allCards(runtime, {
        organizationTypes: ['ASEGURADORA'],
        organizations: ['Seguros-Tipos'],
        insuranceTypes: [segment],
        displayShowcase: true,
      });
      expect([segment, codesOf(found)]).toEqual([segment, [`T-${segment}`]]);
      expect([segment, found[0].insuranceType.name]).toEqual([segment, name]);
      // The product's own page names the pair the other way round.
      const product = await getJson(runtime, `/api/insurance/product/T-${segment}`);
      expect(product.body.insuranceType).toMatchObject({ urlSegment: segment, name });
      // The internal name finds the same product.
      const byName = await allCards(runtime, {
        organizationTypes: ['ASEGURADORA'],
        organizations: ['Seguros-Tipos'],
        insuranceTypes: [name],
        displayShowcase: true,
      });
      expect(codesOf(byName)).toEqual([`T-${segment}`]);
    }
    // The names the seed shows for two of them.
    const integral = await getJson(runtime, '/api/insurance/product/T-Complementario-Catastrofico');
    expect(integral.body.insuranceType.displayName).toBe('Complementario + Catastrófico');
    const escolar = await getJson(runtime, '/api/insurance/product/T-Escolar');
    expect(escolar.body.insuranceType.displayName).toBe('Escolar/Universitario');
    // Estética and Coberturas are for partner showcases only.
    const site = await allCards(runtime, {
      organizationTypes: ['ASEGURADORA'],
      organizations: ['Seguros-Tipos'],
    });
    expect(codesOf(site)).toEqual(
      SEED_TYPES.filter(([segment]) => !SHOWCASE_ONLY.has(segment))
        .map(([segment]) => `T-${segment}`)
        .sort(),
    );
  });
});

describe('000 §3 product types', () => {
  /** Product type → edition and the fixture's products of that type. */
  const BY_PRODUCT_TYPE: [productType: string, country: string, codes: string[]][] = [
    ['SEGURO_MASCOTAS', 'CL', ['R-MASCOTA']],
    ['SEGURO COLECTIVO', 'CL', ['R-EMP']],
    ['SCTR', 'PE', ['R-SCTR']],
    ['colectivo', 'PE', ['R-EPS']],
    ['SEGURO INTERNACIONAL', 'CL', ['R-INTL']],
    ['SEGURO VIDA', 'CL', ['R-VIDA']],
    ['ISAPRES', 'CL', ['R-FREE', 'R-MAT']],
    ['Medicina Prepagada', 'CO', ['R-PREPAGADA']],
  ];

  test("000-3.31 product types are SEGURO_MASCOTAS, SEGURO COLECTIVO, SCTR, colectivo, SEGURO INTERNACIONAL, SEGURO VIDA, ISAPRES, 'Medicina Prepagada' and empty (the default); EPS is colectivo", async () => {
    expect([...ProductType.options].sort()).toEqual(
      ['', ...BY_PRODUCT_TYPE.map(([productType]) => productType)].sort(),
    );
    for (const [productType, country, codes] of BY_PRODUCT_TYPE) {
      const found = await allCards(
        runtime,
        { organizationTypes: ALL_ORGANIZATION_TYPES, productType },
        { country },
      );
      expect([productType, codesOf(found)]).toEqual([productType, codes]);
      for (const card of found) expect(card.insuranceMetadata.product_type).toBe(productType);
      // The profile form knows every product type.
      const form = await getJson(
        runtime,
        `/api/profile-form/form?productType=${encodeURIComponent(productType)}&country=${country}`,
      );
      expect([productType, form.status, form.body.profileForm?.productType]).toEqual([
        productType,
        200,
        productType,
      ]);
    }
    // Empty is the default: it filters nothing, and the products that name no type have it.
    const everything = await allCards(runtime, { organizationTypes: ALL_ORGANIZATION_TYPES });
    const empty = await allCards(runtime, { organizationTypes: ALL_ORGANIZATION_TYPES, productType: '' });
    expect(codesOf(empty)).toEqual(codesOf(everything));
    const comp = everything.find((card) => card.productCode === 'R-COMP');
    expect(comp.insuranceMetadata.product_type).toBe('');
    expect((await getJson(runtime, '/api/profile-form/form')).body.profileForm.productType).toBe('');

    // No other product type is one: not EPS itself, nor an invented one.
    for (const productType of ['EPS', 'SEGURO AUTO']) {
      const refused = await compare(runtime, { organizationTypes: ALL_ORGANIZATION_TYPES, productType });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: 'productType' }));
      const form = await getJson(
        runtime,
        `/api/profile-form/form?productType=${encodeURIComponent(productType)}`,
      );
      expect(form.status).toBe(400);
    }

    // EPS corresponds to colectivo: an EPS plan is collective, priced per employee, with the company form.
    const eps = (
      await allCards(runtime, { organizationTypes: ['EPS'], insuranceTypes: ['EPS'] }, { country: 'PE' })
    )[0];
    expect(eps).toMatchObject({
      productCode: 'R-EPS',
      insuranceType: { name: 'EPS' },
      insuranceMetadata: { product_type: 'colectivo' },
      price: { collective: 'porEmpleado', suffix: '/mes p/empl' },
    });
    expect(eps.affinity).toMatch(/ para ti$/);
    const colectivo = await getJson(runtime, '/api/profile-form/form?productType=colectivo&country=PE');
    const seguroColectivo = await getJson(
      runtime,
      '/api/profile-form/form?productType=SEGURO%20COLECTIVO&country=PE',
    );
    expect(colectivo.body.profileForm.kind).toBe('collective');
    expect(colectivo.body.profileForm.kind).toBe(seguroColectivo.body.profileForm.kind);
  });
});
