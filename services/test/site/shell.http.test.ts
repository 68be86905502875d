import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHILE_ORIGIN_PATHS, MenuItem, OPTIMIZE_ORIGIN_PATHS, RouteTranslation } from '@cubre/schemas/site';
import { rootPackageVersion } from '@cubre/services/site/config';
import { json } from '../support/http';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import {
  caughtUp,
  catalogueCommandOptions,
  defineCatalogueEntry,
  loadSiteCatalogue,
} from './support/siteFixture';

let runtime: TestRuntime;
const configDir = tempDataDir();
/** The app's clock runs this far ahead of real time: a test that needs time to pass moves it. */
let clockAhead = 0;

beforeAll(async () => {
  const contactFile = join(configDir.path, 'contact.json');
  writeFileSync(
    contactFile,
    JSON.stringify({
      contacts: [
        { id: 'whatsapp', type: 'whatsapp', label: 'WhatsApp', value: '+56 9 1111 2222' },
        { id: 'email', type: 'email', label: 'Correo', value: 'hola@cubre.cl' },
      ],
      socialNetworks: [
        {
          id: 'instagram',
          type: 'instagram',
          label: 'Instagram',
          value: '@cubre',
          url: 'https://example.com/cubre',
        },
      ],
    }),
  );
  // Jest gives every test file its own copy of process.env: these settings stay in this file.
  process.env.CONTACT_INFORMATION_FILE = contactFile;
  process.env.CONTACT_PHONE = '+56 2 2333 4444';
  runtime = await startTestRuntime(
    { PUBLIC_ORIGINS: 'https://cubre.cl' },
    { clock: () => new Date(Date.now() + clockAhead) },
  );
  await loadSiteCatalogue(runtime);
});
afterAll(async () => {
  await runtime.dispose();
  delete process.env.CONTACT_INFORMATION_FILE;
  delete process.env.CONTACT_PHONE;
  configDir.remove();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${runtime.url}${path}`, { headers });

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await json(response)) as {
    status: number;
    errors: { field: string; rule: string; message: string }[];
  };
}

const idsOf = (items: MenuItem[]): unknown[] =>
  items.map((item) => (item.categories.length > 0 ? [item.id, idsOf(item.categories)] : item.id));

describe('GET /api/menu', () => {
  test('001-7.01 001-3.01 the header menu: items with every field of a menu item, groups by upper type', async () => {
    const response = await get('/api/menu');
    expect(response.status).toBe(200);
    const menu = (await json(response)) as MenuItem[];
    for (const item of menu) expect(MenuItem.parse(item)).toEqual(item);
    expect(Object.keys(menu[0]!).sort()).toEqual(
      [
        'categories',
        'color',
        'displayName',
        'icon',
        'id',
        'preloadBundle',
        'seoDescription',
        'target',
        'title',
        'url',
      ].sort(),
    );
    expect(idsOf(menu)).toEqual([
      [
        'seguros-de-salud',
        [
          [
            'seguros-de-salud',
            ['seguros-de-salud:complementario', 'seguros-de-salud:catastrofico', 'seguros-de-salud:dental'],
          ],
          'dental',
        ],
      ],
      ['isapres', ['isapres']],
      ['seguros-de-vida', ['seguros-de-vida', 'guardias']],
      ['seguros-mascotas', ['seguros-mascotas']],
    ]);
    const health = menu[0]!;
    expect(health).toMatchObject({
      displayName: 'Seguros de Salud',
      url: '/Comparar/Seguros-de-Salud',
      target: '_self',
      preloadBundle: 'comparator',
    });
    expect(health.categories[0]!.categories[1]).toMatchObject({
      displayName: 'Catastrófico',
      url: '/Comparar/Seguros-de-Salud?insuranceTypes=Catastrofico',
      color: '#c62828',
    });
  });

  test('landings, partner showcases and comparators without products in the edition stay out of it', async () => {
    const ids = JSON.stringify(idsOf(await json(await get('/api/menu'))));
    for (const absent of ['landing-complementario', 'partner-salud', 'eps'])
      expect(ids).not.toContain(absent);
  });

  test('each edition gets its own menu: country query, country header (CL by default)', async () => {
    const peru = idsOf(await json(await get('/api/menu?country=PE')));
    expect(peru).toEqual([
      ['seguros-de-salud', ['seguros-de-salud']],
      ['seguros-empresa', ['eps']],
    ]);
    expect(idsOf(await json(await get('/api/menu', { country: '2' })))).toEqual(peru);
    expect(await json(await get('/api/menu?country=INT'))).toEqual([]);
  });

  test('the order is stable: the same menu on every call', async () => {
    const first = await json(await get('/api/menu'));
    for (let i = 0; i < 3; i++) expect(await json(await get('/api/menu'))).toEqual(first);
  });

  test('001-7.01 the menu follows the catalogue: a new comparator with products appears in its group', async () => {
    const store = runtime.engines.eventStore;
    await defineCatalogueEntry(
      store,
      'product',
      {
        code: 'AP-A',
        displayName: 'Accidentes A',
        url: 'AP-A',
        organizationCode: 'Seguros-Andes',
        insuranceType: 'SEGURO ACCIDENTES PERSONALES',
        country: 'CL',
        price: { amount: 0.2, unit: 'UF' },
        availableFrom: '2020-01-01',
      },
      catalogueCommandOptions(),
    );
    await defineCatalogueEntry(
      store,
      'comparator',
      {
        code: 'accidentes-personales',
        name: 'Accidentes Personales',
        baseUrl: 'Comparar/Accidentes-Personales',
        insuranceTypes: ['SEGURO ACCIDENTES PERSONALES'],
        organizationTypes: ['ASEGURADORA'],
      },
      catalogueCommandOptions(),
    );
    await caughtUp(runtime);
    // The catalogue snapshot re-checks the projection's progress at most every 250 ms of the app's clock.
    clockAhead += 250;
    const ids = idsOf(await json(await get('/api/menu')));
    expect(ids).toContainEqual(['accidentes-personales', ['accidentes-personales']]);
    expect(ids.map((group) => (group as [string])[0])).toEqual([
      'seguros-de-salud',
      'isapres',
      'seguros-de-vida',
      'accidentes-personales',
      'seguros-mascotas',
    ]);
  });

  test('an unknown country or query parameter is a 400 naming it', async () => {
    const country = await problemOf(await get('/api/menu?country=AR'));
    expect(country.errors).toContainEqual(expect.objectContaining({ field: 'query.country' }));
    const unknown = await problemOf(await get('/api/menu?lang=en'));
    expect(unknown.errors).toContainEqual({
      field: 'query.lang',
      rule: 'unknown_field',
      message: 'campo no permitido: lang',
    });
    const header = await problemOf(await get('/api/menu', { country: 'Narnia' }));
    expect(header.errors).toContainEqual(expect.objectContaining({ field: 'headers.country' }));
  });
});

describe('GET /api/contactInformations', () => {
  test('001-7.11 002-3.36 contact channels whatsapp, phone and email, grouped as contacts and social networks, from configuration', async () => {
    const response = await get('/api/contactInformations');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await json(response)).toEqual({
      contacts: [
        {
          id: 'whatsapp',
          type: 'whatsapp',
          label: 'WhatsApp',
          value: '+56 9 1111 2222',
          url: 'https://wa.me/56911112222',
          icon: 'whatsapp',
        },
        {
          id: 'email',
          type: 'email',
          label: 'Correo',
          value: 'hola@cubre.cl',
          url: 'mailto:hola@cubre.cl',
          icon: 'email',
        },
        // CONTACT_PHONE adds the phone channel the file did not have, with the default's label and hours.
        expect.objectContaining({
          id: 'phone',
          type: 'phone',
          value: '+56 2 2333 4444',
          url: 'tel:+56223334444',
        }),
      ],
      socialNetworks: [
        {
          id: 'instagram',
          type: 'instagram',
          label: 'Instagram',
          value: '@cubre',
          url: 'https://example.com/cubre',
          icon: 'instagram',
        },
      ],
    });
  });
});

describe('GET /api/route-translator/{encodedUrl}', () => {
  const translate = async (path: string) => {
    const response = await get(`/api/route-translator/${encodeURIComponent(path)}`);
    expect(response.status).toBe(200);
    return RouteTranslation.parse(await json(response));
  };

  test('001-7.05 001-1.03 alternate-language URLs: es without prefix, /en/ and /pt/', async () => {
    const answer = await translate('/Comparar/Isapres');
    expect(answer).toEqual({
      language: 'es',
      path: '/Comparar/Isapres',
      es: '/Comparar/Isapres',
      en: '/en/Compare/Isapres',
      pt: '/pt/Comparar/Isapres',
      alternates: [
        { hreflang: 'es', language: 'es', path: '/Comparar/Isapres' },
        { hreflang: 'en', language: 'en', path: '/en/Compare/Isapres' },
        { hreflang: 'pt-BR', language: 'pt', path: '/pt/Comparar/Isapres' },
        { hreflang: 'x-default', language: 'es', path: '/Comparar/Isapres' },
      ],
    });
  });

  test('fixed route words are translated, query strings kept', async () => {
    expect(await translate('/Comparar/Seguros-de-Salud?page=2')).toMatchObject({
      en: '/en/Compare/Health-Insurance?page=2',
      pt: '/pt/Comparar/Seguros-de-Saude?page=2',
    });
  });

  test('product codes and organization slugs are kept, even where they look like route words', async () => {
    expect(await translate('/Seguros/Seguros-Andes/Dental/Solicitar')).toMatchObject({
      en: '/en/Insurers/Seguros-Andes/Dental/Request',
      pt: '/pt/Seguradoras/Seguros-Andes/Dental/Solicitar',
    });
    expect(await translate('/Isapre/Consalud/Planes/13-EF0510-24')).toMatchObject({
      en: '/en/Isapre/Consalud/Plans/13-EF0510-24',
    });
    expect(await translate('/Compra-Online/DEMO-COMP-01')).toMatchObject({
      en: '/en/Buy-Online/DEMO-COMP-01',
      pt: '/pt/Compra-Online/DEMO-COMP-01',
    });
  });

  test('an English or Portuguese path is translated back, and the home is / or /{lang}', async () => {
    expect(await translate('/en/Compare/Health-Insurance')).toMatchObject({
      language: 'en',
      es: '/Comparar/Seguros-de-Salud',
      en: '/en/Compare/Health-Insurance',
      pt: '/pt/Comparar/Seguros-de-Saude',
    });
    expect(await translate('/')).toMatchObject({ es: '/', en: '/en', pt: '/pt' });
    expect(await translate('https://cubre.cl/contacto')).toMatchObject({
      es: '/contacto',
      en: '/en/Contact',
    });
  });

  test('a bad percent-encoding is a 400 naming params.encodedUrl', async () => {
    const response = await get('/api/route-translator/%E0%A4%A');
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toContainEqual(
      expect.objectContaining({ field: 'params.encodedUrl', rule: 'encoding' }),
    );
  });

  test.each([
    ['another scheme', encodeURIComponent('javascript:alert(1)'), 'path'],
    ['a protocol-relative URL', encodeURIComponent('//evil.example/x'), 'path'],
    ['control characters', encodeURIComponent('/Comparar\n/x'), 'path'],
    ['over 2,000 characters', encodeURIComponent(`/${'a'.repeat(2001)}`), 'max_length'],
    ['nothing', '', 'min_length'],
  ])('%s is a 400 naming params.encodedUrl', async (_case, encoded, rule) => {
    const response = await get(`/api/route-translator/${encoded}`);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toContainEqual(
      expect.objectContaining({ field: 'params.encodedUrl', rule }),
    );
  });
});

describe('GET /api/qp-version', () => {
  test('001-7.06 answers the field qp-version: the root package.json version, never cached', async () => {
    const response = await get('/api/qp-version');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await json(response)).toEqual({ 'qp-version': rootPackageVersion() });
    expect(rootPackageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('GET /api/business-line', () => {
  const line = (headers: Record<string, string>) => get('/api/business-line', headers);

  test('001-7.10 001-9.14 reads lead-type and answers the business line with availableCountries and origin', async () => {
    const response = await line({ 'lead-type': 'Planes' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      code: 'planes',
      displayName: 'Planes de Isapre',
      leadType: 'Planes',
      editable: false,
      availableCountries: [{ id: 1, code: 'CL', name: 'Chile', nationality: 'Chilena', phoneCode: '+56' }],
      origin: { route: '/Comparar/Isapres', webApplicationId: 39 },
    });
  });

  test('002-3.14 without headers: the health line, sold in Chile, Peru and Colombia', async () => {
    const body = await json(await line({}));
    expect(body).toMatchObject({ code: 'seguros', editable: false });
    expect(
      body.availableCountries.map((country: { id: number; phoneCode: string }) => [
        country.id,
        country.phoneCode,
      ]),
    ).toEqual([
      [1, '+56'],
      [2, '+51'],
      [3, '+57'],
    ]);
  });

  test('editable-business-line true adds the lines the visitor may switch to', async () => {
    const body = await json(await line({ 'editable-business-line': 'true', 'lead-type': 'colectivos' }));
    expect(body).toMatchObject({ code: 'colectivos', leadType: 'Colectivos', editable: true });
    expect(body.options.map((option: { code: string }) => option.code)).toEqual([
      'seguros',
      'planes',
      'colectivos',
      'contactos',
      'international-health',
    ]);
  });

  test('002-2.10 the origin is the Chile application (39) page the request came from', async () => {
    for (const route of CHILE_ORIGIN_PATHS.filter((path) => !path.endsWith('/'))) {
      const body = await json(await line({ Referer: `https://cubre.cl${route}?perfil=eyJ4IjoxfQ` }));
      expect(body.origin).toEqual({ route, webApplicationId: 39 });
    }
    const shortLink = await json(await line({ Referer: 'https://cubre.cl/url/Ab12Cd34' }));
    expect(shortLink.origin).toEqual({ route: '/url/', webApplicationId: 39 });
  });

  test('002-2.09 the origin is the Optimize application (2) for its landing pages', async () => {
    for (const route of OPTIMIZE_ORIGIN_PATHS) {
      const body = await json(await line({ Referer: `https://cubre.cl${route}` }));
      expect(body.origin).toEqual({ route, webApplicationId: 2 });
    }
    const international = await json(await line({ 'lead-type': 'International Health' }));
    expect(international).toMatchObject({
      code: 'international-health',
      availableCountries: [expect.objectContaining({ id: 4, code: 'INT' })],
      origin: { route: '/contactos/internationalhealth', webApplicationId: 2 },
    });
  });

  test('a page of another site, or not an origin page, gives the line default origin', async () => {
    const other = await json(
      await line({ 'lead-type': 'Contactos', Referer: 'https://evil.example/Comparar/Isapres' }),
    );
    expect(other.origin).toEqual({ route: '/Contacto', webApplicationId: 39 });
    const notOrigin = await json(await line({ Referer: 'https://cubre.cl/Seguros/Andes/X' }));
    expect(notOrigin.origin).toEqual({ route: '/Comparar/Seguros-de-Salud', webApplicationId: 39 });
  });

  test('bad header values are 400s naming the header and the rule', async () => {
    const leadType = await problemOf(await line({ 'lead-type': 'Usuario' }));
    expect(leadType.errors).toContainEqual(
      expect.objectContaining({ field: 'headers.lead-type', rule: 'allowed_values' }),
    );
    const editable = await problemOf(await line({ 'editable-business-line': 'maybe' }));
    expect(editable.errors).toContainEqual(
      expect.objectContaining({ field: 'headers.editable-business-line', rule: 'allowed_values' }),
    );
  });
});
