import { companyPolicyIdOf } from '@cubre/schemas/payments/companyPurchase';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { CONSOLE_DESKTOP, ConsoleApi, newPerson, screenshot, signIn } from './support/console';
import { COLLABORATORS, COMPANY, WORKERS, payCompanySale, startCompanySale } from './support/companySale';

/**
 * A company's paid sale in the console (issues 14 and 15): the sale page shows the company, its contact,
 * its collaborators and a link to the policy the payment opened; on the policy, staff holding
 * admin:policy:update-insurance-notification switch the arrears notice to the insured on, and the change is
 * in the audit with who made it.
 */
const session = storefrontSession();
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(90_000);

describe("a company's sale and its policy in the console", () => {
  test('002-2.08 the sale page shows the company, its collaborators and a link to its policy, where staff switch the arrears notice on and read it in the audit', async () => {
    const buyer = newPerson('Rosa Fuentes Araya');
    const sale = await startCompanySale(session, buyer);
    await payCompanySale(session, sale, buyer.nombre);
    const policyId = companyPolicyIdOf(sale.id);

    const page = await session.visit(CONSOLE_DESKTOP);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'admin@demo.cl');
    await page.goto(`/admin/sales/${sale.id}/show`);
    const company = page.getByRole('region', { name: 'Empresa y colaboradores' });
    await company.getByText(COMPANY.razonSocial).waitFor();
    const text = (await company.textContent()) ?? '';
    for (const words of [COMPANY.giro, `${COMPANY.direccion}, ${COMPANY.comuna}`, buyer.email])
      expect(text).toContain(words);
    const people = company.getByRole('table', { name: 'Colaboradores asegurados' }).getByRole('row');
    expect(await people.count()).toBe(WORKERS + 1);
    expect(await people.nth(1).textContent()).toContain(COLLABORATORS[0]!.legalId);
    await screenshot(page, 'company-sale-desktop');

    await company.getByRole('link', { name: `Ver póliza ${policyId}` }).click();
    await page.waitForURL(`**/admin/policies/${policyId}/show`);
    const notice = page.getByRole('switch', { name: 'Avisar la mora a los asegurados' });
    await notice.waitFor();
    expect(await notice.isChecked()).toBe(false);
    await notice.click();
    await page.getByText('Los asegurados recibirán los avisos de mora.').waitFor();
    await page.locator('input[aria-label="Avisar la mora a los asegurados"]:checked').waitFor();
    const stored = await (
      await api.get('admin@demo.cl', `/api/admin/policies/${policyId}/arrears-notice`)
    ).json();
    expect(stored).toEqual({ policyId, notifyEmployeesOfArrears: true });

    const filter = encodeURIComponent(JSON.stringify({ category: 'policy' }));
    await page.goto(`/admin/audit?filter=${filter}`);
    const entry = page.getByRole('row').filter({ hasText: `policy-${policyId}` });
    await entry.filter({ hasText: 'Aviso de mora a asegurados' }).waitFor();
    expect(await entry.filter({ hasText: 'Póliza abierta' }).count()).toBe(1);
    await screenshot(page, 'company-policy-audit-desktop');
  });
});
