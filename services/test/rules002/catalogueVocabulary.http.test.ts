import { INSURANCE_TYPES, type IsaprePlanDefinition, type ProductDefinitionInput } from '@cubre/schemas';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import { json } from '../support/http';
import { fixtureCommandOptions, ORGANIZATIONS } from '../support/catalogueOrganizations';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { isaprePlan } from '../support/isaprePlan';

/**
 * Seed 002 §3 catalogue vocabulary through the comparator and product routes of the real runtime: the
 * periods and cover modes of tops (002-3.26) and the health-system codes (002-3.27).
 */
const TODAY = new Date('2025-09-15T12:00:00Z');
const options = fixtureCommandOptions('rules002', () => TODAY);

const product = (code: string, overrides: Partial<ProductDefinitionInput> = {}): ProductDefinitionInput => ({
  code,
  displayName: `Seguro ${code}`,
  url: code,
  organizationCode: 'Seguros-Andes',
  insuranceType: 'SEGURO COMPLEMENTARIO',
  country: 'CL',
  price: { amount: 0.5, unit: 'UF' },
  coverages: [
    {
      insuranceBenefit: 'Consulta médica',
      tag: 'Ambulatorio',
      amounts: [{ kind: 'percentage', value: 70, unit: '%' }],
    },
  ],
  topsAndDeductibles: [],
  features: [],
  availableFrom: '2020-01-01',
  insurableAges: { min: 0, max: 75 },
  ...overrides,
});

/** Every period the catalogue knows, in an order the view must not keep. */
const EVERY_PERIOD = ['vitalicio', 'evento', 'semestral', 'diario', 'semanal', 'mensual', 'anual'] as const;

const PRODUCTS: ProductDefinitionInput[] = [
  product('TOPES-COMPLETOS', {
    careProviders: ['Clinica-Davila', 'QPCL-1'],
    coverageRequirement: { value: 50, unit: '%', previsionType: 'Ambos' },
    coverages: [
      {
        insuranceBenefit: 'Hospitalización',
        tag: 'Hospitalario',
        amounts: [
          { kind: 'top_amount_pref', value: 500, unit: 'UF' },
          { kind: 'top_amount_libre', value: 200, unit: 'UF' },
        ],
      },
    ],
    topsAndDeductibles: [
      {
        name: 'Topes del seguro',
        coverageOrganizations: ['Clinica-Davila'],
        topAmounts: EVERY_PERIOD.map((period, index) => ({
          name: `Tope ${period}`,
          amount: 100 + index,
          unit: 'UF' as const,
          period,
        })),
        deductibles: [{ amount: 1, unit: 'UF', period: 'evento' }],
      },
    ],
  }),
  product('SOLO-ISAPRE', { coverageRequirement: { value: 50, unit: '%', previsionType: 'Isapre' } }),
  product('SOLO-FONASA', { coverageRequirement: { value: 50, unit: '%', previsionType: 'Fonasa' } }),
];

const ISAPRE_PLAN: IsaprePlanDefinition = isaprePlan({
  code: 'PLAN-107',
  displayName: 'Plan Consalud 107',
  factorTableCode: null,
});

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: '0' }, { clock: () => TODAY });
  const store = runtime.engines.eventStore;
  for (const type of INSURANCE_TYPES) await defineCatalogueEntry(store, 'insuranceType', type, options());
  for (const organization of [ORGANIZATIONS.andes, ORGANIZATIONS.consalud, ORGANIZATIONS.davila])
    await defineCatalogueEntry(store, 'organization', organization, options());
  await defineCatalogueEntry(store, 'isaprePlan', ISAPRE_PLAN, options());
  for (const definition of PRODUCTS) await defineCatalogueEntry(store, 'product', definition, options());
  const head = await store.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'product-x' },
    ['catalogue'],
    20_000,
  );
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
});

const get = async (path: string) => {
  const response = await fetch(`${runtime.url}${path}`);
  expect([path, response.status]).toEqual([path, 200]);
  return json(response);
};

describe('tops and their cover modes', () => {
  test('002-3.26 top periods are per event, year, month, week, day, semiannual and lifetime; caps say preferente or libre elección; cover modes are preferente and libre elección', async () => {
    const groups = (await get('/api/insurance/TOPES-COMPLETOS/topAmountsAndDeductibles')).data;
    const defined = groups.find((group: any) => group.name === 'Topes del seguro');
    expect(defined.topAmounts.map((top: any) => top.period)).toEqual([
      'anual',
      'mensual',
      'semanal',
      'diario',
      'semestral',
      'evento',
      'vitalicio',
    ]);
    expect(defined.topAmounts.map((top: any) => top.name)).toEqual(
      ['anual', 'mensual', 'semanal', 'diario', 'semestral', 'evento', 'vitalicio'].map(
        (period) => `Tope ${period}`,
      ),
    );
    expect(defined.deductibles).toEqual([expect.objectContaining({ amount: 1, period: 'evento' })]);

    // The caps of a coverage with a preferential and a free-choice top: per event, each labelled.
    const caps = groups.find((group: any) => group.source === 'coberturas').topAmounts;
    expect(caps).toEqual([
      expect.objectContaining({
        name: 'Hospitalización (preferente)',
        amount: 500,
        period: 'evento',
        of: { benefit: 'Hospitalización', qualifier: 'preferred' },
      }),
      expect.objectContaining({
        name: 'Hospitalización (libre elección)',
        amount: 200,
        period: 'evento',
        of: { benefit: 'Hospitalización', qualifier: 'freeChoice' },
      }),
    ]);

    // The product's providers by cover mode: the preferential network, and free choice (QPCL-1).
    const providers = await get('/api/insurance/TOPES-COMPLETOS/coverageOrganizations');
    expect(Object.keys(providers.lists).sort()).toEqual(['internacional', 'libreEleccion', 'preferente']);
    expect(providers.lists.preferente).toEqual([
      expect.objectContaining({ organizationCode: 'Clinica-Davila', list: 'preferente' }),
    ]);
    expect(providers.lists.libreEleccion).toEqual([
      expect.objectContaining({ organizationCode: 'QPCL-1', type: 'LIBRE_ELECCION', list: 'libreEleccion' }),
    ]);

    // No other period: a product naming one is refused by the catalogue's command.
    await expect(
      defineCatalogueEntry(
        runtime.engines.eventStore,
        'product',
        product('TOPE-QUINCENAL', {
          topsAndDeductibles: [
            {
              name: 'Topes',
              topAmounts: [{ name: 'Tope quincenal', amount: 10, unit: 'UF', period: 'quincenal' as never }],
              deductibles: [],
            },
          ],
        }),
        options(),
      ),
    ).rejects.toThrow(/period/);
  });
});

describe('health-system codes', () => {
  const compare = async (body: Record<string, unknown>) => {
    const response = await postJson(`${runtime.url}/api/insurance/compare/metadata`, {
      organizationTypes: ['ASEGURADORA', 'ISAPRE'],
      take: 50,
      ...body,
    });
    expect(response.status).toBe(200);
    return ((await json(response)).data as { productCode: string }[]).map((card) => card.productCode).sort();
  };
  const saveProfile = (model: Record<string, unknown>) =>
    postJson(`${runtime.url}/api/profile-form/data`, { productType: 'ISAPRES', model });

  test('002-3.27 Isapre is code 12 and Fonasa code 2: in the comparator filter and in a profile', async () => {
    const everything = await compare({});
    expect(everything).toEqual(['PLAN-107', 'SOLO-FONASA', 'SOLO-ISAPRE', 'TOPES-COMPLETOS']);

    const isapre = await compare({ previsiones: ['12'] });
    expect(isapre).toEqual(['PLAN-107', 'SOLO-ISAPRE', 'TOPES-COMPLETOS']);
    expect(await compare({ previsiones: ['Isapre'] })).toEqual(isapre);
    const fonasa = await compare({ previsiones: ['2'] });
    expect(fonasa).toEqual(['SOLO-FONASA', 'TOPES-COMPLETOS']);
    expect(await compare({ previsiones: ['Fonasa'] })).toEqual(fonasa);
    expect(await compare({ previsiones: ['12', '2'] })).toEqual(everything);

    // A profile's prevision by code is stored by name.
    for (const [code, name] of [
      ['12', 'Isapre'],
      [2, 'Fonasa'],
    ] as const) {
      const saved = await saveProfile({ cotizante: [{ edad: 40 }], prevision: code });
      expect(saved.status).toBe(201);
      const { profileId } = await json(saved);
      const [event] = await runtime.engines.eventStore.readStream(`visitorProfile-${profileId}`);
      expect([code, (event!.data as any).profile.prevision]).toEqual([code, name]);
    }
    // Any other code is no health system.
    const refused = await saveProfile({ cotizante: [{ edad: 40 }], prevision: '3' });
    expect(refused.status).toBe(400);
    expect((await json(refused)).errors).toContainEqual(
      expect.objectContaining({
        field: 'model.prevision',
        message: 'La previsión debe ser Isapre o Fonasa',
      }),
    );
  });
});
