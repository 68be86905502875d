import type { Page } from 'playwright-core';
import { InsurerRecord } from '@cubre/schemas/insurers/settings';
import { seriousViolations } from '../../web-storefront/e2e/support/axe';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { CONSOLE_DESKTOP, ConsoleApi, screenshot, signIn } from './support/console';

/**
 * The console's Aseguradoras (issue 15) in a real browser: the demo catalogue's insurers with the seed's
 * retroactive days, an insurer's cutting day and retroactive days edited by an administrator (each card's
 * own "Editar", shown only with its permission), and nothing for a user without admin:insurer:read.
 */
const session = storefrontSession();
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(60_000);

async function visit(): Promise<Page> {
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  return page;
}

const INSURER = 'Austral-Vida';
const detail = (page: Page, region: string, term: string) =>
  page.getByRole('region', { name: region, exact: true }).locator(`dt:text-is("${term}") + dd`);

describe("the console's insurers", () => {
  test('002-9.04 002-9.05 an insurer shows the seed defaults (30/45, 30/30); its cutting day and retroactive days are edited and kept', async () => {
    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    await page.getByRole('menuitem', { name: 'Aseguradoras' }).click();
    await page.waitForURL('**/admin/insurers**');
    const row = page.getByRole('row').filter({ hasText: INSURER });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('30 / 45');
    expect(text).toContain('30 / 30');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'insurers-desktop');

    await row.click();
    await page.waitForURL(`**/admin/insurers/${INSURER}/show`);
    expect(await detail(page, 'Día de corte', 'Día de corte').textContent()).toBe('31 (por defecto)');
    await page.getByRole('button', { name: 'Editar Día de corte' }).click();
    const cutting = page.getByRole('region', { name: 'Día de corte', exact: true });
    await cutting.getByRole('spinbutton', { name: 'Día de corte' }).fill('20');
    await cutting.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('button', { name: 'Editar Día de corte' }).waitFor();
    expect(await detail(page, 'Día de corte', 'Día de corte').textContent()).toBe('20');

    await page.getByRole('button', { name: 'Editar Días retroactivos' }).click();
    const retroactive = page.getByRole('region', { name: 'Días retroactivos', exact: true });
    await retroactive.getByRole('spinbutton', { name: 'Activación: días hacia atrás' }).fill('10');
    await retroactive.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('button', { name: 'Editar Días retroactivos' }).waitFor();
    expect(await detail(page, 'Días retroactivos', 'Activación: días hacia atrás').textContent()).toBe('10');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'insurer-desktop');

    const saved = InsurerRecord.parse(
      await (await api.get('admin@demo.cl', `/api/admin/insurers/${INSURER}`)).json(),
    );
    expect(saved).toMatchObject({
      operationDay: 20,
      activationDaysBack: 10,
      activationDaysForward: 45,
      cancellationDaysBack: 30,
      cancellationDaysForward: 30,
      revision: 1,
    });
  });

  test('002-6.10 without admin:insurer:read there is no Aseguradoras in the menu', async () => {
    const page = await visit();
    await signIn(page, 'supervisor@demo.cl');
    expect(await page.getByRole('menuitem', { name: 'Aseguradoras' }).count()).toBe(0);
  });
});
