import { randomUUID } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import { KushkiGateway } from '@cubre/services/payments/gateway/kushki/kushkiGateway';
import type { RuntimeHooks } from '@cubre/services/runtime/runtime';
import {
  startProviderServer,
  type ProviderServer,
} from '../../services/test/payments/gateway/support/providerServer';
import { postJson } from '../../services/test/support/testRuntime';
import { ONE_PERSON } from '../../services/test/payments/support/purchaseFixture';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { CONSOLE_DESKTOP, ConsoleApi, DEMO_PRODUCT, newPerson, signIn } from './support/console';

/**
 * Issue 14 in a real browser: a Kushki payment whose answer was lost stays PENDING (Kushki cannot be asked
 * by our key); an administrator opens it in Pagos, records what Kushki's portal shows ('Registrar
 * resultado': charged, with Kushki's ticket, and why), and the payment and its sale read OK on their pages,
 * in the record and for the buyer.
 */
let kushki: ProviderServer;
let minutesLater = 0;
const hooks: RuntimeHooks = { clock: () => new Date(Date.now() + minutesLater * 60_000) };
beforeAll(async () => {
  // Before the product starts (storefrontSession's own beforeAll): its gateway calls this server.
  kushki = await startProviderServer();
  // Every charge's answer is lost (a 500 with neither ticket nor code): the payment stays PENDING.
  kushki.respond(() => ({ status: 500, body: {} }));
  hooks.paymentGateway = new KushkiGateway({
    baseUrl: `${kushki.url}/`,
    privateMerchantId: 'private-merchant-id',
    timeoutMs: 5000,
  });
});
afterAll(async () => kushki?.close());

const session = storefrontSession({}, hooks);
const api = new ConsoleApi(() => session.runtime.url);
const detail = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);
const TICKET = '170384522771700083';

/** A purchase of the demo product whose Kushki charge's answer was lost: its sale and PENDING payment. */
async function pendingPurchase(nombre: string) {
  const url = session.runtime.url;
  const started = await postJson(`${url}/api/compra-online/ventas`, {
    session: randomUUID(),
    productCode: DEMO_PRODUCT,
    profile: ONE_PERSON,
    ...newPerson(nombre),
  });
  expect(started.status).toBe(201);
  const sale = await started.json();
  const paid = await postJson(
    `${url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token: `kushki-token-${randomUUID()}` },
    { 'Idempotency-Key': randomUUID() },
  );
  const { payment } = await paid.json();
  expect(payment.state).toBe('PENDING');
  return { sale, payment };
}
const REASON = 'El portal de Kushki muestra el cobro aprobado';

test("issue 14 an administrator records a Kushki payment left PENDING as charged from 'Registrar resultado': the ticket and the reason asked, OK on the payment's and the sale's pages, in the record and for the buyer", async () => {
  const url = session.runtime.url;
  const { sale, payment } = await pendingPurchase('Josefina Larraín Cox');
  // Past the reconciliation delay: no pay call can still be answering.
  minutesLater = 3;

  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  await signIn(page, 'admin@demo.cl');
  await page.goto(`${url}/admin/payments/${payment.id}/show`);
  const paymentPage = page.getByRole('region', { name: 'Pago', exact: true });
  await detail(paymentPage, 'Estado').filter({ hasText: 'PENDING' }).waitFor();
  await paymentPage.getByRole('button', { name: 'Registrar resultado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar el resultado del pago' });
  // Charged, with neither ticket nor reason: the dialog says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await dialog.getByText('Escriba el número del cobro (el ticket de Kushki).').waitFor();
  await dialog.getByText('Escriba el motivo (al menos 10 caracteres).').waitFor();
  await dialog.getByRole('textbox', { name: 'Número del cobro en el proveedor' }).fill(TICKET);
  await dialog.getByRole('textbox', { name: 'Qué muestra el portal del proveedor' }).fill(REASON);
  const [answered] = await Promise.all([
    page.waitForResponse((response) =>
      response.url().endsWith(`/api/admin/payments/${payment.id}/resultado`),
    ),
    dialog.getByRole('button', { name: 'Registrar' }).click(),
  ]);
  expect(answered.status()).toBe(200);
  expect(answered.request().postDataJSON()).toEqual({
    outcome: 'approved',
    chargeId: TICKET,
    reason: REASON,
  });
  await page.getByText('Pago registrado como cobrado.').waitFor();
  await detail(paymentPage, 'Estado').filter({ hasText: 'OK' }).waitFor();
  expect(await detail(paymentPage, 'Resultado registrado a mano').textContent()).toBe(REASON);
  expect(await detail(paymentPage, 'Cargo del proveedor').textContent()).toBe(TICKET);
  // Recorded once: the button is gone.
  expect(await paymentPage.getByRole('button', { name: 'Registrar resultado' }).count()).toBe(0);

  const record = PaymentRecord.parse(
    await (await api.get('admin@demo.cl', `/api/admin/payments/${payment.id}`)).json(),
  );
  expect(record).toMatchObject({ state: 'OK', chargeId: TICKET, staffReason: REASON });
  await page.goto(`${url}/admin/sales/${sale.id}/show`);
  await detail(page.getByRole('region', { name: 'Venta', exact: true }), 'Estado')
    .filter({ hasText: 'OK' })
    .waitFor();
  const buyer = await (await fetch(`${url}/api/compra-online/ventas/${sale.id}`)).json();
  expect(buyer).toMatchObject({ state: 'OK', lastPayment: { id: payment.id, state: 'OK' } });
});

test("issue 14 a role that may read payments but not record them (Backoffice) sees a PENDING payment without 'Registrar resultado'", async () => {
  const url = session.runtime.url;
  const { payment } = await pendingPurchase('Matías Errázuriz Vial');
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  await signIn(page, 'backoffice@demo.cl');
  await page.goto(`${url}/admin/payments/${payment.id}/show`);
  const paymentPage = page.getByRole('region', { name: 'Pago', exact: true });
  await detail(paymentPage, 'Estado').filter({ hasText: 'PENDING' }).waitFor();
  expect(await paymentPage.getByRole('button', { name: 'Registrar resultado' }).count()).toBe(0);
});
