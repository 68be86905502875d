import { fileChargeJournal } from '@cubre/services/payments/gateway/sandbox/chargeJournal';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox/sandboxGateway';
import { TokenVault } from '@cubre/services/payments/gateway/sandbox/tokenVault';
import { SubscriptionDetail } from '@cubre/schemas/subscriptions/records';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { signIn, type Session } from '../identity/support';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import {
  APPROVED_CARD,
  STARTS_DECLINING,
  buySubscription,
  chargeRun,
  settableClock,
  subscriptionOfSale,
} from './support';

/**
 * 002-4.13 changeDate over HTTP: staff (payment:create) move the day a subscription is next charged, or the
 * day its overdue period is retried, within the period's month and not before today; the charge run
 * charges on the new day, once, and the period and its due date stay.
 */
let runtime: TestRuntime;
let sandbox: SandboxGateway;
let admin: Session;
const time = settableClock('2027-03-10T15:00:00Z');
const dir = tempDataDir();

beforeAll(async () => {
  sandbox = new SandboxGateway(new TokenVault(), fileChargeJournal(dir.path));
  runtime = await startTestRuntime({}, { clock: time.clock, paymentGateway: sandbox });
  await loadLeadsCatalogue(runtime);
  admin = await signIn(runtime.url, 'admin@demo.cl');
}, 60_000);
// The tests' clock stays within the demo passwords' lifetime (they were set on the runtime's first day).
afterAll(async () => {
  await runtime.dispose();
  await sandbox.close();
  dir.remove();
});

const BASE = '/api/admin/subscriptions';

async function shown(session: Session, id: string) {
  const response = await session.get(`${BASE}/${id}`);
  expect(response.status).toBe(200);
  return { etag: response.headers.get('ETag')!, detail: SubscriptionDetail.parse(await json(response)) };
}

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return (await json(response)) as { code?: string; errors?: { field: string; rule: string }[] };
}

test('002-4.13 changeDate: the next charge moves to another day of its month; the run charges then, once, and the next period keeps its date', async () => {
  const bought = await buySubscription(runtime.url, APPROVED_CARD);
  const id = (await subscriptionOfSale(runtime, bought.sale.id))._id;
  const before = await shown(admin, id);
  expect(before.detail).toMatchObject({ nextChargeOn: '2027-04-01', lastPaidPeriod: '2027-03' });
  const url = `${BASE}/${id}/fecha-de-cobro`;
  const ifMatch = { 'If-Match': before.etag };

  // Bad input: problem+json naming the field and the rule; nothing recorded.
  const malformed = await admin.post(url, { chargeOn: '15/04/2027', reason: 'día de pago' }, ifMatch);
  expect(malformed.status).toBe(400);
  expect(JSON.stringify(await problemOf(malformed))).toContain('chargeOn');
  const noReason = await admin.post(url, { chargeOn: '2027-04-15', reason: ' ' }, ifMatch);
  expect(noReason.status).toBe(400);
  expect(JSON.stringify(await problemOf(noReason))).toContain('reason');
  const past = await admin.post(url, { chargeOn: '2027-03-09', reason: 'día de pago' }, ifMatch);
  expect(past.status).toBe(422);
  expect((await problemOf(past)).errors).toEqual([
    expect.objectContaining({ field: 'chargeOn', rule: 'past_date' }),
  ]);
  // Today, but March: the period it charges is April's.
  const otherMonth = await admin.post(url, { chargeOn: '2027-03-10', reason: 'día de pago' }, ifMatch);
  expect(otherMonth.status).toBe(422);
  expect((await problemOf(otherMonth)).errors).toEqual([
    expect.objectContaining({ field: 'chargeOn', rule: 'other_period' }),
  ]);
  const skipsMonth = await admin.post(url, { chargeOn: '2027-05-02', reason: 'día de pago' }, ifMatch);
  expect(skipsMonth.status).toBe(422);
  const stale = await admin.post(
    url,
    { chargeOn: '2027-04-15', reason: 'día de pago' },
    { 'If-Match': `"${before.detail.revision - 1}"` },
  );
  expect(stale.status).toBe(409);
  // Who may: payment:create (back office reads subscriptions, cannot move them).
  const backoffice = await signIn(runtime.url, 'backoffice@demo.cl');
  const refused = await backoffice.post(url, { chargeOn: '2027-04-15', reason: 'día de pago' }, ifMatch);
  expect(refused.status).toBe(403);
  expect((await shown(admin, id)).detail.revision).toBe(before.detail.revision);

  const moved = await admin.post(
    url,
    { chargeOn: '2027-04-15', reason: 'cobrar después del día de pago' },
    ifMatch,
  );
  expect(moved.status).toBe(200);
  const afterMove = SubscriptionDetail.parse(await json(moved));
  expect(afterMove).toMatchObject({ nextChargeOn: '2027-04-15', nextOperationDate: '2027-04-01' });
  expect(moved.headers.get('ETag')).toBe(`"${afterMove.revision}"`);
  // The same day again records nothing.
  const same = await admin.post(
    url,
    { chargeOn: '2027-04-15', reason: 'otra vez' },
    { 'If-Match': moved.headers.get('ETag')! },
  );
  expect(same.status).toBe(200);
  expect(SubscriptionDetail.parse(await json(same)).revision).toBe(afterMove.revision);

  // The old day charges nothing; the new day charges April once; May keeps its own date.
  time.set('2027-04-01T12:00:00Z');
  await chargeRun(runtime, sandbox, time.clock);
  admin = await signIn(runtime.url, 'admin@demo.cl');
  expect((await shown(admin, id)).detail).toMatchObject({
    lastPaidPeriod: '2027-03',
    nextChargeOn: '2027-04-15',
    recurrentPayments: [],
  });
  time.set('2027-04-15T12:00:00Z');
  await chargeRun(runtime, sandbox, time.clock);
  await chargeRun(runtime, sandbox, time.clock);
  admin = await signIn(runtime.url, 'admin@demo.cl');
  const paid = (await shown(admin, id)).detail;
  expect(paid).toMatchObject({ status: 'SUCCESS', lastPaidPeriod: '2027-04', nextChargeOn: '2027-05-01' });
  expect(paid.recurrentPayments).toMatchObject([
    { period: '2027-04', state: 'processed', attempts: 1, dueOn: '2027-04-01' },
  ]);
});

test("002-4.13 changeDate of an overdue subscription moves its next retry within its month: none before the new day, one on it, and the contract's timeline names the change", async () => {
  time.set('2027-04-16T15:00:00Z');
  admin = await signIn(runtime.url, 'admin@demo.cl');
  const bought = await buySubscription(runtime.url, STARTS_DECLINING);
  const id = (await subscriptionOfSale(runtime, bought.sale.id))._id;
  time.set('2027-05-01T12:00:00Z');
  await chargeRun(runtime, sandbox, time.clock);
  admin = await signIn(runtime.url, 'admin@demo.cl');
  const overdue = await shown(admin, id);
  expect(overdue.detail).toMatchObject({
    overduePeriod: '2027-05',
    overdueCount: 0,
    nextChargeOn: '2027-05-02',
  });

  // An overdue period's retry stays in its own month: June is refused.
  const late = await admin.post(
    `${BASE}/${id}/fecha-de-cobro`,
    { chargeOn: '2027-06-03', reason: 'paga en junio' },
    { 'If-Match': overdue.etag },
  );
  expect(late.status).toBe(422);
  expect(JSON.stringify(await json(late))).toContain('other_period');
  const moved = await admin.post(
    `${BASE}/${id}/fecha-de-cobro`,
    { chargeOn: '2027-05-09', reason: 'recibe su sueldo el 9' },
    { 'If-Match': overdue.etag },
  );
  expect(moved.status).toBe(200);
  expect(SubscriptionDetail.parse(await json(moved))).toMatchObject({ nextChargeOn: '2027-05-09' });

  for (const day of ['2027-05-02', '2027-05-05', '2027-05-08']) {
    time.set(`${day}T12:00:00Z`);
    await chargeRun(runtime, sandbox, time.clock);
  }
  admin = await signIn(runtime.url, 'admin@demo.cl');
  expect((await shown(admin, id)).detail.recurrentPayments).toMatchObject([
    { period: '2027-05', attempts: 1 },
  ]);
  time.set('2027-05-09T12:00:00Z');
  await chargeRun(runtime, sandbox, time.clock);
  admin = await signIn(runtime.url, 'admin@demo.cl');
  const retried = (await shown(admin, id)).detail;
  // The card still declines: a second attempt, on the 9th, and the schedule goes on from the due date.
  expect(retried.recurrentPayments).toMatchObject([{ period: '2027-05', attempts: 2, state: 'recycling' }]);
  expect(retried).toMatchObject({ overdueCount: 1, nextChargeOn: '2027-05-11' });

  const arrears = await admin.get(`/api/admin/arrears/${id}`);
  expect(arrears.status).toBe(200);
  const timeline = (await json(arrears)).timeline as { kind: string; detail: string | null }[];
  expect(timeline).toContainEqual(
    expect.objectContaining({
      kind: 'charge_date_changed',
      detail: '2027-05-02 → 2027-05-09: recibe su sueldo el 9',
    }),
  );
});
