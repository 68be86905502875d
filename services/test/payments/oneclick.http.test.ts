import { randomUUID } from 'node:crypto';
import { OneclickGateway } from '@cubre/services/payments/gateway/transbank/oneclickGateway';
import { subscriptionStream } from '@cubre/services/subscriptions/subscriptionDecider';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { subscriptionOfSale } from '../subscriptions/support';
import { startProviderServer, type ProviderServer } from './gateway/support/providerServer';
import { BUYER, ONE_PERSON } from './support/purchaseFixture';
import { transbankReturn as returnOf } from './support/transbankReturn';

/**
 * Issue 14, Oneclick Mall's card inscription over real HTTP: the product runs with the Oneclick adapter
 * (transbank-sdk) pointed at a local server answering Transbank's documented inscription start, finish,
 * authorize and status (REST v1.2), and every request Transbank would receive is asserted as sent. A
 * monthly sale's card is enrolled on Transbank's page (no card reaches us), its first period is authorized
 * with the inscription's tbk_user, and the subscription the scheduler charges later is recorded.
 */
const MALL = '597055555541';
const STORE = '597055555542';
const API_KEY = 'local-test-api-key-secret';
const ONECLICK = '/rswebpaytransaction/api/oneclick/v1.2';
const TOKEN = '01ab5218a8b5e08e3ee6d4f8b4d4c6ae3a4dca4ac46e8c4fa39ee6be6c3ac8e6';
const TBK_USER = 'b6bd6ba3-e718-4107-9386-d2993bdc1d3d';
const INSCRIPTION_PAGE = '/webpayserver/bp_multicode_inscription.cgi';

let provider: ProviderServer;
let runtime: TestRuntime;
beforeAll(async () => {
  provider = await startProviderServer();
  runtime = await startTestRuntime(
    {},
    {
      paymentGateway: new OneclickGateway({
        commerceCode: MALL,
        childCommerceCode: STORE,
        apiKey: API_KEY,
        environment: provider.url,
        timeoutMs: 5000,
      }),
    },
  );
  await loadLeadsCatalogue(runtime);
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
  await provider.close();
});

/**
 * Transbank's Oneclick Mall as the tests need it: the inscription's token and its page on Transbank's
 * host; finish answers `finish` once and an error after (an inscription is finished once; `finishedAlready`:
 * from the first call, as when another process finished it); authorize answers the store's detail
 * (`authorized`, AUTHORIZED by default) for the amount asked.
 */
function transbank({
  finish = { response_code: 0 },
  authorized = { status: 'AUTHORIZED', response_code: 0 },
  finishedAlready = false,
}: {
  finish?: { response_code: number };
  authorized?: { status: string; response_code: number };
  finishedAlready?: boolean;
} = {}) {
  let finished = finishedAlready;
  provider.requests.splice(0);
  provider.respond((request) => {
    if (request.method === 'POST' && request.path === `${ONECLICK}/inscriptions`)
      return { status: 200, body: { token: TOKEN, url_webpay: `${provider.url}${INSCRIPTION_PAGE}` } };
    if (request.method === 'PUT' && request.path === `${ONECLICK}/inscriptions/${TOKEN}`) {
      if (finished) return { status: 422, body: { error_message: 'Invalid status for inscription' } };
      finished = true;
      return {
        status: 200,
        body: {
          ...finish,
          tbk_user: finish.response_code === 0 ? TBK_USER : null,
          authorization_code: '1213',
          card_type: 'Visa',
          card_number: 'XXXXXXXXXXXX6623',
        },
      };
    }
    if (request.method === 'POST' && request.path === `${ONECLICK}/transactions`) {
      const [detail] = request.body.details;
      return {
        status: 200,
        body: {
          buy_order: request.body.buy_order,
          card_detail: { card_number: '6623' },
          accounting_date: '1126',
          transaction_date: new Date().toISOString(),
          details: [
            {
              amount: detail.amount,
              ...authorized,
              authorization_code: '1213',
              payment_type_code: 'VN',
              installments_number: 1,
              commerce_code: detail.commerce_code,
              buy_order: detail.buy_order,
            },
          ],
        },
      };
    }
    // Deleting an inscription: Transbank answers 204 with no body.
    if (request.method === 'DELETE' && request.path === `${ONECLICK}/inscriptions`)
      return { status: 204, body: null };
    return { status: 404, body: { error_message: 'not found' } };
  });
  return {
    calls: (method: string, path: string) =>
      provider.requests.filter((request) => request.method === method && request.path === path),
  };
}

async function startSale(billing: 'monthly_subscription' | 'one_time' = 'monthly_subscription') {
  const started = await postJson(`${runtime.url}/api/compra-online/ventas`, {
    session: randomUUID(),
    productCode: 'VIDA-L',
    profile: ONE_PERSON,
    billing,
    ...BUYER,
  });
  expect(started.status).toBe(201);
  return json(started);
}

const startInscription = (saleId: string, key: string, body: Record<string, unknown> = {}) =>
  postJson(`${runtime.url}/api/compra-online/ventas/${saleId}/oneclick`, body, { 'Idempotency-Key': key });

const returnUrlOf = (paymentId: string) => `${runtime.url}/api/compra-online/oneclick/${paymentId}/retorno`;

const saleOf = async (saleId: string) =>
  json(await fetch(`${runtime.url}/api/compra-online/ventas/${saleId}`));

describe('Oneclick Mall card inscription (issue 14, 002 §4 subscription flows)', () => {
  test('002-4.12 t one-click: the inscription starts once per key (exact request), the return finishes it once, authorizes the first period with tbk_user and records the subscription; a reload asks Transbank nothing', async () => {
    const tbk = transbank();
    const sale = await startSale();
    expect(sale.gateway).toBe('oneclick');
    const key = randomUUID();
    const started = await startInscription(sale.id, key, { lang: 'pt' });
    expect(started.status).toBe(201);
    const answer = await json(started);
    expect(answer.redirect).toEqual({ url: `${provider.url}${INSCRIPTION_PAGE}`, token: TOKEN });
    // Requested PENDING as a one-click card before Transbank was asked, the sale's payment in progress.
    expect(answer.payment).toMatchObject({ state: 'PENDING', method: 'tdc-token', amount: sale.amount });
    expect(answer.sale).toMatchObject({ state: 'PENDING', gateway: 'oneclick' });

    const [inscription, ...more] = tbk.calls('POST', `${ONECLICK}/inscriptions`);
    expect(more).toEqual([]);
    expect(inscription?.headers['tbk-api-key-id']).toBe(MALL);
    expect(inscription?.headers['tbk-api-key-secret']).toBe(API_KEY);
    expect(inscription?.body).toEqual({
      username: sale.id,
      email: BUYER.email,
      response_url: `${returnUrlOf(answer.payment.id)}?lang=pt`,
    });

    // A double click, a reload, Back from Transbank: the same key answers the same inscription.
    const again = await startInscription(sale.id, key, { lang: 'pt' });
    expect(again.status).toBe(200);
    expect((await json(again)).redirect).toEqual(answer.redirect);
    expect(tbk.calls('POST', `${ONECLICK}/inscriptions`)).toHaveLength(1);
    // Another key while this one is in progress: one payment at a time.
    expect((await startInscription(sale.id, randomUUID())).status).toBe(409);

    // Transbank posts TBK_TOKEN back: finished (PUT), the first period authorized, the browser sent back.
    const back = await returnOf(inscription!.body.response_url, { TBK_TOKEN: TOKEN });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/pt/Compra-Online/VIDA-L');
    const [finish, ...refinished] = tbk.calls('PUT', `${ONECLICK}/inscriptions/${TOKEN}`);
    expect(refinished).toEqual([]);
    expect(finish?.headers['tbk-api-key-id']).toBe(MALL);
    expect(finish?.headers['tbk-api-key-secret']).toBe(API_KEY);
    const [authorize, ...reauthorized] = tbk.calls('POST', `${ONECLICK}/transactions`);
    expect(reauthorized).toEqual([]);
    expect(authorize?.headers['tbk-api-key-id']).toBe(MALL);
    expect(authorize?.headers['tbk-api-key-secret']).toBe(API_KEY);
    expect(authorize?.body).toEqual({
      username: sale.id,
      tbk_user: TBK_USER,
      buy_order: expect.stringMatching(/^P[0-9a-f]{25}$/),
      details: [
        {
          amount: sale.amount.amount,
          commerce_code: STORE,
          buy_order: `C${authorize?.body.buy_order.slice(1)}`,
          installments_number: 1,
        },
      ],
    });
    expect(sale.amount.currency).toBe('CLP');
    expect(await saleOf(sale.id)).toMatchObject({
      state: 'OK',
      billing: 'monthly_subscription',
      lastPayment: { id: answer.payment.id, state: 'OK' },
    });
    const subscription = await subscriptionOfSale(runtime, sale.id);
    // The enrolled card's method (002-4.12 't one-click'), not the sale's plain card.
    expect(subscription).toMatchObject({
      status: 'SUCCESS',
      gateway: 'oneclick',
      method: 'tdc-token',
      amount: sale.amount,
    });
    const opened = (await runtime.engines.eventStore.readStream(subscriptionStream(subscription._id)))[0];
    // The scheduler charges later periods with the enrolled card: tbk_user and the inscription's username.
    expect(opened?.data).toMatchObject({ gatewaySubscriptionId: `${TBK_USER}|${sale.id}` });

    // A reload of the return page (POST again, or a GET): answered from the record, Transbank not asked.
    expect((await returnOf(inscription!.body.response_url, { TBK_TOKEN: TOKEN })).status).toBe(303);
    expect((await returnOf(returnUrlOf(answer.payment.id), { TBK_TOKEN: TOKEN }, 'GET')).status).toBe(303);
    expect(tbk.calls('PUT', `${ONECLICK}/inscriptions/${TOKEN}`)).toHaveLength(1);
    expect(tbk.calls('POST', `${ONECLICK}/transactions`)).toHaveLength(1);
    // The same key after the payment: no new inscription, the paid sale.
    expect(await json(await startInscription(sale.id, key))).toMatchObject({
      redirect: null,
      sale: { state: 'OK' },
    });
    expect(tbk.calls('POST', `${ONECLICK}/inscriptions`)).toHaveLength(1);
  });

  test("002-4.12 two deliveries of the return at once (a double submit of Transbank's form) finish the inscription once and charge the first period once", async () => {
    const tbk = transbank();
    const sale = await startSale();
    const answer = await json(await startInscription(sale.id, randomUUID()));
    const both = await Promise.all([
      returnOf(returnUrlOf(answer.payment.id), { TBK_TOKEN: TOKEN }),
      returnOf(returnUrlOf(answer.payment.id), { TBK_TOKEN: TOKEN }),
    ]);
    expect(both.map((back) => back.status)).toEqual([303, 303]);
    expect(tbk.calls('PUT', `${ONECLICK}/inscriptions/${TOKEN}`)).toHaveLength(1);
    expect(tbk.calls('POST', `${ONECLICK}/transactions`)).toHaveLength(1);
    expect(await saleOf(sale.id)).toMatchObject({ state: 'OK', lastPayment: { state: 'OK' } });
    expect((await subscriptionOfSale(runtime, sale.id)).status).toBe('SUCCESS');
  });

  test('002-4.12 an abandoned inscription (TBK_TOKEN with TBK_ORDEN_COMPRA and TBK_ID_SESION) fails the payment with its Spanish message, finishes and charges nothing, and the card can be enrolled again', async () => {
    const tbk = transbank();
    const sale = await startSale();
    const answer = await json(await startInscription(sale.id, randomUUID()));
    const back = await returnOf(returnUrlOf(answer.payment.id), {
      TBK_TOKEN: TOKEN,
      TBK_ORDEN_COMPRA: '1643997337',
      TBK_ID_SESION: '1134425622',
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/Compra-Online/VIDA-L');
    expect(tbk.calls('PUT', `${ONECLICK}/inscriptions/${TOKEN}`)).toHaveLength(0);
    expect(tbk.calls('POST', `${ONECLICK}/transactions`)).toHaveLength(0);
    const left = await saleOf(sale.id);
    expect(left).toMatchObject({
      state: 'FAIL',
      lastPayment: { state: 'FAIL', catalogueCode: 'oneclick_aborted' },
    });
    expect(left.lastPayment.message).toMatch(/Oneclick.*no se hizo ningún cobro/);

    // Enrolling again: a new key, a new inscription.
    expect((await startInscription(sale.id, randomUUID())).status).toBe(201);
    expect(tbk.calls('POST', `${ONECLICK}/inscriptions`)).toHaveLength(2);
  });

  test('002-4.12 a rejected inscription (response code -1) declines the payment with its Spanish message, the sale FAIL, and nothing is authorized', async () => {
    const tbk = transbank({ finish: { response_code: -1 } });
    const sale = await startSale();
    const answer = await json(await startInscription(sale.id, randomUUID()));
    expect((await returnOf(returnUrlOf(answer.payment.id), { TBK_TOKEN: TOKEN })).status).toBe(303);
    const refused = await saleOf(sale.id);
    expect(refused).toMatchObject({
      state: 'FAIL',
      lastPayment: { state: 'DECLINED', catalogueCode: 'oneclick_rejected', header: 'Pago rechazado' },
    });
    expect(refused.lastPayment.message).toMatch(/no pudo inscribir tu tarjeta/);
    expect(tbk.calls('POST', `${ONECLICK}/transactions`)).toHaveLength(0);
  });

  test('002-4.12 002-3.30 a card enrolled whose first period Transbank refuses: the payment DECLINED, the sale FAIL, no subscription, and the inscription deleted once so Transbank keeps no card for a failed sale', async () => {
    const tbk = transbank({ authorized: { status: 'FAILED', response_code: -1 } });
    const sale = await startSale();
    const answer = await json(await startInscription(sale.id, randomUUID()));
    const url = returnUrlOf(answer.payment.id);
    expect((await returnOf(url, { TBK_TOKEN: TOKEN })).status).toBe(303);
    expect(await saleOf(sale.id)).toMatchObject({
      state: 'FAIL',
      lastPayment: { id: answer.payment.id, state: 'DECLINED' },
    });
    expect(tbk.calls('POST', `${ONECLICK}/transactions`)).toHaveLength(1);
    const [deleted, ...again] = tbk.calls('DELETE', `${ONECLICK}/inscriptions`);
    expect(again).toEqual([]);
    expect(deleted?.headers['tbk-api-key-id']).toBe(MALL);
    expect(deleted?.body).toEqual({ tbk_user: TBK_USER, username: sale.id });
    await expect(subscriptionOfSale(runtime, sale.id)).rejects.toThrow(/no subscription/);
    // A reload of the return answers from the record: nothing authorized or deleted again.
    expect((await returnOf(url, { TBK_TOKEN: TOKEN })).status).toBe(303);
    expect(tbk.calls('POST', `${ONECLICK}/transactions`)).toHaveLength(1);
    expect(tbk.calls('DELETE', `${ONECLICK}/inscriptions`)).toHaveLength(1);
  });

  test("002-4.12 a return whose inscription Transbank reports finished already (another process finished it from a double submit) leaves the payment PENDING, never FAIL, so that process's charge is recorded", async () => {
    const tbk = transbank({ finishedAlready: true });
    const sale = await startSale();
    const answer = await json(await startInscription(sale.id, randomUUID()));
    expect((await returnOf(returnUrlOf(answer.payment.id), { TBK_TOKEN: TOKEN })).status).toBe(303);
    expect(tbk.calls('PUT', `${ONECLICK}/inscriptions/${TOKEN}`)).toHaveLength(1);
    expect(tbk.calls('POST', `${ONECLICK}/transactions`)).toHaveLength(0);
    expect(await saleOf(sale.id)).toMatchObject({
      state: 'PENDING',
      lastPayment: { id: answer.payment.id, state: 'PENDING' },
    });
  });

  test("a return that does not name the payment's inscription is a 400 problem naming TBK_TOKEN, and nothing is finished", async () => {
    const tbk = transbank();
    const sale = await startSale();
    const answer = await json(await startInscription(sale.id, randomUUID()));
    const forged = await returnOf(returnUrlOf(answer.payment.id), { TBK_TOKEN: 'f'.repeat(64) });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await json(forged)).errors).toEqual([
      expect.objectContaining({ field: 'TBK_TOKEN', rule: 'inscription' }),
    ]);
    const empty = await returnOf(returnUrlOf(answer.payment.id), {});
    expect(empty.status).toBe(400);
    expect((await json(empty)).errors).toEqual([
      expect.objectContaining({ field: 'TBK_TOKEN', rule: 'required' }),
    ]);
    expect((await returnOf(returnUrlOf(randomUUID()), { TBK_TOKEN: TOKEN })).status).toBe(404);
    expect(tbk.calls('PUT', `${ONECLICK}/inscriptions/${TOKEN}`)).toHaveLength(0);
    expect((await saleOf(sale.id)).state).toBe('PENDING');
  });

  test('a one-time sale on Oneclick is a 422 naming billing, a card token is refused, and the CSP lets forms post to Transbank only', async () => {
    transbank();
    const oneTime = await startSale('one_time');
    const refused = await startInscription(oneTime.id, randomUUID());
    expect(refused.status).toBe(422);
    expect((await json(refused)).errors).toEqual([
      expect.objectContaining({ field: 'billing', rule: 'one_time_unsupported' }),
    ]);
    const monthly = await startSale();
    const card = await postJson(
      `${runtime.url}/api/compra-online/ventas/${monthly.id}/pagos`,
      { token: 'a-card-token-123' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(card.status).toBe(422);
    expect((await json(card)).errors).toEqual([
      expect.objectContaining({ field: 'token', rule: 'oneclick_inscription' }),
    ]);
    expect((await startInscription(monthly.id, '')).status).toBe(400);
    expect(provider.requests).toHaveLength(0);
    const policy = refused.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`form-action 'self' ${provider.url}`);
    expect(policy).not.toMatch(/form-action[^;]*\*/);
  });
});
