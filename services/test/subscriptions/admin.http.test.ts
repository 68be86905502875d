import { fileChargeJournal } from '@cubre/services/payments/gateway/sandbox/chargeJournal';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox/sandboxGateway';
import { TokenVault } from '@cubre/services/payments/gateway/sandbox/tokenVault';
import { SubscriptionDetail, SubscriptionRecord } from '@cubre/schemas/subscriptions/records';
import type { ObservedQuery } from '@cubre/platform/adapters/sqlite/readStore/collection';
import type { SqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import { LEAD_STATUS_CODES } from '@cubre/schemas';
import { SUB_STATUS_IDS } from '@cubre/schemas/leadCatalogue/defaults';
import { contractingLeadId } from '@cubre/services/leads/ids';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { listQuery, signIn, type Session } from '../identity/support';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import {
  APPROVED_CARD,
  STARTS_DECLINING,
  buySubscription,
  chargeRun,
  saleState,
  settableClock,
  settled,
  subscriptionOfSale,
} from './support';

/**
 * The console's `subscriptions` resource (issue 15) over HTTP: the list and its filters, a subscription with
 * its recurrent payments, a forced charge (002-3.24: payment:create, Idempotency-Key, If-Match) and the
 * cancellations (subscription:cancel) through the sale states of 002-3.30.
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
afterAll(async () => {
  await runtime.dispose();
  await sandbox.close();
  dir.remove();
});

const BASE = '/api/admin/subscriptions';
const SUBSCRIPTION_COLLECTIONS = ['subscriptions', 'recurrentPayments'];

test('002-3.24 002-3.30 subscriptions in the console: listed, shown with payments, force-charged once per key, cancelled with and without a final payment', async () => {
  const seen: ObservedQuery[] = [];
  const stopObserving = (runtime.engines.readStore as SqliteReadStore).observeQueries((query) => {
    if (SUBSCRIPTION_COLLECTIONS.includes(query.collection)) seen.push(query);
  });
  const declining = await buySubscription(runtime.url, STARTS_DECLINING);
  const paying = await buySubscription(runtime.url, APPROVED_CARD);
  const overdueId = (await subscriptionOfSale(runtime, declining.sale.id))._id;
  const payingId = (await subscriptionOfSale(runtime, paying.sale.id))._id;

  // 002-3.06: the paid monthly sale closes its lead as Web - Suscripción activa.
  const lead = await json(await admin.get(`/api/admin/leads/${contractingLeadId(paying.session)}`));
  expect(lead).toMatchObject({
    status: { id: LEAD_STATUS_CODES.CERRADO },
    subStatus: { id: SUB_STATUS_IDS.WEB_SUSCRIPCION_ACTIVA },
  });

  expect((await fetch(`${runtime.url}${BASE}`)).status).toBe(401);
  const listed = await admin.get(`${BASE}${listQuery({ filter: { status: ['SUCCESS'] } })}`);
  expect(listed.status).toBe(200);
  const rows = SubscriptionRecord.array().parse(await json(listed));
  expect(rows.map((row) => row.id).sort()).toEqual([overdueId, payingId].sort());

  time.set('2027-04-01T12:00:00Z');
  await chargeRun(runtime, sandbox, time.clock);
  // The console's tokens live hours: a new sign-in on the moved clock.
  admin = await signIn(runtime.url, 'admin@demo.cl');
  const behind = await admin.get(`${BASE}${listQuery({ filter: { overdueCount_gte: 0 } })}`);
  expect(behind.status).toBe(200);
  expect((await json(behind)).map((row: { id: string }) => row.id)).toEqual([overdueId]);
  const shown = await admin.get(`${BASE}/${overdueId}`);
  expect(shown.status).toBe(200);
  const detail = SubscriptionDetail.parse(await json(shown));
  expect(detail).toMatchObject({ status: 'DECLINED', overdueCount: 0, overduePeriod: '2027-04' });
  expect(detail.recurrentPayments).toMatchObject([
    { period: '2027-04', state: 'recycling', attempts: 1, fee: null, taxOnFee: null, net: null },
  ]);
  // 002-9.01: the period the run charged keeps the provider's fee, its tax and the net, as a purchase's does.
  const paid = SubscriptionDetail.parse(await json(await admin.get(`${BASE}/${payingId}`)));
  const [period] = paid.recurrentPayments;
  const minor = period!.amount.amount;
  expect(period).toMatchObject({
    period: '2027-04',
    state: 'processed',
    fee: { amount: Math.round(minor * 0.02), currency: 'CLP' },
    taxOnFee: { amount: Math.round(minor * 0.0038), currency: 'CLP' },
    net: { amount: minor - Math.round(minor * 0.02) - Math.round(minor * 0.0038), currency: 'CLP' },
  });
  const etag = shown.headers.get('ETag')!;
  expect(etag).toBe(`"${detail.revision}"`);

  // Bad input: problem+json naming the field and rule.
  const noKey = await admin.post(`${BASE}/${overdueId}/cobros-forzados`, { reason: 'no_card_balance' });
  expect(noKey.status).toBe(400);
  expect(noKey.headers.get('content-type')).toContain('application/problem+json');
  const badReason = await admin.post(
    `${BASE}/${overdueId}/cobros-forzados`,
    { reason: 'porque sí' },
    { 'Idempotency-Key': 'forced-0001' },
  );
  expect(badReason.status).toBe(400);
  expect(JSON.stringify(await json(badReason))).toContain('reason');
  const stale = await admin.post(
    `${BASE}/${overdueId}/cobros-forzados`,
    { reason: 'no_card_balance' },
    { 'Idempotency-Key': 'forced-0001', 'If-Match': `"${detail.revision - 1}"` },
  );
  expect(stale.status).toBe(409);

  const forced = await admin.post(
    `${BASE}/${overdueId}/cobros-forzados`,
    { reason: 'no_card_balance' },
    { 'Idempotency-Key': 'forced-0001', 'If-Match': etag },
  );
  expect(forced.status).toBe(200);
  const afterForced = SubscriptionDetail.parse(await json(forced));
  expect(afterForced).toMatchObject({ status: 'DECLINED', overdueCount: 1 });
  expect(afterForced.recurrentPayments[0]).toMatchObject({ attempts: 2, forcedReason: 'no_card_balance' });
  // The same request again: answered, not charged again.
  const again = await admin.post(
    `${BASE}/${overdueId}/cobros-forzados`,
    { reason: 'no_card_balance' },
    { 'Idempotency-Key': 'forced-0001' },
  );
  expect(again.status).toBe(200);
  expect(SubscriptionDetail.parse(await json(again)).recurrentPayments[0]!.attempts).toBe(2);
  // Nothing overdue to force on a subscription up to date.
  const upToDate = await admin.post(
    `${BASE}/${payingId}/cobros-forzados`,
    { reason: 'retry_failed_charges' },
    { 'Idempotency-Key': 'forced-0002' },
  );
  expect(upToDate.status).toBe(409);

  // Cancellation asked, then made without a final payment.
  const asked = await admin.post(`${BASE}/${overdueId}/solicitud-cancelacion`, {
    reason: 'el cliente lo pidió',
  });
  expect(asked.status).toBe(200);
  expect((await json(asked)).lifecycle).toBe('cancellation_requested');
  await settled(runtime);
  expect(await saleState(runtime.url, declining.sale.id)).toBe('CANCELLATION_REQUEST');
  const missingChoice = await admin.post(`${BASE}/${overdueId}/cancelacion`, { reason: 'x' });
  expect(missingChoice.status).toBe(400);
  const ended = await admin.post(`${BASE}/${overdueId}/cancelacion`, {
    withFinalPayment: false,
    reason: 'sin pago',
  });
  expect(ended.status).toBe(200);
  const endedDetail = SubscriptionDetail.parse(await json(ended));
  expect(endedDetail).toMatchObject({ lifecycle: 'cancelled', cancellationOutcome: 'without_payment' });
  expect(endedDetail.recurrentPayments[0]!.state).toBe('cancelled');
  await settled(runtime);
  expect(await saleState(runtime.url, declining.sale.id)).toBe('SUBS_CANCELLED_WITHOUT_PAYMENT');
  const twice = await admin.post(`${BASE}/${overdueId}/cancelacion`, {
    withFinalPayment: false,
    reason: 'x',
  });
  expect(twice.status).toBe(409);

  // With a final payment: PENDING_CANCELLATION until the next operation date's charge, then ended paid.
  const final = await admin.post(`${BASE}/${payingId}/cancelacion`, {
    withFinalPayment: true,
    reason: 'último mes',
  });
  expect(final.status).toBe(200);
  expect((await json(final)).lifecycle).toBe('pending_cancellation');
  await settled(runtime);
  expect(await saleState(runtime.url, paying.sale.id)).toBe('PENDING_CANCELLATION');
  time.set('2027-05-01T12:00:00Z');
  await chargeRun(runtime, sandbox, time.clock);
  expect(await subscriptionOfSale(runtime, paying.sale.id)).toMatchObject({
    lifecycle: 'cancelled',
    cancellationOutcome: 'success_payment',
    lastPaidPeriod: '2027-05',
    nextChargeOn: null,
  });
  expect(await saleState(runtime.url, paying.sale.id)).toBe('SUBS_CANCELLED_SUCCESS_PAYMENT');

  // Staff's writes are audited with their actor; the charge run's and the purchase's are not.
  const audit = runtime.engines.readStore.collection('audit');
  const audited = [
    ...(await audit.find({ category: 'subscription' })),
    ...(await audit.find({ category: 'recurrentPayment' })),
  ] as unknown as { type: string; actor: { kind: string; id: string } }[];
  expect(audited.every((entry) => entry.actor.kind === 'user' && entry.actor.id === admin.user.id)).toBe(
    true,
  );
  expect(audited.map((entry) => entry.type)).toEqual(
    expect.arrayContaining([
      'SubscriptionCancellationRequested',
      'SubscriptionCancelled',
      'SubscriptionFinalPaymentScheduled',
      'RecurrentPaymentAttemptStarted',
      'RecurrentPaymentDeclined',
    ]),
  );
  expect(audited.map((entry) => entry.type)).not.toContain('SubscriptionCreated');

  // Every read of the console's calls and of the charge runs was served by an index (never a scan).
  stopObserving();
  const store = runtime.engines.readStore as SqliteReadStore;
  const scans: string[] = [];
  for (const query of new Map(seen.map((query) => [JSON.stringify(query), query])).values()) {
    const plan = await store
      .collection(query.collection)
      .explain(query.filter, { ...query.options, operation: query.operation });
    if (plan.fullScan) scans.push(`${query.collection}.${query.operation}(${JSON.stringify(query.filter)})`);
  }
  expect(seen.length).toBeGreaterThan(5);
  expect(scans).toEqual([]);
}, 120_000);
