import { randomUUID } from 'node:crypto';
import { rutCheckDigit } from '@cubre/schemas/identification';
import { companyPolicyIdOf, isCompanyProduct } from '@cubre/schemas/payments/companyPurchase';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { postJson } from '../../services/test/support/testRuntime';
import { companyPolicySettled } from '../../services/test/payments/support/companySale';
import { CONSOLE_DESKTOP, ConsoleApi, newPerson, screenshot, signIn } from './support/console';
import { startDemoSale } from './support/sales';

/**
 * A company's paid sale in the console (issues 14 and 15): the sale page shows the company, its contact,
 * its collaborators and a link to the policy the payment opened; on the policy, staff holding
 * admin:policy:update-insurance-notification switch the arrears notice to the insured on, and the change is
 * in the audit with who made it.
 */
const session = storefrontSession();
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(90_000);

const WORKERS = 10;
const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;
const COMPANY = {
  rut: rut(77_214_380),
  razonSocial: 'Panadería El Trigal SpA',
  giro: 'Elaboración de productos de panadería',
  direccion: 'Los Aromos 455',
  comuna: 'Ñuñoa',
};
const COLLABORATORS = Array.from({ length: WORKERS }, (_, index) => ({
  name: ['Ana', 'Luis', 'Marta', 'Jorge', 'Rosa'][index % 5]!,
  paternalSurname: ['Fuentes', 'Araya', 'Tapia'][index % 3]!,
  legalId: rut(17_000_000 + index * 7919),
  birthDate: `19${80 + index}-03-11`,
  gender: index % 2 === 0 ? 'Femenino' : 'Masculino',
  email: `persona${index}@eltrigal.cl`,
}));

/** A company product of the demo catalogue sold online with a price for ten workers, its sale started. */
async function startCompanySale(buyer: ReturnType<typeof newPerson>) {
  const sale = await startDemoSale(session.runtime, isCompanyProduct, {
    ...buyer,
    profile: { colectivo: { cantidadempleados: WORKERS } },
    company: COMPANY,
    collaborators: COLLABORATORS,
  });
  if (!sale) throw new Error('no company product of the demo catalogue is sold online with a price for ten');
  return sale;
}

/** Paid with the sandbox's approved card; then until the reactor's policy is in the console's read models. */
async function pay(sale: { id: string; amount: { amount: number; currency: string } }, name: string) {
  const { url } = session.runtime;
  const tokenized = await postJson(`${url}/api/sandbox-gateway/tokens`, {
    card: { name, number: '5451951574925480', expiryMonth: '12', expiryYear: '30', cvv: '123' },
    totalAmount: sale.amount.amount,
    currency: sale.amount.currency,
  });
  expect(tokenized.status).toBe(201);
  const { token } = (await tokenized.json()) as { token: string };
  const paid = await postJson(
    `${url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(paid.status).toBeLessThan(300);
  await companyPolicySettled(session.runtime);
}

describe("a company's sale and its policy in the console", () => {
  test('002-2.08 the sale page shows the company, its collaborators and a link to its policy, where staff switch the arrears notice on and read it in the audit', async () => {
    const buyer = newPerson('Rosa Fuentes Araya');
    const sale = await startCompanySale(buyer);
    await pay(sale, buyer.nombre);
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
