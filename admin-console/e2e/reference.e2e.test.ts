import type { Page } from 'playwright-core';
import { seriousViolations } from '../../web-storefront/e2e/support/axe';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { CONSOLE_DESKTOP, screenshot, signIn } from './support/console';

/**
 * The console's Listas de referencia in a real browser: the seed's fixed vocabularies as staff read them,
 * each tab read from the reference API (currencies, tax documents, account movements…).
 */
const session = storefrontSession();
jest.setTimeout(60_000);

async function visit(): Promise<Page> {
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  return page;
}

/** The rows of the shown table, each as its cells' texts. */
async function rowsOf(page: Page, table: string): Promise<string[][]> {
  const shown = page.getByRole('table', { name: table });
  await shown.getByRole('row').nth(1).waitFor();
  const rows = await shown.getByRole('row').all();
  return Promise.all(
    rows.slice(1).map(async (row) => (await row.getByRole('cell').allTextContents()).map((t) => t.trim())),
  );
}

describe("the console's reference lists", () => {
  test('002-3.16 002-3.32 002-3.22 an administrator reads the currencies (CLP, UF, USD, COP, PEN, MXN, %), the tax documents and the account movements', async () => {
    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    await page.getByRole('menuitem', { name: 'Listas de referencia' }).click();
    await page.waitForURL('**/admin/reference');

    const currencies = await rowsOf(page, 'Monedas');
    expect(currencies.map((row) => row[0])).toEqual(['CLP', 'UF', 'USD', 'COP', 'PEN', 'MXN', '%']);
    expect(currencies[1]).toEqual(['UF', 'Unidad de Fomento', 'CL', 'No']);
    expect(currencies[0]).toEqual(['CLP', 'Peso chileno', 'CL', 'Sí']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reference-currencies-desktop');

    await page.getByRole('tab', { name: 'Documentos tributarios' }).click();
    expect(await rowsOf(page, 'Documentos tributarios')).toEqual([
      ['BILL', 'Factura'],
      ['CREDIT_NOTE', 'Nota de crédito'],
      ['DEBIT_NOTE', 'Nota de débito'],
    ]);

    await page.getByRole('tab', { name: 'Movimientos de cuenta' }).click();
    const movements = await rowsOf(page, 'Movimientos de cuenta');
    expect(movements.map((row) => row[0])).toEqual([
      '1',
      '2',
      '11',
      '12',
      '13',
      '99',
      '101',
      '102',
      '103',
      '199',
    ]);
    expect(movements[0]).toEqual(['1', 'Depósito', 'Abono']);
  });
});
