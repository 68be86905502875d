import { randomUUID } from 'node:crypto';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import { periodicityOfSale } from '@cubre/services/payments/purchase';
import { fileChargeJournal } from '@cubre/services/payments/gateway/sandbox/chargeJournal';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox/sandboxGateway';
import { TokenVault } from '@cubre/services/payments/gateway/sandbox/tokenVault';
import { PERIODICITY_MONTHS } from '@cubre/schemas/payments/catalogues';
import { SubscriptionDetail } from '@cubre/schemas/subscriptions/records';
import {
  RECURRENT_PAYMENTS_COLLECTION,
  type RecurrentPaymentDocument,
} from '@cubre/projections/subscriptions/projection';
import { fixtureCommandOptions } from '../support/catalogueOrganizations';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { signIn, type Session } from '../identity/support';
import { loadLeadsCatalogue, PRODUCTS } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import {
  APPROVED_CARD,
  BUYER,
  buySubscription,
  chargeRun,
  settableClock,
  subscriptionOfSale,
} from './support';

/**
 * 002-9.03 periodicities through real purchases: a subscription charges the quoted price every period the
 * price is quoted for. A yearly-priced plan bought as a subscription pays its first year at purchase and is
 * charged again a year later, never monthly (that was twelve years' price a year); a price for one trip or
 * one payment ('único') offers no subscription.
 */
let runtime: TestRuntime;
let sandbox: SandboxGateway;
let admin: Session;
const time = settableClock('2027-03-10T15:00:00Z');
const dir = tempDataDir();
const base = PRODUCTS.find((product) => product.code === 'VIDA-L')!;

beforeAll(async () => {
  sandbox = new SandboxGateway(new TokenVault(), fileChargeJournal(dir.path));
  runtime = await startTestRuntime({}, { clock: time.clock, paymentGateway: sandbox });
  await loadLeadsCatalogue(runtime);
  const options = fixtureCommandOptions('periodicity');
  for (const [code, periodicity] of [
    ['VIDA-ANUAL', 'anual'],
    ['VIDA-SEM', 'semestral'],
    ['VIAJE-U', 'único'],
  ] as const) {
    await defineCatalogueEntry(
      runtime.engines.eventStore,
      'product',
      {
        ...base,
        code,
        url: code,
        displayName: `Seguro ${code}`,
        price: { amount: 6, unit: 'UF', periodicity },
      },
      options(),
    );
  }
  await runtime.runner!.waitUntilVisible(
    { globalPosition: await runtime.engines.eventStore.headPosition(), streamId: 'product-x' },
    ['catalogue'],
    10_000,
  );
  admin = await signIn(runtime.url, 'admin@demo.cl');
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
  await sandbox.close();
  dir.remove();
});

/**
 * The subscription and its recurrent payments as the console's record reads them; from the read model once
 * the clock has moved past the demo passwords' lifetime (a year on, nobody signs in with them).
 */
async function detailOf(saleId: string) {
  const subscription = await subscriptionOfSale(runtime, saleId);
  const recurrentPayments = await runtime.engines.readStore
    .collection<RecurrentPaymentDocument>(RECURRENT_PAYMENTS_COLLECTION)
    .find({ subscriptionId: subscription._id }, { sort: { subscriptionId: 1, period: -1 } });
  return { ...subscription, recurrentPayments };
}

test('002-9.03 the periodicities are 1, 2, 3, 4, 6 and 12 months', () => {
  expect(PERIODICITY_MONTHS).toEqual([1, 2, 3, 4, 6, 12]);
});

test("002-9.03 a subscription sale started before its periodicity was kept takes its quote's period (a yearly price stays yearly)", () => {
  const quote = (period: 'mensual' | 'anual' | 'único') => ({ period }) as never;
  expect(periodicityOfSale({ billing: 'monthly_subscription', quote: quote('anual') })).toBe(12);
  expect(periodicityOfSale({ billing: 'monthly_subscription', quote: quote('mensual') })).toBe(1);
  expect(periodicityOfSale({ billing: 'monthly_subscription', quote: quote('anual'), periodicity: 6 })).toBe(
    6,
  );
  expect(periodicityOfSale({ billing: 'one_time', quote: quote('anual') })).toBe(1);
});

test('002-9.03 a yearly-priced plan as a subscription: the purchase pays the first year; nothing is charged monthly; the next charge is a year on, at the same yearly price', async () => {
  const bought = await buySubscription(runtime.url, APPROVED_CARD, 'VIDA-ANUAL');
  expect(bought.paid.status).toBe(201);
  const subscription = await subscriptionOfSale(runtime, bought.sale.id);
  // Bought on 2027-03-10, operation day 31: monthly would be due 2027-04-01; yearly, 2028-03-01.
  expect(subscription).toMatchObject({ periodicityMonths: 12, nextChargeOn: '2028-03-01' });
  expect(subscription.amount).toEqual(bought.sale.amount);

  // The console's record says so.
  const record = SubscriptionDetail.parse(
    await json(await admin.get(`/api/admin/subscriptions/${subscription._id}`)),
  );
  expect(record).toMatchObject({ periodicityMonths: 12, nextChargeOn: '2028-03-01' });

  for (const day of ['2027-04-01', '2027-05-01', '2027-09-01', '2028-02-01']) {
    time.set(`${day}T12:00:00Z`);
    await chargeRun(runtime, sandbox, time.clock);
  }
  expect((await detailOf(bought.sale.id)).recurrentPayments).toEqual([]);

  time.set('2028-03-01T12:00:00Z');
  await chargeRun(runtime, sandbox, time.clock);
  const charged = await detailOf(bought.sale.id);
  expect(charged).toMatchObject({ status: 'SUCCESS', lastPaidPeriod: '2028-03', nextChargeOn: '2029-03-01' });
  expect(charged.recurrentPayments).toMatchObject([
    { period: '2028-03', state: 'processed', attempts: 1, amount: bought.sale.amount },
  ]);
});

test('002-9.03 a half-yearly price is charged every 6 months; a price for one trip offers no subscription (422 naming billing), only a one-time payment', async () => {
  time.set('2027-03-10T15:00:00Z');
  const bought = await buySubscription(runtime.url, APPROVED_CARD, 'VIDA-SEM');
  expect(bought.paid.status).toBe(201);
  expect(await subscriptionOfSale(runtime, bought.sale.id)).toMatchObject({
    periodicityMonths: 6,
    nextChargeOn: '2027-09-01',
  });

  const refused = await postJson(`${runtime.url}/api/compra-online/ventas`, {
    session: randomUUID(),
    productCode: 'VIAJE-U',
    profile: { cotizante: [{ sexo: 'Masculino', edad: 35 }], cargas: [] },
    ...BUYER,
    billing: 'monthly_subscription',
  });
  expect(refused.status).toBe(422);
  expect(await json(refused)).toMatchObject({
    errors: [expect.objectContaining({ field: 'billing', rule: 'one_time_product' })],
  });
  const once = await postJson(`${runtime.url}/api/compra-online/ventas`, {
    session: randomUUID(),
    productCode: 'VIAJE-U',
    profile: { cotizante: [{ sexo: 'Masculino', edad: 35 }], cargas: [] },
    ...BUYER,
  });
  expect(once.status).toBe(201);
  expect(await json(once)).toMatchObject({ billing: 'one_time' });
});
