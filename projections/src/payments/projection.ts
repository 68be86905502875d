import { categoryOf } from '@cubre/schemas/events';
import { companyPolicyIdOf } from '@cubre/schemas/payments/companyPurchase';
import type { SaleCollaborator, SaleCompany } from '@cubre/schemas/payments/companySale';
import type { PaymentMethod, PaymentState, SaleState } from '@cubre/schemas/payments/catalogues';
import type { Money } from '@cubre/schemas/payments/money';
import { settledByStaff, transferReferenceOf } from '@cubre/schemas/payments/bankTransfer';
import {
  PAYMENT_CATEGORY,
  SALE_CATEGORY,
  type HealthAnswers,
  type SaleDependant,
} from '@cubre/schemas/payments/sales';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';

export const PAYMENTS_PROJECTION = 'payments';
export const SALES_COLLECTION = 'sales';
export const PAYMENTS_COLLECTION = 'payments';

/** One sale as the console lists it and the buyer's page reads it (the page never sees `buyer`). */
export type SaleDocument = {
  [key: string]: unknown;
  _id: string;
  state: SaleState;
  /** The purchase session (lower case): what the session's lead names, so a lead finds its sale. */
  session?: string;
  country: string;
  productCode: string;
  productName: string;
  organizationCode: string;
  organizationName: string;
  buyer: { nombre: string; rut: string; email: string; telefono: string };
  /** A family's dependants (issue 14); absent on sales projected before families were sold. */
  dependants?: SaleDependant[];
  /** The health declaration per insured person, holder first; null or absent where not asked. */
  health?: HealthAnswers[] | null;
  /** A company's purchase: the company, its collaborators and the policy the payment opens (else null). */
  company?: (SaleCompany & { policyId: string }) | null;
  collaborators?: SaleCollaborator[];
  amount: Money;
  /** The amount in the currency's minor unit alone: the console filters and sorts on it. */
  amountMinor: number;
  currency: string;
  formatted: string;
  paymentMethod: PaymentMethod;
  provider: string;
  /** Once or monthly (issue 15); absent on sales projected before subscriptions existed (one-time). */
  billing?: 'one_time' | 'monthly_subscription';
  lastPaymentId: string | null;
  createdAt: string;
  updatedAt: string;
  revision: number;
};

export type PaymentDocument = {
  [key: string]: unknown;
  _id: string;
  saleId: string;
  state: PaymentState;
  amount: Money;
  amountMinor: number;
  currency: string;
  method: PaymentMethod;
  provider: string;
  gateway: string;
  catalogueCode: string | null;
  chargeId: string | null;
  /** The last void or refund staff asked for, and how the provider answered it. */
  reversal: PaymentReversal | null;
  /** Why staff recorded the outcome by hand (a provider that cannot be asked); absent otherwise. */
  staffReason?: string | null;
  /** The instalments the charge is deferred in (002-4.13; 1: none); absent on older documents. */
  installments?: number;
  /** An approved charge's provider fee and the tax on it (002-9.01); absent otherwise. */
  fee?: Money;
  taxOnFee?: Money;
  /** Who settles it: its provider (reconciliation asks it), or staff (a bank transfer). */
  settledBy: 'provider' | 'staff';
  /** A bank transfer's reference, written by the buyer in the transfer (absent for other payments). */
  reference?: string;
  createdAt: string;
  updatedAt: string;
  revision: number;
};

export type PaymentReversal = {
  reversalId: string;
  kind: 'void' | 'refund';
  status: 'requested' | 'done' | 'refused';
  reason: string;
  /** The 002 §8 code of a refusal. */
  catalogueCode: string | null;
  requestedAt: string;
  answeredAt: string | null;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** What each event sets on its document; the writer validated every payload with zod before storing it. */
function saleFields(event: ProjectionEvent): Partial<SaleDocument> | null {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'SaleStarted': {
      const product = data.product as {
        code: string;
        name: string;
        organization: { code: string; name: string };
      };
      const amount = data.amount as Money;
      return {
        state: 'PENDING',
        session: str(data.session).toLowerCase(),
        country: str(data.country),
        productCode: product.code,
        productName: product.name,
        organizationCode: product.organization.code,
        organizationName: product.organization.name,
        buyer: buyerOf(data.buyer),
        dependants: (data.dependants as SaleDependant[] | undefined) ?? [],
        health: (data.health as HealthAnswers[] | null | undefined) ?? null,
        company: data.company
          ? { ...(data.company as SaleCompany), policyId: companyPolicyIdOf(str(data.saleId)) }
          : null,
        collaborators: (data.collaborators as SaleCollaborator[] | undefined) ?? [],
        amount,
        amountMinor: amount.amount,
        currency: amount.currency,
        formatted: str((data.quote as { formatted?: unknown }).formatted),
        paymentMethod: data.paymentMethod as PaymentMethod,
        provider: str(data.provider),
        billing: data.billing === 'monthly_subscription' ? 'monthly_subscription' : 'one_time',
        lastPaymentId: null,
        createdAt: event.occurredAt,
      };
    }
    case 'SalePaymentStarted':
      // The sale is paid the way its last payment tries (a card's tdd, a transfer).
      return {
        state: 'PENDING',
        lastPaymentId: str(data.paymentId),
        ...(typeof data.method === 'string' ? { paymentMethod: data.method as PaymentMethod } : {}),
      };
    case 'SaleCompleted':
      return { state: 'OK' };
    case 'SaleFailed':
      return { state: 'FAIL' };
    // A subscription sale's states (002-3.30, issue 15).
    case 'SaleOverdue':
      return { state: 'OVERDUE' };
    case 'SaleOverdueSettled':
      return { state: 'OK' };
    case 'SaleCancellationRequested':
      return { state: 'CANCELLATION_REQUEST' };
    case 'SalePendingCancellation':
      return { state: 'PENDING_CANCELLATION' };
    case 'SaleSubscriptionCancelled':
      return {
        state:
          data.outcome === 'success_payment'
            ? 'SUBS_CANCELLED_SUCCESS_PAYMENT'
            : 'SUBS_CANCELLED_WITHOUT_PAYMENT',
      };
    default:
      return null;
  }
}

function paymentFields(event: ProjectionEvent): Partial<PaymentDocument> | null {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'PaymentRequested': {
      const amount = data.amount as Money;
      return {
        saleId: str(data.saleId),
        state: 'PENDING',
        amount,
        amountMinor: amount.amount,
        currency: amount.currency,
        method: data.method as PaymentMethod,
        provider: str(data.provider),
        gateway: str(data.gateway),
        // A bank transfer is settled by staff from the bank's statement, never asked of a provider: the
        // reconciliation's query leaves it out, and the buyer writes its reference in the transfer.
        settledBy: settledByStaff(data.gateway) ? 'staff' : 'provider',
        installments: typeof data.installments === 'number' ? data.installments : 1,
        ...(settledByStaff(data.gateway) ? { reference: transferReferenceOf(str(data.paymentId)) } : {}),
        catalogueCode: null,
        chargeId: null,
        reversal: null,
        createdAt: event.occurredAt,
      };
    }
    case 'PaymentApproved':
      return { state: 'OK', chargeId: str(data.chargeId), ...staffReasonOf(data), ...feeFieldsOf(data) };
    case 'PaymentDeclined':
      return {
        state: 'DECLINED',
        catalogueCode: str(data.catalogueCode),
        chargeId: typeof data.chargeId === 'string' ? data.chargeId : null,
      };
    case 'PaymentFailed':
      return { state: 'FAIL', catalogueCode: str(data.catalogueCode), ...staffReasonOf(data) };
    case 'PaymentReversalRequested': {
      const kind = data.kind as PaymentReversal['kind'];
      return {
        ...(kind === 'refund' ? { state: 'REQUEST_REFUND' as const } : {}),
        reversal: {
          reversalId: str(data.reversalId),
          kind,
          status: 'requested',
          reason: str(data.reason),
          catalogueCode: null,
          requestedAt: event.occurredAt,
          answeredAt: null,
        },
      };
    }
    default:
      return null;
  }
}

/** An outcome staff recorded by hand keeps their reason (`PaymentApproved`/`PaymentFailed.staffReason`). */
/** 002-9.01: what the provider kept of an approved charge (absent for a transfer and older events). */
const feeFieldsOf = (data: Record<string, unknown>) => {
  const fee = data.fee as { fee: Money; taxOnFee: Money } | undefined;
  return fee ? { fee: fee.fee, taxOnFee: fee.taxOnFee } : {};
};

/** The buyer with the e-mail in lower case (sales started before it was stored so are found by it too). */
export const buyerOf = (buyer: unknown): SaleDocument['buyer'] => {
  const { email, ...rest } = buyer as SaleDocument['buyer'];
  return { ...rest, email: email.trim().toLowerCase() };
};

const staffReasonOf = (data: Record<string, unknown>) =>
  typeof data.staffReason === 'string' ? { staffReason: data.staffReason } : {};

/** The answers to a reversal: they complete the `reversal` the request set (see applyPayment). */
function reversalAnswerOf(
  event: ProjectionEvent,
): { state: PaymentState; status: 'done' | 'refused'; catalogueCode: string | null } | null {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'PaymentVoided':
      return { state: 'VOID', status: 'done', catalogueCode: null };
    case 'PaymentRefunded':
      return { state: 'REFUND', status: 'done', catalogueCode: null };
    case 'PaymentReversalRefused':
      return { state: 'OK', status: 'refused', catalogueCode: str(data.catalogueCode) };
    default:
      return null;
  }
}

const CREATES = new Set(['SaleStarted', 'PaymentRequested']);

/**
 * Sales and payments (issue 14) for the console's `sales` and `payments` resources and the buyer's purchase
 * page. Each document follows its own stream, guarded by the stream revision (a replay changes nothing).
 */
export const paymentsProjection: Projection = {
  name: PAYMENTS_PROJECTION,
  // 2: sales keep their session (a lead's sale), payments the reason of an outcome staff recorded.
  // 3: payments say who settles them (a bank transfer: staff), a transfer's reference and a charge's
  // instalments; a sale's method follows its last payment's; a buyer's e-mail in lower case.
  version: 3,
  categories: [SALE_CATEGORY, PAYMENT_CATEGORY],
  collections: [SALES_COLLECTION, PAYMENTS_COLLECTION],
  async setup(store) {
    // The console's filters and sorts (services/test/readStore/requestPaths.test.ts); lists end in _id.
    const sales = store.collection<SaleDocument>(SALES_COLLECTION);
    await sales.createIndex({ createdAt: -1, _id: -1 });
    for (const field of [
      'state',
      'paymentMethod',
      'provider',
      'country',
      'organizationCode',
      'productCode',
      'currency',
    ]) {
      await sales.createIndex({ [field]: 1, createdAt: -1, _id: -1 });
    }
    await sales.createIndex({ amountMinor: 1, _id: 1 });
    // Sorted by state (a tie group as large as the PENDING sales), or by when they last changed.
    await sales.createIndex({ state: 1, _id: 1 });
    await sales.createIndex({ updatedAt: -1, _id: -1 });
    await sales.createIndex({ 'buyer.email': 1 });
    await sales.createIndex({ 'buyer.rut': 1 });
    // A lead's sale (the console's lead page): the purchase session both carry.
    await sales.createIndex({ session: 1 });
    const payments = store.collection<PaymentDocument>(PAYMENTS_COLLECTION);
    await payments.createIndex({ createdAt: -1, _id: -1 });
    for (const field of ['state', 'method', 'provider', 'saleId', 'currency']) {
      await payments.createIndex({ [field]: 1, createdAt: -1, _id: -1 });
    }
    await payments.createIndex({ amountMinor: 1, _id: 1 });
    // Reconciliation: the PENDING payments a provider settles, oldest pay calls first left out by age.
    await payments.createIndex({ state: 1, settledBy: 1, createdAt: -1, _id: -1 });
    // Staff find the transfer a bank line names by its reference.
    await payments.createIndex({ reference: 1 });
    await payments.createIndex({ state: 1, _id: 1 });
    await payments.createIndex({ updatedAt: -1, _id: -1 });
  },
  async apply(event, store) {
    const category = categoryOf(event.streamId);
    const answer = category === PAYMENT_CATEGORY ? reversalAnswerOf(event) : null;
    const fields = answer
      ? {
          state: answer.state,
          'reversal.status': answer.status,
          'reversal.catalogueCode': answer.catalogueCode,
          'reversal.answeredAt': event.occurredAt,
        }
      : category === SALE_CATEGORY
        ? saleFields(event)
        : category === PAYMENT_CATEGORY
          ? paymentFields(event)
          : null;
    if (!fields) return;
    const collection = category === SALE_CATEGORY ? SALES_COLLECTION : PAYMENTS_COLLECTION;
    const id = event.streamId.slice(category.length + 1);
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
