import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebpayPlusGateway } from '@cubre/services/payments/gateway/transbank/webpayPlusGateway';
import {
  FAMILY,
  adminGet,
  adminPaymentsOf,
  buyFromComparator,
  fillPersonalData,
  saleIdOf,
} from './support/purchase';
import { providerStandIn, sendJson } from './support/providerStandIn';
import { storefrontSession } from './support/session';
import { payThroughTransbank, watchPurchase } from './support/transbankPurchase';

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

/** Transbank's documented answers (REST v1.2) for create, commit and status, and Webpay's payment page. */
function standInForTransbank(req: IncomingMessage, res: ServerResponse, body: string) {
  const path = req.url ?? '';
  const send = (status: number, answer: unknown) => sendJson(res, status, answer);
  if (req.method === 'POST' && path === WEBPAY) {
    const create = JSON.parse(body) as { buy_order: string; amount: number; return_url: string };
    transactions.set(TOKEN, {
      buyOrder: create.buy_order,
      amount: create.amount,
      returnUrl: create.return_url,
      committed: false,
    });
    return send(200, { token: TOKEN, url: `${webpay.url()}/webpayserver/initTransaction` });
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

const webpay = providerStandIn(
  standInForTransbank,
  (url) =>
    new WebpayPlusGateway({
      commerceCode: '597055555532',
      apiKey: 'local-test-api-key-secret',
      environment: url,
    }),
);
const session = storefrontSession({}, webpay.hooks);

describe('Webpay Plus purchase in a real browser (issue 14)', () => {
  test("002-4.11 Pagar con Webpay → the form POST of token_ws to Webpay's page → back through the return page → 'Compra exitosa!' at the card price, no CSP violation, the console's sale OK", async () => {
    const page = await visit();
    const watched = watchPurchase(page);
    const { code, cardPrice } = await buyFromComparator(page, FAMILY);
    await fillPersonalData(page);
    await payThroughTransbank(page, watched, {
      button: 'Pagar con Webpay',
      code,
      cardPrice,
      start: /\/webpay$/,
    });
    // The browser posted the transaction's token to Webpay's page, and nothing else.
    expect(pagePosts).toEqual([`token_ws=${TOKEN}`]);

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
