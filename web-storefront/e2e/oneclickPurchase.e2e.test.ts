import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SubscriptionRecord } from '@cubre/schemas/subscriptions/records';
import { OneclickGateway } from '@cubre/services/payments/gateway/transbank/oneclickGateway';
import { adminGet, adminPaymentsOf, buyFromComparator, fillPersonalData, saleIdOf } from './support/purchase';
import { providerStandIn, sendJson } from './support/providerStandIn';
import { storefrontSession } from './support/session';
import { payThroughTransbank, watchPurchase } from './support/transbankPurchase';

/**
 * Oneclick in a real browser (issue 14, 002-4.12's one-click card): a monthly sale's payment step has no
 * card field; 'Inscribir tarjeta con Oneclick' makes Chromium POST the inscription's TBK_TOKEN to
 * Transbank's inscription page, here a local server standing in for Transbank (its Oneclick Mall REST API
 * for the adapter, and its inscription page, which answers the form as Transbank does once the card is
 * enrolled: a form POST of TBK_TOKEN back to our response_url). The product serves that host in the CSP's
 * form-action, as it would Transbank's.
 */
const ONECLICK = '/rswebpaytransaction/api/oneclick/v1.2';
const INSCRIPTION_PAGE = '/webpayserver/bp_multicode_inscription.cgi';
const TOKEN = '01ab5218a8b5e08e3ee6d4f8b4d4c6ae3a4dca4ac46e8c4fa39ee6be6c3ac8e6';
const TBK_USER = 'b6bd6ba3-e718-4107-9386-d2993bdc1d3d';

type Inscription = { username: string; responseUrl: string; finished: boolean };
const inscriptions = new Map<string, Inscription>();
/** What Transbank's page received from the browser (the form's fields, exactly), and what was authorized. */
const pagePosts: string[] = [];
const authorized: { username: string; tbk_user: string; amount: number }[] = [];

/** Transbank's documented answers (Oneclick Mall REST v1.2): inscription start and finish, authorize. */
function standInForTransbank(req: IncomingMessage, res: ServerResponse, body: string) {
  const path = req.url ?? '';
  const send = (status: number, answer: unknown) => sendJson(res, status, answer);
  if (req.method === 'POST' && path === `${ONECLICK}/inscriptions`) {
    const start = JSON.parse(body) as { username: string; response_url: string };
    inscriptions.set(TOKEN, { username: start.username, responseUrl: start.response_url, finished: false });
    return send(200, { token: TOKEN, url_webpay: `${transbank.url()}${INSCRIPTION_PAGE}` });
  }
  if (req.method === 'PUT' && path === `${ONECLICK}/inscriptions/${TOKEN}`) {
    const inscription = inscriptions.get(TOKEN);
    if (!inscription || inscription.finished) return send(422, { error_message: 'Invalid inscription' });
    inscription.finished = true;
    return send(200, {
      response_code: 0,
      tbk_user: TBK_USER,
      authorization_code: '1213',
      card_type: 'Visa',
      card_number: 'XXXXXXXXXXXX6623',
    });
  }
  if (req.method === 'POST' && path === `${ONECLICK}/transactions`) {
    const authorize = JSON.parse(body) as {
      username: string;
      tbk_user: string;
      buy_order: string;
      details: { amount: number; commerce_code: string; buy_order: string }[];
    };
    const [detail] = authorize.details;
    authorized.push({ username: authorize.username, tbk_user: authorize.tbk_user, amount: detail!.amount });
    return send(200, {
      buy_order: authorize.buy_order,
      card_detail: { card_number: '6623' },
      accounting_date: '1126',
      transaction_date: new Date().toISOString(),
      details: [
        {
          amount: detail!.amount,
          status: 'AUTHORIZED',
          authorization_code: '1213',
          payment_type_code: 'VN',
          response_code: 0,
          installments_number: 1,
          commerce_code: detail!.commerce_code,
          buy_order: detail!.buy_order,
        },
      ],
    });
  }
  if (req.method === 'POST' && path === INSCRIPTION_PAGE) {
    // The buyer "enrols the card" on Transbank's page; Transbank posts TBK_TOKEN back to response_url.
    pagePosts.push(body);
    const token = new URLSearchParams(body).get('TBK_TOKEN') ?? '';
    const inscription = inscriptions.get(token);
    if (!inscription) return send(400, { error_message: 'unknown token' });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(
      `<!doctype html><form id="back" method="post" action="${inscription.responseUrl}">` +
        `<input type="hidden" name="TBK_TOKEN" value="${token}"></form>` +
        `<script>document.getElementById('back').submit()</script>`,
    );
  }
  return send(404, { error_message: 'not found' });
}

const transbank = providerStandIn(
  standInForTransbank,
  (url) =>
    new OneclickGateway({
      commerceCode: '597055555541',
      childCommerceCode: '597055555542',
      apiKey: 'local-test-api-key-secret',
      environment: url,
    }),
);
const session = storefrontSession({}, transbank.hooks);

describe('Oneclick card inscription in a real browser (issue 14)', () => {
  test("002-4.12 a monthly sale: Inscribir tarjeta con Oneclick → the form POST of TBK_TOKEN to Transbank's page → back through the return page → 'Compra exitosa!' at the card price, the first month authorized, the subscription in the console's API", async () => {
    const page = await session.visit();
    const watched = watchPurchase(page);
    const { code, cardPrice } = await buyFromComparator(page);
    await page.getByTestId('purchase-billing').getByLabel('Suscripción mensual').check();
    await fillPersonalData(page);
    await payThroughTransbank(page, watched, {
      button: 'Inscribir tarjeta con Oneclick',
      code,
      cardPrice,
      start: /\/oneclick$/,
    });
    // The browser posted the inscription's token to Transbank's page, and nothing else.
    expect(pagePosts).toEqual([`TBK_TOKEN=${TOKEN}`]);

    const saleId = await saleIdOf(page);
    const sale = await adminGet<{ state: string; amount: { amount: number } }>(
      session.runtime.url,
      `/api/admin/sales/${saleId}`,
    );
    expect(sale.state).toBe('OK');
    // The first month, at the sale's price, on the enrolled card (the inscription's user is the sale).
    expect(authorized).toEqual([{ username: saleId, tbk_user: TBK_USER, amount: sale.amount.amount }]);
    const payments = await adminPaymentsOf(session.runtime.url, saleId);
    expect(payments.map((payment) => payment.state)).toEqual(['OK']);
    const filter = encodeURIComponent(JSON.stringify({ saleId: [saleId] }));
    const subscriptions = await adminGet<SubscriptionRecord[]>(
      session.runtime.url,
      `/api/admin/subscriptions?filter=${filter}`,
    );
    expect(subscriptions).toEqual([
      expect.objectContaining({ saleId, status: 'SUCCESS', gateway: 'oneclick' }),
    ]);
    // The whole path from the comparator through two foreign navigations: generous on shared cores (the
    // waits inside keep their own limits; nothing here is timed).
  }, 150_000);
});
