import type { Page } from 'playwright-core';
import { codesFromSearch, comparePath } from '../src/domain/compare/compareLink';
import { seriousViolations } from './support/axe';
import { MOBILE, screenshot } from './support/browser';
import { storefrontSession } from './support/session';

const session = storefrontSession();
const visit = session.visit;

/** A family: cotizante 35 M, cónyuge 33 F, a child of 4. */
const FAMILY = {
  cotizante: [{ sexo: 'Masculino', edad: 35 }],
  cargas: [
    { sexo: 'Femenino', edad: 33, parentesco: 'Cónyuge' },
    { sexo: 'Masculino', edad: 4, parentesco: 'Hijo' },
  ],
};
/** The machines are shared: a comparator, a table and axe can take long on a busy one. */
const TEST_TIMEOUT_MS = 90_000;
/** What the first test leaves for the others: the table it shared. */
let shared: { shortUrl: string; codes: string[]; prices: string[] } | undefined;

const columns = (page: Page) => page.getByTestId('compare-column');
const tableComplete = (page: Page) =>
  page.locator('[data-testid=compare-table][data-complete=true]').waitFor({ timeout: 20_000 });
const codesOf = async (page: Page) =>
  (await columns(page).evaluateAll((heads) => heads.map((head) => head.getAttribute('data-code')))).filter(
    (code): code is string => code !== null,
  );
/** Each row's marking against what its cells read: a row is 'different' exactly when its cells differ. */
const rowMarks = (page: Page) =>
  page.getByTestId('compare-row').evaluateAll((rows) =>
    rows.map((row) => {
      const texts = [...row.querySelectorAll('td')]
        .filter((cell) => !cell.classList.contains('cubre-compare-empty'))
        .map((cell) =>
          (cell.textContent ?? '')
            .replace(/Solicitar$/, '')
            .trim()
            .toLowerCase(),
        );
      return {
        key: row.getAttribute('data-row'),
        marked: row.getAttribute('data-different') === 'true',
        mark: row.querySelector('[data-testid=difference]')?.textContent ?? null,
        differs: new Set(texts).size > 1,
      };
    }),
  );

describe('Comparar-Planes in a real browser', () => {
  test(
    '000-2.15 000-4.11 000-4.13 the plans ticked with a family profile: each price is its card’s, differences marked and filtered, print, share, request',
    async () => {
      const page = await visit();
      const perfil = Buffer.from(JSON.stringify(FAMILY)).toString('base64');
      await page.goto(`/Comparar/Seguros-de-Salud?perfil=${encodeURIComponent(perfil)}&replaceUrl=false`);
      await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
      const cards = page.getByTestId('result-card');
      const picked: { code: string; price: string; persons: string; page: string }[] = [];
      for (const index of [0, 1, 2]) {
        const card = cards.nth(index);
        await card.getByTestId('compare-checkbox').check();
        picked.push({
          code: (await card.getAttribute('data-code')) ?? '',
          price: (await card.getByTestId('price').textContent()) ?? '',
          persons: (await card.getByTestId('persons-line').textContent()) ?? '',
          page: (await card.getByRole('link', { name: 'Ficha' }).getAttribute('href')) ?? '',
        });
      }
      expect(picked.every((card) => card.persons === 'para 3 personas')).toBe(true);
      await page.getByTestId('compare-bar').getByRole('link', { name: 'Comparar' }).click();

      // The address names the table's products, in the order they were ticked.
      await page.waitForURL(/\/Comparar-Planes\?codes=/);
      const codes = picked.map((card) => card.code);
      expect(codesFromSearch(new URL(page.url()).search)).toEqual(codes);
      await tableComplete(page);
      expect(await codesOf(page)).toEqual(codes);

      // 000-4.11 each column reads its card's price, for the same three persons, with its unit.
      expect(await page.getByTestId('compare-price').allTextContents()).toEqual(
        picked.map((card) => card.price),
      );
      expect(await page.getByTestId('compare-persons').allTextContents()).toEqual(
        picked.map((card) => card.persons),
      );
      expect(await page.getByTestId('compare-price-label').allTextContents()).toEqual(['', '', '']);
      // Each UF price with its UF amount and the day's UF value, as on the card (issue 11).
      for (const uf of await page.getByTestId('compare-price-uf').allTextContents())
        expect(uf).toMatch(/^UF [\d,.]+ · UF a \$[\d.]+$/);

      // Every section is there, filled from the detail's calls.
      const sections = await page
        .getByTestId('compare-section')
        .evaluateAll((all) => all.map((section) => section.getAttribute('data-section')));
      expect(sections).toEqual(
        expect.arrayContaining([
          'insured',
          'product',
          'features',
          'coverages',
          'tops',
          'providers',
          'conditions',
        ]),
      );
      expect(await page.locator('[data-row^="coverage:"]').count()).toBeGreaterThan(0);

      // Differences: marked (and labelled 'Diferente') exactly where the cells differ; some rows are equal.
      const marks = await rowMarks(page);
      for (const row of marks) {
        expect({ key: row.key, marked: row.marked }).toEqual({ key: row.key, marked: row.differs });
        expect(row.mark).toBe(row.differs ? 'Diferente' : null);
      }
      const different = marks.filter((row) => row.marked).length;
      expect(different).toBeGreaterThan(0);
      expect(marks.find((row) => row.key === 'persons')?.marked).toBe(false);

      // 'Solo diferencias' hides the equal rows of the sections, and brings them back.
      await page.getByTestId('only-differences').check();
      expect(await page.locator('tbody [data-testid=compare-row][data-different=false]').count()).toBe(0);
      expect(await page.locator('tbody [data-testid=compare-row][data-different=true]').count()).toBe(
        marks.filter((row) => row.marked && row.key !== 'price').length,
      );
      await page.getByTestId('only-differences').uncheck();
      expect(await page.getByTestId('compare-row').count()).toBe(marks.length);

      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'compare-table-desktop');

      // Print: the button prints, and on paper the site's header, footer and the controls are gone.
      await page.evaluate(() => {
        window.print = () => document.body.setAttribute('data-printed', 'true');
      });
      await page.getByTestId('print').click();
      expect(await page.locator('body').getAttribute('data-printed')).toBe('true');
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('header').isVisible()).toBe(false);
      expect(await page.getByTestId('print').isVisible()).toBe(false);
      expect(await page.getByTestId('compare-request').first().isVisible()).toBe(false);
      expect(await page.getByTestId('compare-table').isVisible()).toBe(true);
      expect(await page.locator('.cubre-compare-print-only').textContent()).toContain(
        `/Comparar-Planes?codes=`,
      );
      await page.emulateMedia({ media: 'screen' });

      // 000-2.29 Compartir saves the table's address as a short link and shows it.
      await page.getByTestId('share').click();
      const link = page.getByTestId('share-link');
      await link.waitFor();
      const shortUrl = (await link.getAttribute('href')) ?? '';
      expect(shortUrl).toMatch(/\/url\/[A-Za-z0-9_-]+$/);
      shared = { shortUrl, codes, prices: picked.map((card) => card.price) };

      // 000-2.36 a column's request button opens that product's Solicitar, the product carried with its price.
      await page.getByTestId('compare-request').nth(1).click();
      await page.waitForURL((url) => url.pathname === `${picked[1]!.page}/Solicitar`);
      const detail = page.getByTestId('detail');
      await detail.waitFor();
      expect(await detail.getAttribute('data-code')).toBe(codes[1]);
      await page.getByRole('tab', { name: 'Solicitar', selected: true }).waitFor();
      await page.getByTestId('request-form').waitFor();
      expect(await detail.textContent()).toContain(picked[1]!.price);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    '000-2.15 000-2.29 000-4.16 a shared table opens the same plans for another visitor, priced for their profile; removing shifts',
    async () => {
      if (!shared) throw new Error('the first test shares the table this one opens');
      const page = await visit();
      await page
        .context()
        .addInitScript((profile) => localStorage.setItem('perfil_V1.7', profile), JSON.stringify(FAMILY));
      const priced: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/calculatePrice'))
          priced.push(request.url());
      });
      await page.goto(new URL(shared.shortUrl).pathname);
      await page.waitForURL(/\/Comparar-Planes\?codes=/);
      await tableComplete(page);
      expect(await codesOf(page)).toEqual(shared.codes);
      // Not the sharer's prices carried along: this visitor's profile priced each product, to the same amounts.
      expect(priced).toHaveLength(3);
      expect(await page.getByTestId('compare-price').allTextContents()).toEqual(shared.prices);
      expect(await page.getByTestId('compare-persons').allTextContents()).toEqual(
        Array(3).fill('para 3 personas'),
      );

      // The shared plans are now this visitor's selection: removing the first shifts the others (000-4.16).
      await columns(page).nth(0).getByRole('button', { name: 'Quitar' }).click();
      expect(await codesOf(page)).toEqual(shared.codes.slice(1));
      await page.waitForURL(
        (url) => url.search === new URL(comparePath(shared!.codes.slice(1)), 'http://x').search,
      );
      const slots = await page.evaluate(() =>
        (
          JSON.parse(sessionStorage.getItem('compare-slots') ?? '[]') as ({ productCode: string } | null)[]
        ).map((slot) => slot?.productCode ?? null),
      );
      expect(slots).toEqual([...shared.codes.slice(1), null]);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    '000-2.15 000-4.12 on a phone the table scrolls inside itself, names in sight; "Desde" prices without a profile; a failed section retries',
    async () => {
      if (!shared) throw new Error('the first test shares the table this one opens');
      const page = await visit(MOBILE);
      let failures = 0;
      await page.route('**/api/insurance/coverages/*/resume', (route) => {
        if (failures > 0) return route.continue();
        failures++;
        return route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: '{"title":"Error"}',
        });
      });
      await page.goto(comparePath(shared.codes));
      const coverages = page.locator('[data-testid=compare-section][data-section=coverages]');
      const error = coverages.getByTestId('compare-error');
      await error.waitFor();
      await error.getByRole('button', { name: 'Reintentar' }).click();
      await tableComplete(page);
      expect(await coverages.getByTestId('compare-error').count()).toBe(0);
      expect(session.expectedProblems(page, /500/).length).toBeGreaterThan(0);

      // Without a profile every price is a 'Desde' price, and no one is said to be covered.
      expect(await page.getByTestId('compare-price-label').allTextContents()).toEqual([
        'Desde',
        'Desde',
        'Desde',
      ]);
      expect(await page.getByTestId('compare-persons').count()).toBe(0);

      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'compare-table-mobile');

      // The page never scrolls sideways; the table does, inside its box, with the attribute names fixed.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        MOBILE.width,
      );
      const box = page.locator('.cubre-compare-scroll');
      expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      const name = page.locator('[data-row=type] th');
      const before = await name.boundingBox();
      await box.evaluate((element) => element.scrollBy({ left: 200 }));
      await page.waitForFunction(
        () => (document.querySelector('.cubre-compare-scroll')?.scrollLeft ?? 0) > 0,
      );
      expect((await name.boundingBox())?.x).toBe(before?.x);
      expect(await seriousViolations(page)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
