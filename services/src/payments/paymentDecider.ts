import {
  PAYMENT_CATEGORY,
  PaymentApprovedData,
  PaymentDeclinedData,
  PaymentFailedData,
  PaymentRedirectStartedData,
  PaymentRefundedData,
  PaymentRequestedData,
  PaymentReversalRefusedData,
  PaymentReversalRequestedData,
  PaymentSubscriptionOpenedData,
  PaymentVoidedData,
  type ReversalKind,
} from '@cubre/schemas/payments/sales';
import { settledByStaff } from '@cubre/schemas/payments/bankTransfer';
import type { PaymentState as PaymentStateName } from '@cubre/schemas/payments/catalogues';
import { chargeFeeOf, type ChargeFee } from '@cubre/schemas/payments/fees';
import type { Money } from '@cubre/schemas/payments/money';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';

/** Stream of one payment: `payment-{paymentId}`. */
export const paymentStream = (paymentId: string) => `${PAYMENT_CATEGORY}-${paymentId}`;

export const PaymentDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PaymentRequested'), data: PaymentRequestedData }),
  z.object({ type: z.literal('PaymentSubscriptionOpened'), data: PaymentSubscriptionOpenedData }),
  z.object({ type: z.literal('PaymentRedirectStarted'), data: PaymentRedirectStartedData }),
  z.object({ type: z.literal('PaymentApproved'), data: PaymentApprovedData }),
  z.object({ type: z.literal('PaymentDeclined'), data: PaymentDeclinedData }),
  z.object({ type: z.literal('PaymentFailed'), data: PaymentFailedData }),
  z.object({ type: z.literal('PaymentReversalRequested'), data: PaymentReversalRequestedData }),
  z.object({ type: z.literal('PaymentVoided'), data: PaymentVoidedData }),
  z.object({ type: z.literal('PaymentRefunded'), data: PaymentRefundedData }),
  z.object({ type: z.literal('PaymentReversalRefused'), data: PaymentReversalRefusedData }),
]);
export type PaymentDomainEvent = z.infer<typeof PaymentDomainEvent>;
type Requested = Extract<PaymentDomainEvent, { type: 'PaymentRequested' }>['data'];

export type RequestPayment = { type: 'RequestPayment'; data: Requested };
export type RecordChargeOutcome =
  | {
      type: 'RecordChargeOutcome';
      outcome: 'approved';
      chargeId: string;
      authorizationCode: string | null;
      /** Staff recorded it by hand, from the provider's console (why). */
      staffReason?: string;
    }
  | {
      type: 'RecordChargeOutcome';
      outcome: 'declined';
      providerCode: string;
      catalogueCode: string;
      chargeId: string | null;
    }
  | {
      type: 'RecordChargeOutcome';
      outcome: 'failed';
      kind: string;
      catalogueCode: string;
      staffReason?: string;
    };
export type RequestReversal = {
  type: 'RequestReversal';
  reversalId: string;
  kind: ReversalKind;
  reason: string;
  /** Whether today (Chile) is the day the payment was approved: a void is possible only then. */
  onApprovalDay: boolean;
};
export type RecordReversalOutcome =
  | {
      type: 'RecordReversalOutcome';
      reversalId: string;
      outcome: 'approved';
      providerReversalId: string | null;
    }
  | {
      type: 'RecordReversalOutcome';
      reversalId: string;
      outcome: 'refused';
      providerCode: string | null;
      catalogueCode: string;
    };
/** A monthly sale's payment: the provider's subscription made for it, before its first charge. */
export type RecordSubscriptionOpened = { type: 'RecordSubscriptionOpened'; gatewaySubscriptionId: string };
/** A redirect payment (Webpay Plus): the provider's transaction made for it, before the buyer goes there. */
export type RecordRedirectStarted = { type: 'RecordRedirectStarted'; gatewayToken: string; url: string };
export type PaymentCommand =
  | RequestPayment
  | RecordSubscriptionOpened
  | RecordRedirectStarted
  | RecordChargeOutcome
  | RequestReversal
  | RecordReversalOutcome;

/** The last void or refund asked of the provider, and whether it was answered. */
export type Reversal = { reversalId: string; kind: ReversalKind; answered: boolean };

export type PaymentState =
  | { status: 'Empty' }
  | {
      status: 'Requested';
      payment: Requested;
      state: PaymentStateName;
      catalogueCode: string | null;
      /** The provider's id of the approved charge: what a void or refund names. */
      chargeId: string | null;
      reversal: Reversal | null;
      /** A monthly sale's payment: the provider's subscription it opened (null for a one-time payment). */
      gatewaySubscriptionId: string | null;
      /** A redirect payment's transaction (Webpay Plus: its token and form), or null. */
      redirect: { gatewayToken: string; url: string } | null;
    };

/** 002 §8: the same idempotency key with another request. */
export const REUSED_KEY_CODE = '4292';

/**
 * One try to pay a sale (seed 002 §3's Payment states, issue 14). It is requested (PENDING) before the
 * provider is asked, so a process killed between the provider's approval and our record leaves a PENDING
 * payment that reconciliation settles, never a charge we do not know of. The provider's answer settles it
 * once: OK, DECLINED (the provider refused: the catalogue code says why) or FAIL (the provider could not be
 * asked and surely did not charge). The same key with another request (another token, amount) is refused
 * with 4292. Staff may then void it (the day it was approved) or refund it, once (`decideReversal`).
 */
export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentDomainEvent> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(state, event) {
    switch (event.type) {
      case 'PaymentRequested':
        return {
          status: 'Requested',
          payment: event.data,
          state: 'PENDING',
          catalogueCode: null,
          chargeId: null,
          reversal: null,
          gatewaySubscriptionId: null,
          redirect: null,
        };
      case 'PaymentSubscriptionOpened':
        return state.status === 'Requested'
          ? { ...state, gatewaySubscriptionId: event.data.gatewaySubscriptionId }
          : state;
      case 'PaymentRedirectStarted':
        return state.status === 'Requested'
          ? { ...state, redirect: { gatewayToken: event.data.gatewayToken, url: event.data.url } }
          : state;
      case 'PaymentApproved':
        return state.status === 'Requested'
          ? { ...state, state: 'OK', chargeId: event.data.chargeId }
          : state;
      case 'PaymentDeclined':
        return state.status === 'Requested'
          ? { ...state, state: 'DECLINED', catalogueCode: event.data.catalogueCode }
          : state;
      case 'PaymentFailed':
        return state.status === 'Requested'
          ? { ...state, state: 'FAIL', catalogueCode: event.data.catalogueCode }
          : state;
      case 'PaymentReversalRequested':
        if (state.status !== 'Requested') return state;
        return {
          ...state,
          // 002-3.31: a refund asked and not yet answered is REQUEST_REFUND; a void stays OK until done.
          state: event.data.kind === 'refund' ? 'REQUEST_REFUND' : state.state,
          reversal: { reversalId: event.data.reversalId, kind: event.data.kind, answered: false },
        };
      case 'PaymentVoided':
      case 'PaymentRefunded':
      case 'PaymentReversalRefused':
        return state.status === 'Requested' && state.reversal
          ? {
              ...state,
              state:
                event.type === 'PaymentVoided' ? 'VOID' : event.type === 'PaymentRefunded' ? 'REFUND' : 'OK',
              reversal: { ...state.reversal, answered: true },
            }
          : state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestPayment':
        return decideRequest(command, state);
      case 'RecordSubscriptionOpened':
        if (state.status === 'Empty') {
          throw new CommandRejected('el pago no existe', 'not_found', 422, 'paymentId');
        }
        // Once: the same key answers the same subscription on a retried pay call.
        return state.gatewaySubscriptionId === null
          ? [
              {
                type: 'PaymentSubscriptionOpened',
                data: {
                  paymentId: state.payment.paymentId,
                  gatewaySubscriptionId: command.gatewaySubscriptionId,
                },
              },
            ]
          : [];
      case 'RecordRedirectStarted':
        if (state.status === 'Empty') {
          throw new CommandRejected('el pago no existe', 'not_found', 422, 'paymentId');
        }
        // Once, and only while the payment waits: the transaction kept is the one the buyer was sent to.
        return state.redirect === null && state.state === 'PENDING'
          ? [
              {
                type: 'PaymentRedirectStarted',
                data: {
                  paymentId: state.payment.paymentId,
                  gatewayToken: command.gatewayToken,
                  url: command.url,
                },
              },
            ]
          : [];
      case 'RecordChargeOutcome':
        return decideOutcome(command, state);
      case 'RequestReversal':
        return decideReversal(command, state);
      case 'RecordReversalOutcome':
        return decideReversalOutcome(command, state);
    }
  },
};

/**
 * A void or refund of a paid payment, one at a time: the same reversal again (a retry with its key) records
 * nothing and the caller asks the provider again under the same key; another while one is unanswered is
 * refused, and so is any on a payment not OK (never paid, or already voided or refunded).
 */
function decideReversal(command: RequestReversal, state: PaymentState): PaymentDomainEvent[] {
  if (state.status === 'Empty') throw new CommandRejected('el pago no existe', 'not_found', 422, 'paymentId');
  // The same reversal again (its key retried), answered or not: nothing new to record.
  if (state.reversal?.reversalId === command.reversalId) return [];
  if (state.reversal && !state.reversal.answered) {
    throw new CommandRejected(
      'el pago ya tiene una anulación o devolución en curso',
      'reversal_in_progress',
      409,
      'paymentId',
    );
  }
  if (state.state === 'VOID' || state.state === 'REFUND') {
    throw new CommandRejected('el pago ya fue anulado o devuelto', 'payment_reversed', 409, 'paymentId');
  }
  if (state.state !== 'OK' || state.chargeId === null) {
    throw new CommandRejected(
      'solo un pago aprobado se anula o devuelve',
      'payment_not_paid',
      409,
      'paymentId',
    );
  }
  if (command.kind === 'void' && !command.onApprovalDay) {
    throw new CommandRejected(
      'un pago se anula solo el día en que se aprobó; después, se devuelve',
      'void_window',
      409,
      'paymentId',
    );
  }
  return [
    {
      type: 'PaymentReversalRequested',
      data: {
        paymentId: state.payment.paymentId,
        reversalId: command.reversalId,
        kind: command.kind,
        amount: state.payment.amount,
        reason: command.reason,
      },
    },
  ];
}

function decideReversalOutcome(command: RecordReversalOutcome, state: PaymentState): PaymentDomainEvent[] {
  // Answered once: an answer for a reversal no longer pending (a retry's, a late one) changes nothing.
  if (
    state.status === 'Empty' ||
    state.reversal?.reversalId !== command.reversalId ||
    state.reversal.answered
  ) {
    return [];
  }
  const { paymentId, amount } = state.payment;
  const { reversalId, kind } = state.reversal;
  if (command.outcome === 'refused') {
    return [
      {
        type: 'PaymentReversalRefused',
        data: {
          paymentId,
          reversalId,
          kind,
          providerCode: command.providerCode,
          catalogueCode: command.catalogueCode,
        },
      },
    ];
  }
  const done = { paymentId, reversalId, providerReversalId: command.providerReversalId };
  return kind === 'void'
    ? [{ type: 'PaymentVoided', data: done }]
    : [{ type: 'PaymentRefunded', data: { ...done, amount } }];
}

function decideRequest(command: RequestPayment, state: PaymentState): PaymentDomainEvent[] {
  if (state.status === 'Empty') return [{ type: 'PaymentRequested', data: command.data }];
  // The same request: same hash, sale, way to pay and gateway (a card token that happens to read like a
  // transfer's marker is not the transfer).
  if (
    state.payment.requestHash === command.data.requestHash &&
    state.payment.saleId === command.data.saleId &&
    state.payment.method === command.data.method &&
    state.payment.gateway === command.data.gateway
  ) {
    return [];
  }
  throw new CommandRejected(
    'la clave de idempotencia ya se usó con otra solicitud de pago',
    REUSED_KEY_CODE,
    422,
    'Idempotency-Key',
  );
}

function decideOutcome(command: RecordChargeOutcome, state: PaymentState): PaymentDomainEvent[] {
  if (state.status === 'Empty') throw new CommandRejected('el pago no existe', 'not_found', 422, 'paymentId');
  // Settled once: a second answer (a retry's, a webhook's) changes nothing.
  if (state.state !== 'PENDING') return [];
  const { paymentId } = state.payment;
  switch (command.outcome) {
    case 'approved':
      return [
        {
          type: 'PaymentApproved',
          data: {
            paymentId,
            chargeId: command.chargeId,
            authorizationCode: command.authorizationCode,
            ...(command.staffReason ? { staffReason: command.staffReason } : {}),
            ...feeOf(state.payment),
          },
        },
      ];
    case 'declined':
      return [
        {
          type: 'PaymentDeclined',
          data: {
            paymentId,
            providerCode: command.providerCode,
            catalogueCode: command.catalogueCode,
            chargeId: command.chargeId,
          },
        },
      ];
    case 'failed':
      return [
        {
          type: 'PaymentFailed',
          data: {
            paymentId,
            kind: command.kind,
            catalogueCode: command.catalogueCode,
            ...(command.staffReason ? { staffReason: command.staffReason } : {}),
          },
        },
      ];
  }
}

/**
 * 002-9.01: what the provider keeps of the charge, kept on its approval (the rates of that day). A bank
 * transfer or an executive's payment goes to the marketplace's own account: no provider, no fee.
 */
function feeOf(payment: { amount: Money; gateway: string }): { fee?: ChargeFee } {
  if (settledByStaff(payment.gateway)) return {};
  return { fee: chargeFeeOf(payment.amount) };
}
