import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page, Request } from 'playwright-core';
import { formatRut } from '@cubre/schemas/identification';
import { PaymentRecord, SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { seriousViolations } from '../../web-storefront/e2e/support/axe';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { postJson } from '../../services/test/support/testRuntime';
import {
  CONSOLE_DESKTOP,
  ConsoleApi,
  DEMO_PRODUCT,
  choose,
  newPerson,
  screenshot,
  signIn,
  type Person,
} from './support/console';
import { ONE_PERSON } from '../../services/test/payments/support/purchaseFixture';
import { contractingLeadId } from '@cubre/services/leads/ids';

/**
 * The console's Ventas and Pagos (issue 14) in a real browser: a purchase made over HTTP as the storefront
 * makes it (sale, sandbox card token, payment with an Idempotency-Key), then found, filtered and opened by
 * the staff who may read payments, and hidden from those who may not.
 */
const session = storefrontSession();
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(60_000);

const CARDS = { approved: '5451951574925480', insufficientFunds: '4349001210846432' };

async function visit(): Promise<Page> {
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  return page;
}

async function answer(response: Response, status: number) {
  const body = await response.json();
  if (response.status !== status)
    throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** A purchase of the demo product paid with `card`: the buyer's sale and payment as the API answered. */
async function purchase(person: Person, card: string, purchaseSession: string = randomUUID()) {
  const url = session.runtime.url;
  const started = await answer(
    await postJson(`${url}/api/compra-online/ventas`, {
      session: purchaseSession,
      productCode: DEMO_PRODUCT,
      profile: ONE_PERSON,
      ...person,
    }),
    201,
  );
  const { token } = await answer(
    await postJson(`${url}/api/sandbox-gateway/tokens`, {
      card: { name: person.nombre, number: card, expiryMonth: '12', expiryYear: '30', cvv: '123' },
      totalAmount: started.amount.amount,
      currency: started.amount.currency,
    }),
    201,
  );
  const paid = await answer(
    await postJson(
      `${url}/api/compra-online/ventas/${started.id}/pagos`,
      { token },
      { 'Idempotency-Key': randomUUID() },
    ),
    201,
  );
  return { sale: paid.sale, payment: paid.payment };
}

/** What a Chilean reads for an amount of pesos: '$152.722' (es-CL, no decimals). */
const pesos = (amount: number) =>
  new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }).format(
    amount,
  );

const filters = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('combobox', { name: 'Estado' }) });
/**
 * The list's answer to a filter holding `state`. Should it never come, the error names what the page asked
 * meanwhile and what the filter inputs held (a CI run once timed out here and said nothing more).
 */
async function listAsked(page: Page, resource: string, state: string) {
  const asked: string[] = [];
  const note = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/admin/'))
      asked.push(`${url.pathname} ${url.searchParams.get('filter')}`);
  };
  page.on('request', note);
  try {
    return await page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === `/api/admin/${resource}` && (url.searchParams.get('filter') ?? '').includes(state)
      );
    });
  } catch (error) {
    const inputs = await filters(page)
      .locator('input')
      .evaluateAll((all) =>
        all.map((input) => `${(input as HTMLInputElement).name}=${(input as HTMLInputElement).value}`),
      )
      .catch(() => []);
    throw new Error(
      `no ${resource} list asked with ${state}; the page asked ${asked.join(' | ') || 'nothing'}; ` +
        `filter inputs ${inputs.join(', ')}; at ${page.url()}: ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    page.off('request', note);
  }
}

/** Picks a state in a list's Estado filter and waits for the list the server answered for it. */
async function filterByState(page: Page, resource: string, state: string): Promise<void> {
  const [listed] = await Promise.all([
    listAsked(page, resource, `"state":"${state}"`),
    choose(page, filters(page), 'Estado', state),
  ]);
  expect(listed.status()).toBe(200);
}

const detail = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

describe("the console's sales and payments", () => {
  test('002-3.30 002-3.31 a paid sale shows OK in Ventas with its amount, a FAIL filter or a higher amount hides it, its page lists its payment OK', async () => {
    const person = newPerson('Tomás Ovalle Riquelme');
    const { sale, payment } = await purchase(person, CARDS.approved);
    expect(sale.state).toBe('OK');
    expect(payment.state).toBe('OK');
    expect(sale.amount.currency).toBe('CLP');
    // The console's records are what the schemas say (the screens are typed by them).
    SaleRecord.parse(await (await api.get('admin@demo.cl', `/api/admin/sales/${sale.id}`)).json());
    PaymentRecord.parse(await (await api.get('admin@demo.cl', `/api/admin/payments/${payment.id}`)).json());

    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    await page.getByRole('menuitem', { name: 'Ventas' }).click();
    await page.waitForURL('**/admin/sales**');
    const row = page.getByRole('row').filter({ hasText: person.nombre });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(pesos(sale.amount.amount));
    expect(await row.locator('[data-state]').textContent()).toBe('OK');
    // payment:export is the administrator's: the export button shows for them (the server's file, below).
    await page.getByRole('button', { name: 'Exportar' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sales-list-desktop');

    await filterByState(page, 'sales', 'FAIL');
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('FAIL'));
    await row.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(0);

    await filterByState(page, 'sales', 'OK');
    await row.waitFor();
    // An amount typed in pesos goes to the API in minor units with its currency (CLP has no decimals).
    await page.getByRole('button', { name: 'Agregar filtro' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Monto desde' }).click();
    const from = page.getByRole('spinbutton', { name: 'Monto desde' });
    for (const [typed, shown] of [
      [sale.amount.amount + 1, false],
      [sale.amount.amount, true],
    ] as const) {
      const [listed] = await Promise.all([
        listAsked(page, 'sales', `"amountMinor_gte":${typed}`),
        from.fill(String(typed)),
      ]);
      expect(JSON.parse(new URL(listed.url()).searchParams.get('filter') ?? '{}')).toMatchObject({
        state: 'OK',
        currency: 'CLP',
        amountMinor_gte: typed,
      });
      await row.waitFor({ state: shown ? 'visible' : 'hidden' });
    }
    // Pesos have no cents: a decimal amount is refused on the input, and the list keeps its last filter.
    await from.fill('10.5');
    const refusal = page.getByText('Un monto en pesos chilenos va sin decimales.');
    await refusal.waitFor();
    expect(await row.isVisible()).toBe(true);
    await Promise.all([
      listAsked(page, 'sales', `"amountMinor_gte":${sale.amount.amount - 1}`),
      from.fill(String(sale.amount.amount - 1)),
    ]);
    await refusal.waitFor({ state: 'hidden' });
    await row.waitFor();
    // In dollars 10.5 is 1050 cents, and the peso sale is not among the dollar ones; back in pesos it is refused.
    await page.getByRole('button', { name: 'Agregar filtro' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Moneda' }).click();
    await choose(page, filters(page), 'Moneda', 'USD');
    await Promise.all([listAsked(page, 'sales', '"amountMinor_gte":1050'), from.fill('10.5')]);
    await row.waitFor({ state: 'hidden' });
    await choose(page, filters(page), 'Moneda', 'CLP');
    await refusal.waitFor();
    await Promise.all([
      listAsked(page, 'sales', `"amountMinor_gte":${sale.amount.amount}`),
      from.fill(String(sale.amount.amount)),
    ]);
    await row.waitFor();
    // The export is the server's file (payment:export) of what the list shows: its filter, the amount in
    // minor units as the list asked it, and its order.
    const [asked, exported] = await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === '/api/admin/sales/export'),
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar' }).click(),
    ]);
    const exportQuery = new URL(asked.url()).searchParams;
    expect(JSON.parse(exportQuery.get('filter') ?? '{}')).toMatchObject({
      state: 'OK',
      currency: 'CLP',
      amountMinor_gte: sale.amount.amount,
    });
    expect(JSON.parse(exportQuery.get('sort') ?? '[]')).toEqual(['createdAt', 'DESC']);
    expect(exported.suggestedFilename()).toBe('ventas.csv');
    const [columns, ...lines] = readFileSync((await exported.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    expect(columns).toBe(
      'id,createdAt,state,country,productCode,productName,organizationName,buyerName,buyerRut,buyerEmail,buyerPhone,amount,currency,paymentMethod,provider,lastPaymentId',
    );
    const ours = lines.find((line) => line.startsWith(`${sale.id},`));
    expect(ours).toContain(`,${person.email},`);
    expect(ours).toContain(`,${sale.amount.amount},CLP,`);
    expect(lines.every((line) => line.split(',')[2] === 'OK')).toBe(true);
    await row.click();
    await page.waitForURL(`**/admin/sales/${sale.id}/show`);
    const summary = page.getByRole('region', { name: 'Venta', exact: true });
    await summary.waitFor();
    expect(await detail(summary, 'Estado').textContent()).toBe('OK');
    expect(await detail(summary, 'Monto').textContent()).toBe(pesos(sale.amount.amount));
    const buyer = page.getByRole('region', { name: 'Comprador' });
    expect(await detail(buyer, 'Comprador').textContent()).toBe(person.nombre);
    // Kept as the sale stored it (a Chilean RUT formatted: 15.104.729-7).
    expect(await detail(buyer, 'RUT').textContent()).toBe(formatRut(person.rut));
    expect(await detail(buyer, 'Correo electrónico').textContent()).toBe(person.email);
    const product = page.getByRole('region', { name: 'Producto' });
    expect(await detail(product, 'Producto').textContent()).toContain(`(${DEMO_PRODUCT})`);

    const payments = page.getByRole('region', { name: 'Pagos de la venta' });
    const paymentRow = payments.getByRole('row').filter({ has: page.locator('[data-state]') });
    await paymentRow.first().waitFor();
    expect(await paymentRow.count()).toBe(1);
    expect(await paymentRow.locator('[data-state]').textContent()).toBe('OK');
    const paymentText = (await paymentRow.textContent()) ?? '';
    expect(paymentText).toContain('Crédito (tdc)');
    expect(paymentText).toContain('kushki_ad');
    expect(paymentText).toContain(pesos(payment.amount.amount));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sale-page-desktop');

    // The payment's page links back to its sale.
    await paymentRow.click();
    await page.waitForURL(`**/admin/payments/${payment.id}/show`);
    const paymentPage = page.getByRole('region', { name: 'Pago', exact: true });
    expect(await detail(paymentPage, 'Estado').textContent()).toBe('OK');
    const saleLink = detail(paymentPage, 'Venta').getByRole('link');
    await saleLink.waitFor();
    expect(await saleLink.textContent()).toBe(`${sale.productName} · ${person.nombre}`);
    await saleLink.click();
    await page.waitForURL(`**/admin/sales/${sale.id}/show`);
  });

  test('002-8.14 a declined card: the sale FAIL, its payment DECLINED with the catalogue message the buyer read', async () => {
    const person = newPerson('Josefina Astaburuaga Peña');
    const { sale, payment } = await purchase(person, CARDS.insufficientFunds);
    expect(sale.state).toBe('FAIL');
    expect(payment.state).toBe('DECLINED');
    expect(payment.message).toEqual(expect.any(String));

    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    await page.getByRole('menuitem', { name: 'Ventas' }).click();
    await page.waitForURL('**/admin/sales**');
    await filterByState(page, 'sales', 'FAIL');
    const row = page.getByRole('row').filter({ hasText: person.nombre });
    await row.click();
    await page.waitForURL(`**/admin/sales/${sale.id}/show`);
    const payments = page.getByRole('region', { name: 'Pagos de la venta' });
    const paymentRow = payments.getByRole('row').filter({ has: page.locator('[data-state]') });
    await paymentRow.first().waitFor();
    expect(await paymentRow.count()).toBe(1);
    expect(await paymentRow.locator('[data-state]').textContent()).toBe('DECLINED');
    expect(await paymentRow.textContent()).toContain(payment.message);

    await paymentRow.click();
    await page.waitForURL(`**/admin/payments/${payment.id}/show`);
    const paymentPage = page.getByRole('region', { name: 'Pago', exact: true });
    expect(await detail(paymentPage, 'Estado').textContent()).toBe('DECLINED');
    expect(await detail(paymentPage, 'Código de respuesta').textContent()).toBe(payment.catalogueCode);
    expect(await detail(paymentPage, 'Mensaje al comprador').textContent()).toBe(payment.message);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payment-page-declined-desktop');

    // Pagos lists it among the declined ones, with the message.
    await page.getByRole('menuitem', { name: 'Pagos' }).click();
    await page.waitForURL('**/admin/payments**');
    await filterByState(page, 'payments', 'DECLINED');
    const declined = page.getByRole('row').filter({ hasText: payment.message });
    await declined.first().waitFor();
    for (const state of await page.locator('tbody [data-state]').allTextContents())
      expect(state).toBe('DECLINED');
  });

  test('002-3.31 an administrator refunds a paid payment from its page: the reason asked, REFUND on the page, in the record and in Pagos', async () => {
    const person = newPerson('Rosario Valdés Ugarte');
    const { payment } = await purchase(person, CARDS.approved);
    expect(payment.state).toBe('OK');

    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    await page.goto(`${session.runtime.url}/admin/payments/${payment.id}/show`);
    const paymentPage = page.getByRole('region', { name: 'Pago', exact: true });
    await detail(paymentPage, 'Estado').filter({ hasText: 'OK' }).waitFor();
    await paymentPage.getByRole('button', { name: 'Devolver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Devolver el pago' });
    // No reason, no refund: the dialog says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Devolver el pago' }).click();
    await dialog.getByText('Escriba el motivo (al menos 3 caracteres).').waitFor();
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Cobro duplicado');
    const [answered] = await Promise.all([
      page.waitForResponse((response) =>
        response.url().endsWith(`/api/admin/payments/${payment.id}/devoluciones`),
      ),
      dialog.getByRole('button', { name: 'Devolver el pago' }).click(),
    ]);
    expect(answered.status()).toBe(201);
    expect(answered.request().headers()['idempotency-key']).toEqual(expect.any(String));
    await page.getByText('Pago devuelto.').waitFor();
    await detail(paymentPage, 'Estado').filter({ hasText: 'REFUND' }).waitFor();
    expect(await detail(paymentPage, 'Anulación o devolución').textContent()).toBe(
      'Devuelto · Cobro duplicado',
    );
    // Refunded once: no button offers it again.
    expect(await paymentPage.getByRole('button', { name: 'Devolver' }).count()).toBe(0);
    await screenshot(page, 'payment-page-refunded-desktop');

    const record = PaymentRecord.parse(
      await (await api.get('admin@demo.cl', `/api/admin/payments/${payment.id}`)).json(),
    );
    expect(record).toMatchObject({
      state: 'REFUND',
      reversal: { kind: 'refund', status: 'done', reason: 'Cobro duplicado' },
    });

    await page.getByRole('menuitem', { name: 'Pagos' }).click();
    await page.waitForURL('**/admin/payments**');
    await filterByState(page, 'payments', 'REFUND');
    const refunded = page.locator('tbody [data-state]');
    await refunded.first().waitFor();
    for (const state of await refunded.allTextContents()) expect(state).toBe('REFUND');
  });

  test('002-3.31 an administrator voids a payment approved today from its page: the reason asked, VOID on the page, in the record and in Pagos', async () => {
    const person = newPerson('Macarena Errázuriz Lyon');
    const { payment } = await purchase(person, CARDS.approved);
    expect(payment.state).toBe('OK');

    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    await page.goto(`${session.runtime.url}/admin/payments/${payment.id}/show`);
    const paymentPage = page.getByRole('region', { name: 'Pago', exact: true });
    await detail(paymentPage, 'Estado').filter({ hasText: 'OK' }).waitFor();
    await paymentPage.getByRole('button', { name: 'Anular', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Anular el pago' });
    // A void is only for the day the payment was approved: the dialog says so.
    await dialog.getByText('solo el día en que se aprobó', { exact: false }).waitFor();
    // No reason, no void: the dialog says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Anular el pago' }).click();
    await dialog.getByText('Escriba el motivo (al menos 3 caracteres).').waitFor();
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Compra por error del comprador');
    const [answered] = await Promise.all([
      page.waitForResponse((response) =>
        response.url().endsWith(`/api/admin/payments/${payment.id}/anulaciones`),
      ),
      dialog.getByRole('button', { name: 'Anular el pago' }).click(),
    ]);
    expect(answered.status()).toBe(201);
    expect(answered.request().headers()['idempotency-key']).toEqual(expect.any(String));
    await page.getByText('Pago anulado.').waitFor();
    await detail(paymentPage, 'Estado').filter({ hasText: 'VOID' }).waitFor();
    expect(await detail(paymentPage, 'Anulación o devolución').textContent()).toBe(
      'Anulado · Compra por error del comprador',
    );
    // Voided: neither a void nor a refund is offered any more.
    for (const name of ['Anular', 'Devolver'])
      expect(await paymentPage.getByRole('button', { name, exact: true }).count()).toBe(0);
    await screenshot(page, 'payment-page-voided-desktop');

    const record = PaymentRecord.parse(
      await (await api.get('admin@demo.cl', `/api/admin/payments/${payment.id}`)).json(),
    );
    expect(record).toMatchObject({
      state: 'VOID',
      reversal: { kind: 'void', status: 'done', reason: 'Compra por error del comprador' },
    });

    await page.getByRole('menuitem', { name: 'Pagos' }).click();
    await page.waitForURL('**/admin/payments**');
    await filterByState(page, 'payments', 'VOID');
    const voided = page.locator('tbody [data-state]');
    await voided.first().waitFor();
    for (const state of await voided.allTextContents()) expect(state).toBe('VOID');
    // The newest of them is this one: its row opens its page.
    await page.locator('tbody tr').first().click();
    await page.waitForURL(`**/admin/payments/${payment.id}/show`);
    await detail(paymentPage, 'Estado').filter({ hasText: 'VOID' }).waitFor();
  });

  test("issue 14 a purchase's lead links its sale, and the sale's page tells its history: who refunded it and why, newest first", async () => {
    const person = newPerson('Valentina Edwards Matte');
    const purchaseSession = randomUUID();
    const { sale, payment } = await purchase(person, CARDS.approved, purchaseSession);
    const refunded = await api.post(
      'admin@demo.cl',
      `/api/admin/payments/${payment.id}/devoluciones`,
      { reason: 'Cobro duplicado' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(refunded.status).toBe(201);

    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    // The lead the purchase opened (its session's), as an executive's supervisor finds it.
    await page.goto(`${session.runtime.url}/admin/leads/${contractingLeadId(purchaseSession)}/show`);
    const saleOfLead = page.getByRole('region', { name: 'Venta de la compra en línea' });
    const row = saleOfLead.getByRole('row').filter({ hasText: 'OK' });
    await row.first().waitFor();
    expect(await saleOfLead.getByRole('row').count()).toBe(2);
    await row.first().click();
    await page.waitForURL(`**/admin/sales/${sale.id}/show`);

    const history = page.getByRole('list', { name: 'Historial de la venta' });
    const lines = history.getByRole('listitem');
    await lines.first().waitFor();
    // Newest first: the refund by the administrator, with the reason; the purchase's first line last.
    const newest = lines.first();
    expect(await newest.getAttribute('data-event')).toBe('PaymentRefunded');
    const asked = history.locator('li[data-event=PaymentReversalRequested]');
    expect(await asked.textContent()).toContain('Anulación o devolución solicitada');
    expect(await asked.textContent()).toContain('Motivo: Cobro duplicado');
    expect(await asked.textContent()).toContain('Andrea Administradora');
    expect(await lines.last().getAttribute('data-event')).toBe('SaleStarted');
    expect(await lines.last().textContent()).toContain('Comprador');
    // The buyer's personal data is on the sale's page, never in its history.
    const text = (await history.textContent()) ?? '';
    expect(text).not.toContain(person.email);
    expect(text).not.toContain(person.rut);
  });

  test('an executive (no payment:read) sees no Ventas or Pagos and cannot open them; back office reads them but exports nothing', async () => {
    const page = await visit();
    await signIn(page, 'ejecutivo@demo.cl');
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Leads' }).waitFor();
    for (const entry of ['Ventas', 'Pagos']) {
      expect(await menu.getByRole('menuitem', { name: entry }).count()).toBe(0);
    }
    expect(await menu.getByText('Compra online').count()).toBe(0);
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/admin\/(sales|payments)/.test(path)) asked.push(path);
    });
    for (const resource of ['sales', 'payments']) {
      await page.goto(`/admin/${resource}`);
      await page.waitForURL('**/admin/access-denied');
      await page.getByRole('heading', { name: 'Acceso denegado' }).waitFor();
    }
    expect(asked).toEqual([]);

    const backOffice = await visit();
    await signIn(backOffice, 'backoffice@demo.cl');
    await backOffice.getByRole('menuitem', { name: 'Ventas' }).click();
    await backOffice.waitForURL('**/admin/sales**');
    // The toolbar is drawn (its filter button) and has no export: the file needs payment:export.
    await backOffice.getByRole('button', { name: 'Agregar filtro' }).waitFor();
    expect(await backOffice.getByRole('button', { name: 'Exportar' }).count()).toBe(0);
  });
});
