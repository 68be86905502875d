import type { Page } from 'playwright-core';
import { DOCUMENT_DIGITS_MESSAGE, DOCUMENT_INTERNATIONAL_MESSAGE } from '@cubre/schemas/identification';
import { DESKTOP, MOBILE, screenshot } from './support/browser';
import { storefrontSession } from './support/session';

/**
 * Issue 11, points 8 and 10, in a real browser: one build, the edition chosen by the host the page is
 * served on (Chromium resolves *.localhost to the loopback; the embedded EDITION_HOSTS maps pe., co. and
 * int.localhost), and unknown pages answering 404. One visit per edition walks the whole path: menu,
 * default landing priced in the edition's currency, profile kept under V1.6, a detail page at the
 * edition's path shape, and the request form with the edition's identification rule.
 */
const session = storefrontSession();
const cards = (page: Page) => page.getByTestId('result-card');
const COMPARE = '/api/insurance/compare/metadata';
const isComparison = (url: string, method: string) => url.endsWith(COMPARE) && method === 'POST';

interface EditionCase {
  country: 'PE' | 'CO' | 'INT';
  viewport: { width: number; height: number };
  /** The header's category groups (desktop) or the drawer's comparator links (phone). */
  menu: string[];
  currency: string;
  price: RegExp;
  priceFilter: string;
  deductible: string;
  /** The detail address shape of the edition a landing card links to (seed 000 §2), and its start. */
  detail: RegExp;
  detailStart: string;
  /** The comparator, reached through the phone's menu, whose cards have that shape (else the landing). */
  detailComparator?: string;
  identification: { label: string; bad: string; message: string; good: string };
  phone: string;
  typed: string;
}

const EDITIONS: EditionCase[] = [
  {
    country: 'PE',
    viewport: DESKTOP,
    menu: [
      'Seguros de Salud',
      'Seguros de Vida',
      'Accidentes Personales',
      'Seguros de Mascotas',
      'Seguros para Empresas',
    ],
    currency: 'PEN',
    price: /^S\/ [\d,]+\.\d{2} \/mes$/,
    priceFilter: 'Precio (S/)',
    deductible: 'Deducible',
    detail: /^\/Clinicas-y-Hospitales\/[^/]+\/[^/]+$/,
    detailStart: '/Clinicas-y-Hospitales/',
    identification: { label: 'DNI', bad: '1234567', message: DOCUMENT_DIGITS_MESSAGE, good: '45678912' },
    phone: '+51',
    typed: '+51 912 345 678',
  },
  {
    country: 'CO',
    viewport: MOBILE,
    menu: [
      '/Comparar/Seguros-de-Salud',
      '/Comparar/Seguros-de-Salud/Dental',
      '/Comparar/Medicina-Prepagada',
      '/Comparar/Seguros-de-Vida',
      '/Comparar/Seguros-Mascotas',
      '/Comparar/Seguro-Complementario-Empresa',
      '/Comparar/EPS',
    ],
    currency: 'COP',
    price: /^\$[\d.]+ \/mes$/,
    priceFilter: 'Precio ($ COP)',
    deductible: 'Copago',
    detail: /^\/Medicina-Prepagada\/[^/]+\/[^/]+$/,
    detailStart: '/Medicina-Prepagada/',
    detailComparator: '/Comparar/Medicina-Prepagada',
    identification: {
      label: 'Cédula de ciudadanía',
      bad: '12.345',
      message: DOCUMENT_DIGITS_MESSAGE,
      good: '1.023.456.789',
    },
    phone: '+57',
    typed: '+57 310 123 4567',
  },
  {
    country: 'INT',
    viewport: DESKTOP,
    menu: ['Seguros de Salud', 'Seguros de Vida', 'Accidentes Personales'],
    currency: 'USD',
    // The period once, from the catalogue (issue 11): yearly, per trip, or monthly.
    price: /^USD [\d.]+,\d{2} (\/año|por viaje|\/mes)$/,
    priceFilter: 'Precio (USD)',
    deductible: 'Deducible',
    detail: /^\/Internacional\/[^/]+\/[^/]+$/,
    detailStart: '/Internacional/',
    identification: {
      label: 'Pasaporte o documento de identidad',
      bad: 'AB-12',
      message: DOCUMENT_INTERNATIONAL_MESSAGE,
      good: 'X1234567',
    },
    phone: '+',
    typed: '+1 305 555 0100',
  },
];

const originOf = (host: string) => `http://${host}:${session.runtime.port}`;

/** The comparator links of the phone's drawer, or the category groups of the desktop bar. */
async function menuOf(page: Page, phone: boolean): Promise<string[]> {
  if (!phone) return page.locator('header nav[aria-label="Categorías"] button').allTextContents();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.locator('.MuiDrawer-root nav[aria-label="Categorías"]');
  await drawer.waitFor();
  const links = await drawer
    .locator('a')
    .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  return links.filter((path) => path.startsWith('/Comparar/') || path === '/Guardias');
}

describe('editions chosen by host in a real browser (issue 11)', () => {
  test.each(EDITIONS)(
    '001-1.05 000-2.24 to 000-2.27 001-9.09 001-9.10 001-5.15 001-5.16 $country: menu, prices, profile V1.6, detail path and identification of its own',
    async (edition) => {
      const phone = edition.viewport.width < 600;
      const page = await session.visit(
        edition.viewport,
        originOf(`${edition.country.toLowerCase()}.localhost`),
      );
      const [comparison] = await Promise.all([
        page.waitForResponse((response) => isComparison(response.url(), response.request().method())),
        page.goto('/'),
      ]);
      // The server named the edition in the page; the storefront's writes say it (001-7.15).
      expect(await page.locator('meta[name="cubre-edition"]').getAttribute('content')).toBe(edition.country);
      expect(comparison.request().headers()['country']).toBe(edition.country);
      await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
      // The default landing is the edition's health comparator, with its own products.
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Seguros de Salud');
      const answered = (await comparison.json()) as { data: { price: { unit: { code: string } } }[] };
      expect(answered.data.length).toBeGreaterThan(0);
      for (const card of answered.data) expect(card.price.unit.code.split('/')[0]).toBe(edition.currency);
      for (const price of await cards(page).getByTestId('price').allTextContents())
        expect(price).toMatch(edition.price);
      expect(await cards(page).first().locator('dt', { hasText: edition.deductible }).count()).toBe(1);
      // The price filter is named in the edition's currency; on a phone it is in the filter sheet.
      if (phone) await page.getByTestId('open-filters').click();
      await page.getByTestId('filters').getByText(edition.priceFilter, { exact: true }).waitFor();
      if (phone) {
        await page.getByTestId('filters-show-results').click();
        await page.getByTestId('filters-sheet').waitFor({ state: 'detached' });
      }
      expect(await menuOf(page, phone)).toEqual(edition.menu);
      await screenshot(page, `edition-${edition.country.toLowerCase()}-${phone ? 'mobile' : 'desktop'}`);

      // The profile: no Chilean health system to pick; kept under the V1.6 key (001-9.xx, 000 §3).
      await page.getByTestId('open-profile').click();
      await page.getByTestId('profile-form').waitFor();
      expect(await page.getByTestId('profile-form').getByLabel('Previsión').count()).toBe(0);
      if (edition.country === 'INT') {
        await page.getByLabel('Nacionalidad').fill('Argentina');
        await page.getByLabel('País de cobertura').fill('Estados Unidos');
      }
      await Promise.all([
        page.waitForResponse((response) => isComparison(response.url(), response.request().method())),
        page.getByTestId('submit-profile').click(),
      ]);
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const stored = await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('perfil_')),
      );
      expect(stored).toEqual(['perfil_V1.6']);
      if (edition.country === 'INT') {
        const profile = await page.evaluate(() => JSON.parse(localStorage.getItem('perfil_V1.6') ?? '{}'));
        expect(profile.titular).toEqual({ nacionalidad: 'Argentina', paisCobertura: 'Estados Unidos' });
      }

      // A detail page at the edition's own address shape.
      if (edition.detailComparator) {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await page.locator(`.MuiDrawer-root a[href="${edition.detailComparator}"]`).click();
        await page.waitForURL((url) => url.pathname === edition.detailComparator);
      }
      await page.locator('[data-testid=results][data-complete=true]').waitFor();
      const card = cards(page)
        .filter({ has: page.locator(`a[href^="${edition.detailStart}"]`) })
        .first();
      const code = await card.getAttribute('data-code');
      await card.getByRole('link', { name: 'Ficha' }).click();
      await page.waitForURL((url) => edition.detail.test(url.pathname));
      const detail = page.getByTestId('detail');
      await detail.waitFor();
      expect(await detail.getAttribute('data-code')).toBe(code);

      // The request form: the edition's identification, phone code, and no Chilean region.
      await page.getByRole('tab', { name: 'Solicitar' }).click();
      await page.waitForURL(
        (url) => url.pathname.endsWith('/Solicitar') && edition.detail.test(url.pathname.slice(0, -10)),
      );
      const form = page.getByTestId('request-form');
      await form.waitFor();
      expect(await form.getByLabel('Teléfono').inputValue()).toBe(edition.phone);
      expect(await form.getByLabel('Región').count()).toBe(0);
      const identification = form.getByLabel(edition.identification.label);
      await form.getByLabel('Nombre completo').fill('Ana María Rojas');
      await identification.fill(edition.identification.bad);
      await form.getByLabel('Correo electrónico').fill('ana.rojas@example.com');
      await form.getByLabel('Teléfono').fill(edition.typed);
      await form.getByRole('button', { name: 'Solicitar' }).click();
      await form.getByText(edition.identification.message).waitFor();
      expect(await identification.getAttribute('aria-invalid')).toBe('true');
      await screenshot(
        page,
        `edition-${edition.country.toLowerCase()}-request-${phone ? 'mobile' : 'desktop'}`,
      );

      await identification.fill(edition.identification.good);
      const [created] = await Promise.all([
        page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/solicitarplans') && response.request().method() === 'POST',
        ),
        form.getByRole('button', { name: 'Solicitar' }).click(),
      ]);
      expect(created.status()).toBe(201);
      expect(created.request().headers()['country']).toBe(edition.country);
      expect(created.request().postDataJSON()).not.toHaveProperty('region');
      await page.getByTestId('request-success').waitFor();
    },
    // A whole visit (landing, profile, detail, request): several pages' worth of steps.
    60_000,
  );

  test('001-9.09 000-2.37 Colombia calls the deductible Copago in the detail tabs too', async () => {
    const page = await session.visit(DESKTOP, originOf('co.localhost'));
    await page.goto('/Comparar/Medicina-Prepagada');
    await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
    expect(await cards(page).first().locator('dt', { hasText: 'Deducible' }).count()).toBe(0);
    await cards(page).first().getByRole('link', { name: 'Ficha' }).click();
    await page.waitForURL((url) => /^\/Medicina-Prepagada\/[^/]+\/[^/]+$/.test(url.pathname));
    await page.getByRole('tab', { name: 'Topes y copagos' }).click();
    await page.getByRole('tabpanel').getByRole('columnheader', { name: 'Copago' }).waitFor();
  });

  test('issue 11 point 10: an unknown page answers 404 and the 404 page shows, in any edition', async () => {
    const page = await session.visit(DESKTOP, originOf('pe.localhost'));
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    for (const path of ['/esto-no-existe/de-verdad', '/Comparar/No-Existe', '/wizard/seguros-de-salud']) {
      const response = await page.goto(path);
      expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
      await page.getByTestId('not-found').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor();
    }
    // 001-2.14: the address is logged, naming no framework.
    expect(warnings).toContain('URL /esto-no-existe/de-verdad no gestionada por las rutas del sitio.');
    expect(warnings.join('\n')).not.toMatch(/angular/i);
    // The 404 answers and the comparator lookup that found nothing are what the page met.
    expect(session.expectedProblems(page, /status of 404/).length).toBeGreaterThan(0);
  });

  test('001-1.05 Chile, the main deployment, is unchanged on any other host: its menu, pesos, RUT and regions', async () => {
    const page = await session.visit(DESKTOP);
    await page.goto('/');
    await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
    expect(await page.locator('meta[name="cubre-edition"]').getAttribute('content')).toBe('CL');
    expect(await menuOf(page, false)).toContain('Isapres');
    expect(await cards(page).first().getByTestId('price').textContent()).toMatch(/^\$[\d.]+ \/mes$/);
    await page.getByTestId('filters').getByText('Precio ($)', { exact: true }).waitFor();
    await cards(page)
      .first()
      .getByRole('button', { name: /^Contratar/ })
      .click();
    const form = page.getByRole('dialog').getByTestId('request-form');
    await form.waitFor();
    expect(await form.getByLabel('RUT').count()).toBe(1);
    expect(await form.getByLabel('Teléfono').inputValue()).toBe('+56');
    await form.getByLabel('Región').waitFor();
  });
});
