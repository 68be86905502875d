import { categoryOf } from '@cubre/schemas/events';
import type { ChargeFee } from '@cubre/schemas/payments/fees';
import type { Money } from '@cubre/schemas/payments/money';
import type { RecurrentPaymentRecord, SubscriptionRecord } from '@cubre/schemas/subscriptions/records';
import { RECURRENT_PAYMENT_CATEGORY, SUBSCRIPTION_CATEGORY } from '@cubre/schemas/subscriptions/events';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';
import { buyerOf } from '../payments/projection';

export const SUBSCRIPTIONS_PROJECTION = 'subscriptions';
export const SUBSCRIPTIONS_COLLECTION = 'subscriptions';
export const RECURRENT_PAYMENTS_COLLECTION = 'recurrentPayments';

/** The console's records with the store's `_id` (schemas/src/subscriptions/records.ts). */
export type SubscriptionDocument = Omit<SubscriptionRecord, 'id'> & { _id: string; [key: string]: unknown };
export type RecurrentPaymentDocument = Omit<RecurrentPaymentRecord, 'id'> & {
  _id: string;
  [key: string]: unknown;
};

type Data = Record<string, unknown>;
const nullableString = (value: unknown) => (typeof value === 'string' ? value : null);

function subscriptionFields(event: ProjectionEvent): Partial<SubscriptionDocument> | null {
  const data = event.data as Data;
  switch (event.type) {
    case 'SubscriptionCreated': {
      const product = data.product as {
        code: string;
        name: string;
        organization: { code: string; name: string };
      };
      const amount = data.amount as Money;
      return {
        saleId: data.saleId as string,
        status: 'SUCCESS',
        lifecycle: 'active',
        country: data.country as string,
        productCode: product.code,
        productName: product.name,
        organizationCode: product.organization.code,
        organizationName: product.organization.name,
        // In lower case, as the sales' (a CLIENT's scope and the e-mail filter compare so).
        buyer: buyerOf(data.buyer),
        amount,
        amountMinor: amount.amount,
        currency: amount.currency,
        method: data.method as SubscriptionDocument['method'],
        provider: data.provider as string,
        gateway: data.gateway as string,
        operationDay: data.operationDay as number,
        periodicityMonths: (data.periodicityMonths as number | undefined) ?? 1,
        startedOn: data.startedOn as string,
        nextOperationDate: data.nextOperationDate as string,
        nextChargeOn: data.nextOperationDate as string,
        lastPaidPeriod: data.firstPeriod as string,
        overduePeriod: null,
        overdueCount: null,
        cancellationOutcome: null,
        createdAt: event.occurredAt,
      };
    }
    case 'SubscriptionPeriodCharged':
      return {
        status: 'SUCCESS',
        lastPaidPeriod: data.period as string,
        overduePeriod: null,
        overdueCount: null,
        nextOperationDate: nullableString(data.nextOperationDate),
        nextChargeOn: nullableString(data.nextOperationDate),
      };
    case 'SubscriptionChargeDeclined':
      return {
        status: 'DECLINED',
        overduePeriod: data.period as string,
        overdueCount: data.overdueCount as number,
        nextChargeOn: nullableString(data.nextAttemptOn),
      };
    case 'SubscriptionChargeDateChanged':
      // changeDate: the run finds it on its new day (the period and its due date stay).
      return { nextChargeOn: data.to as string };
    case 'SubscriptionCancellationRequested':
      return { lifecycle: 'cancellation_requested' };
    case 'SubscriptionFinalPaymentScheduled':
      return { lifecycle: 'pending_cancellation' };
    case 'SubscriptionCancelled':
      return {
        lifecycle: 'cancelled',
        nextOperationDate: null,
        nextChargeOn: null,
        cancellationOutcome: data.outcome as SubscriptionDocument['cancellationOutcome'],
      };
    default:
      return null;
  }
}

function recurrentPaymentFields(event: ProjectionEvent): Partial<RecurrentPaymentDocument> | null {
  const data = event.data as Data;
  switch (event.type) {
    case 'RecurrentPaymentScheduled': {
      const amount = data.amount as Money;
      return {
        subscriptionId: data.subscriptionId as string,
        saleId: data.saleId as string,
        period: data.period as string,
        state: 'scheduled',
        dueOn: data.dueOn as string,
        amount,
        amountMinor: amount.amount,
        currency: amount.currency,
        attempts: 0,
        lastDecline: null,
        nextAttemptOn: null,
        chargeId: null,
        forcedReason: null,
        createdAt: event.occurredAt,
      };
    }
    case 'RecurrentPaymentAttemptStarted':
      return {
        state: 'scheduled',
        attempts: data.attempt as number,
        forcedReason: (data.forcedReason as RecurrentPaymentDocument['forcedReason']) ?? null,
        nextAttemptOn: null,
      };
    case 'RecurrentPaymentProcessed': {
      const fee = data.fee as ChargeFee | undefined;
      return {
        state: 'processed',
        chargeId: data.chargeId as string,
        ...(fee ? { fee: fee.fee, taxOnFee: fee.taxOnFee } : {}),
      };
    }
    case 'RecurrentPaymentDeclined':
      return {
        state: 'recycling',
        lastDecline: {
          kind: data.kind as 'soft' | 'hard',
          providerCode: data.providerCode as string,
          catalogueCode: data.catalogueCode as string,
        },
        nextAttemptOn: nullableString(data.nextAttemptOn),
      };
    case 'RecurrentPaymentCancelled':
      return { state: 'cancelled', nextAttemptOn: null };
    default:
      return null;
  }
}

const CREATES = new Set(['SubscriptionCreated', 'RecurrentPaymentScheduled']);

/**
 * Subscriptions and their recurrent payments (issue 15) for the console's `subscriptions` resource and the
 * charge run, which finds what is due by `nextChargeOn` (an index, never a scan). Each document follows its
 * own stream, guarded by the stream's revision; a subscription reads PENDING while an attempt of one of its
 * payments is open (asked of the gateway, its answer not recorded yet: 002-4.02).
 */
export const subscriptionsProjection: Projection = {
  name: SUBSCRIPTIONS_PROJECTION,
  // 2: the buyer's e-mail in lower case.
  version: 2,
  categories: [SUBSCRIPTION_CATEGORY, RECURRENT_PAYMENT_CATEGORY],
  collections: [SUBSCRIPTIONS_COLLECTION, RECURRENT_PAYMENTS_COLLECTION],
  async setup(store) {
    const subscriptions = store.collection<SubscriptionDocument>(SUBSCRIPTIONS_COLLECTION);
    // The charge run: what is due by today, day by day, in id order.
    await subscriptions.createIndex({ nextChargeOn: 1, _id: 1 });
    await subscriptions.createIndex({ createdAt: -1, _id: -1 });
    for (const field of [
      'status',
      'lifecycle',
      'country',
      'organizationCode',
      'productCode',
      'currency',
      'method',
      'saleId',
      'overduePeriod',
    ]) {
      await subscriptions.createIndex({ [field]: 1, createdAt: -1, _id: -1 });
    }
    // The arrears page: by overdue count.
    await subscriptions.createIndex({ overdueCount: -1, _id: 1 });
    await subscriptions.createIndex({ amountMinor: 1, _id: 1 });
    await subscriptions.createIndex({ updatedAt: -1, _id: 1 });
    await subscriptions.createIndex({ 'buyer.email': 1 });
    const payments = store.collection<RecurrentPaymentDocument>(RECURRENT_PAYMENTS_COLLECTION);
    await payments.createIndex({ subscriptionId: 1, period: -1 });
    await payments.createIndex({ createdAt: -1, _id: -1 });
    await payments.createIndex({ state: 1, createdAt: -1, _id: -1 });
  },
  async apply(event, store) {
    const category = categoryOf(event.streamId);
    const id = event.streamId.slice(category.length + 1);
    if (category === RECURRENT_PAYMENT_CATEGORY && event.type === 'RecurrentPaymentAttemptStarted') {
      // The charge is being asked: its subscription reads PENDING until the answer is recorded.
      const data = event.data as Data;
      await store
        .collection(SUBSCRIPTIONS_COLLECTION)
        .guardedUpdate(
          data.subscriptionId as string,
          { lifecycle: { $ne: 'cancelled' } },
          { $set: { status: 'PENDING' } },
        );
    }
    const fields =
      category === SUBSCRIPTION_CATEGORY
        ? subscriptionFields(event)
        : category === RECURRENT_PAYMENT_CATEGORY
          ? recurrentPaymentFields(event)
          : null;
    if (!fields) return;
    const collection =
      category === SUBSCRIPTION_CATEGORY ? SUBSCRIPTIONS_COLLECTION : RECURRENT_PAYMENTS_COLLECTION;
    await store
      .collection(collection)
      .guardedUpdate(
        id,
        { revision: { $lt: event.revision } },
        { $set: { ...fields, updatedAt: event.occurredAt, revision: event.revision } },
        CREATES.has(event.type) ? { upsert: true } : {},
      );
  },
};
