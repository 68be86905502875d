import type { Locator } from 'playwright-core';
import type { ProductDefinition } from '@cubre/schemas';
import { CATALOGUE_COLLECTIONS, type ProductDocument } from '@cubre/projections/catalogue/documents';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import { fixtureCommandOptions } from '../../services/test/support/catalogueOrganizations';
import { contractingLeadId } from '@cubre/services/leads/ids';
import { SUB_STATUS_IDS } from '@cubre/schemas/leadCatalogue/defaults';
import { CONSOLE_DESKTOP, signIn } from '../../admin-console/e2e/support/console';
import { seriousViolations } from './support/axe';
import { screenshot } from './support/browser';
import {
  CARDS,
  adminGet,
  buyFromComparator,
  fillBuyer,
  fillCard,
  fillPersonalData,
  payButton,
  recordCalls,
  bodiesOf,
} from './support/purchase';
import { storefrontSession } from './support/session';

/**
 * The payment step's options in a real browser (issue 14). 'Transferencia bancaria' (002-4.11's
 * transfer_non_automated): the buyer picks
 * it on the payment step and is shown the account, the card's price and a reference (again after a reload);
 * an administrator finds the payment by that reference in the console, records the bank's line, and the
 * buyer's page then reads 'Compra exitosa!' at the same price; the lead closes as 'Web - Transferencia no
 * automática' (002-3.06). Deferred options (002-4.13): a credit card's charge in cuotas.
 */
const session = storefrontSession();
const detail = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

test("002-4.11 002-3.06 a buyer pays by bank transfer: the account, the card's price and a reference on the page and after a reload; staff record the transfer in the console; the buyer's page reads 'Compra exitosa!' at the same price", async () => {
  const page = await session.visit();
  const calls = recordCalls(page);
  const { code, cardPrice } = await buyFromComparator(page);
  await fillPersonalData(page);
  const form = page.getByTestId('purchase-payment');
  await form.getByRole('radio', { name: 'Transferencia bancaria' }).check();
  // No card is asked for a transfer.
  expect(await form.getByLabel('Número de tarjeta').count()).toBe(0);
  await payButton(page).filter({ hasText: 'Pagar por transferencia' }).click();

  const transfer = page.getByTestId('purchase-transfer');
  await transfer.waitFor();
  const amount = ((await page.getByTestId('purchase-transfer-amount').textContent()) ?? '').trim();
  expect(cardPrice.startsWith(amount)).toBe(true);
  const reference = ((await page.getByTestId('purchase-transfer-reference').textContent()) ?? '').trim();
  expect(reference).toMatch(/^[0-9A-F]{10}$/);
  expect(await transfer.textContent()).toContain('Banco de demostración (no transfiera)');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'purchase-transfer-desktop');
  // One request, whatever the clicks: the transfer was asked once, with no card anywhere.
  expect(bodiesOf(calls, /\/transferencia$/)).toEqual([{}]);
  expect(bodiesOf(calls, /^\/api\/sandbox-gateway\/tokens$/)).toEqual([]);

  // A reload (or the shared link) shows the same transfer awaited.
  await page.reload();
  await page.getByTestId('purchase-transfer').waitFor();
  expect(await page.getByTestId('purchase-transfer-reference').textContent()).toBe(reference);

  // The console: found by the reference as the bank's line writes it, recorded as arrived.
  const office = await session.visit(CONSOLE_DESKTOP);
  office.setDefaultTimeout(15_000);
  await signIn(office, 'admin@demo.cl');
  const filter = encodeURIComponent(JSON.stringify({ reference: reference.toLowerCase() }));
  await office.goto(`${session.runtime.url}/admin/payments?filter=${filter}`);
  const rows = office.getByRole('row').filter({ hasText: 'Transferencia manual' });
  await rows.first().waitFor();
  expect(await rows.count()).toBe(1);
  await rows.first().click();
  const card = office.getByRole('region', { name: 'Pago', exact: true });
  await detail(card, 'Referencia de la transferencia').filter({ hasText: reference }).waitFor();
  await card.getByRole('button', { name: 'Registrar resultado' }).click();
  const dialog = office.getByRole('dialog', { name: 'Registrar la transferencia' });
  expect(await dialog.textContent()).toContain(reference);
  await dialog.getByRole('radio', { name: 'La transferencia llegó' }).check();
  await dialog.getByLabel('Número de operación del banco').fill('OP-88412');
  await dialog
    .getByRole('textbox', { name: 'Qué muestra la cartola' })
    .fill(`Cartola: abono con referencia ${reference}`);
  const [recorded] = await Promise.all([
    office.waitForResponse((response) => response.url().endsWith('/resultado')),
    dialog.getByRole('button', { name: 'Registrar' }).click(),
  ]);
  expect(recorded.status()).toBe(200);
  await office.getByText('Transferencia registrada como recibida.').waitFor();
  await detail(card, 'Estado').filter({ hasText: 'OK' }).waitFor();
  expect(await detail(card, 'Cargo del proveedor').textContent()).toBe('OP-88412');

  // The buyer's page: paid, at the card's price.
  await page.reload();
  const success = page.getByTestId('purchase-success');
  await success.waitFor();
  expect(((await page.getByTestId('purchase-price').textContent()) ?? '').trim()).toBe(cardPrice);
  expect(await page.getByTestId('purchase-charged').textContent()).toContain(amount);

  // The lead: closed as a non-automated transfer.
  const stored = await page.evaluate((key) => sessionStorage.getItem(key), `compra-online:${code}`);
  const { session: purchaseSession } = JSON.parse(stored ?? '{}') as { session: string };
  let lead = { subStatus: { id: 0 } };
  for (let i = 0; i < 50 && lead.subStatus?.id !== SUB_STATUS_IDS.WEB_TRANSFERENCIA_NO_AUTOMATICA; i++) {
    lead = await adminGet(session.runtime.url, `/api/admin/leads/${contractingLeadId(purchaseSession)}`);
    if (lead.subStatus?.id !== SUB_STATUS_IDS.WEB_TRANSFERENCIA_NO_AUTOMATICA)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(lead.subStatus.id).toBe(SUB_STATUS_IDS.WEB_TRANSFERENCIA_NO_AUTOMATICA);
});

test("002-4.13 deferred options: a credit card paid in 3 cuotas; the pay call asks 3, the charge is approved once at the card's price, and the console's payment shows 3 cuotas", async () => {
  const page = await session.visit();
  const calls = recordCalls(page);
  const { cardPrice } = await buyFromComparator(page);
  await fillPersonalData(page);
  const form = page.getByTestId('purchase-payment');
  // Debit pays at once: no cuotas offered.
  await form.getByRole('radio', { name: 'Débito' }).check();
  expect(await form.getByLabel('Cuotas').count()).toBe(0);
  await form.getByRole('radio', { name: 'Crédito' }).check();
  await form.getByLabel('Cuotas').selectOption({ label: '3 cuotas' });
  await fillCard(page, CARDS.approved);
  await payButton(page).click();
  await page.getByTestId('purchase-success').waitFor();
  expect(((await page.getByTestId('purchase-price').textContent()) ?? '').trim()).toBe(cardPrice);
  const paid = bodiesOf(calls, /\/pagos$/);
  expect(paid).toEqual([expect.objectContaining({ paymentMethod: 'tdc', installments: 3 })]);

  const saleId = (await page.getByTestId('purchase-success').getAttribute('data-sale')) ?? '';
  const [payment] = await adminGet<{ id: string; installments: number; state: string }[]>(
    session.runtime.url,
    `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ saleId }))}`,
  );
  expect(payment).toMatchObject({ state: 'OK', installments: 3 });
  const office = await session.visit(CONSOLE_DESKTOP);
  office.setDefaultTimeout(15_000);
  await signIn(office, 'admin@demo.cl');
  await office.goto(`${session.runtime.url}/admin/payments/${payment!.id}/show`);
  const card = office.getByRole('region', { name: 'Pago', exact: true });
  await detail(card, 'Cuotas').filter({ hasText: '3' }).waitFor();
});

test("002-4.11 002-2.08 a buyer leaves the payment to an executive: nothing asked of a card, the reference on the page and after a reload, the lead at 'Asignación ejecutivo'", async () => {
  const page = await session.visit();
  const calls = recordCalls(page);
  const { code } = await buyFromComparator(page);
  await fillPersonalData(page);
  const form = page.getByTestId('purchase-payment');
  await form.getByRole('radio', { name: 'Coordinar el pago con un ejecutivo' }).check();
  expect(await form.getByLabel('Número de tarjeta').count()).toBe(0);
  await payButton(page)
    .or(form.getByRole('button', { name: 'Pedir que un ejecutivo me contacte' }))
    .first()
    .click();
  const panel = page.getByTestId('purchase-executive');
  await panel.waitFor();
  const reference = ((await page.getByTestId('purchase-executive-reference').textContent()) ?? '').trim();
  expect(reference).toMatch(/^[0-9A-F]{10}$/);
  expect(await panel.textContent()).toContain('Un ejecutivo te contactará');
  expect(await seriousViolations(page)).toEqual([]);
  expect(bodiesOf(calls, /\/sin-pago$/)).toEqual([{}]);
  expect(bodiesOf(calls, /^\/api\/sandbox-gateway\/tokens$/)).toEqual([]);
  await page.reload();
  await page.getByTestId('purchase-executive').waitFor();
  expect(await page.getByTestId('purchase-executive-reference').textContent()).toBe(reference);

  const stored = await page.evaluate((key) => sessionStorage.getItem(key), `compra-online:${code}`);
  const { session: purchaseSession } = JSON.parse(stored ?? '{}') as { session: string };
  let lead = { contracting: { step: '' }, subStatus: { id: 0 } };
  for (let i = 0; i < 50 && lead.contracting.step !== 'Asignación ejecutivo'; i++) {
    lead = await adminGet(session.runtime.url, `/api/admin/leads/${contractingLeadId(purchaseSession)}`);
    if (lead.contracting.step !== 'Asignación ejecutivo')
      await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(lead).toMatchObject({ contracting: { step: 'Asignación ejecutivo' }, subStatus: { id: 5001 } });
});

test('002-9.03 a yearly-priced plan offers a yearly subscription, bought and recorded every 12 months; a price for one trip offers none', async () => {
  const runtime = session.runtime;
  const page = await session.visit();
  const { code } = await buyFromComparator(page);
  const products = runtime.engines.readStore.collection<ProductDocument>(CATALOGUE_COLLECTIONS.products);
  const product = (await products.findOne({ _id: code }))!.definition as ProductDefinition;
  const options = fixtureCommandOptions('e2e-periodicity');
  for (const [copy, periodicity] of [
    ['ANUAL-E2E', 'anual'],
    ['VIAJE-E2E', 'único'],
  ] as const) {
    await defineCatalogueEntry(
      runtime.engines.eventStore,
      'product',
      { ...product, code: copy, url: copy, price: { ...product.price, periodicity } },
      options(),
    );
  }
  await runtime.runner!.waitUntilVisible(
    { globalPosition: await runtime.engines.eventStore.headPosition(), streamId: 'product-x' },
    ['catalogue'],
    10_000,
  );
  const buyer = await session.visit();
  const profiled = async (path: string) => {
    await buyer.goto(path);
    const needed = buyer.getByTestId('purchase-profile-needed');
    const personal = buyer.getByTestId('purchase-personal');
    await needed.or(personal).first().waitFor();
    if (await needed.isVisible()) {
      await needed.getByRole('button', { name: 'Ingresa tu perfil' }).click();
      await buyer.getByTestId('titular-age').fill('40');
      await buyer.getByTestId('submit-profile').click();
    }
    await personal.waitFor();
    return buyer.getByTestId('purchase-billing');
  };
  // One trip: paid once, no subscription offered.
  const once = await profiled('/Compra-Online/VIAJE-E2E');
  expect(await once.getByRole('radio').count()).toBe(1);
  expect(await once.getByLabel('Pago único').isChecked()).toBe(true);

  const yearly = await profiled('/Compra-Online/ANUAL-E2E');
  expect(await yearly.getByLabel('Suscripción mensual').count()).toBe(0);
  await yearly.getByLabel('Suscripción anual (se cobra cada año)').check();
  await fillBuyer(buyer);
  await buyer
    .getByTestId('purchase-personal')
    .getByRole('button', { name: /^Continuar al/ })
    .click();
  await buyer.getByTestId('purchase-payment').waitFor();
  await fillCard(buyer, CARDS.approved);
  await payButton(buyer).click();
  await buyer.getByTestId('purchase-success').waitFor();
  const saleId = (await buyer.getByTestId('purchase-success').getAttribute('data-sale')) ?? '';
  const [subscription] = await adminGet<{ periodicityMonths: number; nextChargeOn: string }[]>(
    runtime.url,
    `/api/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ saleId }))}`,
  );
  expect(subscription?.periodicityMonths).toBe(12);
  // A year on from the first period's month (the purchase paid the first year).
  expect(Number(subscription!.nextChargeOn.slice(0, 4))).toBeGreaterThan(new Date().getUTCFullYear());
});
