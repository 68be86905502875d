import type { z } from 'zod';
import {
  INSURANCE_TYPES,
  type ComparatorDefinition,
  type IsaprePlanDefinition,
  type OrganizationDefinition,
  type ProductDefinitionInput,
} from '@cubre/schemas';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { fixtureCommandOptions, ORGANIZATIONS } from '../../support/catalogueOrganizations';
import { isaprePlan } from '../../support/isaprePlan';

const options = fixtureCommandOptions('fixture', () => new Date());

export const organizations: OrganizationDefinition[] = [
  ORGANIZATIONS.consalud,
  ORGANIZATIONS.colmena,
  ORGANIZATIONS.andes,
  ORGANIZATIONS.davila,
  ORGANIZATIONS.pacifico,
];

const plan = isaprePlan;

export const plans: IsaprePlanDefinition[] = [
  plan({ code: 'CS-01', basePriceUf: 1.1 }),
  plan({ code: 'CS-02', basePriceUf: 2.3, modality: 'Libre elección', birthCoverage: 'reducida_parto' }),
  plan({ code: 'CS-03', basePriceUf: 0.9, commercial: false }),
  plan({ code: 'CS-04', basePriceUf: 1.7, modality: 'Plan Cerrado', factorTableCode: null }),
  plan({ code: 'CO-01', isapreCode: 67, basePriceUf: 1.3, factorTableCode: '537', gesUf: 0.52 }),
  plan({ code: 'CO-02', isapreCode: 67, basePriceUf: 0, factorTableCode: '537', gesUf: 0.52 }),
  plan({
    code: 'CO-03',
    isapreCode: 67,
    priceMode: '7%',
    basePriceUf: 0,
    factorTableCode: '537',
    gesUf: 0.52,
  }),
];

const product = (
  overrides: Partial<ProductDefinitionInput> & Pick<ProductDefinitionInput, 'code'>,
): ProductDefinitionInput => ({
  displayName: `Seguro ${overrides.code}`,
  url: overrides.code,
  organizationCode: 'Seguros-Andes',
  insuranceType: 'SEGURO COMPLEMENTARIO',
  country: 'CL',
  price: {
    amount: 0.5,
    unit: 'UF',
    byAge: [
      { fromAge: 0, toAge: 29, amount: 0.4 },
      { fromAge: 30, toAge: 59, amount: 0.7 },
      { fromAge: 60, toAge: 75, amount: 1.4 },
    ],
  },
  coverages: [
    {
      insuranceBenefit: 'Hospitalización',
      tag: 'Hospitalario',
      amounts: [{ kind: 'percentage', value: 80, unit: '%' }],
    },
  ],
  topsAndDeductibles: [
    {
      name: 'General',
      topAmounts: [{ name: 'Tope anual', amount: 1000, unit: 'UF', period: 'anual' }],
      deductibles: [{ amount: 3, unit: 'UF', period: 'anual' }],
    },
  ],
  features: ['telemedicina'],
  availableFrom: '2020-01-01',
  insurableAges: { min: 0, max: 75 },
  ...overrides,
});

export const products: ProductDefinitionInput[] = [
  product({ code: 'COMP-A' }),
  product({
    code: 'COMP-B',
    price: { amount: 0.3, unit: 'UF' },
    features: ['telemedicina', 'dental'],
    isPromoted: true,
    requestCount: 80,
  }),
  product({
    code: 'CAT-A',
    insuranceType: 'SEGURO CATASTROFICO',
    price: { amount: null, unit: 'UF' },
    requestCount: 200,
  }),
  product({
    code: 'CLIN-A',
    organizationCode: 'Clinica-Davila',
    careProviders: ['Clinica-Davila'],
    exclusive: true,
  }),
  product({ code: 'GUARD-A', insuranceType: 'SEGURO GUARDIAS', price: { amount: 0.05, unit: 'UF' } }),
  product({
    code: 'EMP-A',
    insuranceType: 'SEGURO COLECTIVO',
    productType: 'SEGURO COLECTIVO',
    price: { amount: 0.6, unit: 'UF' },
    minEmployeeQuantity: 5,
  }),
  product({
    code: 'PE-A',
    organizationCode: 'Pacifico-Seguros',
    country: 'PE',
    price: { amount: 120, unit: 'PEN' },
  }),
];

export const comparators = [
  {
    code: 'landing-salud',
    name: 'Landing de salud',
    baseUrl: 'Seguros/Salud-Landing',
    insuranceTypes: ['SEGURO COMPLEMENTARIO', 'SEGURO CATASTROFICO'],
    organizationTypes: ['ASEGURADORA' as const],
    pageSize: 15,
  },
];

/** A small catalogue with every kind of card, loaded through the catalogue's own commands. */
export async function loadCatalogueFixture(store: EventStore): Promise<void> {
  for (const type of INSURANCE_TYPES) await defineCatalogueEntry(store, 'insuranceType', type, options());
  for (const organization of organizations)
    await defineCatalogueEntry(store, 'organization', organization, options());
  for (const definition of plans) await defineCatalogueEntry(store, 'isaprePlan', definition, options());
  for (const definition of products) await defineCatalogueEntry(store, 'product', definition, options());
  for (const definition of comparators)
    await defineCatalogueEntry(store, 'comparator', definition, options());
}

/**
 * What the detail routes need on top of the base fixture (services/test/catalogue/routes): similar clinic
 * names (rule 000-5.31), free-choice codes (000-5.30), life and international products (000-5.32), tops
 * of every period (000-5.29), pets, and comparators. Loaded by `loadDetailFixture` only, so the base
 * fixture's counts stay what the comparator's tests expect.
 */
const clinic = (code: string, displayName: string): OrganizationDefinition => ({
  code,
  displayName,
  type: 'CLINICA',
  typeAlias: 'Clínica',
  url: code,
  country: 'CL',
  image: `/images/organizations/${code}.svg`,
});

export const detailOrganizations: OrganizationDefinition[] = [
  clinic('Clinica-Alemana-de-Valdivia', 'Clínica Alemana de Valdivia'),
  clinic('Clinica-Alemana-de-Osorno', 'Clínica Alemana de Osorno'),
  clinic('Clinica-Alemana-de-Temuco', 'Clínica Alemana de Temuco'),
  clinic('Clinica-Alemana-de-Santiago', 'Clínica Alemana de Santiago'),
  clinic('Clinica-Las-Condes', 'Clínica Las Condes'),
  {
    code: 'Global-Health',
    displayName: 'Global Health',
    type: 'ASEGURADORA',
    typeAlias: 'Aseguradora',
    url: 'Global-Health',
    country: 'INT',
  },
  {
    code: 'Hospital-Internacional',
    displayName: 'Hospital Internacional de Miami',
    type: 'PRESTADOR',
    typeAlias: 'Prestador',
    url: 'Hospital-Internacional',
    country: 'INT',
  },
  {
    code: 'Vida-Segura',
    displayName: 'Vida Segura',
    type: 'ASEGURADORA',
    typeAlias: 'Aseguradora',
    url: 'Vida-Segura',
    country: 'CL',
    image: '/images/organizations/Vida-Segura.svg',
  },
];

/** 200 characters: its SEO description is cut to 165 and an ellipsis (rule 001-9.08). */
export const LONG_DESCRIPTION =
  `Seguro complementario con red preferente de clínicas ${'y cobertura amplia '.repeat(8)}`
    .padEnd(200, 'x')
    .slice(0, 200);
/** Exactly 170 characters: kept whole. */
export const DESCRIPTION_170 = 'Seguro de libre elección: '.padEnd(170, 'z');
/** 171 characters: cut. */
export const DESCRIPTION_171 = 'Seguro de vida con indemnización: '.padEnd(171, 'v');

export const detailProducts: ProductDefinitionInput[] = [
  product({
    code: 'DET-PREF',
    displayName: 'Complementario Red Preferente',
    url: 'Complementario-Red-Preferente',
    description: LONG_DESCRIPTION,
    modality: 'Preferente',
    careProviders: [
      'Clinica-Alemana-de-Valdivia',
      'Clinica-Alemana-de-Osorno',
      'Clinica-Las-Condes',
      'Clinica-Alemana-de-Santiago',
      'Clinica-Davila',
      'Clinica-Alemana-de-Temuco',
      'QPCL-2',
    ],
    coverageRequirement: { value: 50, unit: '%', previsionType: 'Ambos' },
    coverages: [
      {
        insuranceBenefit: 'Hospitalización',
        tag: 'Hospitalario',
        amounts: [
          { kind: 'percentage_isapre', minAmount: 70, maxAmount: 90, unit: '%' },
          { kind: 'daily_top', value: 5, unit: 'UF' },
          { kind: 'monthly_top', value: 100, unit: 'UF' },
          { kind: 'weekly_top', value: 30, unit: 'UF' },
          { kind: 'bed_day', value: 4, unit: 'UF' },
        ],
      },
      {
        insuranceBenefit: 'Consulta médica',
        tag: 'Ambulatorio',
        amounts: [
          { kind: 'coverage_pref', value: 80, unit: '%' },
          { kind: 'coverage_libre', value: 50, unit: '%' },
          { kind: 'weekly_top', value: 2, unit: 'UF' },
          { kind: 'daily_top', value: 1, unit: 'UF' },
          { kind: 'yearly_top', value: 40, unit: 'UF' },
        ],
      },
      {
        insuranceBenefit: 'Indemnización por diagnóstico',
        tag: 'Oncológico',
        amounts: [{ kind: 'compensation', value: 100, unit: 'UF' }],
      },
    ],
    topsAndDeductibles: [
      {
        name: 'Red preferente',
        coverageOrganizations: ['Clinica-Alemana-de-Santiago', 'Clinica-Davila'],
        topAmounts: [
          { name: 'Tope diario', amount: 10, unit: 'UF', period: 'diario' },
          { name: 'Tope por evento', amount: 300, unit: 'UF', period: 'evento' },
          { name: 'Tope mensual', amount: 200, unit: 'UF', period: 'mensual' },
          { name: 'Tope anual', amount: 2000, unit: 'UF', period: 'anual' },
          { name: 'Tope semanal', amount: 50, unit: 'UF', period: 'semanal' },
        ],
        deductibles: [
          { amount: 1, unit: 'UF', period: 'evento' },
          { amount: 2, unit: 'UF', period: 'anual' },
        ],
      },
    ],
    features: ['telemedicina', 'dental', 'reembolso-online'],
    conditions: ['Carencia de 90 días.'],
    exclusions: ['Preexistencias no declaradas.'],
    extraBenefits: ['Descuento en farmacias.'],
    faq: [{ question: '¿Cubre a mis hijos?', answer: 'Sí, hasta los 24 años.' }],
  }),
  product({
    code: 'DET-LE',
    displayName: 'Complementario Libre Elección',
    url: 'Complementario-Libre-Eleccion',
    description: DESCRIPTION_170,
    modality: 'Libre Elección',
    careProviders: [],
    price: { amount: 0.5, unit: 'UF', dependantsPay: false, byAge: [{ fromAge: 0, toAge: 75, amount: 0.5 }] },
  }),
  product({
    code: 'VIDA-A',
    displayName: 'Vida Protegida',
    organizationCode: 'Vida-Segura',
    insuranceType: 'SEGURO VIDA',
    productType: 'SEGURO VIDA',
    seo: { title: 'Vida Protegida | Cubre', description: DESCRIPTION_171 },
    insurableAges: { min: 18, max: 70 },
    price: {
      amount: 0.3,
      unit: 'UF',
      byAge: [
        { fromAge: 18, toAge: 39, amount: 0.3 },
        { fromAge: 40, toAge: 70, amount: 0.8 },
      ],
    },
    coverages: [
      {
        insuranceBenefit: 'Indemnización por fallecimiento',
        tag: 'Vida',
        amounts: [{ kind: 'compensation', value: 1000, unit: 'UF' }],
      },
      {
        insuranceBenefit: 'Asistencia funeraria',
        tag: 'Vida',
        amounts: [{ kind: 'top_amount', value: 30, unit: 'UF' }],
      },
    ],
    topsAndDeductibles: [
      {
        name: 'Capitales',
        topAmounts: [
          { name: 'Indemnización por invalidez', amount: 500, unit: 'UF', period: 'evento' },
          { name: 'Tope gastos médicos', amount: 50, unit: 'UF', period: 'anual' },
        ],
        deductibles: [],
      },
    ],
    features: ['invalidez'],
  }),
  product({
    code: 'INTL-A',
    displayName: 'Global Care Mundo',
    organizationCode: 'Global-Health',
    insuranceType: 'SEGURO INTERNACIONAL CL',
    productType: 'SEGURO INTERNACIONAL',
    country: 'INT',
    price: { amount: 2400, unit: 'USD/Año', periodicity: 'anual' },
    coverageCountries: ['Todo el mundo', 'Estados Unidos'],
    careProviders: ['Hospital-Internacional', 'QPCL-1'],
    topsAndDeductibles: [
      {
        name: 'Internacional',
        topAmounts: [{ name: 'Cobertura máxima anual', amount: 1_000_000, unit: 'USD', period: 'anual' }],
        deductibles: [{ amount: 1000, unit: 'USD', period: 'anual' }],
      },
    ],
  }),
  product({
    code: 'PET-A',
    displayName: 'Mascota Feliz',
    insuranceType: 'SEGURO MASCOTAS',
    productType: 'SEGURO_MASCOTAS',
    insurableAges: { min: 0, max: 10 },
    price: {
      amount: 0.25,
      unit: 'UF',
      byAge: [
        { fromAge: 0, toAge: 2, amount: 0.25 },
        { fromAge: 3, toAge: 6, amount: 0.4 },
        { fromAge: 7, toAge: 10, amount: 0.6 },
      ],
    },
  }),
];

export const detailComparators: Array<z.input<typeof ComparatorDefinition>> = [
  {
    code: 'seguros-de-salud',
    name: 'Seguros de Salud',
    baseUrl: 'Comparar/Seguros-de-Salud',
    insuranceTypes: ['SEGURO COMPLEMENTARIO', 'SEGURO CATASTROFICO'],
    organizationTypes: ['ASEGURADORA', 'CLINICA'],
    features: [
      {
        code: 'telemedicina',
        name: 'Telemedicina',
        description: 'Consultas por video.',
        icon: 'feature-tele',
      },
      { code: 'dental', name: 'Dental', icon: 'feature-dental' },
      { code: 'maternidad', name: 'Maternidad' },
    ],
    faq: [{ question: '¿Qué es un seguro complementario?', answer: 'Reembolsa lo que tu isapre no cubre.' }],
    blockZones: [{ id: 'salud-top', zone: 'top', title: 'Compara', html: '<p>Compara hasta 3 planes.</p>' }],
    whyUs: [{ title: 'Precios exactos', text: 'Según tu perfil.' }],
    benefits: ['Precios según tu perfil'],
  },
  {
    code: 'isapres',
    name: 'Planes de Isapre',
    baseUrl: 'Comparar/Isapres',
    insuranceTypes: ['PLAN ISAPRE'],
    organizationTypes: ['ISAPRE'],
    productType: 'ISAPRES',
  },
  {
    code: 'mascotas',
    name: 'Seguros de Mascotas',
    baseUrl: 'Comparar/Seguros-Mascotas',
    insuranceTypes: ['SEGURO MASCOTAS'],
    organizationTypes: ['ASEGURADORA'],
    productType: 'SEGURO_MASCOTAS',
  },
  {
    code: 'partner-salud',
    name: 'Salud para socios',
    baseUrl: 'Socios/Salud',
    insuranceTypes: ['SEGURO COMPLEMENTARIO'],
    organizationTypes: ['ASEGURADORA'],
    showcase: true,
  },
];

/** The base fixture plus the detail routes' organizations, products and comparators. */
export async function loadDetailFixture(store: EventStore): Promise<void> {
  await loadCatalogueFixture(store);
  for (const organization of detailOrganizations)
    await defineCatalogueEntry(store, 'organization', organization, options());
  for (const definition of detailProducts)
    await defineCatalogueEntry(store, 'product', definition, options());
  for (const definition of detailComparators)
    await defineCatalogueEntry(store, 'comparator', definition, options());
}
