import {
  SALE_CATEGORY,
  SaleCompletedData,
  SaleFailedData,
  SalePaymentStartedData,
  SaleStartedData,
} from '@cubre/schemas/payments/sales';
import type { PaymentMethod, SaleState as SaleStateName } from '@cubre/schemas/payments/catalogues';
import {
  SaleCancellationRequestedData,
  SaleOverdueData,
  SaleOverdueSettledData,
  SalePendingCancellationData,
  SaleSubscriptionCancelledData,
} from '@cubre/schemas/subscriptions/events';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';

/** Stream of one sale: `sale-{saleId}`. */
export const saleStream = (saleId: string) => `${SALE_CATEGORY}-${saleId}`;

export const SaleDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SaleStarted'), data: SaleStartedData }),
  z.object({ type: z.literal('SalePaymentStarted'), data: SalePaymentStartedData }),
  z.object({ type: z.literal('SaleCompleted'), data: SaleCompletedData }),
  z.object({ type: z.literal('SaleFailed'), data: SaleFailedData }),
  // A subscription sale's states (002-3.30, issue 15), moved by the subscription's own events.
  z.object({ type: z.literal('SaleOverdue'), data: SaleOverdueData }),
  z.object({ type: z.literal('SaleOverdueSettled'), data: SaleOverdueSettledData }),
  z.object({ type: z.literal('SaleCancellationRequested'), data: SaleCancellationRequestedData }),
  z.object({ type: z.literal('SalePendingCancellation'), data: SalePendingCancellationData }),
  z.object({ type: z.literal('SaleSubscriptionCancelled'), data: SaleSubscriptionCancelledData }),
]);
export type SaleDomainEvent = z.infer<typeof SaleDomainEvent>;
type SaleStarted = Extract<SaleDomainEvent, { type: 'SaleStarted' }>['data'];

export type StartSale = { type: 'StartSale'; data: SaleStarted };
/** `method`: how the payment pays (the sale is paid the way its last payment tried: the lead follows it). */
export type StartSalePayment = { type: 'StartSalePayment'; paymentId: string; method?: PaymentMethod };
export type SettleSalePayment = {
  type: 'SettleSalePayment';
  paymentId: string;
  outcome: 'approved' | 'refused';
  catalogueCode: string;
};
/** What a subscription's event means for its sale (services/src/subscriptions/saleStates.ts sends it). */
export type SubscriptionSaleChange =
  | { change: 'overdue'; subscriptionId: string; period: string; overdueCount: number }
  | { change: 'overdue_settled'; subscriptionId: string; period: string }
  | { change: 'cancellation_requested'; subscriptionId: string }
  | { change: 'pending_cancellation'; subscriptionId: string; finalPeriod: string }
  | { change: 'cancelled'; subscriptionId: string; outcome: 'success_payment' | 'without_payment' };
export type RecordSubscriptionChange = { type: 'RecordSubscriptionChange' } & SubscriptionSaleChange;
export type SaleCommand = StartSale | StartSalePayment | SettleSalePayment | RecordSubscriptionChange;

export type SaleState =
  | { status: 'Empty' }
  | {
      status: 'Started';
      sale: SaleStarted;
      state: SaleStateName;
      /** The payment being tried, or the last one tried. */
      paymentId: string | null;
      /** How the last payment tried pays (a transfer, a card's tdd); null before the first. */
      paidWith: PaymentMethod | null;
    };

/**
 * A sale (seed 002 §3's Sale states, issue 14): PENDING when started and while a payment is tried, OK once
 * a payment is approved, FAIL when the last payment was refused; a FAIL sale may be paid again, an OK one
 * never. One payment at a time: a second one while the first is unsettled is refused (two tabs, a double
 * click with two keys), so a sale is charged once. The subscription states (OVERDUE, cancellations) come
 * with recurring charges (issue 15). README.md beside this file has the table.
 */
export const saleDecider: Decider<SaleState, SaleCommand, SaleDomainEvent> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(state, event) {
    switch (event.type) {
      case 'SaleStarted':
        return { status: 'Started', sale: event.data, state: 'PENDING', paymentId: null, paidWith: null };
      case 'SalePaymentStarted':
        return state.status === 'Started'
          ? {
              ...state,
              state: 'PENDING',
              paymentId: event.data.paymentId,
              paidWith: event.data.method ?? state.paidWith,
            }
          : state;
      case 'SaleCompleted':
        return state.status === 'Started' ? { ...state, state: 'OK' } : state;
      case 'SaleFailed':
        return state.status === 'Started' ? { ...state, state: 'FAIL' } : state;
      case 'SaleSubscriptionCancelled':
        if (state.status !== 'Started') return state;
        return {
          ...state,
          state:
            event.data.outcome === 'success_payment'
              ? 'SUBS_CANCELLED_SUCCESS_PAYMENT'
              : 'SUBS_CANCELLED_WITHOUT_PAYMENT',
        };
      default:
        return state.status === 'Started' ? { ...state, state: SUBSCRIPTION_STATE_OF[event.type] } : state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'StartSale':
        return decideStart(command, state);
      case 'StartSalePayment':
        return decideStartPayment(command, state);
      case 'SettleSalePayment':
        return decideSettlement(command, state);
      case 'RecordSubscriptionChange':
        return decideSubscriptionChange(command, state);
    }
  },
};

type SubscriptionSaleEvent = Exclude<
  SaleDomainEvent,
  {
    type: 'SaleStarted' | 'SalePaymentStarted' | 'SaleCompleted' | 'SaleFailed' | 'SaleSubscriptionCancelled';
  }
>;
const SUBSCRIPTION_STATE_OF: Record<SubscriptionSaleEvent['type'], SaleStateName> = {
  SaleOverdue: 'OVERDUE',
  SaleOverdueSettled: 'OK',
  SaleCancellationRequested: 'CANCELLATION_REQUEST',
  SalePendingCancellation: 'PENDING_CANCELLATION',
};

/**
 * A paid subscription sale follows its subscription: OK ⇄ OVERDUE while charges are declined and paid, then
 * CANCELLATION_REQUEST, PENDING_CANCELLATION and one of the two SUBS_CANCELLED. A cancellation in course
 * outranks arrears (a declined charge of a sale being cancelled leaves it as it is); an ended sale stays so.
 */
function decideSubscriptionChange(command: RecordSubscriptionChange, state: SaleState): SaleDomainEvent[] {
  if (state.status === 'Empty' || state.sale.billing !== 'monthly_subscription') return [];
  const { saleId } = state.sale;
  const { subscriptionId } = command;
  if (state.state === 'SUBS_CANCELLED_SUCCESS_PAYMENT' || state.state === 'SUBS_CANCELLED_WITHOUT_PAYMENT')
    return [];
  switch (command.change) {
    case 'overdue':
      return state.state === 'OK'
        ? [
            {
              type: 'SaleOverdue',
              data: { saleId, subscriptionId, period: command.period, overdueCount: command.overdueCount },
            },
          ]
        : [];
    case 'overdue_settled':
      return state.state === 'OVERDUE'
        ? [{ type: 'SaleOverdueSettled', data: { saleId, subscriptionId, period: command.period } }]
        : [];
    case 'cancellation_requested':
      return state.state === 'OK' || state.state === 'OVERDUE'
        ? [{ type: 'SaleCancellationRequested', data: { saleId, subscriptionId } }]
        : [];
    case 'pending_cancellation':
      return state.state === 'PENDING_CANCELLATION'
        ? []
        : [
            {
              type: 'SalePendingCancellation',
              data: { saleId, subscriptionId, finalPeriod: command.finalPeriod },
            },
          ];
    case 'cancelled':
      return [
        { type: 'SaleSubscriptionCancelled', data: { saleId, subscriptionId, outcome: command.outcome } },
      ];
  }
}

function decideStart(command: StartSale, state: SaleState): SaleDomainEvent[] {
  if (state.status === 'Empty') return [{ type: 'SaleStarted', data: command.data }];
  // The session's sale again (a reload of the form): the same product is the same sale.
  if (state.sale.product.code === command.data.product.code) return [];
  throw new CommandRejected(
    `la sesión de compra es del producto ${state.sale.product.code}`,
    'session_product',
    409,
    'productCode',
  );
}

function decideStartPayment(command: StartSalePayment, state: SaleState): SaleDomainEvent[] {
  if (state.status === 'Empty') throw new CommandRejected('la venta no existe', 'not_found', 422, 'saleId');
  if (state.paymentId === command.paymentId) return [];
  if (state.state === 'OK') {
    throw new CommandRejected('la venta ya está pagada', 'sale_paid', 409, 'saleId');
  }
  if (state.state === 'PENDING' && state.paymentId !== null) {
    throw new CommandRejected('hay un pago de esta venta en curso', 'payment_in_progress', 409, 'saleId');
  }
  const { saleId } = state.sale;
  const { paymentId, method } = command;
  return [
    { type: 'SalePaymentStarted', data: method ? { saleId, paymentId, method } : { saleId, paymentId } },
  ];
}

function decideSettlement(command: SettleSalePayment, state: SaleState): SaleDomainEvent[] {
  // Only the payment being tried settles the sale, once: a late answer of an older one changes nothing.
  if (state.status === 'Empty' || state.paymentId !== command.paymentId || state.state !== 'PENDING')
    return [];
  const { saleId } = state.sale;
  return command.outcome === 'approved'
    ? [{ type: 'SaleCompleted', data: { saleId, paymentId: command.paymentId } }]
    : [
        {
          type: 'SaleFailed',
          data: { saleId, paymentId: command.paymentId, catalogueCode: command.catalogueCode },
        },
      ];
}
