import { SALE_STATES } from '@cubre/schemas/payments/lists';
import {
  FORCED_CHARGE_REASONS,
  RECURRENT_PAYMENT_STATES,
  SUBSCRIPTION_STATUSES,
} from '@cubre/schemas/subscriptions/lists';
import { ForcedChargeBody } from '@cubre/schemas/subscriptions/commands';
import { SaleStartedData } from '@cubre/schemas/payments/sales';
import { RecurrentPaymentProcessedData } from '@cubre/schemas/subscriptions/events';
import {
  recurrentPaymentDecider,
  type RecurrentPaymentCommand,
  type RecurrentPaymentDomainEvent,
  type RecurrentPaymentState,
} from '@cubre/services/subscriptions/recurrentPaymentDecider';
import {
  subscriptionDecider,
  type SubscriptionCommand,
  type SubscriptionDomainEvent,
  type SubscriptionState,
} from '@cubre/services/subscriptions/subscriptionDecider';
import {
  DEFAULT_RETRY_SCHEDULE,
  declineKindOf,
  nextAttemptOn,
} from '@cubre/services/subscriptions/retryPolicy';

const SUB = '6f1c3a8e-8a47-4c39-9d1b-1d0c2f3e4a5b';
const SALE = '0b8f9e7a-2c1d-4e5f-8a9b-0c1d2e3f4a5b';

function run<S, C, E extends { type: string }>(
  decider: { initialState(): S; evolve(s: S, e: E): S; decide(c: C, s: S): E[] },
  commands: C[],
) {
  let state = decider.initialState();
  const events: E[] = [];
  for (const command of commands) {
    const decided = decider.decide(command, state);
    events.push(...decided);
    state = decided.reduce(decider.evolve, state);
  }
  return { state, events };
}

const created: SubscriptionCommand = {
  type: 'CreateSubscription',
  data: {
    subscriptionId: SUB,
    saleId: SALE,
    firstPaymentId: '1b8f9e7a-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
    country: 'CL',
    locale: 'es',
    product: { code: 'VIDA-L', name: 'Vida', organization: { code: 'ORG', name: 'Org' } },
    buyer: { nombre: 'Camila', email: 'c@example.com' },
    amount: { amount: 10000, currency: 'CLP' },
    method: 'tdc',
    provider: 'kushki_ad',
    gateway: 'sandbox',
    gatewaySubscriptionId: 'sub_1',
    operationDay: 25,
    startedOn: '2027-03-10',
    firstPeriod: '2027-03',
    nextOperationDate: '2027-04-01',
  },
};
const declined = (attempt: number, nextAttempt: string | null): SubscriptionCommand => ({
  type: 'RecordChargeDeclined',
  period: '2027-04',
  recurrentPaymentId: '2b8f9e7a-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
  attempt,
  kind: 'soft',
  providerCode: '021',
  catalogueCode: 'insufficient_funds',
  forcedReason: null,
  nextAttemptOn: nextAttempt,
});
const charged = (period: string, dueOn: string, attempt = 1): SubscriptionCommand => ({
  type: 'RecordPeriodCharged',
  period,
  dueOn,
  recurrentPaymentId: '2b8f9e7a-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
  attempt,
  chargeId: 'ch',
  amount: { amount: 10000, currency: 'CLP' },
  forcedReason: null,
});

const subscriptionRun = (commands: SubscriptionCommand[]) =>
  run<SubscriptionState, SubscriptionCommand, SubscriptionDomainEvent>(subscriptionDecider, commands);

test('002-4.02 subscription statuses are SUCCESS, DECLINED and PENDING; 002-4.03 recurrent payment states scheduled, processed, recycling, cancelled', () => {
  expect(SUBSCRIPTION_STATUSES).toEqual(['SUCCESS', 'DECLINED', 'PENDING']);
  expect(RECURRENT_PAYMENT_STATES).toEqual(['scheduled', 'processed', 'recycling', 'cancelled']);
  const paid = subscriptionRun([created]);
  expect(paid.state).toMatchObject({ chargeStatus: 'SUCCESS', lifecycle: 'active' });
  const refused = subscriptionRun([created, declined(1, '2027-04-02')]);
  expect(refused.state).toMatchObject({ chargeStatus: 'DECLINED', overdueCount: 0 });
});

test('overdue count: 0 on the first decline since paid, one more per declined attempt, null once paid', () => {
  const { state, events } = subscriptionRun([
    created,
    declined(1, '2027-04-02'),
    declined(1, '2027-04-02'), // the same answer again records nothing
    declined(2, '2027-04-03'),
    declined(3, '2027-04-04'),
    charged('2027-04', '2027-04-01', 4),
  ]);
  expect(
    events
      .filter((event) => event.type === 'SubscriptionChargeDeclined')
      .map((event) => event.data.overdueCount),
  ).toEqual([0, 1, 2]);
  const paid = events.find((event) => event.type === 'SubscriptionPeriodCharged');
  expect(paid?.data).toMatchObject({ overdueCountBefore: 2, nextOperationDate: '2027-05-01' });
  expect(state).toMatchObject({ chargeStatus: 'SUCCESS', overdueCount: null, overdue: null });
});

test('retries run out: the subscription is cancelled without payment', () => {
  const { state, events: all } = subscriptionRun([created, declined(1, null)]);
  const events = all.slice(1);
  expect(events.map((event) => event.type)).toEqual(['SubscriptionChargeDeclined', 'SubscriptionCancelled']);
  expect(events[1]!.data).toMatchObject({ outcome: 'without_payment', cause: 'retries_exhausted' });
  expect(state).toMatchObject({ lifecycle: 'cancelled' });
});

test('002-3.30 ended at the provider: once, by what was paid (up to date: success payment with its last period; a period unpaid: without payment), even while a final payment was pending', () => {
  const ended: SubscriptionCommand = {
    type: 'CancelSubscription',
    withFinalPayment: false,
    reason: 'cancelada en mercadopago',
    cause: 'provider_cancelled',
  };
  const paidUp = subscriptionRun([created, charged('2027-04', '2027-04-01'), ended, ended]);
  expect(paidUp.events.slice(2)).toEqual([
    {
      type: 'SubscriptionCancelled',
      data: {
        subscriptionId: SUB,
        saleId: SALE,
        outcome: 'success_payment',
        cause: 'provider_cancelled',
        finalPeriod: '2027-04',
        reason: 'cancelada en mercadopago',
      },
    },
  ]);
  expect(paidUp.state).toMatchObject({ lifecycle: 'cancelled', nextOperationDate: null });
  const unpaid = subscriptionRun([created, declined(1, '2027-04-02'), ended]);
  expect(unpaid.events[2]?.data).toMatchObject({ outcome: 'without_payment', finalPeriod: null });
  const finalPending = subscriptionRun([
    created,
    { type: 'CancelSubscription', withFinalPayment: true, reason: 'último mes' },
    ended,
  ]);
  expect(finalPending.events.map((event) => event.type)).toEqual([
    'SubscriptionCreated',
    'SubscriptionFinalPaymentScheduled',
    'SubscriptionCancelled',
  ]);
  // Staff's cancellation of an ended subscription is still refused (409), as before.
  expect(() =>
    subscriptionRun([created, ended, { type: 'CancelSubscription', withFinalPayment: false, reason: 'x' }]),
  ).toThrow('la suscripción ya está cancelada');
});

test('cancellation: requested, then with a final payment ends after that payment (SUBS_CANCELLED_SUCCESS_PAYMENT)', () => {
  const { state, events: all } = subscriptionRun([
    created,
    { type: 'RequestCancellation', reason: 'el cliente lo pidió' },
    { type: 'CancelSubscription', withFinalPayment: true, reason: 'último mes' },
    charged('2027-04', '2027-04-01'),
  ]);
  const events = all.slice(1);
  expect(events.map((event) => event.type)).toEqual([
    'SubscriptionCancellationRequested',
    'SubscriptionFinalPaymentScheduled',
    'SubscriptionPeriodCharged',
    'SubscriptionCancelled',
  ]);
  expect(events[1]!.data).toMatchObject({ finalPeriod: '2027-04' });
  expect(events[2]!.data).toMatchObject({ nextOperationDate: null });
  expect(events[3]!.data).toMatchObject({ outcome: 'success_payment' });
  expect(state).toMatchObject({ lifecycle: 'cancelled' });
  expect(() => subscriptionDecider.decide({ type: 'RequestCancellation', reason: 'x' }, state)).toThrow(
    'ya está cancelada',
  );
});

const rpRun = (commands: RecurrentPaymentCommand[]) =>
  run<RecurrentPaymentState, RecurrentPaymentCommand, RecurrentPaymentDomainEvent>(
    recurrentPaymentDecider,
    commands,
  );
const start = (today: string, forced = false): RecurrentPaymentCommand => ({
  type: 'StartAttempt',
  schedule: {
    subscriptionId: SUB,
    saleId: SALE,
    period: '2027-04',
    dueOn: '2027-04-01',
    amount: { amount: 10000, currency: 'CLP' },
  },
  today,
  forcedReason: forced ? 'no_card_balance' : null,
  key: forced ? 'forced-key-1' : undefined,
});

/** The first attempt declined for insufficient funds (soft), retried the next day. */
const firstDeclined: RecurrentPaymentCommand = {
  type: 'RecordAttemptOutcome',
  attempt: 1,
  outcome: 'declined',
  kind: 'soft',
  providerCode: '021',
  catalogueCode: 'insufficient_funds',
  nextAttemptOn: '2027-04-02',
};

test('002-4.03 a recurrent payment: scheduled with its first attempt, recycling when declined, retried from its date, processed once', () => {
  const first = rpRun([start('2027-04-01'), start('2027-04-01')]);
  expect(first.events.map((event) => event.type)).toEqual([
    'RecurrentPaymentScheduled',
    'RecurrentPaymentAttemptStarted',
  ]);
  expect(first.state).toMatchObject({ state: 'scheduled', open: { attempt: 1, key: `${SUB}:2027-04` } });
  const recycled = rpRun([
    start('2027-04-01'),
    firstDeclined,
    start('2027-04-01'), // before its retry date: nothing
    start('2027-04-02'),
    { type: 'RecordAttemptOutcome', attempt: 2, outcome: 'approved', chargeId: 'c', authorizationCode: null },
    { type: 'RecordAttemptOutcome', attempt: 2, outcome: 'approved', chargeId: 'c', authorizationCode: null },
  ]);
  expect(recycled.events.map((event) => event.type)).toEqual([
    'RecurrentPaymentScheduled',
    'RecurrentPaymentAttemptStarted',
    'RecurrentPaymentDeclined',
    'RecurrentPaymentAttemptStarted',
    'RecurrentPaymentProcessed',
  ]);
  expect(recycled.state).toMatchObject({ state: 'processed', attempts: 2 });
  expect(() => recurrentPaymentDecider.decide(start('2027-04-03'), recycled.state)).toThrow('ya está pagado');
});

test("002-9.01 a later period processed keeps the provider's fee on its event: 2 % and 0.38 % of the period's amount, rounded to the peso; a declined attempt keeps none", () => {
  const run = rpRun([
    start('2027-04-01'),
    firstDeclined,
    start('2027-04-02'),
    { type: 'RecordAttemptOutcome', attempt: 2, outcome: 'approved', chargeId: 'c', authorizationCode: null },
  ]);
  const declined = run.events.find((event) => event.type === 'RecurrentPaymentDeclined')!;
  expect(declined.data).not.toHaveProperty('fee');
  const processed = run.events.find((event) => event.type === 'RecurrentPaymentProcessed')!;
  // 10,000 pesos: 200 to the provider, 38 of tax on it.
  expect(processed.data).toMatchObject({
    fee: { fee: { amount: 200, currency: 'CLP' }, taxOnFee: { amount: 38, currency: 'CLP' } },
  });
  expect(RecurrentPaymentProcessedData.parse(processed.data)).toEqual(processed.data);
});

test('002-3.24 forced-charge reasons are retry of failed charges, product price error and no card balance', () => {
  expect(FORCED_CHARGE_REASONS).toEqual(['retry_failed_charges', 'product_price_error', 'no_card_balance']);
  expect(ForcedChargeBody.safeParse({ reason: 'no_card_balance' }).success).toBe(true);
  expect(ForcedChargeBody.safeParse({ reason: 'because' }).success).toBe(false);
  // A forced charge does not wait for the retry date, and its own key is one attempt however often sent.
  const forced = rpRun([
    start('2027-04-01'),
    { ...firstDeclined, nextAttemptOn: '2027-04-05' },
    start('2027-04-01', true),
    start('2027-04-01', true),
  ]);
  expect(forced.state).toMatchObject({
    attempts: 2,
    open: { key: 'forced-key-1', forcedReason: 'no_card_balance' },
  });
});

test("002-3.30 sale states are the seed's eight, and a sale stored before subscriptions parses as one-time", () => {
  expect(SALE_STATES).toEqual([
    'OK',
    'FAIL',
    'PENDING',
    'SUBS_CANCELLED_SUCCESS_PAYMENT',
    'SUBS_CANCELLED_WITHOUT_PAYMENT',
    'PENDING_CANCELLATION',
    'OVERDUE',
    'CANCELLATION_REQUEST',
  ]);
  const old = {
    saleId: SALE,
    session: SUB,
    country: 'CL',
    product: { code: 'VIDA-L', name: 'Vida', organization: { code: 'ORG', name: 'Org' } },
    buyer: { nombre: 'C', rut: '1-9', email: 'c@example.com', telefono: '1' },
    profile: null,
    amount: { amount: 10000, currency: 'CLP' },
    uf: null,
    paymentMethod: 'tdc',
    provider: 'kushki_ad',
  };
  // (The quote, the catalogue's own shape, is left out: billing is what is new.)
  expect(SaleStartedData.omit({ quote: true }).parse(old).billing).toBe('one_time');
  expect(
    SaleStartedData.omit({ quote: true }).parse({ ...old, billing: 'monthly_subscription' }).billing,
  ).toBe('monthly_subscription');
  expect(SaleStartedData.omit({ quote: true }).safeParse({ ...old, billing: 'weekly' }).success).toBe(false);
});

test('declines: soft ones (insufficient funds, processor unavailable) are retried often, hard ones (blocked, stolen, invalid card) rarely', () => {
  expect(declineKindOf('insufficient_funds')).toBe('soft');
  expect(declineKindOf('processor_unreachable')).toBe('soft');
  expect(declineKindOf('blocked_card')).toBe('hard');
  expect(declineKindOf('invalid_card')).toBe('hard');
  expect(nextAttemptOn(DEFAULT_RETRY_SCHEDULE, 'soft', '2027-04-01', '2027-04-01')).toBe('2027-04-02');
  expect(nextAttemptOn(DEFAULT_RETRY_SCHEDULE, 'hard', '2027-04-01', '2027-04-01')).toBe('2027-04-06');
  expect(nextAttemptOn(DEFAULT_RETRY_SCHEDULE, 'soft', '2027-04-01', '2027-04-26')).toBeNull();
});
