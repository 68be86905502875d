import type { Page } from 'playwright-core';
import { DESKTOP } from './support/browser';
import { storefrontSession } from './support/session';

/**
 * Small shell rules a visitor meets, in Chromium: the result cards' entry animation (000-9.09), the
 * footer's lazy-load margin and threshold (001-9.02), the request form when the regions cannot be read
 * (001-8.09), and the snackbar's 2 s (001-9.06).
 */
const session = storefrontSession();
const visit = session.visit;
const footer = (page: Page) => page.getByTestId('footer');
/** Two frames: any intersection the last layout produced has been delivered by then. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe('shell details in a real browser', () => {
  test('000-9.09 the result cards enter staggered by 80 ms, the 10th and every later one at 720 ms', async () => {
    const page = await visit();
    await page.goto('/Comparar/Isapres');
    await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
    const entries = await page.locator('.cubre-enter').evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        return {
          // Its place in the list (a promotion block, when there is one, takes a place too).
          place: Array.from(element.parentElement!.children).indexOf(element),
          delay: style.animationDelay,
          animated: style.animationName !== 'none' && parseFloat(style.animationDuration) > 0,
        };
      }),
    );
    expect(entries.length).toBeGreaterThan(10);
    for (const { place, delay, animated } of entries) {
      expect(animated).toBe(true);
      expect(delay).toBe(`${(Math.min(place, 9) * 80) / 1000}s`);
    }
    expect(entries.map((entry) => entry.delay).slice(0, 3)).toEqual(['0s', '0.08s', '0.16s']);
    expect(entries.at(-1)!.delay).toBe('0.72s');
  });

  test('001-9.02 the footer loads once a tenth of it is within twice the screen height below the screen', async () => {
    const page = await visit();
    let asked = 0;
    await page.route('**/api/contactInformations', async (route) => {
      asked += 1;
      await route.continue();
    });
    // A long page, so the footer starts far below its margin.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = 'main#main { min-height: 600vh !important; }';
        document.head.appendChild(style);
      });
    });
    await page.goto('/contacto');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await twoFrames(page);
    const { top, height } = await footer(page).evaluate((element) => ({
      top: element.getBoundingClientRect().top + window.scrollY,
      height: element.getBoundingClientRect().height,
    }));
    // The observed area ends 200 % of the screen's height below the screen: 3 screens from its top.
    const edge = DESKTOP.height * 3;
    /** Scrolls so that the footer's top is `below` pixels under the top of the screen. */
    const footerAt = async (below: number) => {
      await page.evaluate((y) => window.scrollTo(0, y), Math.round(top - below));
      await twoFrames(page);
    };
    await footerAt(edge + 100);
    expect(asked).toBe(0);
    // 5 % of it inside the margin: under the 0.1 threshold.
    await footerAt(edge - height * 0.05);
    expect(asked).toBe(0);
    expect(await footer(page).textContent()).toBe('');
    // 15 % of it inside: past the threshold, it loads.
    const channels = page.waitForResponse((response) => response.url().endsWith('/api/contactInformations'));
    await footerAt(edge - height * 0.15);
    expect((await channels).status()).toBe(200);
    await footer(page).getByText('Métodos de pago disponibles').waitFor();
    expect(asked).toBe(1);
  });

  test("001-8.09 regions that cannot be read: the request form says 'Error al obtener las regiones' and logs it", async () => {
    const page = await visit();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route('**/api/regiones', (route) => route.fulfill({ status: 500 }));
    const product = (await (
      await fetch(`${session.runtime.url}/api/insurance/product/DEMO-CL-DENT-06`)
    ).json()) as { detailPath: string };
    await page.goto(`${product.detailPath}/Solicitar`);
    const form = page.getByTestId('request-form');
    await form.waitFor();
    await form.getByText('Error al obtener las regiones').waitFor();
    expect(warnings).toContain('Error al obtener las regiones');
    // The form is still there to fill: only the region list is missing.
    expect(await form.getByLabel('Correo electrónico').isEditable()).toBe(true);
    expect(session.expectedProblems(page, /\/api\/regiones|status of 500|HTTP 500/).length).toBeGreaterThan(
      0,
    );
  });

  test("001-9.06 a shared comparison's link is copied and a snackbar says so for 2 s", async () => {
    const page = await visit();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await page.goto('/Comparar/Seguros-de-Salud');
    await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
    const codes = await page
      .getByTestId('result-card')
      .evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getAttribute('data-code')));
    await page.goto(`/Comparar-Planes?codes=${codes.join(',')}`);
    await page.locator('[data-testid=compare-table][data-complete=true]').waitFor({ timeout: 20_000 });
    // From here the page's clock moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByTestId('share').click();
    const snackbar = page.getByTestId('snackbar');
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toBe('Enlace copiado');
    const shortUrl = await page.getByTestId('share-link').getAttribute('href');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);
    await page.clock.runFor(1900);
    expect(await snackbar.isVisible()).toBe(true);
    // At 2 s it closes; its exit transition (195 ms) runs on the same clock.
    await page.clock.runFor(100);
    await page.clock.runFor(300);
    await snackbar.waitFor({ state: 'detached' });
  });
});
