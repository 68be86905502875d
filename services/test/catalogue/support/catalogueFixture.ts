import { randomUUID } from 'node:crypto';
import {
  INSURANCE_TYPES,
  type IsaprePlanDefinition,
  type OrganizationDefinition,
  type ProductDefinitionInput,
} from '@cubre/schemas';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import type { EventStore } from '@cubre/services/platform/ports/eventStore';

const options = () => ({
  actor: { kind: 'system' as const, id: 'fixture' },
  correlationId: randomUUID(),
  now: new Date(),
});

export const organizations: OrganizationDefinition[] = [
  {
    code: 'Consalud',
    displayName: 'Consalud',
    type: 'ISAPRE',
    typeAlias: 'Isapre',
    url: 'Consalud',
    country: 'CL',
    isapreCode: 107,
  },
  {
    code: 'Colmena',
    displayName: 'Colmena',
    type: 'ISAPRE',
    typeAlias: 'Isapre',
    url: 'Colmena',
    country: 'CL',
    isapreCode: 67,
  },
  {
    code: 'Aseguradora-Andes',
    displayName: 'Seguros Andes',
    type: 'ASEGURADORA',
    typeAlias: 'Aseguradora',
    url: 'Seguros-Andes',
    country: 'CL',
  },
  {
    code: 'Clinica-Davila',
    displayName: 'Clínica Dávila',
    type: 'CLINICA',
    typeAlias: 'Clínica',
    url: 'Clinica-Davila',
    country: 'CL',
  },
  {
    code: 'Pacifico-Seguros',
    displayName: 'Pacífico Seguros',
    type: 'ASEGURADORA',
    typeAlias: 'Aseguradora',
    url: 'Pacifico-Seguros',
    country: 'PE',
  },
];

const plan = (
  overrides: Partial<IsaprePlanDefinition> & Pick<IsaprePlanDefinition, 'code'>,
): IsaprePlanDefinition => ({
  isapreCode: 107,
  displayName: `Plan ${overrides.code}`,
  targetGroup: 'Sin grupo objetivo específico',
  sex: 'Ambos',
  commercial: true,
  regions: [13],
  planType: 'Individual',
  modality: 'Prestador Preferente',
  birthCoverage: 'general',
  restrictionCodes: [],
  priceMode: 'UF',
  basePriceUf: 1.5,
  factorTableCode: '592',
  arancel: { name: '390', unit: 'Pesos' },
  ambulatoryCoverage: 70,
  hospitalCoverage: 90,
  fixedCopay: false,
  annualTopUf: 5000,
  activeContributors: 10,
  activeDependants: 5,
  gesUf: 0.44,
  source: '201609',
  ...overrides,
});

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
  organizationCode: 'Aseguradora-Andes',
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

/** A small catalogue with every kind of card, loaded through the catalogue's own commands. */
export async function loadCatalogueFixture(store: EventStore): Promise<void> {
  for (const type of INSURANCE_TYPES) await defineCatalogueEntry(store, 'insuranceType', type, options());
  for (const organization of organizations)
    await defineCatalogueEntry(store, 'organization', organization, options());
  for (const definition of plans) await defineCatalogueEntry(store, 'isaprePlan', definition, options());
  for (const definition of products) await defineCatalogueEntry(store, 'product', definition, options());
}
