import { derivedId } from '@cubre/platform/commands/eventIds';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import {
  SUBSCRIPTION_CATEGORY,
  SubscriptionCancellationRequestedData,
  SubscriptionCancelledData,
  SubscriptionChargeDateChangedData,
  SubscriptionChargeDeclinedData,
  SubscriptionCreatedData,
  SubscriptionFinalPaymentScheduledData,
  SubscriptionPeriodChargedData,
  type SubscriptionLifecycle,
  type SubscriptionStatus,
} from '@cubre/schemas/subscriptions/events';
import { z } from 'zod';
import { firstDayMonthsAfter, nextOperationDate, periodOf } from './calendar';

/** One subscription per sale: paying the sale again (a retried click) lands on the same subscription. */
export const subscriptionIdOf = (saleId: string) => derivedId('subscription', saleId);
export const subscriptionStream = (subscriptionId: string) => `${SUBSCRIPTION_CATEGORY}-${subscriptionId}`;

export const SubscriptionDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SubscriptionCreated'), data: SubscriptionCreatedData }),
  z.object({ type: z.literal('SubscriptionPeriodCharged'), data: SubscriptionPeriodChargedData }),
  z.object({ type: z.literal('SubscriptionChargeDeclined'), data: SubscriptionChargeDeclinedData }),
  z.object({
    type: z.literal('SubscriptionCancellationRequested'),
    data: SubscriptionCancellationRequestedData,
  }),
  z.object({
    type: z.literal('SubscriptionFinalPaymentScheduled'),
    data: SubscriptionFinalPaymentScheduledData,
  }),
  z.object({ type: z.literal('SubscriptionCancelled'), data: SubscriptionCancelledData }),
  z.object({
    type: z.literal('SubscriptionChargeDateChanged'),
    data: SubscriptionChargeDateChangedData,
  }),
]);
export type SubscriptionDomainEvent = z.infer<typeof SubscriptionDomainEvent>;
type Of<T extends SubscriptionDomainEvent['type']> = Extract<SubscriptionDomainEvent, { type: T }>['data'];
type Charged = Of<'SubscriptionPeriodCharged'>;
type Declined = Of<'SubscriptionChargeDeclined'>;

export type Subscription = {
  status: 'Created';
  subscription: Of<'SubscriptionCreated'>;
  chargeStatus: SubscriptionStatus;
  lifecycle: SubscriptionLifecycle;
  /** The next period's operation date (002-4.19); null once ended. */
  nextOperationDate: string | null;
  /** The day staff moved the next period's charge to (changeDate); null when it is its operation date. */
  rescheduledOn: string | null;
  /** The period declined and retried, with its due date and next retry; null when up to date. */
  overdue: { period: string; dueOn: string; nextAttemptOn: string | null } | null;
  overdueCount: number | null;
  lastPaidPeriod: string;
  finalPeriod: string | null;
  /** `{period}:{attempt}` of the last decline recorded (a repeated answer records nothing). */
  lastDecline: string | null;
};
export type SubscriptionState = { status: 'Empty' } | Subscription;

/** What the charge run charges next: the overdue period's retry, or the next period on its operation date. */
export function dueChargeOf(state: Subscription): { period: string; dueOn: string; chargeOn: string } | null {
  if (state.lifecycle === 'cancelled') return null;
  if (state.overdue) {
    return state.overdue.nextAttemptOn
      ? { period: state.overdue.period, dueOn: state.overdue.dueOn, chargeOn: state.overdue.nextAttemptOn }
      : null;
  }
  if (!state.nextOperationDate) return null;
  return {
    period: periodOf(state.nextOperationDate),
    dueOn: state.nextOperationDate,
    chargeOn: state.rescheduledOn ?? state.nextOperationDate,
  };
}

export type CreateSubscription = { type: 'CreateSubscription'; data: Of<'SubscriptionCreated'> };
export type RecordPeriodCharged = {
  type: 'RecordPeriodCharged';
  dueOn: string;
} & Omit<Charged, 'subscriptionId' | 'saleId' | 'overdueCountBefore' | 'nextOperationDate'>;
export type RecordChargeDeclined = { type: 'RecordChargeDeclined' } & Omit<
  Declined,
  'subscriptionId' | 'saleId' | 'overdueCount'
>;
export type RequestCancellation = { type: 'RequestCancellation'; reason: string };
/**
 * Staff's cancellation (`requested`), or the provider's own subscription found ended on its side
 * (`provider_cancelled`: recorded, never asked of the provider again; README.md, "Ended at the provider").
 */
export type CancelSubscription = {
  type: 'CancelSubscription';
  withFinalPayment: boolean;
  reason: string;
  cause?: 'requested' | 'provider_cancelled';
};
/** Staff's changeDate (002-4.13): the next charge, or the overdue period's next retry, on another day. */
export type ChangeChargeDate = { type: 'ChangeChargeDate'; chargeOn: string; today: string; reason: string };
export type SubscriptionCommand =
  | CreateSubscription
  | RecordPeriodCharged
  | RecordChargeDeclined
  | RequestCancellation
  | CancelSubscription
  | ChangeChargeDate;

/**
 * A monthly subscription (issue 15; README.md has the tables). Created paid (the purchase charged its first
 * period); each period charged moves its next operation date a month on; a decline makes it overdue (count 0,
 * then one more per declined attempt) until a period is paid; retries run out → cancelled without payment.
 * Staff cancel it at once (without payment) or after one final payment.
 */
export const subscriptionDecider: Decider<SubscriptionState, SubscriptionCommand, SubscriptionDomainEvent> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(state, event) {
    if (event.type === 'SubscriptionCreated') {
      return {
        status: 'Created',
        subscription: event.data,
        chargeStatus: 'SUCCESS',
        lifecycle: 'active',
        nextOperationDate: event.data.nextOperationDate,
        rescheduledOn: null,
        overdue: null,
        overdueCount: null,
        lastPaidPeriod: event.data.firstPeriod,
        finalPeriod: null,
        lastDecline: null,
      };
    }
    if (state.status === 'Empty') return state;
    switch (event.type) {
      case 'SubscriptionPeriodCharged':
        return {
          ...state,
          chargeStatus: 'SUCCESS',
          nextOperationDate: event.data.nextOperationDate,
          rescheduledOn: null,
          overdue: null,
          overdueCount: null,
          lastPaidPeriod: event.data.period > state.lastPaidPeriod ? event.data.period : state.lastPaidPeriod,
        };
      case 'SubscriptionChargeDeclined': {
        const dueOn =
          state.overdue?.period === event.data.period ? state.overdue.dueOn : state.nextOperationDate;
        return {
          ...state,
          chargeStatus: 'DECLINED',
          rescheduledOn: null,
          overdue: {
            period: event.data.period,
            dueOn: dueOn ?? `${event.data.period}-01`,
            nextAttemptOn: event.data.nextAttemptOn,
          },
          overdueCount: event.data.overdueCount,
          lastDecline: `${event.data.period}:${event.data.attempt}`,
        };
      }
      case 'SubscriptionCancellationRequested':
        return { ...state, lifecycle: 'cancellation_requested' };
      case 'SubscriptionFinalPaymentScheduled':
        return { ...state, lifecycle: 'pending_cancellation', finalPeriod: event.data.finalPeriod };
      case 'SubscriptionCancelled':
        return { ...state, lifecycle: 'cancelled', nextOperationDate: null, rescheduledOn: null };
      case 'SubscriptionChargeDateChanged':
        if (event.data.overdue) {
          return state.overdue
            ? { ...state, overdue: { ...state.overdue, nextAttemptOn: event.data.to } }
            : state;
        }
        return { ...state, rescheduledOn: event.data.to };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateSubscription') {
      return state.status === 'Empty' ? [{ type: 'SubscriptionCreated', data: command.data }] : [];
    }
    if (state.status === 'Empty') {
      throw new CommandRejected('la suscripción no existe', 'not_found', 422, 'subscriptionId');
    }
    switch (command.type) {
      case 'RecordPeriodCharged':
        return decideCharged(command, state);
      case 'RecordChargeDeclined':
        return decideDeclined(command, state);
      case 'RequestCancellation':
        return decideRequest(command, state);
      case 'CancelSubscription':
        return decideCancel(command, state);
      case 'ChangeChargeDate':
        return decideChargeDate(command, state);
    }
  },
};

const ids = (state: Subscription) => ({
  subscriptionId: state.subscription.subscriptionId,
  saleId: state.subscription.saleId,
});

/** The due date of the period after the one due on `dueOn`: a month later, or `periodicityMonths` later. */
function nextPeriodDue(
  dueOn: string,
  subscription: { operationDay: number; periodicityMonths?: number },
): string {
  const months = subscription.periodicityMonths ?? 1;
  return months === 1
    ? nextOperationDate(dueOn, subscription.operationDay)
    : firstDayMonthsAfter(dueOn, months);
}

function decideCharged(command: RecordPeriodCharged, state: Subscription): SubscriptionDomainEvent[] {
  if (command.period <= state.lastPaidPeriod) return [];
  const { type: _type, dueOn, ...charged } = command;
  const final =
    state.lifecycle === 'pending_cancellation' &&
    state.finalPeriod !== null &&
    command.period >= state.finalPeriod;
  const ended = state.lifecycle === 'cancelled' || final;
  const events: SubscriptionDomainEvent[] = [
    {
      type: 'SubscriptionPeriodCharged',
      data: {
        ...ids(state),
        ...charged,
        overdueCountBefore: state.overdueCount,
        // The next period is due a period after this one's due date (a month, or the sale's periodicity:
        // 002-9.03), whenever the charge went through.
        nextOperationDate: ended ? null : nextPeriodDue(dueOn, state.subscription),
      },
    },
  ];
  if (final) {
    events.push({
      type: 'SubscriptionCancelled',
      data: {
        ...ids(state),
        outcome: 'success_payment',
        cause: 'requested',
        finalPeriod: command.period,
        reason: null,
      },
    });
  }
  return events;
}

function decideDeclined(command: RecordChargeDeclined, state: Subscription): SubscriptionDomainEvent[] {
  if (state.lifecycle === 'cancelled' || command.period <= state.lastPaidPeriod) return [];
  if (state.lastDecline === `${command.period}:${command.attempt}`) return [];
  const { type: _type, ...declined } = command;
  const overdueCount = state.overdueCount === null ? 0 : state.overdueCount + 1;
  const events: SubscriptionDomainEvent[] = [
    { type: 'SubscriptionChargeDeclined', data: { ...ids(state), ...declined, overdueCount } },
  ];
  if (command.nextAttemptOn === null) {
    events.push({
      type: 'SubscriptionCancelled',
      data: {
        ...ids(state),
        outcome: 'without_payment',
        cause: 'retries_exhausted',
        finalPeriod: null,
        reason: null,
      },
    });
  }
  return events;
}

const ended = () =>
  new CommandRejected('la suscripción ya está cancelada', 'subscription_cancelled', 409, 'subscriptionId');

function decideRequest(command: RequestCancellation, state: Subscription): SubscriptionDomainEvent[] {
  if (state.lifecycle === 'cancellation_requested') return [];
  if (state.lifecycle !== 'active') {
    if (state.lifecycle === 'cancelled') throw ended();
    throw new CommandRejected(
      'la suscripción ya se está cancelando',
      'cancellation_in_progress',
      409,
      'subscriptionId',
    );
  }
  return [{ type: 'SubscriptionCancellationRequested', data: { ...ids(state), reason: command.reason } }];
}

function decideCancel(command: CancelSubscription, state: Subscription): SubscriptionDomainEvent[] {
  if (command.cause === 'provider_cancelled') return decideProviderEnded(command, state);
  if (state.lifecycle === 'cancelled') throw ended();
  if (!command.withFinalPayment) {
    return [
      {
        type: 'SubscriptionCancelled',
        data: {
          ...ids(state),
          outcome: 'without_payment',
          cause: 'requested',
          finalPeriod: null,
          reason: command.reason,
        },
      },
    ];
  }
  if (state.lifecycle === 'pending_cancellation') return [];
  const due = dueChargeOf(state);
  const finalPeriod = state.overdue?.period ?? (due ? due.period : null);
  if (!finalPeriod) {
    throw new CommandRejected(
      'la suscripción no tiene un periodo por cobrar',
      'nothing_to_charge',
      409,
      'withFinalPayment',
    );
  }
  return [
    {
      type: 'SubscriptionFinalPaymentScheduled',
      data: { ...ids(state), reason: command.reason, finalPeriod },
    },
  ];
}

/**
 * The provider ended its subscription (the buyer cancelled it in their Mercado Pago account, or Mercado
 * Pago did): ours ends now, once (a second notice of the same end records nothing, it is no error), and by
 * what was paid: up to date (its last charge approved) is SUBS_CANCELLED_SUCCESS_PAYMENT with the last paid
 * period as the final one; a period declined and unpaid is SUBS_CANCELLED_WITHOUT_PAYMENT. No final payment
 * can be scheduled: nothing can be charged on a subscription the provider ended.
 */
function decideProviderEnded(command: CancelSubscription, state: Subscription): SubscriptionDomainEvent[] {
  if (state.lifecycle === 'cancelled') return [];
  const paid = state.overdue === null && state.chargeStatus === 'SUCCESS';
  return [
    {
      type: 'SubscriptionCancelled',
      data: {
        ...ids(state),
        outcome: paid ? 'success_payment' : 'without_payment',
        cause: 'provider_cancelled',
        finalPeriod: paid ? state.lastPaidPeriod : null,
        reason: command.reason,
      },
    },
  ];
}

/**
 * changeDate (002-4.13): the day the run next charges moves, within the month of the period it charges and
 * not before today, so the period and its due date stay (no month skipped, none charged twice; retries count
 * from the due date as before). Up to date: the next period's charge; overdue: its next retry. The same day
 * again records nothing.
 */
function decideChargeDate(command: ChangeChargeDate, state: Subscription): SubscriptionDomainEvent[] {
  if (state.lifecycle === 'cancelled') throw ended();
  const due = dueChargeOf(state);
  if (!due) {
    throw new CommandRejected(
      'la suscripción no tiene un cobro por hacer',
      'nothing_to_charge',
      409,
      'subscriptionId',
    );
  }
  if (command.chargeOn < command.today) {
    throw new CommandRejected(
      `la fecha de cobro no puede ser anterior a hoy (${command.today})`,
      'past_date',
      422,
      'chargeOn',
    );
  }
  if (periodOf(command.chargeOn) !== due.period) {
    throw new CommandRejected(
      `la fecha de cobro debe estar en el mes del periodo que cobra (${due.period})`,
      'other_period',
      422,
      'chargeOn',
    );
  }
  if (command.chargeOn === due.chargeOn) return [];
  return [
    {
      type: 'SubscriptionChargeDateChanged',
      data: {
        ...ids(state),
        period: due.period,
        overdue: state.overdue !== null,
        from: due.chargeOn,
        to: command.chargeOn,
        reason: command.reason,
      },
    },
  ];
}
