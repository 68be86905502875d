import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { RuntimeHooks } from '@cubre/services/runtime/runtime';
import { WebpayPlusGateway } from '@cubre/services/payments/gateway/transbank/webpayPlusGateway';
import {
  FAMILY,
  adminGet,
  adminPaymentsOf,
  buyFromComparator,
  fillPersonalData,
  recordCalls,
  saleIdOf,
} from './support/purchase';
import { storefrontSession } from './support/session';

/**
 * Webpay Plus in a real browser (issue 14): the payment step has no card field; 'Pagar con Webpay' makes
 * Chromium POST the transaction's token_ws to Webpay's page, here a local server standing in for Transbank
 * (its REST API for the adapter, and its payment page, which answers the form by sending the buyer back to
 * our return_url with token_ws, as Webpay does once the buyer paid). The product serves that host in the
 * CSP's form-action, as it would Webpay's.
 */
const WEBPAY = '/rswebpaytransaction/api/webpay/v1.2/transactions';
const TOKEN = 'e9d555262db0f989e49d724b4db0b0af367cc415cde41f500a776550fc5fddd3';

type Transaction = { buyOrder: string; amount: number; returnUrl: string; committed: boolean };
const transactions = new Map<string, Transaction>();
/** What Webpay's page received from the browser: the form's fields, exactly. */
const pagePosts: string[] = [];
let webpay: Server;
let webpayUrl = '';

const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Transbank's documented answers (REST v1.2) for create, commit and status, and Webpay's payment page. */
async function standInForTransbank(req: IncomingMessage, res: ServerResponse) {
  const body = await bodyOf(req);
  const path = req.url ?? '';
  const send = (status: number, answer: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  };
  if (req.method === 'POST' && path === WEBPAY) {
    const create = JSON.parse(body) as { buy_order: string; amount: number; return_url: string };
    transactions.set(TOKEN, {
      buyOrder: create.buy_order,
      amount: create.amount,
      returnUrl: create.return_url,
      committed: false,
    });
    return send(200, { token: TOKEN, url: `${webpayUrl}/webpayserver/initTransaction` });
  }
  const transaction = transactions.get(path.split('/').pop() ?? '');
  if (req.method === 'PUT' && transaction) {
    if (transaction.committed) return send(422, { error_message: 'Invalid status 2 for transaction' });
    transaction.committed = true;
    return send(200, {
      vci: 'TSY',
      amount: transaction.amount,
      status: 'AUTHORIZED',
      buy_order: transaction.buyOrder,
      session_id: 'session',
      card_detail: { card_number: '6623' },
      accounting_date: '1126',
      transaction_date: new Date().toISOString(),
      authorization_code: '1213',
      payment_type_code: 'VN',
      response_code: 0,
      installments_number: 0,
    });
  }
  if (req.method === 'POST' && path === '/webpayserver/initTransaction') {
    // The buyer "pays" on Webpay's page; Webpay sends the browser back to the commerce with token_ws.
    pagePosts.push(body);
    const token = new URLSearchParams(body).get('token_ws') ?? '';
    const started = transactions.get(token);
    if (!started) return send(400, { error_message: 'unknown token' });
    const back = new URL(started.returnUrl);
    back.searchParams.set('token_ws', token);
    res.writeHead(303, { location: back.toString() });
    return res.end();
  }
  return send(404, { error_message: 'not found' });
}

const hooks: RuntimeHooks = {};
// Before the session's own beforeAll (registered after this one): the product starts with this gateway.
beforeAll(async () => {
  webpay = createServer((req, res) => void standInForTransbank(req, res));
  webpay.listen(0, '127.0.0.1');
  await once(webpay, 'listening');
  webpayUrl = `http://127.0.0.1:${(webpay.address() as AddressInfo).port}`;
  hooks.paymentGateway = new WebpayPlusGateway({
    commerceCode: '597055555532',
    apiKey: 'local-test-api-key-secret',
    environment: webpayUrl,
  });
});
afterAll(async () => {
  webpay.closeAllConnections();
  webpay.close();
});
const session = storefrontSession({}, hooks);

describe('Webpay Plus purchase in a real browser (issue 14)', () => {
  test("002-4.11 Pagar con Webpay → the form POST of token_ws to Webpay's page → back through the return page → 'Compra exitosa!' at the card price, no CSP violation, the console's sale OK", async () => {
    const page = await visit();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('CSP violation')) violations.push(message.text());
    });
    const calls = recordCalls(page);
    const { code, cardPrice } = await buyFromComparator(page, FAMILY);
    await fillPersonalData(page);
    const step = page.getByTestId('purchase-payment');
    const pay = step.getByRole('button', { name: 'Pagar con Webpay' });
    await pay.waitFor();
    // No card data in our page at all: Webpay's page takes the card.
    expect(await page.locator('input[autocomplete^=cc-]').count()).toBe(0);

    await pay.click();
    await page.waitForURL(`**/Compra-Online/${encodeURIComponent(code)}`, { waitUntil: 'commit' });
    const success = page.getByTestId('purchase-success');
    await success.waitFor();
    expect(await success.textContent()).toContain('Compra exitosa!');
    expect(((await page.getByTestId('purchase-price').textContent()) ?? '').trim()).toBe(cardPrice);

    // The browser posted the transaction's token to Webpay's page, and nothing else.
    expect(pagePosts).toEqual([`token_ws=${TOKEN}`]);
    expect(violations).toEqual([]);
    // The page asked our API for the transaction once, with an Idempotency-Key; no card token was sent.
    const started = calls.filter((call) => call.method() === 'POST' && /\/webpay$/.test(call.url()));
    expect(started).toHaveLength(1);
    expect(started[0]?.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.some((call) => /\/pagos$|sandbox-gateway/.test(call.url()))).toBe(false);

    const saleId = await saleIdOf(page);
    const sale = await adminGet<{ state: string }>(session.runtime.url, `/api/admin/sales/${saleId}`);
    expect(sale.state).toBe('OK');
    const payments = await adminPaymentsOf(session.runtime.url, saleId);
    expect(payments.map((payment) => payment.state)).toEqual(['OK']);
    expect(transactions.get(TOKEN)?.committed).toBe(true);
    // The whole path from the comparator through two foreign navigations: generous on shared cores (the
    // waits inside keep their own limits; nothing here is timed).
  }, 150_000);
});

const visit = () => session.visit();
