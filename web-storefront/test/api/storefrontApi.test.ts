/**
 * The storefront's own calls (its client, its comparison body, its route table) against the real API
 * with the demo catalogue: what the visitor's browser would ask and get, without a browser.
 */
jest.mock('../../src/app/config', () => ({
  SITE: {
    country: 'CL',
    version: 'test',
    defaultPath: '/Comparar/Seguros-de-Salud',
    plansComparisonPath: '/Comparar/Isapres',
  },
}));
jest.mock('../../src/app/Layout', () => ({ Layout: () => null }));
jest.mock('../../src/comparator/ComparatorPage', () => ({ ComparatorPage: () => null }));
jest.mock('../../src/pages/NotFoundPage', () => ({ NotFoundPage: () => null }));
jest.mock('../../src/detail/DetailPage', () => ({ DetailPage: () => null }));

import type { ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { loadDemoCatalogue } from '@cubre/services/catalogue/demo';
import { startCatalogueRuntime } from '../../../services/test/catalogue/routes/detailRuntime';
import type { TestRuntime } from '../../../services/test/support/testRuntime';
import { api } from '../../src/api/client';
import type { CompareAnswer, Comparator, ResultCard } from '../../src/api/types';
import { routes } from '../../src/app/routes';
import { comparatorContentPath, comparisonBody } from '../../src/comparator/prefetch';
import { DetailPage } from '../../src/detail/DetailPage';
import { profileFromForm, type ProfileFormState } from '../../src/domain/profile/profileForm';
import { carriedProduct, carryProduct } from '../../src/domain/routing/productNavigation';
import { emptyFilters } from '../../src/domain/results/filters';

let runtime: TestRuntime;
const sent: { method: string; path: string; headers: Record<string, string>; credentials?: string }[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  runtime = await startCatalogueRuntime((store) => loadDemoCatalogue(store));
  // The browser resolves the client's paths against the page's origin; here that is the API's.
  globalThis.fetch = ((input: string, init: RequestInit = {}) => {
    sent.push({
      method: init.method ?? 'GET',
      path: input,
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
    });
    return realFetch(`${runtime.url}${input}`, init);
  }) as typeof fetch;
}, 60_000);
afterAll(async () => {
  globalThis.fetch = realFetch;
  await runtime.dispose();
});

const comparatorOf = async (baseUrl: string) =>
  (await api<{ data: Comparator }>(comparatorContentPath(baseUrl))).data;
const compare = (comparator: Comparator, page = 1, profile: object | null = null) =>
  api<CompareAnswer>('/api/insurance/compare/metadata', {
    method: 'POST',
    body: comparisonBody(comparator, { ...emptyFilters(), page }, profile),
  });

/** The page the route table gives a path, when it is a lazy detail page. */
async function detailPageFor(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const route = matches[matches.length - 1]?.route;
  if (typeof route?.lazy !== 'function') return null;
  const { Component } = (await (route.lazy as () => Promise<{ Component: () => ReactElement }>)()) as {
    Component: () => ReactElement<{ keyParam: string }>;
  };
  const page = Component();
  return page.type === DetailPage ? matches[matches.length - 1]!.params[page.props.keyParam] : null;
}

describe('the storefront against its API', () => {
  test('000-6.01 every call of the comparator area works for an anonymous visitor: no login, no token, no cookie', async () => {
    const comparator = await comparatorOf('Comparar/Seguros-de-Salud');
    const answer = await compare(comparator);
    const card = answer.data[0]!;
    const code = encodeURIComponent(card.productCode);
    const calls: [string, Parameters<typeof api>[1]?][] = [
      [`/api/insurance/product/${code}`],
      [`/api/insurance/coverages/${code}/resume`],
      ...['coverageOrganizations', 'topAmountsAndDeductibles', 'conditions', 'exclusions', 'faq'].map(
        (resource): [string] => [`/api/insurance/${code}/${resource}`],
      ),
      [
        `/api/insurance/${code}/calculatePrice`,
        { method: 'POST', body: { profile: null, productType: '', comparator: comparator.baseUrl } },
      ],
      [`/api/organization/seguros/multTipo/${comparator.organizationTypes.join(',')}`],
      ['/api/menu'],
      ['/api/contactInformations'],
      ['/api/regiones'],
      ['/api/globales/uf'],
    ];
    for (const [path, options] of calls) await expect(api(path, options)).resolves.toBeDefined();
    // A request of the product is an anonymous visitor's too.
    await expect(
      api('/api/solicitarplans', {
        method: 'POST',
        body: {
          productCode: card.productCode,
          nombre: 'Ana Pérez',
          rut: '11.111.111-1',
          email: 'ana@example.cl',
          telefono: '+56912345678',
          region: { stateCode: 13 },
          productType: '',
          originPath: card.newWindowUrl,
        },
      }),
    ).resolves.toMatchObject({ id: expect.any(String) });
    // Nothing the client sent could identify a user.
    expect(sent.length).toBeGreaterThan(calls.length);
    for (const request of sent) {
      const names = Object.keys(request.headers).map((name) => name.toLowerCase());
      expect(names).not.toContain('authorization');
      expect(names).not.toContain('cookie');
      expect(request.credentials).not.toBe('include');
    }
  });

  test('000-3.05 000-2.19 list rows also get an index, a price suffix and a newWindowUrl the detail route serves', async () => {
    const comparator = await comparatorOf('Comparar/Seguros-de-Salud');
    const first = await compare(comparator, 1);
    const second = await compare(comparator, 2);
    const take = comparator.pageSize;
    // The index is the row's place in the whole result, so page 2 goes on where page 1 ended.
    expect(first.data.map((row) => row.index)).toEqual(first.data.map((_, at) => at));
    expect(second.data.map((row) => row.index)).toEqual(second.data.map((_, at) => take + at));
    const rows: ResultCard[] = [...first.data, ...second.data];
    // The suffix says the price's own period once (issue 11): '/mes' for monthly prices, '/año' for yearly.
    const PERIOD = { mensual: '/mes', anual: '/año', semestral: '/semestre', trimestral: '/trimestre' };
    for (const row of rows)
      expect(
        row.priceSuffix.startsWith(
          PERIOD[row.price.paymentMode as keyof typeof PERIOD] ??
            (row.price.unit.code === 'USD/V' ? 'por viaje' : 'pago único'),
        ),
      ).toBe(true);
    expect(rows.some((row) => row.priceSuffix === '/mes')).toBe(true);
    // Every newWindowUrl opens the row's own product on the storefront's detail page.
    for (const row of rows.slice(0, 8)) {
      const key = await detailPageFor(row.newWindowUrl);
      expect(key).not.toBeNull();
      const product = await api<{ productCode: string }>(
        `/api/insurance/product/${encodeURIComponent(key!)}`,
      );
      expect(product.productCode).toBe(row.productCode);
    }
    // Clinics' products: /Clinicas-y-Hospitales/{urlClinica}/Seguro/{insuranceUrl}.
    const clinics = await api<CompareAnswer>('/api/insurance/compare/metadata', {
      method: 'POST',
      body: { ...comparisonBody(comparator, emptyFilters(), null), organizationTypes: ['CLINICA'] },
    });
    const clinic = clinics.data[0];
    expect(clinic?.newWindowUrl).toMatch(/^\/Clinicas-y-Hospitales\/[^/]+\/Seguro\/[^/]+$/);
    const key = await detailPageFor(clinic!.newWindowUrl);
    const product = await api<{ productCode: string }>(`/api/insurance/product/${encodeURIComponent(key!)}`);
    expect(product.productCode).toBe(clinic!.productCode);
  });

  test('000-2.36 the product the detail modal carries is the one its page names, so the page skips the lookup', async () => {
    const comparator = await comparatorOf('Comparar/Seguros-de-Salud');
    const rows = (await compare(comparator)).data;
    for (const row of rows) {
      // What the modal loaded, handed to the page its 'Abrir ficha' link opens.
      const product = await api<{ productCode: string; url: string }>(
        `/api/insurance/product/${encodeURIComponent(row.productCode)}`,
      );
      const key = await detailPageFor(`${row.newWindowUrl}/Coberturas`);
      expect(carriedProduct(carryProduct(product), key!)).toBe(product);
    }
  });

  test("000-3.29 Complementario-Catastrofico is shown as 'Complementario + Catastrófico' and Escolar as Escolar/Universitario", async () => {
    const comparator = await comparatorOf('Comparar/Seguros-de-Salud');
    const names = Object.fromEntries(
      comparator.insuranceTypes.map((type) => [type.urlSegment, type.displayName]),
    );
    expect(names['Complementario-Catastrofico']).toBe('Complementario + Catastrófico');
    expect(names.Escolar).toBe('Escolar/Universitario');
    // The cards say the same.
    const answer = await api<CompareAnswer>('/api/insurance/compare/metadata', {
      method: 'POST',
      body: comparisonBody(
        comparator,
        { ...emptyFilters(), insuranceTypes: ['Complementario-Catastrofico', 'Escolar'] },
        null,
      ),
    });
    const shown = new Set(answer.data.map((row) => row.insuranceType.displayName));
    expect(shown).toEqual(new Set(['Complementario + Catastrófico', 'Escolar/Universitario']));
  });

  test("000-4.11 with a partner or dependants the price asked for is the profile's, for the whole family", async () => {
    const comparator = await comparatorOf('Comparar/Seguros-de-Salud');
    const form = (dependants: ProfileFormState['dependants']): ProfileFormState => ({
      titular: { sexo: 'Femenino', edad: '38', prevision: 'Isapre', ingreso: '' },
      dependants,
      pets: [],
      employees: '',
    });
    const holder = profileFromForm(form([]), 'person');
    const family = profileFromForm(
      form([
        { parentesco: 'Cónyuge', sexo: 'Masculino', edad: '40' },
        { parentesco: 'Hijo/Hija', sexo: 'Femenino', edad: '9' },
      ]),
      'person',
    );
    if (!holder.ok || !family.ok) throw new Error('the forms are valid');
    expect(family.profile.enPareja).toBe(true);
    // The comparison call carries the profile: its prices are the profile's, not 'Desde'.
    const body = comparisonBody(comparator, emptyFilters(), family.profile);
    expect(body.profile).toBe(family.profile);
    const alone = await compare(comparator, 1, holder.profile);
    const together = await compare(comparator, 1, family.profile);
    const aloneBy = new Map(alone.data.map((row) => [row.productCode, row]));
    const priced = together.data.filter((row) => row.price.arePricesDefined && aloneBy.has(row.productCode));
    expect(priced.length).toBeGreaterThan(0);
    // Where dependants pay, the family's price is more than the holder's alone.
    const dearer = priced.filter(
      (row) => (row.price.value ?? 0) > (aloneBy.get(row.productCode)!.price.value ?? Infinity),
    );
    expect(dearer.length).toBeGreaterThan(0);
    expect(dearer.map((row) => row.insuranceMetadata.price_detail?.label)).toContain('para 3 personas');
  });
});
