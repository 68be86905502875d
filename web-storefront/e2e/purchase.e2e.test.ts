import type { ProductDefinition } from '@cubre/schemas';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import {
  CATALOGUE_COLLECTIONS,
  type OrganizationDocument,
  type ProductDocument,
} from '@cubre/projections/catalogue/documents';
import { MAIL_OUTBOX_COLLECTION, type MailOutboxDocument } from '@cubre/projections/mail/projection';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import { fixtureCommandOptions } from '../../services/test/support/catalogueOrganizations';
import { contractingLeadId } from '@cubre/services/leads/ids';
import { kushkiCatalogueCode } from '@cubre/services/payments/gateway/kushki/codes';
import { CONSOLE_DESKTOP, signIn } from '../../admin-console/e2e/support/console';
import { seriousViolations } from './support/axe';
import { screenshot } from './support/browser';
import {
  BUYER,
  CARDS,
  FAMILY,
  adminGet,
  adminPaymentsOf,
  bodiesOf,
  buyFromComparator,
  fillCard,
  fillPersonalData,
  payButton,
  recordCalls,
  saleIdOf,
  stepPosted,
} from './support/purchase';
import { storefrontSession } from './support/session';

const INSURER_SITE = 'https://www.aseguradora-sitio.example/contratar';

/**
 * The online purchase in a real browser (issue 14): from a comparator card to 'Compra exitosa!' on the
 * embedded sandbox gateway, with Kushki's test cards (approved, insufficient funds), one charge per attempt.
 */
const session = storefrontSession();
const visit = session.visit;

describe('online purchase in a real browser (issue 14)', () => {
  test("002-2.08 comparator card → Contratar online → Datos personales (with the family's dependants) → Pago → Confirmación → Compra exitosa! at the card price; the card number reaches the tokenizer only", async () => {
    const page = await visit();
    const calls = recordCalls(page);
    const { code, cardPrice, cardLabel } = await buyFromComparator(page, FAMILY);
    // The price is the card's, for this visitor's profile, before and after paying.
    expect(cardLabel).not.toBe('Desde');
    await page.getByTestId('quote-price').waitFor();
    expect(((await page.getByTestId('quote-price').textContent()) ?? '').trim()).toBe(cardPrice);
    expect(((await page.getByTestId('quote-price-label').textContent()) ?? '').trim()).toBe(cardLabel);
    const steps = page.getByTestId('purchase').locator('.MuiStepLabel-label');
    expect(await steps.allTextContents()).toEqual([
      'Datos personales',
      'Pago',
      'Confirmación',
      'Compra exitosa!',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await fillPersonalData(page);
    expect(await page.getByTestId('purchase').getAttribute('data-step')).toBe('Pago');
    await fillCard(page, CARDS.approved);
    await screenshot(page, 'purchase-payment-desktop');
    await payButton(page).click();
    const success = page.getByTestId('purchase-success');
    await success.waitFor();
    expect(await success.textContent()).toContain('Compra exitosa!');
    expect(((await page.getByTestId('purchase-price').textContent()) ?? '').trim()).toBe(cardPrice);
    expect(((await page.getByTestId('purchase-price-label').textContent()) ?? '').trim()).toBe(cardLabel);
    expect(await page.getByTestId('purchase-reference').textContent()).toMatch(/^[0-9A-F]{8}$/);
    await screenshot(page, 'purchase-success-desktop');

    const saleId = await saleIdOf(page);
    const sale = (await (
      await fetch(`${session.runtime.url}/api/compra-online/ventas/${saleId}`)
    ).json()) as {
      state: string;
      productCode: string;
      formatted: string;
      lastPayment: { state: string };
    };
    expect(sale).toMatchObject({ state: 'OK', productCode: code, lastPayment: { state: 'OK' } });
    expect(cardPrice.startsWith(sale.formatted)).toBe(true);

    // The card number went to the tokenizer, and to none of our purchase or lead calls.
    const tokenized = bodiesOf(calls, /^\/api\/sandbox-gateway\/tokens$/);
    expect(tokenized).toEqual([
      expect.objectContaining({ card: expect.objectContaining({ number: CARDS.approved }) }),
    ]);
    for (const call of calls.filter((candidate) => !candidate.url().includes('/sandbox-gateway/')))
      expect(`${call.url()} ${call.postData() ?? ''}`).not.toContain(CARDS.approved);
    // The lead follows the steps the visitor reached; 'Compra exitosa!' is the server's to record.
    expect(bodiesOf(calls, /^\/api\/compra-online\/pasos$/).map((body) => body.step)).toEqual([
      'Datos personales',
      'Pago',
      'Confirmación',
    ]);
    const stored = await page.evaluate((key) => sessionStorage.getItem(key), `compra-online:${code}`);
    const { session: purchaseSession } = JSON.parse(stored ?? '{}') as { session: string };
    const lead = await adminGet<{
      originPath: string;
      contact: { email: string };
      contracting: { session: string; step: string; paymentMethod: string | null };
    }>(session.runtime.url, `/api/admin/leads/${contractingLeadId(purchaseSession)}`);
    expect(lead).toMatchObject({
      originPath: `/Compra-Online/${code}`,
      contact: { email: BUYER.email },
      contracting: { session: purchaseSession, paymentMethod: 'tdc' },
    });
    // Confirmación as the page left it, or Compra exitosa! once the server records the sale's own step.
    expect(['Confirmación', 'Compra exitosa!']).toContain(lead.contracting.step);
  });

  test('002-8.14 insufficient funds shows the refusal and its message; a reload keeps the sale and the refusal; another card then succeeds', async () => {
    const page = await visit();
    const calls = recordCalls(page);
    const { cardPrice } = await buyFromComparator(page);
    const paymentStep = stepPosted(page, 'Pago');
    await fillPersonalData(page);
    await paymentStep;
    // A reload continues the same sale: straight back to Pago, with no personal data asked again.
    await page.reload();
    await page.getByTestId('purchase-payment').waitFor();
    expect(await page.getByTestId('purchase-personal').count()).toBe(0);

    await fillCard(page, CARDS.insufficientFunds);
    const backToPayment = stepPosted(page, 'Pago');
    await payButton(page).click();
    const refusal = page.getByTestId('purchase-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Pago rechazado');
    expect(await refusal.textContent()).toContain(messageFor(kushkiCatalogueCode('021'), 'es'));
    // The refused card is cleared: the buyer types another.
    expect(await page.getByLabel('Número de tarjeta').inputValue()).toBe('');
    await screenshot(page, 'purchase-refused-desktop');
    // A reload after the refusal still says why, on the payment step of the same sale.
    await backToPayment;
    await page.reload();
    await page.getByTestId('purchase-refusal').waitFor();
    expect(await page.getByTestId('purchase-refusal').textContent()).toContain(
      messageFor(kushkiCatalogueCode('021'), 'es'),
    );

    await fillCard(page, CARDS.approved);
    await payButton(page).click();
    await page.getByTestId('purchase-success').waitFor();
    expect(((await page.getByTestId('purchase-price').textContent()) ?? '').trim()).toBe(cardPrice);

    // Two attempts, two keys, one sale: the refused payment and the approved one.
    const keys = calls
      .filter((call) => /\/pagos$/.test(call.url()))
      .map((call) => call.headers()['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    const payments = await adminPaymentsOf(session.runtime.url, await saleIdOf(page));
    expect(payments.map((payment) => payment.state).sort()).toEqual(['DECLINED', 'OK']);
    // Pago again after the refusal (a new attempt on the lead) and on each reload (a repeat records nothing).
    expect(bodiesOf(calls, /^\/api\/compra-online\/pasos$/).map((body) => body.step)).toEqual([
      'Datos personales',
      'Pago',
      'Pago',
      'Confirmación',
      'Pago',
      'Pago',
      'Confirmación',
    ]);
  });

  test('002-8.15 card data the tokenizer refuses shows each field message beside its field under the header Datos Inválidos', async () => {
    const page = await visit();
    await buyFromComparator(page);
    await fillPersonalData(page);
    await fillCard(page, '4111', { cvv: '12', year: '19' });
    await payButton(page).click();
    const refusal = page.getByTestId('purchase-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Datos Inválidos');
    const form = page.getByTestId('purchase-payment');
    for (const label of ['Número de tarjeta', 'Año (AA)', 'CVV'])
      expect(await form.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Nombre del titular').getAttribute('aria-invalid')).toBe('false');
    expect(session.expectedProblems(page, /status of 400/)).toHaveLength(1);
    // Corrected, the card is a new attempt and pays.
    await fillCard(page, CARDS.approved);
    await payButton(page).click();
    await page.getByTestId('purchase-success').waitFor();
  });

  test('a double click on Pagar sends one payment, and a lost answer retried with the same Idempotency-Key charges once', async () => {
    const page = await visit();
    const calls = recordCalls(page);
    await buyFromComparator(page);
    await fillPersonalData(page);
    await fillCard(page, CARDS.approved);
    // The first answer is lost on its way back: the server paid, the page did not hear it.
    let lose = true;
    await page.route('**/api/compra-online/ventas/*/pagos', async (route) => {
      if (!lose) return route.continue();
      lose = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await payButton(page).dblclick();
    await page.getByTestId('purchase-failure').waitFor();
    expect(
      session.expectedProblems(page, /ERR_CONNECTION_RESET|Failed to load resource/).length,
    ).toBeGreaterThan(0);
    await payButton(page).dblclick();
    await page.getByTestId('purchase-success').waitFor();

    const pays = calls.filter((call) => /\/pagos$/.test(call.url()));
    // One call per attempt (the double clicks sent none more), the retry under the same key and token.
    expect(pays).toHaveLength(2);
    expect(pays[1]!.headers()['idempotency-key']).toBe(pays[0]!.headers()['idempotency-key']);
    expect(pays[1]!.postData()).toBe(pays[0]!.postData());
    expect(bodiesOf(calls, /^\/api\/sandbox-gateway\/tokens$/)).toHaveLength(1);
    const payments = await adminPaymentsOf(session.runtime.url, await saleIdOf(page));
    expect(payments).toEqual([expect.objectContaining({ state: 'OK' })]);
  });

  test('002-2.08 002-2.11 reached with no profile, the purchase asks for it and prices for it; a refused payment on plan QPS230 takes the buyer to the insurer site, whose name the refusal gives', async () => {
    const runtime = session.runtime;
    const page = await visit();
    // A demo product sold online, defined again as plan QPS230 of an insurer with its own site.
    const { code } = await buyFromComparator(page);
    const products = runtime.engines.readStore.collection<ProductDocument>(CATALOGUE_COLLECTIONS.products);
    const original = await products.findOne({ _id: code });
    expect(original?.kind).toBe('product');
    const product = original!.definition as ProductDefinition;
    const organizations = runtime.engines.readStore.collection<OrganizationDocument>(
      CATALOGUE_COLLECTIONS.organizations,
    );
    const insurer = (await organizations.findOne({ _id: product.organizationCode }))!.definition;
    const options = fixtureCommandOptions('e2e-failure-redirect');
    const store = runtime.engines.eventStore;
    await defineCatalogueEntry(
      store,
      'organization',
      {
        ...insurer,
        code: 'Aseguradora-Sitio',
        url: 'Aseguradora-Sitio',
        displayName: 'Aseguradora Sitio',
        website: INSURER_SITE,
      },
      options(),
    );
    await defineCatalogueEntry(
      store,
      'product',
      { ...product, code: 'QPS230', url: 'QPS230', organizationCode: 'Aseguradora-Sitio' },
      options(),
    );
    await runtime.runner!.waitUntilVisible(
      { globalPosition: await store.headPosition(), streamId: 'product-x' },
      ['catalogue'],
      10_000,
    );
    // Another visitor, who never gave a profile, reaches the plan by its address.
    const visitor = await visit();
    await visitor.route(`${INSURER_SITE}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Aseguradora Sitio</title><h1>Contratar</h1>' }),
    );
    // Reached by its address with no profile: the page asks for one before any price is charged (002-2.08).
    await visitor.goto('/Compra-Online/QPS230');
    const needed = visitor.getByTestId('purchase-profile-needed');
    await needed.waitFor();
    expect(await visitor.getByTestId('quote-price-label').textContent()).toBe('Desde');
    expect(await visitor.getByTestId('purchase-personal').count()).toBe(0);
    await needed.getByRole('button', { name: 'Ingresa tu perfil' }).click();
    await visitor.getByTestId('titular-age').fill('61');
    await visitor.getByTestId('submit-profile').click();
    await visitor.getByTestId('purchase-personal').waitFor();
    const priced = (await (
      await fetch(`${runtime.url}/api/insurance/QPS230/calculatePrice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ profile: { cotizante: [{ sexo: 'Masculino', edad: 61 }], cargas: [] } }),
      })
    ).json()) as { data: { price: { formatted: string } } };
    // The header's price is the profile's (its suffix after a space), no longer the 'Desde'.
    expect(((await visitor.getByTestId('quote-price').textContent()) ?? '').trim().split(' ')[0]).toBe(
      priced.data.price.formatted,
    );
    expect(await visitor.getByTestId('quote-price-label').textContent()).not.toBe('Desde');
    await fillPersonalData(visitor);
    await fillCard(visitor, CARDS.insufficientFunds);
    await payButton(visitor).click();
    await visitor.waitForURL(`${INSURER_SITE}**`);
    expect(await visitor.title()).toBe('Aseguradora Sitio');
    // Back on our page (the browser's back button), the refusal names the insurer and links its site.
    await visitor.goBack();
    const redirect = visitor.getByTestId('purchase-insurer-redirect');
    await redirect.waitFor();
    expect(await redirect.textContent()).toContain('Aseguradora Sitio');
    expect(await redirect.getByRole('link').getAttribute('href')).toBe(INSURER_SITE);
  });

  test('000-2.22 issue 14 resume on another device: the buyer mails herself a link, opens it in another browser at the same sale and price, and pays there', async () => {
    const runtime = session.runtime;
    const page = await visit();
    const { cardPrice } = await buyFromComparator(page, FAMILY);
    await fillPersonalData(page);
    const total = ((await page.getByTestId('purchase-total').textContent()) ?? '').trim();
    await page.getByRole('button', { name: 'Seguir en otro dispositivo: envíame un enlace' }).click();
    const sent = page.getByTestId('purchase-resume-sent');
    await sent.waitFor();
    expect(await sent.textContent()).toBe(
      'Te enviamos un enlace a c•••@example.com para seguir tu compra desde otro dispositivo.',
    );

    // The mail as the buyer receives it (the embedded outbox), its link on this test's own server.
    await runtime.mail.dispatcher.idle();
    await runtime.runner!.waitUntilVisible(
      { globalPosition: await runtime.engines.eventStore.headPosition(), streamId: 'mail-x' },
      ['mail'],
      10_000,
    );
    const [mail] = await runtime.engines.readStore
      .collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION)
      .find({ template: 'purchase_resume', 'to.email': BUYER.email });
    const mailed = new URL(/https?:\/\/\S+\/Compra-Online\/\S+/.exec(mail!.text ?? '')![0]);

    // 000-2.22: the seeds' shared purchase link, the session and its type (no sale id in it).
    expect([...mailed.searchParams.keys()]).toEqual(['session', 'sessionType']);
    expect(mailed.searchParams.get('sessionType')).toBe('resume');
    // Another device: a browser with nothing stored.
    const other = await visit();
    const otherCalls = recordCalls(other);
    await other.goto(`${mailed.pathname}${mailed.search}`);
    await other.locator('[data-testid=purchase][data-step=Pago]').waitFor();
    expect(((await other.getByTestId('purchase-total').textContent()) ?? '').trim()).toBe(total);
    // The session left the address bar.
    expect(new URL(other.url()).search).toBe('');
    await fillCard(other, CARDS.approved);
    await payButton(other).click();
    await other.getByTestId('purchase-success').waitFor();
    expect(((await other.getByTestId('purchase-price').textContent()) ?? '').trim()).toBe(cardPrice);
    // Priced for the family the sale was made for, though this device has no profile: never 'Desde'.
    expect(((await other.getByTestId('purchase-price-label').textContent()) ?? '').trim()).toBe('');

    // The first device's sale is the same one: a reload shows it paid.
    await page.reload();
    await page.getByTestId('purchase-success').waitFor();
    expect(await saleIdOf(page)).toBe(await saleIdOf(other));
    // The steps the other device reported say how its session came: the lead keeps the link's type.
    const steps = bodiesOf(otherCalls, /^\/api\/compra-online\/pasos$/);
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) expect(step).toMatchObject({ sessionType: 'resume' });
    const lead = await adminGet<{ contracting: { sessionType: string | null } }>(
      runtime.url,
      `/api/admin/leads/${contractingLeadId(mailed.searchParams.get('session')!)}`,
    );
    expect(lead.contracting.sessionType).toBe('resume');
    // The console's lead says how the session came.
    const office = await visit(CONSOLE_DESKTOP);
    await signIn(office, 'admin@demo.cl');
    await office.goto(
      `${runtime.url}/admin/leads/${contractingLeadId(mailed.searchParams.get('session')!)}/show`,
    );
    await office
      .locator('dt:text-is("Compra online") + dd')
      .filter({ hasText: 'continuada desde el enlace que el comprador se envió' })
      .waitFor();
  });
});
