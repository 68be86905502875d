import type { Page } from 'playwright-core';
import { MOBILE } from './support/browser';
import { storefrontSession } from './support/session';

/**
 * Issue 11 point 9: the storefront in English and Portuguese, every visible word from the dictionaries,
 * and a language change that keeps the page with its filters, order and page.
 */
const session = storefrontSession();
const visit = session.visit;

const FILTERED = '/Comparar/Isapres?order=lowerPrice&comercializable=true';
const query = (page: Page) => new URL(page.url()).search;
const cards = (page: Page) => page.getByTestId('result-card');
async function waitForCards(page: Page) {
  await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
  await cards(page).first().waitFor();
}
/** The page in a language: its dictionaries are in once the profile button says so. */
const inLanguage = (page: Page, profileWords: string) =>
  page.getByTestId('open-profile').and(page.getByText(profileWords)).waitFor({ timeout: 15_000 });

/**
 * Words that give away Spanish on an English or Portuguese page. Portuguese shares many words with
 * Spanish (cobertura, prestadores, filtros, seguros, solicitar…): its list holds Spanish-only ones.
 */
const GIVEAWAYS = {
  en: [
    'Desde',
    'Cobertura',
    'Coberturas',
    'Prestadores',
    'Deducible',
    'Comercializable',
    'Tope',
    'planes',
    'Filtros',
    'Compañías',
    'Características',
    'Ordenar',
    'Ingresa',
    'perfil',
    'Cargas',
    'Solicitar',
    'Preferente',
    'Cerrado',
    'Sin',
    'para',
    'mes',
    'Precio',
    'Contratar',
    'Ficha',
    'Afinidad',
    'Seguros',
    'Salud',
    'Hospitalario',
    'Ambulatorio',
    'Parto',
    'No Cubre',
    'personas',
    'años',
    'Requiere',
  ],
  pt: [
    'Desde',
    'Deducible',
    'Comercializable',
    'Tope',
    'planes',
    'Compañías',
    'Ingresa',
    'Cargas',
    'Sin',
    'mes',
    'Precio',
    'Afinidad',
    'Salud',
    'Hospitalario',
    'Ambulatorio',
    'No Cubre',
    'personas',
    'años',
    'Requiere',
    'elección',
    'Mascotas',
    'Ver detalle',
  ],
} as const;

/** Product, insurer and clinic names: proper names, said as the catalogue says them. */
async function properNames(page: Page): Promise<string[]> {
  const answer = await page.request.get('/api/organization/seguros/multTipo/ASEGURADORA,CLINICA,ISAPRE');
  const organizations = ((await answer.json()) as { data: { displayName: string }[] }).data;
  const products = await page
    .locator('[data-testid=result-card] h3, #detail-title')
    .evaluateAll((all) => all.map((node) => node.textContent ?? ''));
  return [...products, ...organizations.map((organization) => organization.displayName)]
    .filter((name) => name.trim() !== '')
    .sort((a, b) => b.length - a.length);
}

/**
 * The visible text of `root` in the page's own words: the catalogue's Spanish blocks (lang="es" inside
 * the body, not the document's own) and the proper names left out.
 */
async function pageWords(page: Page, root = 'body'): Promise<string> {
  const names = await properNames(page);
  return page
    .locator(root)
    .first()
    .evaluate((element, names) => {
      const texts: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('body [lang="es"], script, style')) continue;
        if (!parent.checkVisibility()) continue;
        texts.push(node.textContent ?? '');
      }
      let text = texts.join(' \n ');
      for (const name of names) text = text.split(name).join(' ');
      return text;
    }, names);
}

function giveaways(text: string, lang: 'en' | 'pt'): string[] {
  return GIVEAWAYS[lang].filter((word) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text));
}

describe('the storefront in English and Portuguese (issue 11 point 9)', () => {
  test('001-1.03 001-2.20 /en is English everywhere; switching to pt keeps the page and its filters, all Portuguese', async () => {
    const page = await visit();
    await page.goto(`/en${FILTERED}`);
    await waitForCards(page);
    await inLanguage(page, 'Enter your profile');

    // The page's own words: heading, document, menu, filters.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Isapre plans');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe('Isapre plans · Cubre');
    expect(await page.locator('meta[name=description]').getAttribute('content')).toBe(
      'Isapre plans: compare plans, coverage and prices for your profile, up to 3 side by side.',
    );
    const menu = page.locator('header nav').getByRole('button');
    expect(await menu.allTextContents()).toEqual([
      'Health insurance',
      'Isapres',
      'Life insurance',
      'Personal accident',
      'Pet insurance',
      'Business insurance',
    ]);
    await menu.first().click();
    await page.getByRole('menuitem', { name: 'Complementary + Catastrophic' }).waitFor();
    await page.keyboard.press('Escape');
    const filters = page.getByTestId('filters');
    await filters.waitFor();
    expect(await filters.getByLabel('Available for sale only').isChecked()).toBe(true);
    await filters.getByLabel('Maternity').waitFor();
    expect(await page.getByTestId('order').inputValue()).toBe('lowerPrice');

    // A card: badges, facts, the 'From' price and its period.
    const card = cards(page).first();
    expect(await card.locator('.cubre-tags').first().textContent()).toContain('On sale');
    expect(await card.locator('dt').allTextContents()).toEqual([
      'Coverage',
      'Cap',
      'Fixed copay',
      'Providers',
    ]);
    expect(await card.getByTestId('price-label').textContent()).toBe('From');
    expect(await card.getByTestId('price').textContent()).toMatch(/^\$[\d.]+ \/month$/);
    expect(await card.locator('h3 + p').textContent()).toMatch(/ · Isapre plan$/);
    expect(await card.getByTestId('card-coverage').textContent()).toMatch(/^\d+ coverages: Hospital/);

    // The profile in English, then the persons line under the price.
    await page.getByTestId('open-profile').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Who will be insured?' }).waitFor();
    await page.getByTestId('titular-age').fill('45');
    await page.getByTestId('toggle-dependants').click();
    await page.getByTestId('add-dependant').click();
    await page.getByTestId('dependant-age').first().fill('300');
    await page.getByTestId('submit-profile').click();
    expect(await page.getByTestId('profile-invalid').textContent()).toBe(
      'Each dependent must be between 0 and 110 years old',
    );
    await page.getByTestId('dependant-age').first().fill('12');
    await page.getByTestId('submit-profile').click();
    await dialog.waitFor({ state: 'detached' });
    await cards(page).first().getByTestId('persons-line').waitFor({ timeout: 20_000 });
    await waitForCards(page);
    expect(await cards(page).first().getByTestId('persons-line').textContent()).toBe('for 2 people');

    // The compare bar.
    await cards(page).nth(0).getByTestId('compare-checkbox').check();
    await cards(page).nth(1).getByTestId('compare-checkbox').check();
    const bar = page.getByTestId('compare-bar');
    expect(await bar.textContent()).toContain('2 of 3');
    await bar.getByRole('link', { name: 'Compare' }).waitFor();

    // Everything on the comparator is English but the catalogue's names.
    expect(giveaways(await pageWords(page), 'en')).toEqual([]);

    // The detail modal: its tabs, a plan's coverage, and the request form's own errors.
    const name = (await cards(page).first().locator('h3').textContent()) ?? '';
    await cards(page)
      .first()
      .getByRole('button', { name: `View details for ${name}` })
      .click();
    const detail = page.getByRole('dialog');
    await detail.getByTestId('detail').waitFor();
    expect(await detail.getByRole('tab').allTextContents()).toEqual([
      'Coverage',
      'Providers',
      'Caps and deductibles',
      'Conditions',
      'Exclusions',
      'FAQ',
      'Request',
    ]);
    await detail.getByRole('heading', { name: 'Hospital', exact: true }).waitFor();
    expect(await detail.getByRole('tabpanel').textContent()).toContain('Hospital services');
    expect(giveaways(await pageWords(page, '[role=dialog]'), 'en')).toEqual([]);
    await detail.getByRole('tab', { name: 'Caps and deductibles' }).click();
    await detail.getByRole('tabpanel').getByText('Yearly cap per beneficiary').waitFor();
    await detail.getByRole('tab', { name: 'Request' }).click();
    const form = page.getByTestId('request-form');
    await form.getByLabel('Full name').waitFor();
    await form.getByRole('button', { name: 'Submit request' }).click();
    await form.getByText('required field').first().waitFor();
    expect(giveaways(await pageWords(page, '[role=dialog]'), 'en')).toEqual([]);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // Switching to Portuguese keeps the page, its filters and its order.
    await page.getByTestId('language').click();
    await page.getByRole('menuitem', { name: 'Português' }).click();
    await page.waitForURL((url) => url.pathname === '/pt/Comparar/Isapres');
    expect(query(page)).toBe('?order=lowerPrice&comercializable=true');
    await inLanguage(page, 'Editar perfil');
    await waitForCards(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Planos de isapre');
    expect(await page.locator('html').getAttribute('lang')).toBe('pt');
    expect(await page.title()).toBe('Planos de isapre · Cubre');
    expect(await page.getByTestId('filters').getByLabel('Somente comercializáveis').isChecked()).toBe(true);
    const first = cards(page).first();
    expect(await first.locator('.cubre-tags').first().textContent()).toContain('À venda');
    expect(await first.getByTestId('price').textContent()).toMatch(/^\$[\d.]+ \/mês$/);
    expect(await first.getByTestId('persons-line').textContent()).toBe('para 2 pessoas');
    expect(await page.getByTestId('compare-bar').textContent()).toContain('2 de 3');
    expect(giveaways(await pageWords(page), 'pt')).toEqual([]);

    // The same scan finds the Spanish of the Spanish page: it is not blind.
    await page.goto(FILTERED);
    await waitForCards(page);
    // The filters' words come with the second dictionary: scanned once they show (a loaded machine in CI
    // scanned before, and missed the price filter's 'Desde').
    await page.getByTestId('filters').getByLabel('Solo comercializables').waitFor();
    await page.getByTestId('filters').getByText('Desde').first().waitFor();
    expect(giveaways(await pageWords(page), 'en')).toEqual(
      expect.arrayContaining(['Desde', 'Tope', 'planes']),
    );

    // The 404 page in English, with its title.
    await page.goto('/en/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Cubre');
    expect(giveaways(await pageWords(page), 'en')).toEqual([]);
    // The page itself answered 404 (point 10): the one failed load this visit expects.
    expect(session.expectedProblems(page, /status of 404/)).toHaveLength(1);
  }, 90_000);

  test('001-2.20 on a phone the drawer switches the language and keeps the page and its query', async () => {
    const page = await visit(MOBILE);
    await page.goto('/en/Comparar/Seguros-de-Salud?insuranceTypes=Complementario&order=lowerPrice');
    await waitForCards(page);
    await inLanguage(page, 'Enter your profile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Categories' });
    await drawer.getByText('Health insurance', { exact: true }).first().waitFor();
    const languages = drawer.getByTestId('drawer-language');
    expect(await languages.getByRole('button').allTextContents()).toEqual([
      'Español',
      'English',
      'Português',
    ]);
    expect(await languages.getByRole('button', { name: 'English' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await languages.getByRole('button', { name: 'Português' }).click();
    await page.waitForURL((url) => url.pathname === '/pt/Comparar/Seguros-de-Salud');
    expect(query(page)).toBe('?insuranceTypes=Complementario&order=lowerPrice');
    await inLanguage(page, 'Informe seu perfil');
    await drawer.waitFor({ state: 'detached' });
    await waitForCards(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Seguros de saúde');
    expect(await cards(page).first().locator('h3 + p').textContent()).toMatch(/ · Complementar$/);
    expect(giveaways(await pageWords(page), 'pt')).toEqual([]);
  }, 60_000);
});
