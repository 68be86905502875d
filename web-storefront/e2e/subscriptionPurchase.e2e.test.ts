import type { SubscriptionRecord } from '@cubre/schemas/subscriptions/records';
import { screenshot } from './support/browser';
import { BUYER, CARDS, adminGet, buyFromComparator, fillCard, payButton, saleIdOf } from './support/purchase';
import { storefrontSession } from './support/session';

/**
 * A monthly subscription bought in a real browser (issue 15): the purchase page's "Suscripción mensual"
 * choice starts a monthly sale; paying it creates the gateway's subscription, charges its first period and
 * records the subscription the console reads.
 */
const session = storefrontSession();

test('002-4.12 Suscripción mensual on the purchase page: paid with a card, the subscription is recorded with its next operation date', async () => {
  const page = await session.visit();
  await buyFromComparator(page);
  const form = page.getByTestId('purchase-personal');
  const billing = page.getByTestId('purchase-billing');
  // One-time by default, as before subscriptions.
  expect(await billing.getByLabel('Pago único').isChecked()).toBe(true);
  await billing.getByLabel('Suscripción mensual').check();
  await form.getByLabel('Nombre completo').fill(BUYER.nombre);
  await form.getByLabel('RUT').fill(BUYER.rut);
  await form.getByLabel('Correo electrónico').fill(BUYER.email);
  await form.getByLabel('Teléfono').fill(BUYER.telefono);
  await screenshot(page, 'purchase-subscription-desktop');
  await form.getByRole('button', { name: 'Continuar al pago' }).click();
  await page.getByTestId('purchase-payment').waitFor();
  await fillCard(page, CARDS.approved);
  await payButton(page).click();
  await page.getByTestId('purchase-success').waitFor();

  const saleId = await saleIdOf(page);
  const sale = (await (await fetch(`${session.runtime.url}/api/compra-online/ventas/${saleId}`)).json()) as {
    state: string;
    billing: string;
  };
  expect(sale).toMatchObject({ state: 'OK', billing: 'monthly_subscription' });
  const filter = encodeURIComponent(JSON.stringify({ saleId: [saleId] }));
  const [subscription] = await adminGet<SubscriptionRecord[]>(
    session.runtime.url,
    `/api/admin/subscriptions?filter=${filter}`,
  );
  expect(subscription).toMatchObject({ saleId, status: 'SUCCESS', lifecycle: 'active', overdueCount: null });
  expect(subscription!.nextOperationDate).toMatch(/^\d{4}-\d{2}-01$/);
});
