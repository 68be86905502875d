import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { reconcilePendingPayments } from '@cubre/services/payments';
import type { ChargeRequest, ChargeResult } from '@cubre/services/payments/gateway/port';
import { WebpayPlusGateway } from '@cubre/services/payments/gateway/transbank/webpayPlusGateway';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import {
  startProviderServer,
  type ProviderServer,
  type RecordedRequest,
} from './gateway/support/providerServer';
import { BUYER, ONE_PERSON } from './support/purchaseFixture';
import { transbankReturn as returnOf } from './support/transbankReturn';

/**
 * Issue 14, Webpay Plus's redirect flow over real HTTP: the product runs with the Webpay Plus adapter
 * (transbank-sdk) pointed at a local server answering Transbank's documented create, commit and status
 * (REST v1.2), and every request Transbank would receive is asserted as sent.
 */
const COMMERCE = '597055555532';
const API_KEY = 'local-test-api-key-secret';
const WEBPAY = '/rswebpaytransaction/api/webpay/v1.2';
const TOKEN = 'e9d555262db0f989e49d724b4db0b0af367cc415cde41f500a776550fc5fddd3';

let provider: ProviderServer;
beforeAll(async () => {
  provider = await startProviderServer();
});
afterAll(() => provider.close());

const webpayGateway = () =>
  new WebpayPlusGateway({
    commerceCode: COMMERCE,
    apiKey: API_KEY,
    environment: provider.url,
    timeoutMs: 5000,
  });

/** Transbank's answer to a commit or a status (REST v1.2 reference). */
const transaction = (status: string, responseCode: number, amount: number, buyOrder: string) => ({
  vci: 'TSY',
  amount,
  status,
  buy_order: buyOrder,
  session_id: 'session',
  card_detail: { card_number: '6623' },
  accounting_date: '1126',
  transaction_date: '2026-11-26T16:41:21.063Z',
  authorization_code: '1213',
  payment_type_code: 'VN',
  response_code: responseCode,
  installments_number: 0,
});

/**
 * Transbank as the tests need it: create answers a token and Webpay's form on its own host; commit answers
 * `commit` once and 422 after (Transbank refuses a second commit); status answers what was committed.
 */
function transbank(commit: { status: string; code: number } = { status: 'AUTHORIZED', code: 0 }) {
  let committed: RecordedRequest | null = null;
  let created: RecordedRequest | null = null;
  provider.requests.splice(0);
  provider.respond((request) => {
    if (request.method === 'POST' && request.path === `${WEBPAY}/transactions`) {
      created = request;
      return { status: 200, body: { token: TOKEN, url: `${provider.url}/webpayserver/initTransaction` } };
    }
    const body = transaction(commit.status, commit.code, created?.body.amount, created?.body.buy_order);
    if (request.method === 'PUT' && request.path === `${WEBPAY}/transactions/${TOKEN}`) {
      if (committed)
        return { status: 422, body: { error_message: 'Invalid status 2 for transaction while authorizing' } };
      committed = request;
      return { status: 200, body };
    }
    if (request.method === 'GET' && request.path === `${WEBPAY}/transactions/${TOKEN}`) {
      return committed ? { status: 200, body } : { status: 200, body: { ...body, status: 'INITIALIZED' } };
    }
    return { status: 404, body: { error_message: 'not found' } };
  });
  return { calls: (method: string) => provider.requests.filter((request) => request.method === method) };
}

async function startSale(url: string) {
  const started = await postJson(`${url}/api/compra-online/ventas`, {
    session: randomUUID(),
    productCode: 'VIDA-L',
    profile: ONE_PERSON,
    ...BUYER,
  });
  expect(started.status).toBe(201);
  return json(started);
}

const startWebpay = (url: string, saleId: string, key: string, body: Record<string, unknown> = {}) =>
  postJson(`${url}/api/compra-online/ventas/${saleId}/webpay`, body, { 'Idempotency-Key': key });

describe('Webpay Plus purchase (issue 14)', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime({}, { paymentGateway: webpayGateway() });
    await loadLeadsCatalogue(runtime);
  });
  afterAll(() => runtime.dispose());

  test('002-4.11 the payment step starts a Webpay transaction (exact create request), a retry answers it, the return commits once and the sale is OK', async () => {
    const tbk = transbank();
    const sale = await startSale(runtime.url);
    expect(sale.gateway).toBe('webpay_plus');
    const key = randomUUID();
    const started = await startWebpay(runtime.url, sale.id, key, { lang: 'en' });
    expect(started.status).toBe(201);
    const answer = await json(started);
    expect(answer.redirect).toEqual({ url: `${provider.url}/webpayserver/initTransaction`, token: TOKEN });
    // Requested PENDING before Transbank was asked, the sale's payment in progress.
    expect(answer.payment).toMatchObject({ state: 'PENDING', amount: sale.amount });
    expect(answer.sale).toMatchObject({ state: 'PENDING', gateway: 'webpay_plus' });

    const [create] = tbk.calls('POST');
    expect(create?.path).toBe(`${WEBPAY}/transactions`);
    expect(create?.headers['tbk-api-key-id']).toBe(COMMERCE);
    expect(create?.headers['tbk-api-key-secret']).toBe(API_KEY);
    expect(create?.body).toEqual({
      buy_order: expect.stringMatching(/^W[0-9a-f]{25}$/),
      session_id: sale.id,
      amount: sale.amount.amount,
      return_url: `${runtime.url}/api/compra-online/webpay/${answer.payment.id}/retorno?lang=en`,
    });
    expect(sale.amount.currency).toBe('CLP');

    // A double click, a reload, Back from Webpay: the same key answers the same transaction, created once.
    const again = await startWebpay(runtime.url, sale.id, key, { lang: 'en' });
    expect(again.status).toBe(200);
    expect((await json(again)).redirect).toEqual(answer.redirect);
    expect(tbk.calls('POST')).toHaveLength(1);
    // Another key while this one is in progress: one payment at a time.
    expect((await startWebpay(runtime.url, sale.id, randomUUID())).status).toBe(409);

    // Transbank sends the buyer back with token_ws: committed (PUT), settled, the browser sent to the page.
    const back = await returnOf(create!.body.return_url, { token_ws: TOKEN });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/en/Compra-Online/VIDA-L');
    const [commit] = tbk.calls('PUT');
    expect(commit?.path).toBe(`${WEBPAY}/transactions/${TOKEN}`);
    expect(commit?.headers['tbk-api-key-id']).toBe(COMMERCE);
    expect(commit?.headers['tbk-api-key-secret']).toBe(API_KEY);
    const paid = await json(await fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`));
    expect(paid).toMatchObject({ state: 'OK', lastPayment: { id: answer.payment.id, state: 'OK' } });

    // A reload of the return page (POST again, or Transbank's GET): answered from the record, no commit.
    expect((await returnOf(create!.body.return_url, { token_ws: TOKEN })).status).toBe(303);
    expect((await returnOf(create!.body.return_url, { token_ws: TOKEN }, 'GET')).status).toBe(303);
    expect(tbk.calls('PUT')).toHaveLength(1);
    // The same key after the payment: no new transaction, the paid sale.
    const after = await json(await startWebpay(runtime.url, sale.id, key, { lang: 'en' }));
    expect(after).toMatchObject({ redirect: null, sale: { state: 'OK' } });
    expect(tbk.calls('POST')).toHaveLength(1);
  });

  test('002-8.11 a Webpay rejection (response code -1) settles the payment DECLINED with its catalogue message, the sale FAIL', async () => {
    transbank({ status: 'FAILED', code: -1 });
    const sale = await startSale(runtime.url);
    const answer = await json(await startWebpay(runtime.url, sale.id, randomUUID()));
    const back = await returnOf(
      `${runtime.url}/api/compra-online/webpay/${answer.payment.id}/retorno`,
      { token_ws: TOKEN },
      'GET',
    );
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/Compra-Online/VIDA-L');
    const refused = await json(await fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`));
    expect(refused).toMatchObject({
      state: 'FAIL',
      lastPayment: { state: 'DECLINED', catalogueCode: 'bad_filled_other', header: 'Datos Inválidos' },
    });
    expect(refused.lastPayment.message).toEqual(expect.any(String));
  });

  test('the buyer cancelling on Webpay (TBK_TOKEN, no token_ws) fails the payment with a clear message, commits nothing, and the sale can be paid again', async () => {
    const tbk = transbank();
    const sale = await startSale(runtime.url);
    const answer = await json(await startWebpay(runtime.url, sale.id, randomUUID()));
    const returnUrl = `${runtime.url}/api/compra-online/webpay/${answer.payment.id}/retorno`;
    const buyOrder = tbk.calls('POST')[0]?.body.buy_order as string;
    const back = await returnOf(returnUrl, {
      TBK_TOKEN: TOKEN,
      TBK_ORDEN_COMPRA: buyOrder,
      TBK_ID_SESION: sale.id,
    });
    expect(back.status).toBe(303);
    expect(tbk.calls('PUT')).toHaveLength(0);
    const cancelled = await json(await fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`));
    expect(cancelled).toMatchObject({
      state: 'FAIL',
      lastPayment: { state: 'FAIL', catalogueCode: 'webpay_aborted' },
    });
    expect(cancelled.lastPayment.message).toMatch(/Webpay.*no se hizo ningún cobro/);

    // Paying again: a new key, a new transaction.
    const retry = await startWebpay(runtime.url, sale.id, randomUUID());
    expect(retry.status).toBe(201);
    expect(tbk.calls('POST')).toHaveLength(2);
  });

  test("a return that does not name the payment's transaction is a 400 problem naming the field, and nothing is committed", async () => {
    const tbk = transbank();
    const sale = await startSale(runtime.url);
    const answer = await json(await startWebpay(runtime.url, sale.id, randomUUID()));
    const returnUrl = `${runtime.url}/api/compra-online/webpay/${answer.payment.id}/retorno`;
    const forged = await returnOf(returnUrl, { token_ws: 'f'.repeat(64) });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await json(forged)).errors).toEqual([
      expect.objectContaining({ field: 'token_ws', rule: 'transaction' }),
    ]);
    const timeout = await returnOf(returnUrl, { TBK_ORDEN_COMPRA: 'W000', TBK_ID_SESION: sale.id });
    expect((await json(timeout)).errors).toEqual([
      expect.objectContaining({ field: 'TBK_ORDEN_COMPRA', rule: 'transaction' }),
    ]);
    const empty = await returnOf(returnUrl, {});
    expect(empty.status).toBe(400);
    expect((await json(empty)).errors).toEqual([
      expect.objectContaining({ field: 'token_ws', rule: 'required' }),
    ]);
    const unknown = await returnOf(`${runtime.url}/api/compra-online/webpay/${randomUUID()}/retorno`, {
      token_ws: TOKEN,
    });
    expect(unknown.status).toBe(404);
    expect((await returnOf(`${runtime.url}/api/compra-online/webpay/not-a-uuid/retorno`, {})).status).toBe(
      400,
    );
    expect(tbk.calls('PUT')).toHaveLength(0);
    // Time running out on Webpay's page (only the buy order and session come back) fails it as a cancel.
    const buyOrder = tbk.calls('POST')[0]?.body.buy_order as string;
    expect((await returnOf(returnUrl, { TBK_ORDEN_COMPRA: buyOrder, TBK_ID_SESION: sale.id })).status).toBe(
      303,
    );
    const timedOut = await json(await fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`));
    expect(timedOut.lastPayment).toMatchObject({ state: 'FAIL', catalogueCode: 'webpay_aborted' });
  });

  test('card tokens are refused on Webpay Plus, and a monthly sale answers a clear problem (Oneclick does them)', async () => {
    transbank();
    const sale = await startSale(runtime.url);
    const card = await postJson(
      `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
      { token: 'a-card-token-123' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(card.status).toBe(422);
    expect((await json(card)).errors).toEqual([
      expect.objectContaining({ field: 'token', rule: 'webpay_redirect' }),
    ]);
    const monthly = await json(
      await postJson(`${runtime.url}/api/compra-online/ventas`, {
        session: randomUUID(),
        productCode: 'VIDA-L',
        profile: ONE_PERSON,
        billing: 'monthly_subscription',
        ...BUYER,
      }),
    );
    const refused = await startWebpay(runtime.url, monthly.id, randomUUID());
    expect(refused.status).toBe(422);
    expect((await json(refused)).errors).toEqual([
      expect.objectContaining({ field: 'billing', rule: 'monthly_unsupported' }),
    ]);
    expect((await startWebpay(runtime.url, sale.id, '')).status).toBe(400);
    expect(provider.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  test("the Content-Security-Policy lets forms post to Webpay's host and nowhere else", async () => {
    const page = await fetch(`${runtime.url}/api/compra-online/ventas/${randomUUID()}`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`form-action 'self' ${provider.url}`);
    expect(policy).not.toMatch(/form-action[^;]*\*/);
  });
});

test('reconciliation asks Webpay by the kept token when the process stopped between the commit and our record', async () => {
  const tbk = transbank();
  const dir = tempDataDir();
  /** Commits at Transbank, then "dies" before the answer reaches the code that records it. */
  class DyingWebpay extends WebpayPlusGateway {
    override async charge(request: ChargeRequest): Promise<ChargeResult> {
      await super.charge(request);
      throw new Error('process killed after Transbank committed');
    }
  }
  let runtime = await startTestRuntime(
    { DATA_DIR: dir.path },
    {
      paymentGateway: new DyingWebpay({ commerceCode: COMMERCE, apiKey: API_KEY, environment: provider.url }),
    },
  );
  let saleId: string;
  let paymentId: string;
  try {
    await loadLeadsCatalogue(runtime);
    const sale = await startSale(runtime.url);
    saleId = sale.id;
    const answer = await json(await startWebpay(runtime.url, sale.id, randomUUID()));
    paymentId = answer.payment.id;
    const died = await returnOf(`${runtime.url}/api/compra-online/webpay/${paymentId}/retorno`, {
      token_ws: TOKEN,
    });
    expect(died.status).toBe(500);
    expect(tbk.calls('PUT')).toHaveLength(1);
    expect((await json(await fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`))).state).toBe(
      'PENDING',
    );
  } finally {
    await runtime.stop();
  }
  const gateway = webpayGateway();
  runtime = await startTestRuntime({ DATA_DIR: dir.path }, { paymentGateway: gateway });
  try {
    const { eventStore, readStore } = runtime.engines;
    const deps = {
      eventStore,
      readStore,
      gateway,
      clock: () => new Date(Date.now() + 11 * 60_000),
      logger: pino({ level: 'silent' }),
    };
    expect(await reconcilePendingPayments(deps)).toEqual({ looked: 1, settled: 1 });
    const status = tbk.calls('GET').filter((request) => request.path === `${WEBPAY}/transactions/${TOKEN}`);
    expect(status).toHaveLength(1);
    expect(status[0]?.headers['tbk-api-key-secret']).toBe(API_KEY);
    const head = await eventStore.headPosition();
    await runtime.runner!.waitUntilVisible(
      { globalPosition: head, streamId: `sale-${saleId}` },
      ['payments'],
      10_000,
    );
    const after = await json(await fetch(`${runtime.url}/api/compra-online/ventas/${saleId}`));
    expect(after).toMatchObject({ state: 'OK', lastPayment: { id: paymentId, state: 'OK' } });
    // The buyer's reload of the return page now answers from the record: never a second commit.
    expect(
      (await returnOf(`${runtime.url}/api/compra-online/webpay/${paymentId}/retorno`, { token_ws: TOKEN }))
        .status,
    ).toBe(303);
    expect(tbk.calls('PUT')).toHaveLength(1);
  } finally {
    await runtime.dispose();
    dir.remove();
  }
});
