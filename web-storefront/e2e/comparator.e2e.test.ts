import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/browser';
import { storefrontSession } from './support/session';

const session = storefrontSession();
const visit = session.visit;
const cards = (page: Page) => page.getByTestId('result-card');
const money = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
async function prices(page: Page, count = 5): Promise<number[]> {
  const texts = await cards(page).getByTestId('price').allTextContents();
  return texts.slice(0, count).map((text) => money(text.split('/')[0] ?? ''));
}
/** Runs an action that reloads the results and waits until the new cards are on screen. */
async function reloadingResults(page: Page, action: () => Promise<unknown>) {
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/insurance/compare/metadata')),
    action(),
  ]);
  await waitForCards(page);
}
async function waitForCards(page: Page) {
  await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
}

describe('the public comparator in a real browser', () => {
  test('000-2.11 000-2.40 000-2.44 / lands on the default health comparator with result cards, 20 per page (000-9.01)', async () => {
    const page = await visit();
    await page.goto('/');
    await waitForCards(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Seguros de Salud');
    expect(await cards(page).count()).toBe(20);
    expect(await page.getByTestId('total').textContent()).toMatch(/^\d+ planes encontrados$/);
    // Without a profile every price is a "from" price (000-5.15).
    const labels = await cards(page).getByTestId('price-label').allTextContents();
    expect(new Set(labels)).toEqual(new Set(['Desde']));
    // 000-2.40 what a card shows: name, organization image, price with its suffix, facts, actions.
    const card = cards(page).first();
    const name = (await card.locator('h3').textContent()) ?? '';
    expect(name.length).toBeGreaterThan(0);
    expect(await card.getByRole('img').first().getAttribute('src')).toMatch(/^\/images\//);
    expect(await card.getByTestId('price').textContent()).toMatch(/^\$[\d.]+ \/mes$/);
    for (const fact of ['Cobertura', 'Tope', 'Deducible', 'Prestadores'])
      expect(await card.locator('dt', { hasText: fact }).count()).toBe(1);
    expect(await card.getByRole('button', { name: `Ver detalle de ${name}` }).count()).toBe(1);
    // 000-2.44 the contract button (its colour is the experiment's; here the default).
    expect(await card.getByRole('button', { name: /^Contratar/ }).count()).toBe(1);
    await screenshot(page, 'comparator-desktop');
  });

  test('000-1.02 000-4.06 entering a profile changes the prices, and it is kept per product type (000-3.20, 000-4.01)', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    const first = await cards(page).first().getAttribute('data-code');
    const before = money(await cards(page).first().getByTestId('price').textContent());

    await page.getByTestId('open-profile').click();
    await page.getByTestId('titular-age').fill('61');
    await page.getByTestId('toggle-dependants').click();
    await page.getByTestId('add-dependant').click();
    await page.getByTestId('dependant-age').first().fill('59');
    await screenshot(page, 'profile-desktop');
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await reloadingResults(page, () => page.getByTestId('submit-profile').click());

    // The modal closes, the prices come back defined by the profile, and the button shows 'finished' (000-4.07).
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('open-profile').and(page.locator('[data-finished=true]')).waitFor();
    await page.getByTestId('persons-line').first().waitFor();
    const same = cards(page).and(page.locator(`[data-code="${first}"]`));
    const after = money(await same.getByTestId('price').textContent());
    expect(after).toBeGreaterThan(before);
    expect(await cards(page).first().getByTestId('price-label').textContent()).not.toBe('Desde');
    expect(await cards(page).first().getByTestId('persons-line').textContent()).toBe('para 2 personas');

    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('V1.7')));
    expect(stored.length).toBe(1);
    await page.reload();
    await waitForCards(page);
    await page.getByTestId('open-profile').click();
    expect(await page.getByTestId('titular-age').inputValue()).toBe('61');
  });

  test('000-2.52 the persons line opens who is insured, and the price explanation shows the breakdown', async () => {
    const page = await visit();
    const perfil = Buffer.from(
      JSON.stringify({ cotizante: [{ sexo: 'Femenino', edad: 40, ingreso: 1500000 }], prevision: 'Isapre' }),
    ).toString('base64');
    await page.goto(`/Comparar/Isapres?perfil=${encodeURIComponent(perfil)}&replaceUrl=false`);
    await waitForCards(page);
    await page.getByTestId('persons-line').first().click();
    const popover = page.getByTestId('persons-popover');
    expect(await popover.textContent()).toContain('Femenino, 40 años');
    await popover.getByTestId('explain-price').click();
    const explanation = page.getByTestId('price-explanation');
    await explanation.waitFor();
    const text = (await explanation.textContent()) ?? '';
    expect(text).toContain('Factor');
    expect(text).toContain('GES');
    expect(text).toContain('Tu 7%');
    await screenshot(page, 'price-explanation-desktop');
  });

  test('000-2.28 000-2.30 a shared quote link prices with its perfil, which leaves the address bar after 1 s', async () => {
    const page = await visit();
    const perfil = Buffer.from(JSON.stringify({ cotizante: [{ sexo: 'Masculino', edad: 45 }] })).toString(
      'base64',
    );
    await page.goto(`/Comparar/Seguros-de-Salud?perfil=${encodeURIComponent(perfil)}`);
    await waitForCards(page);
    await page.waitForURL((url) => !url.searchParams.has('perfil'), { timeout: 5_000 });
    await page.getByTestId('persons-line').first().waitFor();
    expect(await cards(page).first().getByTestId('persons-line').textContent()).toBe('para 1 persona');
  });

  test("000-2.30 a filter chosen in the perfil's last moment stays: the perfil leaves the address, the filter does not", async () => {
    const page = await visit();
    // Holds the page's 1 s timers (the perfil's among them) so the test fires them at the race's worst
    // moment: after a filter's navigation is in the address, before React renders it and clears the timer.
    await page.addInitScript(() => {
      const held = new Map<number, () => void>();
      const realSet = window.setTimeout.bind(window);
      const realClear = window.clearTimeout.bind(window);
      const hold = (handler: TimerHandler, ms?: number, ...args: unknown[]): number => {
        if (ms !== 1000 || typeof handler !== 'function') return realSet(handler, ms, ...args);
        const id = realSet(() => undefined, 2 ** 31 - 1);
        held.set(id, () => handler(...args));
        return id;
      };
      window.setTimeout = hold as typeof window.setTimeout;
      window.clearTimeout = ((id?: number) => {
        if (id !== undefined) held.delete(id);
        realClear(id);
      }) as typeof window.clearTimeout;
      (window as unknown as { fireHeldTimers: () => void }).fireHeldTimers = () => {
        const due = [...held.values()];
        held.clear();
        for (const run of due) run();
      };
    });
    const perfil = Buffer.from(JSON.stringify({ cotizante: [{ sexo: 'Femenino', edad: 38 }] })).toString(
      'base64',
    );
    await page.goto(`/Comparar/Isapres?perfil=${encodeURIComponent(perfil)}&productType=ISAPRES`);
    await waitForCards(page);
    const comercializables = page.getByTestId('filters').getByLabel('Solo comercializables');
    await comercializables.waitFor();
    await comercializables.evaluate(async (box: HTMLElement) => {
      box.click();
      // The router writes the address a few microtasks after the click; React renders in a later task.
      for (let turn = 0; turn < 100 && !window.location.search.includes('comercializable'); turn++) {
        await Promise.resolve();
      }
      (window as unknown as { fireHeldTimers: () => void }).fireHeldTimers();
    });
    await page.waitForURL((url) => !url.searchParams.has('perfil'));
    await waitForCards(page);
    expect(new URL(page.url()).searchParams.get('comercializable')).toBe('true');
    await comercializables.and(page.locator(':checked')).waitFor();
  });

  test('000-2.31 an invalid perfil is ignored: "from" prices, no error', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud?perfil=not-base64-json!!&replaceUrl=false');
    await waitForCards(page);
    expect(await cards(page).first().getByTestId('price-label').textContent()).toBe('Desde');
    expect(page.url()).toContain('perfil=');
  });

  test('sorting by lower price orders the cards, and a filter keeps only its organization (000-4.21: back to page 1)', async () => {
    const page = await visit();
    await page.goto('/Comparar/Isapres?page=2');
    await waitForCards(page);
    await reloadingResults(page, () => page.getByTestId('order').selectOption('lowerPrice'));
    expect(page.url()).toContain('order=lowerPrice');
    const sorted = await prices(page, 10);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    await page.getByTestId('filters').waitFor();
    // The organization of the last card shown: one that has plans in this catalogue.
    const label = ((await cards(page).last().locator('h3 + p').textContent()) ?? '').split(' · ')[0] ?? '';
    await reloadingResults(page, () =>
      page.getByTestId('filters').getByLabel(label, { exact: true }).click(),
    );
    expect(page.url()).toContain('organizations=');
    const names = await cards(page).locator('h3 + p').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.startsWith(label.trim())).toBe(true);
    await screenshot(page, 'filters-desktop');
  });

  test('000-2.14 000-9.01 000-4.23 pages of 20: the pager shows when the total exceeds a page, and a page change scrolls to top', async () => {
    const page = await visit();
    await page.goto('/Comparar/Isapres');
    await waitForCards(page);
    const firstPage = await cards(page).first().getAttribute('data-code');
    const pager = page
      .getByRole('navigation')
      .filter({ has: page.getByRole('button', { name: 'Página 2', exact: true }) });
    await pager.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await reloadingResults(page, () => pager.getByRole('button', { name: 'Página 2', exact: true }).click());
    expect(page.url()).toContain('page=2');
    expect(await cards(page).first().getAttribute('data-code')).not.toBe(firstPage);
    await page.waitForFunction(() => window.scrollY === 0);
  });

  test('000-4.13 000-4.14 000-4.16 compare three: a fourth is disabled, Comparar-Planes shows them, removing shifts', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    const boxes = page.getByTestId('compare-checkbox');
    const codes: string[] = [];
    for (let index = 0; index < 3; index++) {
      await boxes.nth(index).check();
      codes.push((await cards(page).nth(index).getAttribute('data-code')) ?? '');
    }
    expect(await boxes.nth(3).isDisabled()).toBe(true);
    expect(await page.getByTestId('compare-slot').count()).toBe(3);
    await boxes.nth(1).uncheck();
    expect(await boxes.nth(3).isDisabled()).toBe(false);
    await boxes.nth(1).check();
    await page.getByTestId('compare-bar').getByRole('link', { name: 'Comparar' }).click();
    await page.waitForURL(/Comparar-Planes/);
    const columns = page.getByTestId('compare-column');
    await columns.first().waitFor();
    expect(await columns.count()).toBe(3);
    await screenshot(page, 'compare-desktop');
    const firstName = await columns.nth(0).locator('h2').textContent();
    const thirdName = await columns.nth(2).locator('h2').textContent();
    await columns.nth(0).getByRole('button', { name: 'Quitar' }).click();
    expect(await columns.nth(0).locator('h2').textContent()).not.toBe(firstName);
    expect(await columns.nth(1).locator('h2').textContent()).toBe(thirdName);
    expect(await columns.nth(2).locator('h2').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('000-2.38 000-2.45 on a phone the results are a grid and plans cannot be ticked for comparison', async () => {
    const page = await visit(MOBILE);
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    expect(await page.getByTestId('results').getAttribute('data-layout')).toBe('grid');
    expect(await page.getByTestId('compare-checkbox').count()).toBe(0);
    expect(await page.getByTestId('layout-list').count()).toBe(0);
    await screenshot(page, 'comparator-mobile');
    await page.getByTestId('open-profile').click();
    await page.getByTestId('profile-form').waitFor();
    await screenshot(page, 'profile-mobile');
    await page.keyboard.press('Escape');
  });

  test('000-2.38 the view toggle switches list and grid on a desktop', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    expect(await page.getByTestId('results').getAttribute('data-layout')).toBe('list');
    await page.getByTestId('layout-grid').click();
    expect(await page.getByTestId('results').getAttribute('data-layout')).toBe('grid');
    await screenshot(page, 'comparator-grid-desktop');
  });

  test('000-4.08 000-4.09 000-4.12 000-8.01 a visible card loads its coverage; a failure shows the error and its retry reloads that card', async () => {
    const page = await visit();
    let failing = true;
    await page.route('**/api/insurance/coverages/*/resume', (route) =>
      failing ? route.fulfill({ status: 503, body: '{}' }) : route.continue(),
    );
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    const first = cards(page).first().getByTestId('card-coverage');
    await first.and(page.locator('[data-state=failed]')).waitFor();
    expect(await first.textContent()).toContain('No pudimos cargar las coberturas.');
    // Cards far below the fold have not asked yet (150 px margin, 1 s debounce).
    expect(await cards(page).last().getByTestId('card-coverage').getAttribute('data-state')).toBe('pending');
    failing = false;
    await first.getByRole('button', { name: 'Reintentar' }).click();
    await first.and(page.locator('[data-state=ready]')).waitFor();
    expect(await first.textContent()).toMatch(/\d+ coberturas/);
    // The 503s were this test's doing.
    expect(session.expectedProblems(page, /503|Failed to load resource/).length).toBeGreaterThan(0);
  });

  test('000-2.13 000-2.46 000-2.47 000-5.01 000-5.02 the company comparator asks for employees and warns below each plan minimum', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguro-Complementario-Empresa');
    await waitForCards(page);
    // No count entered: every collective card states its minimum.
    const warnings = await page.getByTestId('min-employees').allTextContents();
    expect(warnings.length).toBe(await cards(page).count());
    expect(warnings).toContain('Plan para un mínimo de 10 empleados');
    // Grid cards of collective types carry the warning too (000-2.46).
    await page.getByTestId('layout-grid').click();
    expect(await page.getByTestId('min-employees').count()).toBe(await cards(page).count());
    await page.getByTestId('open-profile').click();
    expect(await page.getByRole('dialog').getByRole('heading').first().textContent()).toContain(
      'Ingresa el número de empleados',
    );
    // Collective forms have no dependants box and no add-person button (000-2.56, 000-5.33).
    expect(await page.getByTestId('toggle-dependants').count()).toBe(0);
    await page.getByTestId('employees').fill('4');
    await reloadingResults(page, () => page.getByTestId('submit-profile').click());
    const remaining = await page.getByTestId('min-employees').allTextContents();
    expect(remaining.length).toBeGreaterThan(0);
    expect(remaining.every((text) => /mínimo de (5|10) empleados/.test(text))).toBe(true);
    await screenshot(page, 'company-comparator-desktop');
  });

  test('000-2.49 pets: the form adds pets, and the price line counts them', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-Mascotas');
    await waitForCards(page);
    await page.getByTestId('open-profile').click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('raza y edad de tu mascota');
    await dialog.getByRole('button', { name: 'Agregar Mascota' }).click();
    const ages = dialog.getByLabel('Edad');
    await ages.nth(0).fill('3');
    await ages.nth(1).fill('7');
    await reloadingResults(page, () => page.getByTestId('submit-profile').click());
    await page.getByTestId('persons-line').first().waitFor();
    expect(await page.getByTestId('persons-line').first().textContent()).toBe('para 2 mascotas');
  });

  test('000-2.50 000-4.03 000-5.20 an invalid profile shows the red message and keeps the modal open', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    await page.getByTestId('open-profile').click();
    await page.getByTestId('toggle-dependants').click();
    await page.getByTestId('add-dependant').click();
    // A dependant without age: the box cannot close (000-2.53) and the submit is refused.
    await page.getByTestId('toggle-dependants').click();
    expect(await page.getByTestId('dependants-box').count()).toBe(1);
    // 1 s after opening, the row without age is marked invalid (000-5.20).
    await page.locator('[data-testid=dependant-age][aria-invalid=true]').waitFor();
    await page.getByTestId('submit-profile').click();
    await page.getByTestId('profile-invalid').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    // Only one spouse (000-2.55): with a Cónyuge row, the option is disabled on the next row.
    await page.getByTestId('dependant-age').first().fill('30');
    await page.getByTestId('dependant-row').first().getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'Cónyuge' }).click();
    await page.getByTestId('add-dependant').click();
    await page.getByTestId('dependant-row').nth(1).getByRole('combobox').first().click();
    expect(await page.getByRole('option', { name: 'Cónyuge' }).getAttribute('aria-disabled')).toBe('true');
  });

  test('000-9.01 a landing route (/Seguros/{url}, 001-2.08) pages by 15 without a pager, and no more-results button once all are shown', async () => {
    const page = await visit();
    await page.goto('/Seguros/Complementario');
    await waitForCards(page);
    const total = Number(((await page.getByTestId('total').textContent()) ?? '').replace(/\D/g, ''));
    expect(total).toBeGreaterThan(0);
    expect(await cards(page).count()).toBe(Math.min(15, total));
    expect(await page.getByRole('button', { name: 'Página 2', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Más resultados' }).count()).toBe(total > 15 ? 1 : 0);
  });

  test("000-2.39 000-9.01 a landing with more than a page: 'Más resultados' appends the next 15 until all are shown", async () => {
    const page = await visit();
    await page.goto('/Seguros/Salud');
    await waitForCards(page);
    const total = Number(((await page.getByTestId('total').textContent()) ?? '').replace(/\D/g, ''));
    expect(total).toBeGreaterThan(30);
    expect(await cards(page).count()).toBe(15);
    const firstCode = await cards(page).first().getAttribute('data-code');
    const more = page.getByRole('button', { name: 'Más resultados' });
    for (let shown = 15; shown < total; shown += 15) {
      await more.click();
      await page.waitForFunction(
        (expected) => document.querySelectorAll('[data-testid="result-card"]').length === expected,
        Math.min(shown + 15, total),
        { timeout: 20_000 },
      );
      // Appended below what was there: the list still starts with the same card, no pager appears.
      expect(await cards(page).first().getAttribute('data-code')).toBe(firstCode);
      expect(await page.getByRole('button', { name: 'Página 2', exact: true }).count()).toBe(0);
    }
    const codes = await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute('data-code')));
    expect(new Set(codes).size).toBe(total);
    expect(await more.count()).toBe(0);
  });

  test('001-2.10 000-3.19 the colectivos modal: forced, static and centred; its groups price the company comparator and are kept', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguro-Complementario-Empresa');
    await waitForCards(page);
    expect(await page.getByTestId('min-employees').count()).toBeGreaterThan(0);
    await page.getByTestId('open-profile').click();
    await page.getByRole('link', { name: 'Ingresar por grupos de trabajadores y cargas' }).click();
    await page.waitForURL((url) => url.pathname === '/Cotizar-Seguro-Colectivo');
    const dialog = page.getByRole('dialog', { name: 'Ingresa los datos de tu empresa' });
    await dialog.waitFor();
    // Forced: neither Escape nor a click beside it closes it. Centred on the page.
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 450);
    expect(await dialog.isVisible()).toBe(true);
    const box = (await dialog.boundingBox())!;
    expect(Math.abs(box.x - (DESKTOP.width - box.x - box.width))).toBeLessThanOrEqual(2);

    await dialog.getByRole('button', { name: 'Ver precios' }).click();
    await dialog.getByText('Ingresa 1 trabajador o más').waitFor();
    await dialog.getByRole('textbox', { name: 'Trabajadores' }).fill('8');
    await dialog.getByRole('textbox', { name: 'Cargas' }).fill('3');
    await dialog.getByRole('button', { name: 'Agregar grupo' }).click();
    await dialog.getByRole('textbox', { name: 'Trabajadores' }).nth(1).fill('1.200');
    expect(await dialog.getByTestId('colectivos-total').textContent()).toBe(
      'En total: 1208 trabajadores y 3 cargas',
    );
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await screenshot(page, 'colectivos-desktop');
    await reloadingResults(page, () => dialog.getByRole('button', { name: 'Ver precios' }).click());

    // The visitor stays on the company comparator, priced for 1,208 workers: no plan is below its minimum.
    await page.waitForURL((url) => url.pathname === '/Comparar/Seguro-Complementario-Empresa');
    await dialog.waitFor({ state: 'detached' });
    await waitForCards(page);
    expect(await page.getByTestId('min-employees').count()).toBe(0);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('colectivos') ?? 'null'));
    expect(kept).toEqual([
      { cantidadDeTrabajadores: 8, cantidadDeCargas: 3 },
      { cantidadDeTrabajadores: 1200, cantidadDeCargas: 0 },
    ]);
    // Coming back to the guard's address shows the groups typed last time.
    await page.goto('/Cotizar-Seguro-Colectivo');
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Trabajadores' }).nth(1).inputValue()).toBe('1200');
  });

  test('000-4.25 000-9.07 on a desktop, hovering the persons line opens who is insured', async () => {
    const page = await visit();
    const perfil = Buffer.from(JSON.stringify({ cotizante: [{ sexo: 'Masculino', edad: 33 }] })).toString(
      'base64',
    );
    await page.goto(`/Comparar/Seguros-de-Salud?perfil=${encodeURIComponent(perfil)}&replaceUrl=false`);
    await waitForCards(page);
    await page.getByTestId('persons-line').first().hover();
    await page.getByTestId('persons-popover').waitFor();
    expect(await page.getByTestId('persons-popover').textContent()).toContain('Masculino, 33 años');
  });

  test('001-2.23 001-4.04 on a phone the header hides when scrolling down and comes back when scrolling up', async () => {
    const page = await visit(MOBILE);
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    const header = page.getByTestId('header');
    expect(await header.getAttribute('data-hidden')).toBe('false');
    await page.mouse.wheel(0, 1200);
    await page.locator('[data-testid=header][data-hidden=true]').waitFor();
    await page.mouse.wheel(0, -300);
    await page.locator('[data-testid=header][data-hidden=false]').waitFor();
  });

  test('000-2.12 000-4.24 Cyber-Monday shows the health comparator, without its banner outside the event window', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud/Cyber-Monday');
    await waitForCards(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Seguros de Salud');
    expect(await page.title()).toBe('Seguros de Salud · Cubre');
    // The seed's window (2025-10-06 to 2025-10-12) is over: no banner today.
    expect(await page.getByTestId('cyber-banner').count()).toBe(0);
  });

  test('000-2.28 a shared link with code opens that product over its results', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud?code=DEMO-CL-DENT-06&skipLanding=true');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('detail').waitFor();
    expect(await dialog.getByTestId('detail').getAttribute('data-code')).toBe('DEMO-CL-DENT-06');
    await waitForCards(page);
  });

  test('000-2.29 a short link /url/{link} brings the visitor to the saved comparator address', async () => {
    const saved = await fetch(`${session.runtime.url}/api/buscarplanes/comparator-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: '/Comparar/Isapres?order=lowerPrice' }),
    }).then((response) => response.json());
    const page = await visit();
    await page.goto(`/url/${saved.link}`);
    await waitForCards(page);
    expect(new URL(page.url()).pathname).toBe('/Comparar/Isapres');
    expect(await page.getByTestId('order').inputValue()).toBe('lowerPrice');
  });

  test('000-2.32 001-7.18 forceRefresh=1 makes every GET of the visit ask for fresh data', async () => {
    const page = await visit();
    const gets: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/api/')) gets.push(request.url());
    });
    await page.goto('/Comparar/Seguros-de-Salud?forceRefresh=1');
    await waitForCards(page);
    await page.getByTestId('filters').waitFor();
    expect(gets.length).toBeGreaterThan(1);
    for (const url of gets) expect(new URL(url).searchParams.get('forceRefresh')).toBe('1');
  });

  test('000-5.04 000-5.19 employee counts show thousands dots and ages keep three digits', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguro-Complementario-Empresa');
    await waitForCards(page);
    await page.getByTestId('open-profile').click();
    await page.getByTestId('employees').fill('1500');
    expect(await page.getByTestId('employees').inputValue()).toBe('1.500');
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    await page.getByTestId('open-profile').click();
    await page.getByTestId('titular-age').fill('1234');
    expect(await page.getByTestId('titular-age').inputValue()).toBe('123');
  });

  test('every control is reachable by keyboard: the profile opens with Enter, a plan is ticked with Space', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    await page.getByTestId('open-profile').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Tab from the last card's page link reaches its compare box; Space ticks it.
    await cards(page).first().getByRole('link', { name: 'Ficha' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe(
      'compare-checkbox',
    );
    await page.keyboard.press('Space');
    expect(await page.getByTestId('compare-checkbox').first().isChecked()).toBe(true);
  });

  test('000-4.04 a valid profile clears the plans ticked for comparison', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    await page.getByTestId('compare-checkbox').first().check();
    await page.getByTestId('compare-bar').waitFor();
    await page.getByTestId('open-profile').click();
    await page.getByTestId('titular-age').fill('40');
    await reloadingResults(page, () => page.getByTestId('submit-profile').click());
    expect(await page.getByTestId('compare-bar').count()).toBe(0);
  });

  test('001-8.01 a failing comparison shows the server-error box with its hints and the contact address', async () => {
    const page = await visit();
    await page.route('**/api/insurance/compare/metadata', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ title: 'Error interno' }),
      }),
    );
    await page.goto('/Comparar/Seguros-de-Salud');
    const box = page.getByTestId('server-error');
    await box.waitFor();
    const text = (await box.textContent()) ?? '';
    expect(text).toContain('Algo salió mal');
    expect(text).toContain('Revisar tu conexión a internet.');
    expect(text).toContain('Recargar la página.');
    expect(text).toContain('contacto@cubre.cl');
    expect(session.expectedProblems(page, /500/).length).toBeGreaterThan(0);
  });

  test('001-2.12 001-2.13 a navigation scrolls to the top and sets the canonical link', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    const ficha = cards(page).nth(5).getByRole('link', { name: 'Ficha' });
    await ficha.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await ficha.click();
    await page.getByTestId('detail').waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
    const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
    const here = new URL(page.url());
    expect(canonical).toBe(`${here.origin}${here.pathname}`);
  });

  test('the comparator screen has no serious or critical accessibility violation (axe-core)', async () => {
    const page = await visit();
    await page.goto('/Comparar/Seguros-de-Salud');
    await waitForCards(page);
    await page.getByTestId('filters').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
