import type { Page, Request } from 'playwright-core';
import { messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { MercadoPagoGateway } from '@cubre/services/payments/gateway/mercadopago/mercadoPagoGateway';
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
 * The payment step with the Mercado Pago gateway configured (issue 14): the storefront's own chunk asks
 * Mercado Pago's API in Chromium, under the site's Content-Security-Policy, for the card's brand and a card
 * token (`api.mercadopago.com`, answered here by `page.route` with Mercado Pago's documented answers); our
 * API receives the token, the brand and the issuer only, and charges them through the Mercado Pago adapter
 * (the `mercadopago` SDK) against a local server answering as Mercado Pago's `POST /v1/payments` and
 * `POST /preapproval`.
 */
const PUBLIC_KEY = 'TEST-3812525c-f74b-4b2e-9c76-e83dc3949013';
const ACCESS_TOKEN = 'TEST-access-token-of-the-browser-test';
const MP_API = 'https://api.mercadopago.com';
/** A card Mercado Pago's card-token call refuses (its cause E202, invalid card number). */
const REFUSED_AT_TOKEN = '4349003000047016';

let mp: ProviderServer;
let nextId = 1_319_016_428;
const hooks: RuntimeHooks = {};
beforeAll(async () => {
  // Before the product starts (storefrontSession's own beforeAll): its gateway calls this server.
  mp = await startProviderServer();
  const preapprovals: { id: string; reference: string; amount: number }[] = [];
  mp.respond((request) => {
    const url = new URL(request.path, 'http://mp.local');
    if (request.method === 'POST' && url.pathname === '/v1/payments')
      return {
        status: 201,
        body: {
          id: nextId++,
          status: 'approved',
          status_detail: 'accredited',
          transaction_amount: request.body.transaction_amount,
          currency_id: 'CLP',
          authorization_code: '301299',
          external_reference: request.body.external_reference,
        },
      };
    if (request.method === 'POST' && url.pathname === '/preapproval/') {
      const created = {
        id: `2c938084${preapprovals.length}a1b2c3d4e5f60718293a4b5`,
        reference: request.body.external_reference,
        amount: request.body.auto_recurring.transaction_amount,
      };
      preapprovals.push(created);
      return { status: 201, body: { id: created.id, status: 'authorized' } };
    }
    // Mercado Pago debits a preapproval a moment after it is made: here, at once and approved.
    if (url.pathname === '/authorized_payments/search') {
      const preapproval = preapprovals.find((p) => p.id === url.searchParams.get('preapproval_id'));
      if (!preapproval) return { status: 200, body: { results: [] } };
      const today = new Date().toISOString().slice(0, 10);
      return {
        status: 200,
        body: {
          results: [
            {
              id: 7_000_000_001,
              preapproval_id: preapproval.id,
              external_reference: preapproval.reference,
              debit_date: `${today}T09:00:00.000-04:00`,
              status: 'processed',
              retry_attempt: 0,
              transaction_amount: preapproval.amount,
              payment: { id: 7_000_000_002, status: 'approved', status_detail: 'accredited' },
            },
          ],
        },
      };
    }
    return { status: 404, body: { message: 'no route', status: 404 } };
  });
  hooks.paymentGateway = new MercadoPagoGateway({
    accessToken: ACCESS_TOKEN,
    currency: 'CLP',
    baseUrl: mp.url,
    maxRetries: 0,
    timeoutMs: 5000,
  });
  // What payments read for the browser: the gateway's name and the public key (never the access token).
  hooks.paymentEnv = { PAYMENT_GATEWAY: 'mercadopago', MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY };
});
afterAll(async () => mp?.close());

const session = storefrontSession({}, hooks);
const visit = () => session.visit();

/**
 * Mercado Pago's API as the page reaches it, answered in the browser with its documented answers: the
 * installments lookup by BIN (a Mastercard of issuer 1088) and the card token (an id, or its 400 with
 * `cause` E202 for REFUSED_AT_TOKEN). Returns every call the page made there.
 */
async function answerMercadoPago(page: Page): Promise<ProviderCall[]> {
  return answerProvider(page, MP_API, async ({ method, url, body }, json, calls) => {
    if (method === 'GET' && url.pathname === '/v1/payment_methods/installments') {
      await json(200, [
        {
          payment_method_id: 'master',
          payment_type_id: 'credit_card',
          issuer: { id: 1088, name: 'Mastercard' },
          processing_mode: 'aggregator',
          payer_costs: [
            {
              installments: 1,
              installment_rate: 0,
              recommended_message: '1 cuota',
              installment_amount: Number(url.searchParams.get('amount')),
              total_amount: Number(url.searchParams.get('amount')),
            },
          ],
        },
      ]);
    } else if (method === 'POST' && url.pathname === '/v1/card_tokens') {
      if (body?.card_number === REFUSED_AT_TOKEN)
        await json(400, {
          message: 'invalid parameter cardNumber',
          error: 'bad_request',
          status: 400,
          cause: [{ code: 'E202', description: 'invalid parameter cardNumber' }],
        });
      else
        await json(201, {
          id: `ff8080814c11e237014c1ff593b5${calls.length.toString().padStart(4, '0')}`,
          status: 'active',
          first_six_digits: body.card_number.slice(0, 6),
          last_four_digits: body.card_number.slice(-4),
          expiration_month: body.expiration_month,
          expiration_year: body.expiration_year,
          cardholder: body.cardholder,
          live_mode: false,
        });
    } else await json(404, { message: 'not found', error: 'not_found', status: 404, cause: [] });
  });
}

/** Every request the page made anywhere (our API, Mercado Pago, assets): where the card number went. */
function everyRequest(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}
const carrying = (requests: Request[], number: string) =>
  requests.filter((request) => `${request.url()} ${request.postData() ?? ''}`.includes(number));

const tokenCalls = (calls: ProviderCall[]) => postsTo(calls, '/v1/card_tokens');

describe('Mercado Pago card form on the payment step (issue 14)', () => {
  test("002-2.08 002-5.16 with Mercado Pago configured the card number goes to Mercado Pago's token call only: our API receives its token with the card's brand, the sale is charged through Mercado Pago and ends in 'Compra exitosa!' at the card's price, and the CSP allows Mercado Pago by name with no violation", async () => {
    const page = await visit();
    const violations = cspViolations(page);
    const mpCalls = await answerMercadoPago(page);
    const requests = everyRequest(page);
    const ours = recordCalls(page);
    const document = page.waitForResponse((response) => response.request().resourceType() === 'document');
    const { code, cardPrice } = await buyFromComparator(page);
    const policy = (await (await document).allHeaders())['content-security-policy'] ?? '';
    expect(policy).toContain(`connect-src 'self' ${MP_API};`);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('frame-src');
    await fillPersonalData(page);

    // The sale tells the page its tokenizer: Mercado Pago's, with the public key (never the access token).
    const sale = await startedSaleOf(ours);
    expect(sale.cardTokenizer).toEqual({ provider: 'mercadopago', publicKey: PUBLIC_KEY });
    expect(JSON.stringify(sale)).not.toContain(ACCESS_TOKEN);

    await fillCard(page, CARDS.approved);
    await payButton(page).click();
    await page.getByTestId('purchase-success').waitFor();
    expect(await page.getByTestId('purchase-success').textContent()).toContain('Compra exitosa!');
    expect(((await page.getByTestId('purchase-price').textContent()) ?? '').trim()).toBe(cardPrice);

    // Mercado Pago was asked the brand by BIN for the sale's amount, then the token, with the public key.
    const [lookup, ...more] = mpCalls.filter(
      (call) => call.url.pathname === '/v1/payment_methods/installments',
    );
    expect(more).toEqual([]);
    expect(Object.fromEntries(lookup!.url.searchParams)).toEqual({
      public_key: PUBLIC_KEY,
      bin: CARDS.approved.slice(0, 8),
      amount: String(sale.amount.amount),
    });
    const [tokenCall] = tokenCalls(mpCalls);
    expect(tokenCall!.url.searchParams.get('public_key')).toBe(PUBLIC_KEY);
    expect(tokenCall!.body).toEqual({
      card_number: CARDS.approved,
      security_code: '123',
      expiration_month: 12,
      expiration_year: 2030,
      cardholder: { name: expect.any(String) },
    });
    // The card number went in that one request, nowhere else (not our API, not the lookup).
    const withNumber = carrying(requests, CARDS.approved);
    expect(withNumber.map((request) => new URL(request.url()).pathname)).toEqual(['/v1/card_tokens']);

    // Our API saw the token with the brand and the issuer, and charged exactly that at Mercado Pago.
    const paid = bodiesOf(ours, /\/ventas\/[^/]+\/pagos$/);
    expect(paid).toEqual([
      expect.objectContaining({
        token: expect.stringMatching(/^ff8080814c11e237014c1ff593b5\d{4}$/),
        paymentMethodId: 'master',
        issuerId: '1088',
      }),
    ]);
    const charges = mp.requests.filter((request) => request.path === '/v1/payments');
    expect(charges).toHaveLength(1);
    expect(charges[0]!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(charges[0]!.body).toMatchObject({
      token: paid[0]!.token,
      payment_method_id: 'master',
      issuer_id: 1088,
      transaction_amount: sale.amount.amount,
    });
    expect(JSON.stringify(charges[0]!.body)).not.toContain(CARDS.approved);

    expect(await saleAnswerOf(session.runtime.url, page)).toMatchObject({ state: 'OK', productCode: code });
    await expectNoCardStored(session.runtime.engines.eventStore);
    expect(violations).toEqual([]);
  });

  test("002-8.08 002-8.15 Mercado Pago refuses the card at tokenization (cause E202): the catalogue's Spanish message beside the number under 'Datos Inválidos', nothing reaches our payment call; another card then pays", async () => {
    const page = await visit();
    const violations = cspViolations(page);
    const mpCalls = await answerMercadoPago(page);
    await buyFromComparator(page);
    await fillPersonalData(page);
    await refusedAtTokenThenPaid(page, {
      refusedCard: REFUSED_AT_TOKEN,
      message: messageFor('3016', 'es'),
      tokenCalls: () => tokenCalls(mpCalls).length,
    });
    expect(violations).toEqual([]);
    // Mercado Pago's 400 is the refusal the test provokes (Chromium logs the failed fetch): that one only.
    expect(session.expectedProblems(page, /status of 400/)).toHaveLength(1);
  });

  test('002-5.16 a card the 002 §5 rules refuse (a 2-digit security code) is shown beside its field and never sent to Mercado Pago', async () => {
    const page = await visit();
    const mpCalls = await answerMercadoPago(page);
    await buyFromComparator(page);
    await fillPersonalData(page);
    await fillCard(page, CARDS.approved, { cvv: '12' });
    await payButton(page).click();
    await page.getByTestId('purchase-refusal').waitFor();
    expect(await page.getByTestId('purchase-refusal').textContent()).toContain('Datos Inválidos');
    const cvv = page.getByTestId('purchase-payment').getByLabel('CVV');
    expect(await cvv.getAttribute('aria-invalid')).toBe('true');
    expect(mpCalls).toEqual([]);
  });

  test("002-4.12 a monthly sale's preapproval takes Mercado Pago's card token (card_token_id); Mercado Pago's first debit completes the sale", async () => {
    const page = await visit();
    const violations = cspViolations(page);
    const mpCalls = await answerMercadoPago(page);
    const ours = recordCalls(page);
    await buyFromComparator(page);
    await page.getByTestId('purchase-billing').getByLabel('Suscripción mensual').check();
    await fillPersonalData(page);
    await fillCard(page, CARDS.approved);
    await payButton(page).click();
    await page.getByTestId('purchase-success').waitFor();

    expect(tokenCalls(mpCalls)).toHaveLength(1);
    const paid = bodiesOf(ours, /\/pagos$/);
    expect(paid).toHaveLength(1);
    const subscribed = mp.requests.filter(
      (request) => request.method === 'POST' && request.path === '/preapproval/',
    );
    expect(subscribed.at(-1)!.body).toMatchObject({ card_token_id: paid[0]!.token, status: 'authorized' });
    expect(JSON.stringify(subscribed.at(-1)!.body)).not.toContain(CARDS.approved);
    expect(await saleAnswerOf(session.runtime.url, page)).toMatchObject({
      state: 'OK',
      billing: 'monthly_subscription',
    });
    expect(violations).toEqual([]);
  });
});
