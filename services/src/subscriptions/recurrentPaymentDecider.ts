import { derivedId } from '@cubre/platform/commands/eventIds';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import {
  RECURRENT_PAYMENT_CATEGORY,
  RecurrentPaymentAttemptStartedData,
  RecurrentPaymentCancelledData,
  RecurrentPaymentDeclinedData,
  RecurrentPaymentProcessedData,
  RecurrentPaymentScheduledData,
  type DeclineKind,
  type ForcedChargeReason,
  type RecurrentPaymentState as StateName,
} from '@cubre/schemas/subscriptions/events';
import { chargeFeeOf } from '@cubre/schemas/payments/fees';
import type { Money } from '@cubre/schemas/payments/money';
import { z } from 'zod';

/** One recurrent payment per subscription and period: a rerun or a second scheduler lands on this stream. */
export const recurrentPaymentIdOf = (subscriptionId: string, period: string) =>
  derivedId('recurrentPayment', `${subscriptionId}:${period}`);
export const recurrentPaymentStream = (id: string) => `${RECURRENT_PAYMENT_CATEGORY}-${id}`;

/** The gateway's key of an attempt: `{subscriptionId}:{period}` first, `…:{attempt}` for retries. */
export const attemptKeyOf = (subscriptionId: string, period: string, attempt: number) =>
  attempt === 1 ? `${subscriptionId}:${period}` : `${subscriptionId}:${period}:${attempt}`;

export const RecurrentPaymentDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('RecurrentPaymentScheduled'), data: RecurrentPaymentScheduledData }),
  z.object({ type: z.literal('RecurrentPaymentAttemptStarted'), data: RecurrentPaymentAttemptStartedData }),
  z.object({ type: z.literal('RecurrentPaymentProcessed'), data: RecurrentPaymentProcessedData }),
  z.object({ type: z.literal('RecurrentPaymentDeclined'), data: RecurrentPaymentDeclinedData }),
  z.object({ type: z.literal('RecurrentPaymentCancelled'), data: RecurrentPaymentCancelledData }),
]);
export type RecurrentPaymentDomainEvent = z.infer<typeof RecurrentPaymentDomainEvent>;
type Of<T extends RecurrentPaymentDomainEvent['type']> = Extract<
  RecurrentPaymentDomainEvent,
  { type: T }
>['data'];

export type OpenAttempt = { attempt: number; key: string; forcedReason: ForcedChargeReason | null };
export type RecurrentPaymentState =
  | { status: 'Empty' }
  | {
      status: 'Scheduled';
      payment: Of<'RecurrentPaymentScheduled'>;
      state: StateName;
      attempts: number;
      /** The attempt asked of the gateway whose answer is not recorded yet. */
      open: OpenAttempt | null;
      keys: string[];
      nextAttemptOn: string | null;
      /** The last attempt's answer, which the subscription records too (again after a stop: idempotent). */
      last: ({ attempt: number; forcedReason: ForcedChargeReason | null } & AttemptOutcome) | null;
    };

export type StartAttempt = {
  type: 'StartAttempt';
  schedule: { subscriptionId: string; saleId: string; period: string; dueOn: string; amount: Money };
  /** Today in Chile: a recycling payment is retried only from its next attempt date (forced: any day). */
  today: string;
  forcedReason: ForcedChargeReason | null;
  /** A forced charge's own key (from its Idempotency-Key); the run's attempts derive theirs. */
  key?: string;
};
export type AttemptOutcome =
  | { outcome: 'approved'; chargeId: string; authorizationCode: string | null }
  | {
      outcome: 'declined';
      kind: DeclineKind;
      providerCode: string;
      catalogueCode: string;
      nextAttemptOn: string | null;
    };
export type RecordAttemptOutcome = { type: 'RecordAttemptOutcome'; attempt: number } & AttemptOutcome;
export type CancelRecurrentPayment = { type: 'CancelRecurrentPayment' };
export type RecurrentPaymentCommand = StartAttempt | RecordAttemptOutcome | CancelRecurrentPayment;

/**
 * A period's payment (002-4.03): scheduled when its first attempt is written (before the gateway is asked),
 * processed when an attempt is approved, recycling when declined with a retry ahead, cancelled when the
 * retries ran out or the subscription ended. An attempt already open is not started again: the caller asks
 * the gateway again under the open attempt's key, and the provider answers without charging twice.
 */
export const recurrentPaymentDecider: Decider<
  RecurrentPaymentState,
  RecurrentPaymentCommand,
  RecurrentPaymentDomainEvent
> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(state, event) {
    if (event.type === 'RecurrentPaymentScheduled') {
      return {
        status: 'Scheduled',
        payment: event.data,
        state: 'scheduled',
        attempts: 0,
        open: null,
        keys: [],
        nextAttemptOn: null,
        last: null,
      };
    }
    if (state.status === 'Empty') return state;
    switch (event.type) {
      case 'RecurrentPaymentAttemptStarted':
        return {
          ...state,
          state: 'scheduled',
          attempts: event.data.attempt,
          open: {
            attempt: event.data.attempt,
            key: event.data.idempotencyKey,
            forcedReason: event.data.forcedReason,
          },
          keys: [...state.keys, event.data.idempotencyKey],
          nextAttemptOn: null,
        };
      case 'RecurrentPaymentProcessed': {
        const { attempt, chargeId, authorizationCode } = event.data;
        return {
          ...state,
          state: 'processed',
          open: null,
          nextAttemptOn: null,
          last: {
            attempt,
            forcedReason: state.open?.forcedReason ?? null,
            outcome: 'approved',
            chargeId,
            authorizationCode,
          },
        };
      }
      case 'RecurrentPaymentDeclined': {
        const { recurrentPaymentId: _id, ...declined } = event.data;
        return {
          ...state,
          state: 'recycling',
          open: null,
          nextAttemptOn: event.data.nextAttemptOn,
          last: { ...declined, forcedReason: state.open?.forcedReason ?? null, outcome: 'declined' },
        };
      }
      case 'RecurrentPaymentCancelled':
        return { ...state, state: 'cancelled', open: null, nextAttemptOn: null };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'StartAttempt':
        return decideStart(command, state);
      case 'RecordAttemptOutcome':
        return decideOutcome(command, state);
      case 'CancelRecurrentPayment':
        if (state.status === 'Empty' || state.state === 'processed' || state.state === 'cancelled') return [];
        return [
          {
            type: 'RecurrentPaymentCancelled',
            data: { recurrentPaymentId: state.payment.recurrentPaymentId, reason: 'subscription_cancelled' },
          },
        ];
    }
  },
};

function decideStart(command: StartAttempt, state: RecurrentPaymentState): RecurrentPaymentDomainEvent[] {
  const { subscriptionId, period } = command.schedule;
  const recurrentPaymentId = recurrentPaymentIdOf(subscriptionId, period);
  const started = (attempt: number): RecurrentPaymentDomainEvent => ({
    type: 'RecurrentPaymentAttemptStarted',
    data: {
      recurrentPaymentId,
      subscriptionId,
      attempt,
      idempotencyKey: command.key ?? attemptKeyOf(subscriptionId, period, attempt),
      forcedReason: command.forcedReason,
    },
  });
  if (state.status === 'Empty') {
    return [
      { type: 'RecurrentPaymentScheduled', data: { recurrentPaymentId, ...command.schedule } },
      started(1),
    ];
  }
  // The same forced charge again (its Idempotency-Key), or an attempt still open: nothing new to write.
  if (command.key && state.keys.includes(command.key)) return [];
  if (state.open) return [];
  if (state.state === 'processed' || state.state === 'cancelled') {
    throw new CommandRejected(
      `el periodo ${period} ya está ${state.state === 'processed' ? 'pagado' : 'cancelado'}`,
      'nothing_to_charge',
      409,
      'subscriptionId',
    );
  }
  // A recycling payment waits for its retry date, unless staff force the charge (002-3.24).
  if (!command.forcedReason && state.nextAttemptOn !== null && state.nextAttemptOn > command.today) return [];
  return [started(state.attempts + 1)];
}

function decideOutcome(
  command: RecordAttemptOutcome,
  state: RecurrentPaymentState,
): RecurrentPaymentDomainEvent[] {
  // Only the open attempt is settled, once: a late or repeated answer changes nothing.
  if (state.status === 'Empty' || state.open?.attempt !== command.attempt) return [];
  const { recurrentPaymentId } = state.payment;
  if (command.outcome === 'approved') {
    return [
      {
        type: 'RecurrentPaymentProcessed',
        data: {
          recurrentPaymentId,
          attempt: command.attempt,
          chargeId: command.chargeId,
          authorizationCode: command.authorizationCode,
          // Every later period is charged by a provider (a subscription is a card's): its fee, as the purchase's.
          fee: chargeFeeOf(state.payment.amount),
        },
      },
    ];
  }
  const declined: RecurrentPaymentDomainEvent = {
    type: 'RecurrentPaymentDeclined',
    data: {
      recurrentPaymentId,
      attempt: command.attempt,
      kind: command.kind,
      providerCode: command.providerCode,
      catalogueCode: command.catalogueCode,
      nextAttemptOn: command.nextAttemptOn,
    },
  };
  return command.nextAttemptOn === null
    ? [
        declined,
        { type: 'RecurrentPaymentCancelled', data: { recurrentPaymentId, reason: 'retries_exhausted' } },
      ]
    : [declined];
}
