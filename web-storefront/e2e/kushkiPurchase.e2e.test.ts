import type { Page } from 'playwright-core';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { KushkiGateway } from '@cubre/services/payments/gateway/kushki/kushkiGateway';
import type { RuntimeHooks } from '@cubre/services/runtime/runtime';
import {
  startProviderServer,
  type ProviderServer,
} from '../../services/test/payments/gateway/support/providerServer';
import {
  answerProvider,
  cspViolations,
  expectNoCardStored,
  postsTo,
  refusedAtTokenThenPaid,
  saleAnswerOf,
  startedSaleOf,
  type ProviderCall,
} from './support/cardProvider';
import {
  CARDS,
  bodiesOf,
  buyFromComparator,
  fillCard,
  fillPersonalData,
  payButton,
  recordCalls,
} from './support/purchase';
import { storefrontSession } from './support/session';

/**
 * The payment step with the Kushki gateway configured (issue 14): the real `@kushki/js` runs in Chromium
 * under the site's Content-Security-Policy and tokenizes the card with Kushki's API (its integration
 * host, answered here by `page.route` with Kushki's documented answers); our API receives the token only
 * and charges it through the Kushki adapter against a local server answering as Kushki's REST API.
 */
const PUBLIC_MERCHANT_ID = '84e1d0de1fbf437e9779fd6a52a9ca18';
const PRIVATE_MERCHANT_ID = 'private-merchant-id-of-the-test';
const KUSHKI_API = 'https://api-uat.kushkipagos.com';
/** Kushki's test card refused at tokenization ('(017) Invalid card', data/payments/kushki-api.json). */
const REFUSED_AT_TOKEN = '000000000000000000';

let kushki: ProviderServer;
const hooks: RuntimeHooks = {};
beforeAll(async () => {
  // Before the product starts (storefrontSession's own beforeAll): its gateway calls this server.
  kushki = await startProviderServer();
  kushki.respond((request) => {
    if (request.method === 'POST' && request.path === '/card/v1/charges')
      return { status: 201, body: { ticketNumber: '170384522771700083' } };
    if (request.method === 'POST' && request.path === '/subscriptions/v1/card')
      return { status: 201, body: { subscriptionId: '1589312345678000' } };
    if (request.method === 'POST' && request.path.startsWith('/subscriptions/v1/card/'))
      return { status: 201, body: { ticketNumber: '170384634023500095' } };
    return { status: 404, body: { message: 'no route' } };
  });
  hooks.paymentGateway = new KushkiGateway({
    baseUrl: `${kushki.url}/`,
    privateMerchantId: PRIVATE_MERCHANT_ID,
  });
  // What payments read for the browser: the gateway's name and the public id (KUSHKI_BASE_URL's default is
  // Kushki's integration host, so kushki.js runs in its test environment).
  hooks.paymentEnv = { PAYMENT_GATEWAY: 'kushki', KUSHKI_PUBLIC_MERCHANT_ID: PUBLIC_MERCHANT_ID };
});
afterAll(async () => kushki?.close());

const session = storefrontSession({}, hooks);
const visit = () => session.visit();

/**
 * Kushki's API and Sift's script as the page reaches them, answered in the browser: the merchant's
 * settings (no Sift account, no 3-D Secure), `card/v1/tokens` and `v1/subscription-tokens` (a token, or
 * Kushki's 400 `017` for its test card refused at tokenization). Returns every call kushki.js made.
 */
async function answerKushki(page: Page): Promise<ProviderCall[]> {
  const calls = await answerProvider(page, KUSHKI_API, async ({ method, url, body }, json) => {
    if (method === 'GET' && url.pathname === '/merchant/v1/merchant/settings') {
      await json(200, {
        processor_name: 'Kushki Acquirer Processor',
        processors: { card: [{ processorName: 'Kushki Acquirer Processor' }] },
        country: 'Chile',
        merchant_name: 'Cubre',
        sandboxBaconKey: null,
        prodBaconKey: null,
        sandboxEnable: false,
        active_3dsecure: false,
      });
    } else if (
      method === 'POST' &&
      (url.pathname === '/card/v1/tokens' || url.pathname === '/v1/subscription-tokens')
    ) {
      if (body?.card?.number === REFUSED_AT_TOKEN)
        await json(400, { code: '017', message: 'Tarjeta no válida' });
      else await json(200, { token: `9f3c2a7e5b1d4c8a${calls.length.toString().padStart(16, '0')}` });
    } else await json(404, { message: 'Not Found' });
  });
  // new Kushki() appends Sift's device fingerprint script; its real body is Sift's, not under test.
  await page.route('https://cdn.siftscience.com/s.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* Sift */' }),
  );
  return calls;
}

describe('Kushki tokenizer on the payment step (issue 14)', () => {
  test("002-2.08 with Kushki configured the card goes to kushki.js only: our API receives Kushki's token, the sale is charged through Kushki and completes, and the CSP allows Kushki by name with no violation", async () => {
    const page = await visit();
    const violations = cspViolations(page);
    const kushkiCalls = await answerKushki(page);
    const ours = recordCalls(page);
    const document = page.waitForResponse((response) => response.request().resourceType() === 'document');
    const { code } = await buyFromComparator(page);
    const policy = (await (await document).allHeaders())['content-security-policy'] ?? '';
    expect(policy).toContain(`connect-src 'self' ${KUSHKI_API}`);
    expect(policy).toContain("script-src 'self' https://cdn.siftscience.com");
    await fillPersonalData(page);

    // The sale tells the page its tokenizer: Kushki's, with the public id (never the private one).
    const sale = await startedSaleOf(ours);
    expect(sale.cardTokenizer).toEqual({
      provider: 'kushki',
      publicMerchantId: PUBLIC_MERCHANT_ID,
      inTestEnvironment: true,
    });
    expect(JSON.stringify(sale)).not.toContain(PRIVATE_MERCHANT_ID);

    await fillCard(page, CARDS.approved);
    await payButton(page).click();
    await page.getByTestId('purchase-success').waitFor();

    // kushki.js asked Kushki's integration API, with the public merchant id, for a token of the sale's amount.
    const [tokenCall] = postsTo(kushkiCalls, '/card/v1/tokens');
    expect(tokenCall!.headers['public-merchant-id']).toBe(PUBLIC_MERCHANT_ID);
    expect(tokenCall!.body).toMatchObject({
      card: { number: CARDS.approved, cvv: '123', expiryMonth: '12', expiryYear: '30' },
      totalAmount: sale.amount.amount,
      currency: 'CLP',
    });
    expect(kushkiCalls.some((call) => call.url.pathname === '/merchant/v1/merchant/settings')).toBe(true);

    // Our API saw the token, never the card: no sandbox tokenizer call, no card number in any body.
    const paid = bodiesOf(ours, /\/ventas\/[^/]+\/pagos$/);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.token).toMatch(/^9f3c2a7e5b1d4c8a\d{16}$/);
    expect(ours.some((call) => new URL(call.url()).pathname.startsWith('/api/sandbox-gateway'))).toBe(false);
    for (const call of ours) expect(call.postData() ?? '').not.toContain(CARDS.approved);

    // The server charged that token at Kushki (its REST API, the private merchant id).
    const charges = kushki.requests.filter((request) => request.path === '/card/v1/charges');
    expect(charges).toHaveLength(1);
    expect(charges[0]!.headers['private-merchant-id']).toBe(PRIVATE_MERCHANT_ID);
    expect(charges[0]!.body.token).toBe(paid[0]!.token);
    expect(JSON.stringify(charges[0]!.body)).not.toContain(CARDS.approved);

    expect(await saleAnswerOf(session.runtime.url, page)).toMatchObject({ state: 'OK', productCode: code });
    await expectNoCardStored(session.runtime.engines.eventStore);
    expect(violations).toEqual([]);
  });

  test("002-8.15 Kushki refuses its test card at tokenization (017): the catalogue's Spanish message beside the number under 'Datos Inválidos', nothing reaches our payment call; another card then pays", async () => {
    const page = await visit();
    const violations = cspViolations(page);
    const kushkiCalls = await answerKushki(page);
    await buyFromComparator(page);
    await fillPersonalData(page);
    await refusedAtTokenThenPaid(page, {
      refusedCard: REFUSED_AT_TOKEN,
      message: messageFor('invalid_card', 'es'),
      tokenCalls: () => postsTo(kushkiCalls, '/card/v1/tokens').length,
    });
    expect(violations).toEqual([]);
    // Kushki's 400 is the refusal the test provokes (Chromium logs a refused XHR): that one only.
    expect(session.expectedProblems(page, /status of 400/)).toHaveLength(1);
  });

  test('002-4.12 a monthly sale asks kushki.js for its subscription token, which the server subscribes and charges at Kushki', async () => {
    const page = await visit();
    const violations = cspViolations(page);
    const kushkiCalls = await answerKushki(page);
    const ours = recordCalls(page);
    await buyFromComparator(page);
    await page.getByTestId('purchase-billing').getByLabel('Suscripción mensual').check();
    await fillPersonalData(page);
    await fillCard(page, CARDS.approved);
    await payButton(page).click();
    await page.getByTestId('purchase-success').waitFor();

    const [subscriptionToken] = postsTo(kushkiCalls, '/v1/subscription-tokens');
    expect(subscriptionToken!.headers['public-merchant-id']).toBe(PUBLIC_MERCHANT_ID);
    expect(subscriptionToken!.body).toMatchObject({ card: { number: CARDS.approved }, currency: 'CLP' });
    expect(postsTo(kushkiCalls, '/card/v1/tokens')).toEqual([]);
    const paid = bodiesOf(ours, /\/pagos$/);
    expect(paid).toHaveLength(1);
    const subscribed = kushki.requests.filter(
      (request) => request.method === 'POST' && request.path === '/subscriptions/v1/card',
    );
    expect(subscribed.at(-1)!.body.token).toBe(paid[0]!.token);
    expect(await saleAnswerOf(session.runtime.url, page)).toMatchObject({
      state: 'OK',
      billing: 'monthly_subscription',
    });
    expect(violations).toEqual([]);
  });
});
