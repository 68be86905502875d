import type { Locator, Page } from 'playwright-core';
import { SubscriptionDetail } from '@cubre/schemas/subscriptions/records';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { buySubscription } from '../../services/test/subscriptions/support';
import { CONSOLE_DESKTOP, ConsoleApi, DEMO_PRODUCT, signIn } from './support/console';

/**
 * The console's Suscripciones (issues 14 and 15) in a real browser: a monthly subscription bought with the
 * sandbox's approved card is found in the list, opened, refused a forced charge it does not need (nothing
 * overdue: the server's message on screen, nothing charged), its next charge moved to another day (changeDate)
 * and cancelled with a final charge, the state
 * the same on the subscription's page, in its record and on its sale's page.
 */
const session = storefrontSession();
const api = new ConsoleApi(() => session.runtime.url);
const APPROVED = '5451951574925480';
const detail = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

async function visit(): Promise<Page> {
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  return page;
}

test('002-3.24 002-3.30 002-4.13 an administrator finds a monthly subscription in Suscripciones, is refused a forced charge with nothing overdue, moves its next charge date, and cancels it with a final charge: Cancelación pendiente on its page, PENDING_CANCELLATION on its sale', async () => {
  const bought = await buySubscription(session.runtime.url, APPROVED, DEMO_PRODUCT);
  expect(bought.paid.status).toBe(201);
  const saleId = bought.sale.id as string;
  const listed = await (
    await api.get('admin@demo.cl', `/api/admin/subscriptions?filter=${encodeURIComponent('{}')}`)
  ).json();
  const subscription = (listed as { id: string; saleId: string; nextChargeOn: string }[]).find(
    (row) => row.saleId === saleId,
  );
  expect(subscription).toBeDefined();

  const page = await visit();
  await signIn(page, 'admin@demo.cl');
  await page.getByRole('menuitem', { name: 'Suscripciones' }).click();
  await page.waitForURL('**/admin/subscriptions**');
  const row = page.getByRole('row').filter({ hasText: bought.sale.productName });
  await row.first().waitFor();
  await page.goto(`${session.runtime.url}/admin/subscriptions/${subscription!.id}/show`);
  const card = page.getByRole('region', { name: 'Suscripción', exact: true });
  await detail(card, 'Estado del cobro').filter({ hasText: 'SUCCESS' }).waitFor();
  expect(await detail(card, 'Vigencia').textContent()).toBe('Vigente');

  // A forced charge of a subscription up to date: the server's reason on screen, nothing charged.
  await card.getByRole('button', { name: 'Cobro forzado' }).click();
  const force = page.getByRole('dialog', { name: 'Forzar un cobro' });
  const [refused] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/cobros-forzados')),
    force.getByRole('button', { name: 'Cobrar ahora' }).click(),
  ]);
  expect(refused.status()).toBe(409);
  await page.getByText('la suscripción no tiene cobros fallidos que reintentar').waitFor();
  // The refusal the test provokes is the one failed request Chromium logs.
  expect(session.expectedProblems(page, /status of 409/)).toHaveLength(1);
  await force.getByRole('button', { name: 'Cancelar' }).click();

  // 002-4.13 changeDate: a day of another month refused with the server's reason, then a day of the next
  // charge's month taken: 'Próximo cobro' shows it, and so does the record.
  const nextCharge = subscription!.nextChargeOn as string;
  const otherMonth = new Date(`${nextCharge}T12:00:00Z`);
  otherMonth.setUTCMonth(otherMonth.getUTCMonth() + 1);
  const newDay = `${nextCharge.slice(0, 8)}15`;
  await card.getByRole('button', { name: 'Cambiar fecha de cobro' }).click();
  const change = page.getByRole('dialog', { name: 'Cambiar la fecha de cobro' });
  await change.getByLabel('Nueva fecha de cobro').fill(otherMonth.toISOString().slice(0, 10));
  await change.getByRole('textbox', { name: 'Motivo' }).fill('Recibe su sueldo el 15');
  const [wrongMonth] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/fecha-de-cobro')),
    change.getByRole('button', { name: 'Cambiar fecha' }).click(),
  ]);
  expect(wrongMonth.status()).toBe(422);
  await page
    .getByText(`la fecha de cobro debe estar en el mes del periodo que cobra (${nextCharge.slice(0, 7)})`)
    .waitFor();
  expect(session.expectedProblems(page, /status of 422/)).toHaveLength(1);
  await change.getByLabel('Nueva fecha de cobro').fill(newDay);
  const [changed] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/fecha-de-cobro')),
    change.getByRole('button', { name: 'Cambiar fecha' }).click(),
  ]);
  expect(changed.status()).toBe(200);
  expect(changed.request().postDataJSON()).toEqual({ chargeOn: newDay, reason: 'Recibe su sueldo el 15' });
  await page.getByText('Fecha de cobro cambiada').waitFor();
  await detail(card, 'Próximo cobro').filter({ hasText: newDay }).waitFor();
  const rescheduled = SubscriptionDetail.parse(
    await (await api.get('admin@demo.cl', `/api/admin/subscriptions/${subscription!.id}`)).json(),
  );
  expect(rescheduled).toMatchObject({ nextChargeOn: newDay, lifecycle: 'active' });

  // Cancelled with a final charge: the reason asked, then pending until the last period is charged.
  await card.getByRole('button', { name: 'Cancelar suscripción' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar la suscripción' });
  await cancel.getByLabel('Con un último cobro').check();
  await cancel.getByRole('textbox', { name: 'Motivo' }).fill('El cliente lo pidió por teléfono');
  const [cancelled] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/cancelacion')),
    cancel.getByRole('button', { name: 'Cancelar suscripción' }).click(),
  ]);
  expect(cancelled.status()).toBe(200);
  expect(cancelled.request().postDataJSON()).toEqual({
    withFinalPayment: true,
    reason: 'El cliente lo pidió por teléfono',
  });
  await page.getByText('Suscripción cancelada').waitFor();
  await detail(card, 'Vigencia').filter({ hasText: 'Cancelación pendiente' }).waitFor();

  const record = SubscriptionDetail.parse(
    await (await api.get('admin@demo.cl', `/api/admin/subscriptions/${subscription!.id}`)).json(),
  );
  expect(record.lifecycle).toBe('pending_cancellation');
  await page.goto(`${session.runtime.url}/admin/sales/${saleId}/show`);
  await detail(page.getByRole('region', { name: 'Venta', exact: true }), 'Estado')
    .filter({ hasText: 'PENDING_CANCELLATION' })
    .waitFor();
});

test('a role that reads payments but may neither force charges nor cancel (Backoffice) sees a subscription without those buttons', async () => {
  const bought = await buySubscription(session.runtime.url, APPROVED, DEMO_PRODUCT);
  const listed = (await (await api.get('admin@demo.cl', '/api/admin/subscriptions')).json()) as {
    id: string;
    saleId: string;
  }[];
  const subscription = listed.find((row) => row.saleId === bought.sale.id);
  const page = await visit();
  await signIn(page, 'backoffice@demo.cl');
  await page.goto(`${session.runtime.url}/admin/subscriptions/${subscription!.id}/show`);
  const card = page.getByRole('region', { name: 'Suscripción', exact: true });
  await detail(card, 'Estado del cobro').filter({ hasText: 'SUCCESS' }).waitFor();
  for (const name of ['Cobro forzado', 'Cambiar fecha de cobro', 'Cancelar suscripción'])
    expect(await card.getByRole('button', { name }).count()).toBe(0);
});
