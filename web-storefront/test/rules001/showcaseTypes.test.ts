/**
 * Showcase-only insurance types (seed 000 §3): the storefront's own calls against the real API with a
 * catalogue that has Estética and Coberturas products, offered by an ordinary comparator and by a partner
 * showcase comparator.
 */
jest.mock('../../src/app/config', () => ({
  SITE: { country: 'CL', currency: 'CLP', version: 'test', defaultPath: '/Comparar/Seguros-de-Salud' },
}));

import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import type { ProductDefinitionInput } from '@cubre/schemas';
import { startCatalogueRuntime } from '../../../services/test/catalogue/routes/detailRuntime';
import { loadCatalogueFixture, products } from '../../../services/test/catalogue/support/catalogueFixture';
import { fixtureCommandOptions } from '../../../services/test/support/catalogueOrganizations';
import type { TestRuntime } from '../../../services/test/support/testRuntime';
import { api } from '../../src/api/client';
import type { CompareAnswer, Comparator } from '../../src/api/types';
import { comparatorContentPath, comparisonBody } from '../../src/comparator/prefetch';
import { compareBody, emptyFilters } from '../../src/domain/results/filters';

const options = fixtureCommandOptions('rules001', () => new Date('2025-09-15T12:00:00Z'));
const TYPES = ['SEGURO COMPLEMENTARIO', 'SEGURO ESTETICA', 'SEGURO_COBERTURA'];
const SHOWCASE_ONLY = ['ESTETICA-A', 'COBERTURA-A'];
const base = products.find((product) => product.code === 'COMP-A')!;
const extra: ProductDefinitionInput[] = [
  {
    ...base,
    code: 'ESTETICA-A',
    url: 'ESTETICA-A',
    displayName: 'Estética A',
    insuranceType: 'SEGURO ESTETICA',
  },
  {
    ...base,
    code: 'COBERTURA-A',
    url: 'COBERTURA-A',
    displayName: 'Cobertura A',
    insuranceType: 'SEGURO_COBERTURA',
  },
];

let runtime: TestRuntime;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  runtime = await startCatalogueRuntime(async (store) => {
    await loadCatalogueFixture(store);
    for (const product of extra) await defineCatalogueEntry(store, 'product', product, options());
    for (const [code, showcase] of [
      ['salud-y-estetica', false],
      ['vitrina-estetica', true],
    ] as const)
      await defineCatalogueEntry(
        store,
        'comparator',
        {
          code,
          name: code,
          baseUrl: `Comparar/${code}`,
          insuranceTypes: TYPES,
          organizationTypes: ['ASEGURADORA'],
          showcase,
        },
        options(),
      );
  });
  // The browser resolves the client's paths against the page's origin; here that is the API's.
  globalThis.fetch = ((input: string, init?: RequestInit) =>
    realFetch(`${runtime.url}${input}`, init)) as typeof fetch;
}, 60_000);
afterAll(async () => {
  globalThis.fetch = realFetch;
  await runtime.dispose();
});

const comparatorOf = async (baseUrl: string) =>
  (await api<{ data: Comparator }>(comparatorContentPath(baseUrl))).data;
const codes = (answer: CompareAnswer) => answer.data.map((card) => card.productCode);
type MenuEntry = { displayName: string; url: string; categories: MenuEntry[] };
const flatten = (items: MenuEntry[]): MenuEntry[] =>
  items.flatMap((item) => [item, ...flatten(item.categories)]);

describe('showcase-only insurance types', () => {
  test("000-3.30 Estética and Coberturas products appear in showcase mode only: never in the storefront's comparison, even filtered by type, nor in its menu", async () => {
    const comparator = await comparatorOf('Comparar/salud-y-estetica');
    expect(comparator.insuranceTypes.map((type) => type.urlSegment)).toEqual([
      'Complementario',
      'Estetica',
      'Coberturas',
    ]);
    // The storefront's comparison of a comparator offering both types: neither shows.
    const shown = await api<CompareAnswer>('/api/insurance/compare/metadata', {
      method: 'POST',
      body: comparisonBody(comparator, emptyFilters(), null),
    });
    expect(codes(shown)).toContain('COMP-A');
    for (const code of SHOWCASE_ONLY) expect(codes(shown)).not.toContain(code);
    // Not even when the visitor filters by them.
    const filtered = await api<CompareAnswer>('/api/insurance/compare/metadata', {
      method: 'POST',
      body: comparisonBody(
        comparator,
        { ...emptyFilters(), insuranceTypes: ['Estetica', 'Coberturas'] },
        null,
      ),
    });
    expect(codes(filtered)).toEqual([]);
    // The menu names neither type, nor the showcase comparator.
    const menu = flatten(await api<MenuEntry[]>('/api/menu'));
    expect(menu.map((item) => item.url).filter((url) => /Estetica|Coberturas|vitrina/.test(url))).toEqual([]);
    expect(menu.map((item) => item.displayName)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(Estética|Coberturas)$/)]),
    );

    // A partner showcase: its comparator is listed apart, and its comparison (displayShowcase) shows them.
    const showcases = (await api<{ data: { code: string; showcase: boolean }[] }>('/api/comparator/showcase'))
      .data;
    expect(showcases.map((entry) => entry.code)).toEqual(['vitrina-estetica']);
    const vitrina = await comparatorOf('Comparar/vitrina-estetica');
    expect(vitrina.showcase).toBe(true);
    const showcase = await api<CompareAnswer>('/api/insurance/compare/metadata', {
      method: 'POST',
      body: compareBody(emptyFilters(), {
        comparator: vitrina.baseUrl,
        organizationTypes: vitrina.organizationTypes,
        productType: vitrina.productType,
        take: vitrina.pageSize,
        displayShowcase: true,
      }),
    });
    expect(codes(showcase)).toEqual(expect.arrayContaining(['COMP-A', ...SHOWCASE_ONLY]));
    expect(new Set(showcase.data.map((card) => card.insuranceType.displayName))).toEqual(
      new Set(['Complementario', 'Estética', 'Coberturas']),
    );
  });
});
