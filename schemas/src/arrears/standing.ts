import type { MailLocale } from '../mail/mailRequest';
import type { Money } from '../payments/money';
import type { CANCELLATION_CAUSES, SUBSCRIPTION_LIFECYCLES } from '../subscriptions/lists';

type SubscriptionLifecycle = (typeof SUBSCRIPTION_LIFECYCLES)[number];
type CancellationCause = (typeof CANCELLATION_CAUSES)[number];

/**
 * Where a subscription stands for the arrears reminders, folded from its own events
 * (`subscription-{id}`, schemas/src/subscriptions/events.ts). The projection keeps it in the read model;
 * the reminder job and the manual send fold it again from the stream before sending, so a lagging read
 * model never makes them send a stage the contract has not reached (or has paid its way out of).
 */
export interface ArrearsStanding {
  subscriptionId: string;
  saleId: string;
  country: string;
  locale: MailLocale;
  product: { code: string; name: string; organization: { code: string; name: string } };
  buyer: { nombre: string; email: string };
  /** The group policy the contract pays for a company (issue 16), or null for a person's own plan. */
  groupPolicyId: string | null;
  amount: Money;
  lifecycle: SubscriptionLifecycle;
  cancellationCause: CancellationCause | null;
  /** Declined attempts since last paid, minus one (the subscription's own count); null when up to date. */
  overdueCount: number | null;
  /** The period whose decline started the current arrears episode; null when up to date. */
  episode: string | null;
  /** When the current episode started (the first decline's time); null when up to date. */
  overdueSince: string | null;
  /** The latest episode's period and start, kept after it was paid (the console lists past arrears too). */
  lastEpisode: string | null;
  lastOverdueSince: string | null;
  /** When the charge run retries the overdue period; null when not recycling. */
  nextAttemptOn: string | null;
}

/** The shape both a stored and a projected event have. */
export interface StandingEvent {
  type: string;
  data: unknown;
  occurredAt: string;
}

type Data = Record<string, unknown>;

/** The standing after one event; `null` until the subscription's SubscriptionCreated. */
export function evolveStanding(
  standing: ArrearsStanding | null,
  event: StandingEvent,
): ArrearsStanding | null {
  const data = event.data as Data;
  if (event.type === 'SubscriptionCreated') {
    return {
      subscriptionId: data.subscriptionId as string,
      saleId: data.saleId as string,
      country: data.country as string,
      locale: data.locale as MailLocale,
      product: data.product as ArrearsStanding['product'],
      buyer: data.buyer as ArrearsStanding['buyer'],
      groupPolicyId: (data.groupPolicyId as string | undefined) ?? null,
      amount: data.amount as Money,
      lifecycle: 'active',
      cancellationCause: null,
      overdueCount: null,
      episode: null,
      overdueSince: null,
      lastEpisode: null,
      lastOverdueSince: null,
      nextAttemptOn: null,
    };
  }
  if (!standing) return null;
  switch (event.type) {
    case 'SubscriptionPeriodCharged':
      return { ...standing, overdueCount: null, episode: null, overdueSince: null, nextAttemptOn: null };
    case 'SubscriptionChargeDeclined': {
      // The first decline since last paid opens an episode, named by the period it declined.
      const opens = standing.episode === null;
      const episode = opens ? (data.period as string) : standing.episode;
      const since = opens ? event.occurredAt : standing.overdueSince;
      return {
        ...standing,
        overdueCount: data.overdueCount as number,
        episode,
        overdueSince: since,
        lastEpisode: episode,
        lastOverdueSince: since,
        nextAttemptOn: (data.nextAttemptOn as string | null) ?? null,
      };
    }
    case 'SubscriptionChargeDateChanged':
      // Staff moved the overdue period's next retry (changeDate): the mails name the new day.
      return data.overdue === true && standing.overdueCount !== null
        ? { ...standing, nextAttemptOn: data.to as string }
        : standing;
    case 'SubscriptionCancellationRequested':
      return { ...standing, lifecycle: 'cancellation_requested' };
    case 'SubscriptionFinalPaymentScheduled':
      return { ...standing, lifecycle: 'pending_cancellation' };
    case 'SubscriptionCancelled':
      return {
        ...standing,
        lifecycle: 'cancelled',
        cancellationCause: data.cause as CancellationCause,
        nextAttemptOn: null,
      };
    default:
      return standing;
  }
}

export const standingOf = (events: readonly StandingEvent[]): ArrearsStanding | null =>
  events.reduce<ArrearsStanding | null>(evolveStanding, null);

/**
 * Whether the contract's arrears mails may go out: it is overdue and still running, or it ended because its
 * retries ran out (the stage that decline reached is still sent: 002-4.17 "before retries run out"). A
 * contract cancelled at the buyer's or staff's request is not chased any more.
 */
export const remindable = (standing: ArrearsStanding): boolean =>
  standing.overdueCount !== null &&
  standing.episode !== null &&
  (standing.lifecycle !== 'cancelled' || standing.cancellationCause === 'retries_exhausted');
