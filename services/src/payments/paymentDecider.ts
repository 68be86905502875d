import {
  PAYMENT_CATEGORY,
  PaymentApprovedData,
  PaymentDeclinedData,
  PaymentFailedData,
  PaymentRequestedData,
} from '@cubre/schemas/payments/sales';
import type { PaymentState as PaymentStateName } from '@cubre/schemas/payments/catalogues';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';

/** Stream of one payment: `payment-{paymentId}`. */
export const paymentStream = (paymentId: string) => `${PAYMENT_CATEGORY}-${paymentId}`;

export const PaymentDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PaymentRequested'), data: PaymentRequestedData }),
  z.object({ type: z.literal('PaymentApproved'), data: PaymentApprovedData }),
  z.object({ type: z.literal('PaymentDeclined'), data: PaymentDeclinedData }),
  z.object({ type: z.literal('PaymentFailed'), data: PaymentFailedData }),
]);
export type PaymentDomainEvent = z.infer<typeof PaymentDomainEvent>;
type Requested = Extract<PaymentDomainEvent, { type: 'PaymentRequested' }>['data'];

export type RequestPayment = { type: 'RequestPayment'; data: Requested };
export type RecordChargeOutcome =
  | { type: 'RecordChargeOutcome'; outcome: 'approved'; chargeId: string; authorizationCode: string | null }
  | {
      type: 'RecordChargeOutcome';
      outcome: 'declined';
      providerCode: string;
      catalogueCode: string;
      chargeId: string | null;
    }
  | { type: 'RecordChargeOutcome'; outcome: 'failed'; kind: string; catalogueCode: string };
export type PaymentCommand = RequestPayment | RecordChargeOutcome;

export type PaymentState =
  | { status: 'Empty' }
  | { status: 'Requested'; payment: Requested; state: PaymentStateName; catalogueCode: string | null };

/** 002 §8: the same idempotency key with another request. */
export const REUSED_KEY_CODE = '4292';

/**
 * One try to pay a sale (seed 002 §3's Payment states, issue 14). It is requested (PENDING) before the
 * provider is asked, so a process killed between the provider's approval and our record leaves a PENDING
 * payment that reconciliation settles, never a charge we do not know of. The provider's answer settles it
 * once: OK, DECLINED (the provider refused: the catalogue code says why) or FAIL (the provider could not be
 * asked and surely did not charge). The same key with another request (another token, amount) is refused
 * with 4292. Refunds and voids come with the console's commands.
 */
export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentDomainEvent> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(state, event) {
    switch (event.type) {
      case 'PaymentRequested':
        return { status: 'Requested', payment: event.data, state: 'PENDING', catalogueCode: null };
      case 'PaymentApproved':
        return state.status === 'Requested' ? { ...state, state: 'OK' } : state;
      case 'PaymentDeclined':
        return state.status === 'Requested'
          ? { ...state, state: 'DECLINED', catalogueCode: event.data.catalogueCode }
          : state;
      case 'PaymentFailed':
        return state.status === 'Requested'
          ? { ...state, state: 'FAIL', catalogueCode: event.data.catalogueCode }
          : state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestPayment':
        return decideRequest(command, state);
      case 'RecordChargeOutcome':
        return decideOutcome(command, state);
    }
  },
};

function decideRequest(command: RequestPayment, state: PaymentState): PaymentDomainEvent[] {
  if (state.status === 'Empty') return [{ type: 'PaymentRequested', data: command.data }];
  if (
    state.payment.requestHash === command.data.requestHash &&
    state.payment.saleId === command.data.saleId
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
          data: { paymentId, chargeId: command.chargeId, authorizationCode: command.authorizationCode },
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
          data: { paymentId, kind: command.kind, catalogueCode: command.catalogueCode },
        },
      ];
  }
}
