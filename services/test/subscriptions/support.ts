import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { JobRun } from '@cubre/services/runtime/scheduler';
import { chargeDueSubscriptions, DEFAULT_RETRY_SCHEDULE } from '@cubre/services/subscriptions';
import type { PaymentGateway } from '@cubre/services/payments';
import {
  SUBSCRIPTIONS_COLLECTION,
  type SubscriptionDocument,
} from '@cubre/projections/subscriptions/projection';
import type { Runtime } from '@cubre/services/runtime/runtime';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import { ONE_PERSON } from '../payments/support/purchaseFixture';

export const BUYER = {
  nombre: 'Camila Rojas',
  rut: '12.345.678-5',
  email: 'camila.rojas@example.com',
  telefono: '+56 9 8765 4321',
};
export const APPROVED_CARD = '5451951574925480';
/** The sandbox's card that approves the first charge and declines the later ones (021). */
export const STARTS_DECLINING = '4000000000000341';
/** …and its hard twin, declined `023` (blocked) from the second charge on. */
export const STARTS_DECLINING_HARD = '4000000000000358';

/** What a charge run reported, as the scheduler's recorder would keep it. */
export function recordingRun() {
  const report = { total: -1, done: 0, failed: 0, failures: [] as string[] };
  const run: JobRun = {
    runId: randomUUID(),
    job: 'charge-subscriptions',
    startedAt: new Date(),
    setTotal: async (total) => {
      report.total = total;
    },
    progress: async (done, failed = 0) => {
      report.done += done;
      report.failed += failed;
    },
    itemFailed: async (key, reason) => {
      report.failures.push(`${key}: ${reason}`);
    },
  };
  return { run, report };
}

/** Waits until every projection and reactor took every event, the reactors' own writes included. */
export async function settled(runtime: Runtime): Promise<void> {
  for (;;) {
    const head = await runtime.engines.eventStore.headPosition();
    await runtime.runner!.waitUntilVisible(
      { globalPosition: head, streamId: 'subscription-x' },
      undefined,
      20_000,
    );
    if ((await runtime.engines.eventStore.headPosition()) === head) return;
  }
}

/** One charge run at the runtime's clock, once the read model is up to date (as a daily run finds it). */
export async function chargeRun(runtime: Runtime, gateway: PaymentGateway, clock: () => Date) {
  await settled(runtime);
  const { run, report } = recordingRun();
  const totals = await chargeDueSubscriptions(
    {
      eventStore: runtime.engines.eventStore,
      readStore: runtime.engines.readStore,
      gateway,
      clock,
      logger: pino({ level: 'silent' }),
      retrySchedule: DEFAULT_RETRY_SCHEDULE,
    },
    run,
  );
  await settled(runtime);
  return { totals, report };
}

/** Starts a monthly sale of `productCode` paid by card, for the buyer (one person of 35); its answer. */
export async function startMonthlySale(
  url: string,
  productCode = 'VIDA-L',
  session = randomUUID(),
  paymentMethod: 'tdc' | 'tdd' = 'tdc',
) {
  const started = await postJson(`${url}/api/compra-online/ventas`, {
    session,
    productCode,
    profile: ONE_PERSON,
    ...BUYER,
    billing: 'monthly_subscription',
    paymentMethod,
  });
  expect(started.status).toBe(201);
  return json(started);
}

/** Buys `productCode` as a monthly subscription with the card, over the buyer's own HTTP calls. */
export async function buySubscription(
  url: string,
  card: string,
  productCode = 'VIDA-L',
  paymentMethod: 'tdc' | 'tdd' = 'tdc',
) {
  const session = randomUUID();
  const sale = await startMonthlySale(url, productCode, session, paymentMethod);
  expect(sale.billing).toBe('monthly_subscription');
  const tokenized = await postJson(`${url}/api/sandbox-gateway/tokens`, {
    card: { name: BUYER.nombre, number: card, expiryMonth: '12', expiryYear: '30', cvv: '123' },
    totalAmount: sale.amount.amount,
    currency: sale.amount.currency,
  });
  expect(tokenized.status).toBe(201);
  const { token } = await json(tokenized);
  const key = randomUUID();
  const paid = await postJson(
    `${url}/api/compra-online/ventas/${sale.id}/pagos`,
    { token },
    { 'Idempotency-Key': key },
  );
  return { session, sale, token, key, paid: { status: paid.status, body: await json(paid) } };
}

export async function subscriptionOfSale(runtime: Runtime, saleId: string): Promise<SubscriptionDocument> {
  await settled(runtime);
  const doc = await runtime.engines.readStore
    .collection<SubscriptionDocument>(SUBSCRIPTIONS_COLLECTION)
    .findOne({ saleId });
  if (!doc) throw new Error(`no subscription for sale ${saleId}`);
  return doc;
}

export const saleState = async (url: string, saleId: string): Promise<string> =>
  (await json(await fetch(`${url}/api/compra-online/ventas/${saleId}`))).state;

/** A clock the test moves to given instants. */
export function settableClock(start: string) {
  let now = new Date(start).getTime();
  return {
    clock: () => new Date(now),
    set(instant: string) {
      now = new Date(instant).getTime();
    },
  };
}
