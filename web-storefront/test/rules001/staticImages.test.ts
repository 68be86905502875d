/**
 * Where the storefront's static images come from (seed 001 §7): the images its pages name are paths under
 * /images/ of the host that serves the storefront (this build's content host: hashed assets, public files
 * and the organizations' logos), and that host answers each of them with an image.
 */
jest.mock('../../src/app/config', () => ({
  SITE: { country: 'CL', currency: 'CLP', version: 'test', defaultPath: '/Comparar/Seguros-de-Salud' },
}));

import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, Suspense, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { startCatalogueRuntime } from '../../../services/test/catalogue/routes/detailRuntime';
import { loadCatalogueFixture } from '../../../services/test/catalogue/support/catalogueFixture';
import { tempDataDir } from '../../../services/platform/test/support/tempDir';
import type { TestRuntime } from '../../../services/test/support/testRuntime';
import { portalsOf } from '../../src/app/editions';
import { I18nProvider } from '../../src/i18n/I18nProvider';
import FooterContent from '../../src/shell/FooterContent';
import { OrganizationLogo } from '../../src/shell/OrganizationLogo';

let runtime: TestRuntime;
const realFetch = globalThis.fetch;
const built = tempDataDir('cubre-storefront-');
const PUBLIC = join(__dirname, '..', '..', 'public');

beforeAll(async () => {
  // A stand-in build: Vite copies public/ to the build's root, beside index.html.
  writeFileSync(
    join(built.path, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(built.path, 'images'));
  cpSync(join(PUBLIC, 'images'), join(built.path, 'images'), { recursive: true });
  process.env.STOREFRONT_DIR = built.path;
  runtime = await startCatalogueRuntime(loadCatalogueFixture);
  // The page's root-relative paths resolve against the host that served it: here, the runtime.
  globalThis.fetch = ((input: string, init?: RequestInit) =>
    realFetch(`${runtime.url}${input}`, init)) as typeof fetch;
}, 60_000);
afterAll(async () => {
  globalThis.fetch = realFetch;
  await runtime?.dispose();
  built.remove();
});

const sources = (html: string) => [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((match) => match[1]!);

/** The whole page part once its data is in (prerendering waits for what it suspends on). */
async function prerendered(element: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    createElement(MemoryRouter, null, createElement(I18nProvider, { lang: 'es', children: element })),
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('static images', () => {
  test('001-7.13 the images the storefront shows are under /images/ of the host that serves it, which answers each one', async () => {
    // An organization's logo: its catalogue image, or its code's image when it names none.
    const logos = [
      renderToString(createElement(OrganizationLogo, { code: 'Seguros-Andes', name: 'Seguros Andes' })),
      renderToString(
        createElement(OrganizationLogo, {
          code: 'Vida-Segura',
          name: 'Vida Segura',
          image: '/images/organizations/Vida-Segura.svg',
        }),
      ),
    ].flatMap(sources);
    expect(logos).toEqual([
      '/images/organizations/Seguros-Andes.svg',
      '/images/organizations/Vida-Segura.svg',
    ]);
    // The footer's payment methods, as a pre-rendering bot gets them (every image at once).
    Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'prerender' }, configurable: true });
    const footer = sources(await prerendered(createElement(Suspense, null, createElement(FooterContent))));
    expect(footer).toEqual(
      ['tarjeta', 'debito', 'credito', 'prepago', 'transferencia'].map(
        (name) => `/images/payments/${name}.svg`,
      ),
    );
    // The customer portals' logos and backgrounds.
    const portals = portalsOf('cubre.cl').flatMap((portal) => [portal.logo, portal.img]);
    expect(portals).toEqual([
      '/images/portal-personas.svg',
      '/images/portal-personas-bg.svg',
      '/images/portal-empresas.svg',
      '/images/portal-empresas-bg.svg',
    ]);

    for (const path of [...logos, ...footer, ...portals]) {
      expect(path).toMatch(/^\/images\/[^/]/);
      const response = await fetch(path);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([
        path,
        200,
        expect.stringMatching(/^image\/svg\+xml/),
      ]);
      expect(await response.text()).toMatch(/<svg[\s>]/);
    }
  });
});
