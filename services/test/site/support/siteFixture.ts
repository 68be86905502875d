import type { z } from 'zod';
import {
  INSURANCE_TYPES,
  type ComparatorDefinition,
  type IsaprePlanDefinition,
  type OrganizationDefinition,
  type ProductDefinitionInput,
} from '@cubre/schemas';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import type { TestRuntime } from '../../support/testRuntime';
import { fixtureCommandOptions, ORGANIZATIONS } from '../../support/catalogueOrganizations';
import { isaprePlan } from '../../support/isaprePlan';

/**
 * A small catalogue for the site's tests, loaded through the catalogue's own commands: a few products per
 * edition and the comparators the menu is built from (a landing and a showcase among them, which the
 * menu leaves out).
 */
const options = fixtureCommandOptions('site-fixture');

const organizations: OrganizationDefinition[] = [
  ORGANIZATIONS.andes,
  ORGANIZATIONS.consalud,
  ORGANIZATIONS.pacifico,
];

const product = (
  code: string,
  insuranceType: string,
  extra: Partial<ProductDefinitionInput> = {},
): ProductDefinitionInput => ({
  code,
  displayName: `Seguro ${code}`,
  url: code,
  organizationCode: 'Seguros-Andes',
  insuranceType,
  country: 'CL',
  price: { amount: 0.5, unit: 'UF' },
  availableFrom: '2020-01-01',
  ...extra,
});

export const products: ProductDefinitionInput[] = [
  product('COMP-A', 'SEGURO COMPLEMENTARIO'),
  product('CAT-A', 'SEGURO CATASTROFICO'),
  product('DENT-A', 'SEGURO DENTAL'),
  product('VIDA-A', 'SEGURO VIDA', { productType: 'SEGURO VIDA' }),
  product('GUARD-A', 'SEGURO GUARDIAS'),
  product('PET-A', 'SEGURO MASCOTAS', { productType: 'SEGURO_MASCOTAS' }),
  product('PE-COMP', 'SEGURO COMPLEMENTARIO', {
    organizationCode: 'Pacifico-Seguros',
    country: 'PE',
    price: { amount: 120, unit: 'PEN' },
  }),
  product('PE-EPS', 'EPS', {
    organizationCode: 'Pacifico-Seguros',
    country: 'PE',
    productType: 'colectivo',
    price: { amount: 90, unit: 'PEN' },
  }),
];

const plan: IsaprePlanDefinition = isaprePlan({ code: 'CS-01' });

type Comparator = z.input<typeof ComparatorDefinition>;
const comparator = (
  code: string,
  name: string,
  baseUrl: string,
  insuranceTypes: string[],
  extra: Partial<Comparator> = {},
): Comparator => ({
  code,
  name,
  baseUrl,
  insuranceTypes,
  organizationTypes: ['ASEGURADORA'],
  ...extra,
});

export const comparators: Comparator[] = [
  comparator('seguros-de-salud', 'Seguros de Salud', 'Comparar/Seguros-de-Salud', [
    'SEGURO COMPLEMENTARIO',
    'SEGURO CATASTROFICO',
    'SEGURO DENTAL',
    'SEGURO ONCOLOGICO',
  ]),
  comparator('dental', 'Seguros Dentales', 'Comparar/Seguros-de-Salud/Dental', ['SEGURO DENTAL']),
  comparator('isapres', 'Planes de Isapre', 'Comparar/Isapres', ['PLAN ISAPRE'], {
    organizationTypes: ['ISAPRE'],
    productType: 'ISAPRES',
  }),
  comparator('seguros-de-vida', 'Seguros de Vida', 'Comparar/Seguros-de-Vida', [
    'SEGURO VIDA',
    'SEGURO VIDA AHORRO',
  ]),
  comparator('guardias', 'Seguro para Guardias', 'Guardias', ['SEGURO GUARDIAS']),
  comparator('seguros-mascotas', 'Seguros de Mascotas', 'Comparar/Seguros-Mascotas', ['SEGURO MASCOTAS'], {
    productType: 'SEGURO_MASCOTAS',
  }),
  comparator('eps', 'Planes EPS', 'Comparar/EPS', ['EPS'], {
    organizationTypes: ['EPS'],
    productType: 'colectivo',
  }),
  comparator(
    'landing-complementario',
    'Seguros Complementarios',
    'Complementario',
    ['SEGURO COMPLEMENTARIO'],
    {
      pageSize: 15,
    },
  ),
  comparator('partner-salud', 'Salud para socios', 'Comparar/Socios', ['SEGURO COMPLEMENTARIO'], {
    showcase: true,
  }),
];

/** Loads the catalogue and waits until the catalogue projection shows all of it. */
export async function loadSiteCatalogue(runtime: TestRuntime): Promise<void> {
  const store = runtime.engines.eventStore;
  for (const type of INSURANCE_TYPES) await defineCatalogueEntry(store, 'insuranceType', type, options());
  for (const organization of organizations)
    await defineCatalogueEntry(store, 'organization', organization, options());
  await defineCatalogueEntry(store, 'isaprePlan', plan, options());
  for (const definition of products) await defineCatalogueEntry(store, 'product', definition, options());
  for (const definition of comparators)
    await defineCatalogueEntry(store, 'comparator', definition, options());
  await caughtUp(runtime);
}

/** Waits until the catalogue projection has applied everything stored so far. */
export async function caughtUp(runtime: TestRuntime): Promise<void> {
  const head = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'product-x' },
    ['catalogue'],
    10_000,
  );
}

export { defineCatalogueEntry, options as catalogueCommandOptions };
