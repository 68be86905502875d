import type { z } from 'zod';
import {
  INSURANCE_TYPES,
  type ComparatorDefinition,
  type InsuranceTypeDefinition,
  type IsaprePlanDefinition,
  type OrganizationDefinition,
  type ProductDefinitionInput,
} from '@cubre/schemas';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { POPULAR_FROM_REQUESTS } from '@cubre/services/catalogue/comparator/resultCard';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import { fixtureCommandOptions, ORGANIZATIONS } from '../support/catalogueOrganizations';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { isaprePlan } from '../support/isaprePlan';

/**
 * The catalogue of the seed 000 §3 rule tests (services/test/rules000): a few products whose every field
 * differs from its neighbour's, so an answer that mixes two products, or a default the code puts in place
 * of the catalogue's value, shows. Loaded through the catalogue's own commands, as the import and the demo
 * load theirs.
 */

/** The day the suites run on: R-COMP, available from 2025-08-20, is new (younger than 2 months). */
export const TODAY = new Date('2025-09-15T12:00:00Z');

export const COMPLEMENTARIO_DESCRIPTION = 'Reembolsa lo que tu isapre o Fonasa no cubre.';

/** The insurance-type table the product ships (INSURANCE_TYPES), one of them given a description. */
export const insuranceTypes: InsuranceTypeDefinition[] = INSURANCE_TYPES.map((type) =>
  type.name === 'SEGURO COMPLEMENTARIO' ? { ...type, description: COMPLEMENTARIO_DESCRIPTION } : type,
);

export const organizations: OrganizationDefinition[] = [
  ORGANIZATIONS.andes,
  ORGANIZATIONS.consalud,
  ORGANIZATIONS.davila,
  {
    code: 'Aseguradora-Sur',
    displayName: 'Aseguradora Sur',
    type: 'ASEGURADORA',
    typeAlias: 'Compañía de seguros',
    url: 'Aseguradora-Sur',
    country: 'CL',
    image: '/images/organizations/Aseguradora-Sur.svg',
  },
  {
    code: 'Clinica-Las-Condes',
    displayName: 'Clínica Las Condes',
    type: 'CLINICA',
    typeAlias: 'Clínica',
    url: 'Clinica-Las-Condes',
    country: 'CL',
  },
  {
    code: 'Rimac-EPS',
    displayName: 'Rímac EPS',
    type: 'EPS',
    typeAlias: 'EPS',
    url: 'Rimac-EPS',
    country: 'PE',
  },
];

const product = (
  overrides: Partial<ProductDefinitionInput> & Pick<ProductDefinitionInput, 'code'>,
): ProductDefinitionInput => ({
  displayName: `Seguro ${overrides.code}`,
  url: overrides.code,
  organizationCode: 'Seguros-Andes',
  insuranceType: 'SEGURO COMPLEMENTARIO',
  country: 'CL',
  price: { amount: 0.5, unit: 'UF' },
  availableFrom: '2020-01-01',
  ...overrides,
});

export const products: ProductDefinitionInput[] = [
  product({
    code: 'R-COMP',
    displayName: 'Complementario Sur Preferente',
    url: 'Complementario-Sur-Preferente',
    organizationCode: 'Aseguradora-Sur',
    modality: 'Preferente',
    availableFrom: '2025-08-20',
    exclusive: true,
    isPromoted: true,
    requestCount: POPULAR_FROM_REQUESTS + 10,
    salesChannels: ['ONLINE', 'EJECUTIVO'],
    careProviders: ['Clinica-Davila', 'Clinica-Las-Condes', 'QPCL-1'],
    offers: [{ type: 'DISCOUNT', unitCode: 'PERCENT', amount: 10 }],
    insurableAges: { min: 18, max: 65 },
    price: {
      amount: 0.5,
      unit: 'UF',
      byAge: [
        { fromAge: 18, toAge: 29, amount: 0.4 },
        { fromAge: 30, toAge: 49, amount: 0.7 },
        { fromAge: 50, toAge: 65, amount: 1.3 },
      ],
    },
    metadata: {
      coverage_ratio: '80% de reembolso',
      refund: 'Reembolso en 48 horas',
      coberturas_adicionales: 'Dental y óptica',
      coberturas_adicionales_tooltip: 'Incluidas sin costo en el plan familiar',
    },
    coverageRequirement: { value: 50, unit: '%', previsionType: 'Isapre' },
    coverages: [
      {
        insuranceBenefit: 'Hospitalización',
        tag: 'Hospitalario',
        amounts: [
          { kind: 'percentage_isapre', minAmount: 70, maxAmount: 90, unit: '%' },
          { kind: 'bed_day', value: 4, unit: 'UF' },
        ],
      },
      {
        insuranceBenefit: 'Cirugía',
        tag: 'Hospitalario',
        amounts: [{ kind: 'percentage_isapre', value: 90, unit: '%' }],
      },
      {
        insuranceBenefit: 'Consulta médica',
        tag: 'Ambulatorio',
        amounts: [
          { kind: 'coverage_pref', value: 80, unit: '%' },
          { kind: 'coverage_libre', value: 50, unit: '%' },
        ],
      },
    ],
    topsAndDeductibles: [
      {
        name: 'General',
        topAmounts: [
          { name: 'Tope anual', amount: 1000, unit: 'UF', period: 'anual' },
          { name: 'Tope anual dental', amount: 50, unit: 'UF', period: 'anual' },
          { name: 'Tope mensual', amount: 100, unit: 'UF', period: 'mensual' },
        ],
        deductibles: [
          { amount: 3, unit: 'UF', period: 'anual' },
          { amount: 1, unit: 'UF', period: 'evento' },
        ],
      },
    ],
    features: ['telemedicina', 'dental', 'reembolso-online'],
  }),
  product({
    code: 'R-LE',
    displayName: 'Catastrófico Andes Libre Elección',
    insuranceType: 'SEGURO CATASTROFICO',
    modality: 'Libre Elección',
    requestCount: POPULAR_FROM_REQUESTS - 1,
    offers: [{ type: 'STOCK', count: 0 }],
    price: { amount: null, unit: 'UF' },
    coverageRequirement: { value: 2, unit: 'UF', previsionType: 'Ambos', previousCoverage: true },
    coverages: [
      {
        insuranceBenefit: 'Cáncer',
        tag: 'Oncológico',
        amounts: [{ kind: 'max_coverage', value: 5000, unit: 'UF' }],
      },
    ],
  }),
  product({
    code: 'R-EMP',
    displayName: 'Complementario Empresas',
    insuranceType: 'SEGURO COLECTIVO',
    productType: 'SEGURO COLECTIVO',
    minEmployeeQuantity: 8,
    price: { amount: 0.6, unit: 'UF' },
    metadata: {
      metadata_colectivo: [
        { key: 'reembolso_hospitalario', categoria: 'Hospitalario', tipo: '%', value: '90' },
        { key: 'tope_dental', categoria: 'Dental', tipo: 'UF', value: '15' },
      ],
    },
  }),
  product({
    code: 'R-VIDA',
    displayName: 'Vida con Ahorro Sur',
    organizationCode: 'Aseguradora-Sur',
    insuranceType: 'SEGURO VIDA AHORRO',
    productType: 'SEGURO VIDA',
    price: { amount: 2, unit: 'UF' },
    metadata: {
      aporte_inicial: '5 UF',
      temporalidad: 'Anual renovable',
      cubre_hasta_los: '80 años',
      beneficio_tributario: 'APV régimen A',
      fondos_disponibles: 'Conservador, Moderado, Agresivo',
    },
  }),
  product({
    code: 'R-EPS',
    displayName: 'Plan EPS Rímac',
    organizationCode: 'Rimac-EPS',
    insuranceType: 'EPS',
    productType: 'colectivo',
    country: 'PE',
    price: { amount: 95, unit: 'PEN' },
  }),
];

const plan = isaprePlan;

export const plans: IsaprePlanDefinition[] = [
  // A maternity plan: birth, neonatology and obstetrics (1) and psychiatry (2) are restricted services.
  plan({
    code: 'R-MAT',
    birthCoverage: 'reducida_parto',
    restrictionCodes: [1, 2],
    hospitalCoverage: 100,
    ambulatoryCoverage: 80,
  }),
  plan({ code: 'R-FREE', restrictionCodes: [6], modality: 'Libre elección' }),
];

export const comparators: Array<z.input<typeof ComparatorDefinition>> = [
  {
    code: 'rules-salud',
    name: 'Seguros de Salud',
    baseUrl: 'Comparar/Seguros-de-Salud',
    insuranceTypes: ['SEGURO COMPLEMENTARIO', 'SEGURO CATASTROFICO'],
    organizationTypes: ['ASEGURADORA', 'CLINICA'],
    features: [
      { code: 'telemedicina', name: 'Telemedicina', description: 'Consultas por video.', icon: 'tele' },
      { code: 'dental', name: 'Cobertura dental', icon: 'dental' },
      { code: 'maternidad', name: 'Maternidad' },
    ],
  },
  {
    code: 'rules-isapres',
    name: 'Planes de Isapre',
    baseUrl: 'Comparar/Isapres',
    insuranceTypes: ['PLAN ISAPRE'],
    organizationTypes: ['ISAPRE'],
    productType: 'ISAPRES',
    features: [{ code: 'maternidad', name: 'Maternidad' }],
  },
];

export interface RulesCatalogue {
  insuranceTypes?: InsuranceTypeDefinition[];
  organizations?: OrganizationDefinition[];
  products?: ProductDefinitionInput[];
  plans?: IsaprePlanDefinition[];
  comparators?: Array<z.input<typeof ComparatorDefinition>>;
}

/** Defines a catalogue through the catalogue's commands (the fixture's by default). */
export async function loadRulesCatalogue(store: EventStore, catalogue: RulesCatalogue = {}): Promise<void> {
  const options = fixtureCommandOptions('rules000', () => TODAY);
  for (const type of catalogue.insuranceTypes ?? insuranceTypes)
    await defineCatalogueEntry(store, 'insuranceType', type, options());
  for (const organization of catalogue.organizations ?? organizations)
    await defineCatalogueEntry(store, 'organization', organization, options());
  for (const definition of catalogue.plans ?? plans)
    await defineCatalogueEntry(store, 'isaprePlan', definition, options());
  for (const definition of catalogue.products ?? products)
    await defineCatalogueEntry(store, 'product', definition, options());
  for (const definition of catalogue.comparators ?? comparators)
    await defineCatalogueEntry(store, 'comparator', definition, options());
}

/**
 * The real runtime over HTTP with this catalogue loaded and the catalogue projection caught up. `clock`
 * is the runtime's (a suite that moves time passes its own).
 */
export async function startRulesRuntime(
  catalogue: RulesCatalogue = {},
  clock: () => Date = () => TODAY,
): Promise<TestRuntime> {
  const runtime = await startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: '0' }, { clock });
  await loadRulesCatalogue(runtime.engines.eventStore, catalogue);
  const head = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'product-x' },
    ['catalogue'],
    20_000,
  );
  return runtime;
}

/** Every organization type: a comparison that names them all filters on nothing else. */
export const ALL_ORGANIZATION_TYPES = [
  'ASEGURADORA',
  'ISAPRE',
  'CLINICA',
  'PRESTADOR',
  'EPS',
  'MEDICINA_PREPAGADA',
  'CORREDORA',
];

export async function compare(
  runtime: TestRuntime,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await postJson(`${runtime.url}/api/insurance/compare/metadata`, body, headers);
  return { status: response.status, headers: response.headers, body: await json(response) };
}

export async function getJson(runtime: TestRuntime, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${runtime.url}${path}`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), body: await json(response) };
}

/** Every card of a comparison, page after page (at most 100 a page). */
export async function allCards(
  runtime: TestRuntime,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<any[]> {
  const cards: any[] = [];
  for (let page = 1; ; page++) {
    const answer = await compare(runtime, { take: 100, ...body, page }, headers);
    expect(answer.status).toBe(200);
    cards.push(...answer.body.data);
    if (answer.body.data.length === 0 || cards.length >= answer.body.metaData.total) return cards;
  }
}
