import { fileChargeJournal } from '@cubre/services/payments/gateway/sandbox/chargeJournal';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox/sandboxGateway';
import { TokenVault } from '@cubre/services/payments/gateway/sandbox/tokenVault';
import {
  RECURRENT_PAYMENTS_COLLECTION,
  type RecurrentPaymentDocument,
} from '@cubre/projections/subscriptions/projection';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { signIn } from '../identity/support';
import {
  APPROVED_CARD,
  STARTS_DECLINING,
  STARTS_DECLINING_HARD,
  buySubscription,
  chargeRun,
  saleState,
  settableClock,
  subscriptionOfSale,
} from './support';

/**
 * Issue 15 over real HTTP on the embedded runtime, with a test clock: a monthly subscription bought on the
 * storefront's calls is charged on its operation dates by the charge run, once per period however often the
 * run runs; a card that starts declining makes it overdue, its sale OVERDUE, and ends it after the retries.
 */
let runtime: TestRuntime;
let sandbox: SandboxGateway;
const time = settableClock('2027-03-10T15:00:00Z');
const dir = tempDataDir();

beforeAll(async () => {
  sandbox = new SandboxGateway(new TokenVault(), fileChargeJournal(dir.path));
  runtime = await startTestRuntime({}, { clock: time.clock, paymentGateway: sandbox });
  await loadLeadsCatalogue(runtime);
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
  await sandbox.close();
  dir.remove();
});

test('002-4.19 002-4.02 a subscription bought with an approved card is charged on each operation date, each period once', async () => {
  time.set('2027-03-10T15:00:00Z');
  const bought = await buySubscription(runtime.url, APPROVED_CARD);
  expect(bought.paid.status).toBe(201);
  expect(bought.paid.body.payment.state).toBe('OK');
  expect(bought.paid.body.sale.state).toBe('OK');
  const subscription = await subscriptionOfSale(runtime, bought.sale.id);
  // Bought on the 10th; the insurer set no cutting day, so the insurers' default (31): next month's first day.
  expect(subscription).toMatchObject({
    status: 'SUCCESS',
    lifecycle: 'active',
    operationDay: 31,
    startedOn: '2027-03-10',
    lastPaidPeriod: '2027-03',
    nextOperationDate: '2027-04-01',
    overdueCount: null,
  });
  const approvedAtPurchase = sandbox.subscriptionChargesApproved();

  // Not due yet: the last day of the month charges nothing.
  time.set('2027-03-31T15:00:00Z');
  expect((await chargeRun(runtime, sandbox, time.clock)).totals.approved).toBe(0);

  for (const [instant, period, next] of [
    ['2027-04-01T12:00:00Z', '2027-04', '2027-05-01'],
    ['2027-05-01T12:00:00Z', '2027-05', '2027-06-01'],
    ['2027-06-01T12:00:00Z', '2027-06', '2027-07-01'],
  ] as const) {
    time.set(instant);
    const { totals, report } = await chargeRun(runtime, sandbox, time.clock);
    expect(totals.approved).toBeGreaterThanOrEqual(1);
    expect(report.failures).toEqual([]);
    expect(report.total).toBeGreaterThanOrEqual(1);
    // A rerun the same day, and two runs at once: nothing is charged again.
    const charged = sandbox.subscriptionChargesApproved();
    await chargeRun(runtime, sandbox, time.clock);
    await Promise.all([chargeRun(runtime, sandbox, time.clock), chargeRun(runtime, sandbox, time.clock)]);
    expect(sandbox.subscriptionChargesApproved()).toBe(charged);
    const now = await subscriptionOfSale(runtime, bought.sale.id);
    expect(now).toMatchObject({ status: 'SUCCESS', lastPaidPeriod: period, nextOperationDate: next });
  }
  // Three periods charged after the purchase, each once.
  expect(sandbox.subscriptionChargesApproved() - approvedAtPurchase).toBe(3);
  const payments = await runtime.engines.readStore
    .collection<RecurrentPaymentDocument>(RECURRENT_PAYMENTS_COLLECTION)
    .find({ subscriptionId: subscription._id }, { sort: { subscriptionId: 1, period: -1 } });
  expect(payments.map((payment) => [payment.period, payment.state, payment.attempts])).toEqual([
    ['2027-06', 'processed', 1],
    ['2027-05', 'processed', 1],
    ['2027-04', 'processed', 1],
  ]);
  expect(await saleState(runtime.url, bought.sale.id)).toBe('OK');
}, 120_000);

test('002-4.12 a monthly sale paid by debit card (tdd) is a subscription of that method, charged on its operation date like a credit card', async () => {
  time.set('2027-12-10T15:00:00Z');
  const bought = await buySubscription(runtime.url, APPROVED_CARD, 'VIDA-L', 'tdd');
  expect(bought.paid.body.payment).toMatchObject({ state: 'OK', method: 'tdd' });
  const subscription = await subscriptionOfSale(runtime, bought.sale.id);
  expect(subscription).toMatchObject({ status: 'SUCCESS', method: 'tdd', nextOperationDate: '2028-01-01' });
  time.set('2028-01-01T12:00:00Z');
  const run = await chargeRun(runtime, sandbox, time.clock);
  expect(run.totals.approved).toBeGreaterThanOrEqual(1);
  expect(await subscriptionOfSale(runtime, bought.sale.id)).toMatchObject({
    lastPaidPeriod: '2028-01',
    nextOperationDate: '2028-02-01',
  });
});

test('002-3.30 002-4.03 a card that starts declining: the overdue count grows, the sale turns OVERDUE, and ends SUBS_CANCELLED_WITHOUT_PAYMENT when retries run out', async () => {
  time.set('2027-07-20T15:00:00Z');
  const bought = await buySubscription(runtime.url, STARTS_DECLINING);
  expect(bought.paid.body.payment.state).toBe('OK');
  const subscription = await subscriptionOfSale(runtime, bought.sale.id);
  expect(subscription.nextOperationDate).toBe('2027-08-01');

  time.set('2027-08-01T12:00:00Z');
  expect((await chargeRun(runtime, sandbox, time.clock)).totals.declined).toBe(1);
  expect(await subscriptionOfSale(runtime, bought.sale.id)).toMatchObject({
    status: 'DECLINED',
    overdueCount: 0,
    overduePeriod: '2027-08',
    nextChargeOn: '2027-08-02',
  });
  expect(await saleState(runtime.url, bought.sale.id)).toBe('OVERDUE');

  // Every day of the month: retried on the soft schedule only (days 1, 2, 3, 5, 7, 10, 14, 21, 25).
  const counts: (number | null)[] = [];
  for (let day = 2; day <= 31; day++) {
    time.set(`2027-08-${String(day).padStart(2, '0')}T12:00:00Z`);
    await chargeRun(runtime, sandbox, time.clock);
    const now = await subscriptionOfSale(runtime, bought.sale.id);
    if (counts[counts.length - 1] !== now.overdueCount) counts.push(now.overdueCount);
    if (day === 8) expect(await saleState(runtime.url, bought.sale.id)).toBe('OVERDUE');
  }
  expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const ended = await subscriptionOfSale(runtime, bought.sale.id);
  expect(ended).toMatchObject({
    lifecycle: 'cancelled',
    cancellationOutcome: 'without_payment',
    nextChargeOn: null,
  });
  expect(await saleState(runtime.url, bought.sale.id)).toBe('SUBS_CANCELLED_WITHOUT_PAYMENT');
  const [payment] = await runtime.engines.readStore
    .collection<RecurrentPaymentDocument>(RECURRENT_PAYMENTS_COLLECTION)
    .find({ subscriptionId: subscription._id }, { sort: { subscriptionId: 1, period: -1 } });
  expect(payment).toMatchObject({ period: '2027-08', state: 'cancelled', attempts: 10 });
  expect(payment!.lastDecline).toMatchObject({
    kind: 'soft',
    providerCode: '021',
    catalogueCode: 'insufficient_funds',
  });
  // Ended: the next month's run does not charge it.
  time.set('2027-09-01T12:00:00Z');
  const september = await chargeRun(runtime, sandbox, time.clock);
  expect(september.totals.declined).toBe(0);
}, 180_000);

test('002-4.03 a card that starts declining hard (blocked by its issuer): retried on the hard schedule only (days 5, 15, 25 after the due date), the overdue count growing with each try, never daily', async () => {
  time.set('2027-10-20T15:00:00Z');
  const bought = await buySubscription(runtime.url, STARTS_DECLINING_HARD);
  expect(bought.paid.body.payment.state).toBe('OK');
  const subscription = await subscriptionOfSale(runtime, bought.sale.id);
  expect(subscription.nextOperationDate).toBe('2027-11-01');

  time.set('2027-11-01T12:00:00Z');
  expect((await chargeRun(runtime, sandbox, time.clock)).totals.declined).toBe(1);
  expect(await subscriptionOfSale(runtime, bought.sale.id)).toMatchObject({
    status: 'DECLINED',
    overduePeriod: '2027-11',
    nextChargeOn: '2027-11-06',
  });
  // Every day of the month: a try only on days 6, 16 and 26 (the hard days 5, 15, 25 after the 1st).
  const tried: string[] = [];
  for (let day = 2; day <= 30; day++) {
    const date = `2027-11-${String(day).padStart(2, '0')}`;
    time.set(`${date}T12:00:00Z`);
    const run = await chargeRun(runtime, sandbox, time.clock);
    if (run.totals.declined > 0) tried.push(date);
  }
  expect(tried).toEqual(['2027-11-06', '2027-11-16', '2027-11-26']);
  const [payment] = await runtime.engines.readStore
    .collection<RecurrentPaymentDocument>(RECURRENT_PAYMENTS_COLLECTION)
    .find({ subscriptionId: subscription._id }, { sort: { subscriptionId: 1, period: -1 } });
  expect(payment).toMatchObject({ period: '2027-11', attempts: 4 });
  expect(payment!.lastDecline).toMatchObject({
    kind: 'hard',
    providerCode: '023',
    catalogueCode: 'blocked_card',
  });
}, 180_000);

test("002-4.19 the insurer's cutting day set in the console decides: bought past it, the first operation date is the month after next", async () => {
  // Within the demo administrator's password age (90 days from the runtime's start on the test clock).
  time.set('2027-05-10T15:00:00Z');
  const admin = await signIn(runtime.url, 'admin@demo.cl');
  const first = await buySubscription(runtime.url, APPROVED_CARD);
  const { organizationCode } = await subscriptionOfSale(runtime, first.sale.id);
  const set = await admin.put(`/api/admin/insurers/${organizationCode}/dia-de-corte`, { operationDay: 8 });
  expect(set.status).toBe(200);
  const bought = await buySubscription(runtime.url, APPROVED_CARD);
  expect(await subscriptionOfSale(runtime, bought.sale.id)).toMatchObject({
    operationDay: 8,
    startedOn: '2027-05-10',
    nextOperationDate: '2027-07-01',
  });
});
