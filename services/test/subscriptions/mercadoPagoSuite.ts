import { randomUUID } from 'node:crypto';
import type { MercadoPagoGateway } from '@cubre/services/payments/gateway/mercadopago/mercadoPagoGateway';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { localMercadoPago, mercadoPagoDelivery, mercadoPagoSigned } from '../payments/support/mercadoPago';
import { startMercadoPagoServer, type MercadoPagoServer } from './mercadoPagoServer';
import { settableClock, settled, startMonthlySale } from './support';

/**
 * A suite of monthly sales on Mercado Pago (issues 14 and 15): the product on the embedded runtime with a
 * clock the test moves, its gateway against a local Mercado Pago that keeps preapprovals and debits, and
 * the suite's webhook secret; started before the suite's tests and stopped after them. What the monthly
 * debits' suite and the preapproval-ended suite share.
 */
export function mercadoPagoMonthlySuite(secret: string, start: string) {
  const time = settableClock(start);
  const suite = {} as { mp: MercadoPagoServer; runtime: TestRuntime; gateway: MercadoPagoGateway };
  beforeAll(async () => {
    suite.mp = await startMercadoPagoServer();
    suite.gateway = localMercadoPago(suite.mp.url, {
      subscriptionBackUrl: 'https://cubre.example/Compra-Online',
    });
    suite.runtime = await startTestRuntime(
      {},
      {
        clock: time.clock,
        paymentGateway: suite.gateway,
        paymentEnv: { MERCADOPAGO_WEBHOOK_SECRET: secret },
      },
    );
    await loadLeadsCatalogue(suite.runtime);
  }, 60_000);
  afterAll(async () => {
    await suite.runtime?.dispose();
    await suite.mp?.close();
  });

  /** Mercado Pago's signed delivery of a topic about `dataId`, acknowledged, and its effects visible. */
  async function notify(dataId: string | number, type: string, action = 'created') {
    const id = String(dataId);
    const response = await mercadoPagoDelivery(
      suite.runtime.url,
      { dataId: id, type, action, dateCreated: time.clock().toISOString() },
      mercadoPagoSigned(id, secret).headers,
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ received: true });
    await settled(suite.runtime);
  }

  const typesOf = async (stream: string) =>
    (await suite.runtime.engines.eventStore.readStream(stream)).map((event) => event.type);

  /** Buys a monthly sale with a Mercado Pago card token: its preapproval made, no debit yet. */
  async function buyUndebited() {
    const { runtime, mp } = suite;
    const sale = await startMonthlySale(runtime.url);
    const paid = await postJson(
      `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
      { token: `mp-card-token-${randomUUID()}` },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(paid.status).toBe(201);
    const { payment } = await json(paid);
    const preapproval = mp.preapprovals.find((p) => p.external_reference === payment.id);
    if (!preapproval) throw new Error('no preapproval carries the payment');
    return { sale, payment, preapproval };
  }

  return { time, suite, notify, typesOf, buyUndebited };
}
