import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { MOBILE, screenshot } from './support/browser';
import { storefrontSession } from './support/session';

const session = storefrontSession();
const visit = session.visit;
const cards = (page: Page) => page.getByTestId('result-card');
async function comparator(page: Page, path = '/Comparar/Seguros-de-Salud') {
  await page.goto(path);
  await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
}

/** Fills the request form the way a visitor types. */
async function fillRequest(
  page: Page,
  values: { nombre: string; rut: string; email: string; telefono: string },
) {
  const form = page.getByTestId('request-form');
  await form.getByLabel('Nombre completo').fill(values.nombre);
  await form.getByLabel('RUT').fill(values.rut);
  await form.getByLabel('Correo electrónico').fill(values.email);
  await form.getByLabel('Teléfono').fill(values.telefono);
}

describe('detail and request in a real browser', () => {
  test('000-2.42 the detail button opens a modal whose tabs load coverage, providers, tops, conditions, exclusions and FAQ', async () => {
    const page = await visit();
    await comparator(page);
    const card = cards(page).first();
    const name = (await card.locator('h3').textContent()) ?? '';
    await card.getByRole('button', { name: `Ver detalle de ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('detail').waitFor();
    expect(await dialog.locator('#detail-title').textContent()).toBe(name);
    // Coverage is the first tab: a table of benefits.
    await dialog.getByRole('tabpanel').getByRole('table').first().waitFor();
    for (const [tab, expected] of [
      ['Prestadores', /./],
      ['Topes y deducibles', /Tope|Sin tope/],
      ['Condiciones', /./],
      ['Exclusiones', /./],
      ['Preguntas frecuentes', /\?/],
    ] as const) {
      await dialog.getByRole('tab', { name: tab }).click();
      const panel = dialog.getByRole('tabpanel');
      await panel.locator('li, tr, dt, p').first().waitFor();
      expect((await panel.textContent()) ?? '').toMatch(expected);
    }
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await screenshot(page, 'detail-modal-desktop');
  });

  test('000-2.18 a product page has its own address, tab segments included, and the tabs change it', async () => {
    const page = await visit();
    await comparator(page);
    const card = cards(page).first();
    const code = await card.getAttribute('data-code');
    await card.getByRole('link', { name: 'Ficha' }).click();
    await page.waitForURL(/\/Seguros\/[^/]+\/[^/]+$/);
    const path = new URL(page.url()).pathname;
    await page.getByTestId('detail').waitFor();
    expect(await page.getByTestId('detail').getAttribute('data-code')).toBe(code);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.getByRole('tab', { name: 'Exclusiones' }).click();
    await page.waitForURL(`**${path}/Exclusiones`);
    // The page opened at its tab address shows that tab; 'home' is the FAQ (000-2.37).
    await page.goto(`${path}/home`);
    await page.getByRole('tab', { name: 'Preguntas frecuentes', selected: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'detail-page-desktop');
  });

  test('000-2.17 an isapre plan page shows the plan, by its code', async () => {
    const page = await visit();
    await comparator(page, '/Comparar/Isapres');
    const card = cards(page).first();
    const code = (await card.getAttribute('data-code')) ?? '';
    await card.getByRole('link', { name: 'Ficha' }).click();
    await page.waitForURL(/\/Isapre\/[^/]+\/Planes\/[^/]+$/);
    await page.getByTestId('detail').waitFor();
    expect(await page.getByTestId('detail').getAttribute('data-code')).toBe(code);
  });

  test('000-2.21 000-2.43 001-7.15 001-7.16 Solicitar checks the fields with the seed rules, creates a lead, and the API finds it', async () => {
    const page = await visit();
    await comparator(page);
    const card = cards(page).first();
    const code = (await card.getAttribute('data-code')) ?? '';
    // The card's contract / online button opens the detail on the request tab.
    await card.getByRole('button', { name: /Contratar/ }).click();
    const form = page.getByRole('dialog').getByTestId('request-form');
    await form.waitFor();

    await fillRequest(page, {
      nombre: 'María José Pérez',
      rut: '12.345.678-9',
      email: 'maria@',
      telefono: '+56 9 1234',
    });
    await form.getByRole('button', { name: 'Solicitar' }).click();
    expect(await form.textContent()).toContain('RUT inválido');
    expect(await form.textContent()).toContain(
      'Por favor, ingrese su dirección de correo electrónico válido',
    );
    expect(await form.getByLabel('Teléfono').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await screenshot(page, 'request-errors-desktop');

    await fillRequest(page, {
      nombre: 'María José Pérez',
      rut: '12.345.678-5',
      email: 'maria.perez@example.cl',
      telefono: '+56 9 1234 5678',
    });
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/solicitarplans') && response.request().method() === 'POST',
      ),
      form.getByRole('button', { name: 'Solicitar' }).click(),
    ]);
    expect(created.status()).toBe(201);
    // Interceptors 001-7.15 and 001-7.16: writes carry the edition and the build.
    expect(created.request().headers()['country']).toBe('CL');
    expect(created.request().headers()['qp-version']).toMatch(/^\d+\.\d+\.\d+$/);
    const success = page.getByTestId('request-success');
    await success.waitFor();
    const leadId = (await success.getAttribute('data-lead')) ?? '';
    expect(leadId).not.toBe('');
    await screenshot(page, 'request-success-desktop');

    const lead = await fetch(`${session.runtime.url}/api/solicitarplans/${leadId}`).then((response) =>
      response.json(),
    );
    expect(lead.productCode).toBe(code);
    expect(lead.status.name).toBe('Sin Estado');
    // The public view carries no personal data.
    expect(JSON.stringify(lead)).not.toContain('maria');
  });

  test('000-1.03 000-9.10 an employer sets the contribution of a collective plan and sees who pays what, in total', async () => {
    const page = await visit();
    await comparator(page, '/Comparar/Seguro-Complementario-Empresa');
    await page.getByTestId('open-profile').click();
    await page.getByTestId('employees').fill('12');
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/insurance/compare/metadata')),
      page.getByTestId('submit-profile').click(),
    ]);
    await page.locator('[data-testid=results][data-complete=true]').waitFor();
    const card = cards(page).first();
    await card.getByRole('button', { name: /^Ver detalle/ }).click();
    const split = page.getByRole('dialog').getByTestId('contribution');
    await split.waitFor();
    const money = (text: string) =>
      [...text.matchAll(/\$([\d.]+)/g)].map((match) => Number(match[1]!.replace(/\./g, '')));
    const [perWorker, employer, worker] = money(
      (await split.getByTestId('contribution-split').textContent()) ?? '',
    );
    expect(employer! + worker!).toBe(perWorker);
    expect(employer).toBe(Math.round(perWorker! / 2));
    // The slider by keyboard: End is 100 %, the worker pays nothing.
    await split.getByRole('slider').focus();
    await page.keyboard.press('End');
    const full = money((await split.getByTestId('contribution-split').textContent()) ?? '');
    expect(full[1]).toBe(perWorker);
    expect(full[2]).toBe(0);
    const totals = money((await split.getByTestId('contribution-totals').textContent()) ?? '');
    expect(totals[0]).toBe(perWorker! * 12);
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await screenshot(page, 'contribution-desktop');
  });

  test('000-2.22 Compra-Online/{code} opens the purchase of that product; its Solicitar tab is the detail page at /Solicitar', async () => {
    const page = await visit(MOBILE);
    // The shared link's session and type are read by nobody yet: the page is the product's purchase.
    await page.goto('/Compra-Online/DEMO-CL-DENT-06?session=abc&sessionType=shared');
    await page.getByTestId('purchase').waitFor();
    expect(await page.getByTestId('purchase').getAttribute('data-code')).toBe('DEMO-CL-DENT-06');
    await page
      .locator(
        '[data-testid=purchase-personal], [data-testid=purchase-unpriced], [data-testid=purchase-profile-needed]',
      )
      .first()
      .waitFor();
    await screenshot(page, 'purchase-mobile');
    const product = (await (
      await fetch(`${session.runtime.url}/api/insurance/product/DEMO-CL-DENT-06`)
    ).json()) as { detailPath: string };
    await page.goto(`${product.detailPath}/Solicitar`);
    await page.getByTestId('request-form').waitFor();
    expect(await page.getByTestId('detail').getAttribute('data-code')).toBe('DEMO-CL-DENT-06');
    await screenshot(page, 'request-mobile');
    await page.getByRole('tab', { name: 'Coberturas' }).click();
    await page.getByRole('tabpanel').getByRole('table').first().waitFor();
    await screenshot(page, 'detail-mobile');
  });
});
