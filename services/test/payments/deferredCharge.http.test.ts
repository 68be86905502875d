import { randomUUID } from 'node:crypto';
import { INSTALLMENT_OPTIONS } from '@cubre/schemas/payments/catalogues';
import { KushkiGateway } from '@cubre/services/payments/gateway/kushki/kushkiGateway';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import { loadLeadsCatalogue, startLoggingRuntime, type LoggingRuntime } from '../leads/support/leadsFixture';
import { startProviderServer, type ProviderServer } from './gateway/support/providerServer';
import { startSaleOf } from './support/purchaseFixture';

/**
 * 002-4.13's deferred options over real HTTP: a one-time credit-card charge in instalments (cuotas), through
 * the product's Kushki adapter against a local Kushki that records what it is sent (`months` in the charge
 * body), kept on the payment; refused for a debit card, a monthly sale and a value not offered; the same
 * Idempotency-Key with other instalments is another request (4292).
 */
let provider: ProviderServer;
let runtime: LoggingRuntime;
let admin: string;

beforeAll(async () => {
  provider = await startProviderServer();
  provider.respond(() => ({ status: 201, body: { ticketNumber: `1703${Date.now()}` } }));
  runtime = await startLoggingRuntime({
    paymentGateway: new KushkiGateway({
      baseUrl: `${provider.url}/`,
      privateMerchantId: 'private-merchant-id',
      timeoutMs: 5000,
    }),
  });
  await loadLeadsCatalogue(runtime);
  admin = (
    await json(await postJson(`${runtime.url}/token`, { email: 'admin@demo.cl', password: 'Demo.2026!' }))
  ).token as string;
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
  await provider.close();
});

const pay = (saleId: string, body: Record<string, unknown>, key = randomUUID()) =>
  postJson(
    `${runtime.url}/api/compra-online/ventas/${saleId}/pagos`,
    { token: `kushki-token-${randomUUID()}`, ...body },
    { 'Idempotency-Key': key },
  );
async function openSale(extra: Record<string, unknown> = {}) {
  const started = await startSaleOf(runtime.url, { productCode: 'VIDA-L', ...extra });
  expect(started.status).toBe(201);
  return json(started);
}
const charges = () => provider.requests.filter((request) => request.path.endsWith('/card/v1/charges'));

test("002-4.13 deferred options: a credit card paid in 3 instalments sends Kushki months 3, and the payment keeps them (the buyer's view and the console's)", async () => {
  expect(INSTALLMENT_OPTIONS).toEqual([1, 2, 3, 6, 12]);
  const sale = await openSale();
  const before = charges().length;
  const paid = await pay(sale.id, { paymentMethod: 'tdc', installments: 3 });
  expect(paid.status).toBe(201);
  const { payment } = await json(paid);
  expect(payment).toMatchObject({ state: 'OK', method: 'tdc', installments: 3 });
  const sent = charges().slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body).toMatchObject({ months: 3, amount: expect.any(Object) });
  const record = await json(
    await fetch(`${runtime.url}/api/admin/payments/${payment.id}`, {
      headers: { Authorization: `Bearer ${admin}` },
    }),
  );
  expect(record).toMatchObject({ installments: 3, state: 'OK' });

  // Without instalments: no months sent (Kushki's single charge), one instalment kept.
  const single = await openSale();
  const beforeSingle = charges().length;
  const once = await json(await pay(single.id, { paymentMethod: 'tdc' }));
  expect(once.payment.installments).toBe(1);
  expect(charges().slice(beforeSingle)[0]!.body).not.toHaveProperty('months');
});

test('002-4.13 deferred options are refused for a debit card (422), a monthly sale (422) and a value not offered (400); the same key with other instalments is 4292; nothing charged', async () => {
  const sale = await openSale();
  const before = charges().length;
  const debit = await pay(sale.id, { paymentMethod: 'tdd', installments: 3 });
  expect(debit.status).toBe(422);
  expect(await json(debit)).toMatchObject({
    errors: [expect.objectContaining({ field: 'installments', rule: 'deferred_credit_only' })],
  });
  const odd = await pay(sale.id, { paymentMethod: 'tdc', installments: 5 });
  expect(odd.status).toBe(400);
  expect(JSON.stringify(await json(odd))).toContain('installments es uno de: 1, 2, 3, 6, 12');
  const monthly = await openSale({ billing: 'monthly_subscription' });
  const refusedMonthly = await pay(monthly.id, { installments: 6 });
  expect(refusedMonthly.status).toBe(422);
  expect(charges().length).toBe(before);

  // One key, one request: the same key with other instalments is the catalogue's 4292.
  const key = randomUUID();
  const token = `kushki-token-${randomUUID()}`;
  const first = await postJson(
    `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token, paymentMethod: 'tdc', installments: 2 },
    { 'Idempotency-Key': key },
  );
  expect(first.status).toBe(201);
  const other = await postJson(
    `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token, paymentMethod: 'tdc', installments: 6 },
    { 'Idempotency-Key': key },
  );
  expect(other.status).toBe(422);
  expect(JSON.stringify(await json(other))).toContain('4292');
  expect(charges().length).toBe(before + 1);
});
