import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDemoCatalogue } from '@cubre/services/catalogue/demo';
import { loadConfig } from '@cubre/services/runtime/config';
import { editionOfHost, EditionHostsSetting } from '@cubre/platform/http/editions';
import { startCatalogueRuntime } from '../catalogue/routes/detailRuntime';
import { tempDataDir } from '../../platform/test/support/tempDir';
import type { TestRuntime } from '../support/testRuntime';

/**
 * Issue 11, points 8 and 10, over real HTTP: the host picks the edition (EDITION_HOSTS) for the page and
 * for the API, and page paths the storefront's router has no page for answer 404 (with the app, so its
 * 404 page still shows). The storefront is a stand-in build: an index.html and one asset.
 */
let runtime: TestRuntime;
const built = tempDataDir('cubre-storefront-');
const INDEX =
  '<!doctype html><html lang="es"><head><title>Cubre</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  mkdirSync(join(built.path, 'assets'));
  writeFileSync(join(built.path, 'index.html'), INDEX);
  writeFileSync(join(built.path, 'assets', 'index-abc.js'), 'console.log(1)');
  // Jest gives every test file its own copy of process.env: the setting stays in this file.
  process.env.STOREFRONT_DIR = built.path;
  runtime = await startCatalogueRuntime((store) => loadDemoCatalogue(store));
}, 60_000);
afterAll(async () => {
  await runtime?.dispose();
  built.remove();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET as a browser on `host` sends it (fetch would not let the Host header through). */
function get(path: string, host: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(runtime.url);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        hostname: url.hostname,
        port: url.port,
        path,
        method: 'GET',
        headers: { host: `${host}:${url.port}`, accept: 'text/html,application/json', ...headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

function post(
  path: string,
  host: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(runtime.url);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        hostname: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: {
          host: `${host}:${url.port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (response) => {
        let answer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (answer += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: answer }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(text);
  });
}

const editionMeta = (html: string) => /<meta name="cubre-edition" content="([A-Z]+)" \/>/.exec(html)?.[1];
/** The comparator pages a menu links to. */
const menuPaths = (answer: Answer) =>
  (JSON.parse(answer.body) as { categories: { url: string }[] }[]).flatMap((group) =>
    group.categories.map((item) => item.url),
  );

describe('editions by host: configuration (EDITION_HOSTS)', () => {
  test('001-1.05 the embedded default maps pe/co/int.localhost to PE, CO, INT and every other host to CL', () => {
    const hosts = loadConfig({}).EDITION_HOSTS;
    expect(editionOfHost(hosts, 'pe.localhost')).toBe('PE');
    expect(editionOfHost(hosts, 'CO.localhost')).toBe('CO');
    expect(editionOfHost(hosts, 'int.localhost')).toBe('INT');
    for (const host of ['localhost', '127.0.0.1', 'cubre.cl', 'www.pe.localhost.evil.com', undefined])
      expect(editionOfHost(hosts, host)).toBe('CL');
  });

  test('a setting replaces the default; *= names the edition of every other host', () => {
    const hosts = EditionHostsSetting.parse(' cubre.pe=PE, WWW.cubre.pe = pe ,cubre.co=CO,*=INT ');
    expect(editionOfHost(hosts, 'www.cubre.pe')).toBe('PE');
    expect(editionOfHost(hosts, 'cubre.co')).toBe('CO');
    expect(editionOfHost(hosts, 'pe.localhost')).toBe('INT');
    expect(editionOfHost(EditionHostsSetting.parse(''), 'pe.localhost')).toBe('CL');
  });

  test.each([
    ['cubre.pe=PERU', "'cubre.pe=PERU': the edition is one of CL, PE, CO, INT"],
    ['cubre.pe', "'cubre.pe' is not host=EDITION"],
    ['cubre.pe:8080=PE', 'a host without its port'],
    ['cubre .pe=PE', 'is not a host name'],
    ['cubre.pe=PE,cubre.pe=CO', "'cubre.pe' is given two editions"],
    ['*=PE,*=CO', "'*' is given twice"],
  ])('a bad EDITION_HOSTS (%s) stops the start, naming the variable and the entry', (value, message) => {
    expect(() => loadConfig({ EDITION_HOSTS: value })).toThrow(/EDITION_HOSTS: /);
    expect(() => loadConfig({ EDITION_HOSTS: value })).toThrow(message);
  });
});

describe('editions by host: the page and the API', () => {
  test('index.html names the edition of the host it is served on, on every page path', async () => {
    for (const [host, edition] of [
      ['localhost', 'CL'],
      ['pe.localhost', 'PE'],
      ['co.localhost', 'CO'],
      ['int.localhost', 'INT'],
    ] as const) {
      for (const path of ['/', '/Comparar/Seguros-de-Salud', '/contacto']) {
        const page = await get(path, host);
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(editionMeta(page.body)).toBe(edition);
        expect(page.body).toContain('<div id="root"></div>');
      }
    }
  });

  test('001-7.15 a GET without ?country= answers in the host’s edition; the query, then the header, still win', async () => {
    const chile = menuPaths(await get('/api/menu', 'localhost'));
    const peru = menuPaths(await get('/api/menu', 'pe.localhost'));
    // Peru sells SCTR (work-risk) and no guards; Chile the other way round.
    expect(peru).toContain('/Comparar/SCTR');
    expect(peru).not.toContain('/Guardias');
    expect(chile).toContain('/Guardias');
    expect(chile).not.toContain('/Comparar/SCTR');
    expect(menuPaths(await get('/api/menu?country=CL', 'pe.localhost'))).toEqual(chile);
    expect(menuPaths(await get('/api/menu', 'pe.localhost', { country: 'CL' }))).toEqual(chile);
    expect(menuPaths(await get('/api/menu?country=PE', 'localhost'))).toEqual(peru);

    const organizations = await get('/api/organization/seguros/tipo/EPS', 'co.localhost');
    const eps = JSON.parse(organizations.body) as { data: { country: string }[] };
    expect(eps.data.length).toBeGreaterThan(0);
    expect(eps.data.every((organization) => organization.country === 'CO')).toBe(true);
  });

  test('001-7.15 a POST without the country header compares in the host’s edition, priced in its currency', async () => {
    const body = {
      comparator: 'Comparar/Seguros-de-Salud',
      organizationTypes: ['ASEGURADORA', 'CLINICA', 'ISAPRE'],
      take: 50,
    };
    const units = async (host: string, headers: Record<string, string> = {}) => {
      const answer = await post('/api/insurance/compare/metadata', host, body, headers);
      expect(answer.status).toBe(200);
      const cards = (JSON.parse(answer.body) as { data: { price: { unit: { code: string } } }[] }).data;
      expect(cards.length).toBeGreaterThan(0);
      return new Set(cards.map((card) => card.price.unit.code.split('/')[0]));
    };
    expect(await units('pe.localhost')).toEqual(new Set(['PEN']));
    expect(await units('co.localhost')).toEqual(new Set(['COP']));
    expect(await units('int.localhost')).toEqual(new Set(['USD']));
    // The storefront's header wins over the host.
    expect(await units('int.localhost', { country: 'PE' })).toEqual(new Set(['PEN']));
  });

  test('GETs of one edition never answer for another: Vary names the header, ETags differ, a 304 needs the same answer', async () => {
    const chile = await get('/api/menu', 'localhost');
    const peru = await get('/api/menu', 'pe.localhost');
    expect(String(chile.headers.vary)).toMatch(/\bcountry\b/i);
    expect(chile.headers.etag).toBeDefined();
    expect(peru.headers.etag).not.toBe(chile.headers.etag);
    // A browser revalidating Chile's menu on Peru's host gets Peru's menu, not a 304.
    const revalidated = await get('/api/menu', 'pe.localhost', {
      'if-none-match': String(chile.headers.etag),
    });
    expect(revalidated.status).toBe(200);
    expect(revalidated.body).toBe(peru.body);
    expect(
      (await get('/api/menu', 'pe.localhost', { 'if-none-match': String(peru.headers.etag) })).status,
    ).toBe(304);
  });
});

describe('issue 11 point 10: pages the router does not have answer 404', () => {
  test.each([
    ['localhost', '/esto-no-existe/de-verdad'],
    ['localhost', '/en/esto-no-existe'],
    ['localhost', '/not-found'],
    ['localhost', '/Comparar/No-Existe'],
    ['localhost', '/Comparar/Seguros-de-Salud/No-Existe'],
    ['localhost', '/pt/Comparar/No-Existe'],
    ['localhost', '/Seguros/No-Existe'],
    ['localhost', '/buscar/otra-cosa'],
    ['localhost', '/index.html'],
    // Other editions' detail shapes are no pages in Chile, and Chile's are none elsewhere.
    ['localhost', '/EPS/Andina-Salud-EPS/Planes/Plan-EPS'],
    ['pe.localhost', '/Isapre/Colmena/Planes/13-SF-1'],
    ['pe.localhost', '/Medicina-Prepagada/Sabana-Medicina-Prepagada/Plan'],
    ['pe.localhost', '/wizard/seguros-de-salud'],
    ['co.localhost', '/Clinicas-y-Hospitales/Clinica-Costa-Azul/Plan'],
    ['int.localhost', '/Seguros/Aseguradora'],
  ])('000-2.10 %s%s answers 404 with the app, which draws its 404 page', async (host, path) => {
    const page = await get(path, host);
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root"></div>');
    expect(editionMeta(page.body)).toBeDefined();
  });

  test.each([
    ['localhost', '/'],
    ['localhost', '/en'],
    ['localhost', '/Comparar/Isapres'],
    ['localhost', '/comparar/isapres/'],
    ['localhost', '/Comparar/Seguros-de-Salud/Cyber-Monday'],
    ['localhost', '/Comparar/Seguros-de-Salud/Dental?page=2'],
    ['localhost', '/Guardias'],
    ['localhost', '/Seguros/Complementario'],
    ['localhost', '/Seguros/Faro-Seguros/Mascotas-Faro-Estandar/Coberturas'],
    ['localhost', '/Isapre/Colmena/Planes/13-SF-1'],
    ['localhost', '/Cotizar-Seguro-Colectivo'],
    ['localhost', '/wizard/seguros-de-salud'],
    ['localhost', '/pt/portal-clientes'],
    ['pe.localhost', '/EPS/Andina-Salud-EPS/Planes/Plan-EPS'],
    ['pe.localhost', '/Clinicas-y-Hospitales/Clinica-Costa-Azul/Plan-de-Salud-Premium'],
    ['co.localhost', '/EPS/Caribe-Salud-EPS/Plan'],
    ['co.localhost', '/Medicina-Prepagada/Sabana-Medicina-Prepagada/Plan/Solicitar'],
    ['int.localhost', '/Internacional/Atlas-Worldwide-Care/Internacional-Atlas-Intermedio'],
    ['int.localhost', '/en/Vida-con-Ahorro/Atlas-Worldwide-Care/Vida/Coberturas'],
    // A comparator at the international shape's depth is still the comparator.
    ['int.localhost', '/Comparar/Seguros-de-Salud/Dental'],
  ])('%s%s is a page: 200', async (host, path) => {
    expect((await get(path, host)).status).toBe(200);
  });

  test('000-2.01 000-2.05 an old address is a 301 to its new one, the query and language kept', async () => {
    const moved = await get('/Comparar/?order=lowerPrice', 'localhost');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/Comparar/Isapres?order=lowerPrice');
    expect(moved.headers['cache-control']).toMatch(/max-age=\d+/);
    expect((await get('/en/plan/13-SF-1/Coberturas', 'pe.localhost')).headers.location).toBe(
      '/en/planSI/R/13-SF-1/Coberturas',
    );
  });

  test('API paths, assets and non-HTML requests keep their own 404s', async () => {
    const api = await get('/api/no-existe', 'localhost');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/problem\+json/);
    const asset = await get('/assets/index-missing.js', 'localhost');
    expect(asset.status).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
    expect((await get('/assets/index-abc.js', 'localhost')).status).toBe(200);
    // A page without an icon link makes the browser ask for /favicon.ico: the site's icon, not a 404.
    const icon = await get('/favicon.ico', 'localhost');
    expect(icon.status).toBe(301);
    expect(icon.headers.location).toBe('/favicon.svg');
    const json = await get('/esto-no-existe', 'localhost', { accept: 'application/json' });
    expect(json.status).toBe(404);
    expect(json.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
