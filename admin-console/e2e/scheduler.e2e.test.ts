import type { Page } from 'playwright-core';
import { JobRunRecord } from '@cubre/schemas/jobs/adminRecords';
import { seriousViolations } from '../../web-storefront/e2e/support/axe';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { CONSOLE_DESKTOP, ConsoleApi, screenshot, signIn } from './support/console';

/**
 * The console's Programador (issue 15) in a real browser: "Ejecutar ahora" on the reconcile-payments job
 * runs it in the embedded runtime's scheduler role, and the run shows finished as the job's last run, in
 * the job's runs and on its own page. Its cron is set to once a year here, so every run is the test's.
 */
const session = storefrontSession({ RECONCILE_PAYMENTS_CRON: '0 0 1 1 *' });
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(60_000);

async function visit(): Promise<Page> {
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  return page;
}

const detail = (page: Page, region: string, term: string) =>
  page.getByRole('region', { name: region, exact: true }).locator(`dt:text-is("${term}") + dd`);

describe("the console's scheduler", () => {
  test('"Ejecutar ahora" runs reconcile-payments: the run appears finished in the Programador, the job\'s runs and its own page', async () => {
    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    await page.getByRole('menuitem', { name: 'Programador' }).click();
    await page.waitForURL('**/admin/scheduler-jobs**');
    const row = page.getByRole('row').filter({ hasText: 'reconcile-payments' });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 0 1 1 *');
    expect(await row.locator('[data-status]').count()).toBe(0);

    const [asked] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === '/api/admin/scheduler/jobs/reconcile-payments/runs',
      ),
      row.getByRole('button', { name: 'Ejecutar ahora reconcile-payments' }).click(),
    ]);
    expect(asked.status()).toBe(202);
    const { id } = await asked.json();
    // The page asks again until the run it asked for shows, and while it runs.
    await row.locator('[data-status="succeeded"]').waitFor();
    expect(await row.locator('[data-status]').textContent()).toBe('Terminada');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'scheduler-desktop');

    await row.click();
    await page.waitForURL('**/admin/scheduler-jobs/reconcile-payments/show');
    const runs = page.getByRole('region', { name: 'Ejecuciones' });
    const runRow = runs.getByRole('row').filter({ has: page.locator('[data-status]') });
    await runRow.first().waitFor();
    expect(await runRow.count()).toBe(1);
    expect(await runRow.textContent()).toContain('Manual');
    await runRow.click();
    await page.waitForURL(`**/admin/job-runs/${id}/show`);
    expect(await detail(page, 'Ejecución', 'Estado').textContent()).toBe('Terminada');
    expect(await detail(page, 'Ejecución', 'Origen').textContent()).toBe('Manual');
    expect(await detail(page, 'Ejecución', 'Pedida por').textContent()).toBe(
      await api.userId('admin@demo.cl'),
    );
    await page.getByText('Ningún ítem falló.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'job-run-desktop');
    // The API's record is what the page read.
    const record = JobRunRecord.parse(
      await (await api.get('admin@demo.cl', `/api/admin/job-runs/${id}`)).json(),
    );
    expect(record).toMatchObject({ status: 'succeeded', trigger: 'manual', failedItems: [] });
  });

  test('scheduler:read without scheduler:run sees the Programador without "Ejecutar ahora"; without scheduler:read no menu item', async () => {
    const page = await visit();
    await signIn(page, 'backoffice@demo.cl');
    await page.getByRole('menuitem', { name: 'Programador' }).click();
    const row = page.getByRole('row').filter({ hasText: 'reconcile-payments' });
    await row.waitFor();
    expect(await page.getByRole('button', { name: /Ejecutar ahora/ }).count()).toBe(0);

    const supervisor = await visit();
    await signIn(supervisor, 'supervisor@demo.cl');
    expect(await supervisor.getByRole('menuitem', { name: 'Programador' }).count()).toBe(0);
  });
});
