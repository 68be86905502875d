import type { ArrearsTimelineEntry, ArrearsTimelineKind } from '@cubre/schemas/arrears';
import type { StoredEvent } from '@cubre/schemas/events';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { arrearsStream } from './arrearsDecider';
import { subscriptionStream } from './sendReminders';

const KINDS: Record<string, ArrearsTimelineKind> = {
  SubscriptionCreated: 'subscribed',
  SubscriptionPeriodCharged: 'charged',
  SubscriptionChargeDeclined: 'declined',
  SubscriptionCancellationRequested: 'cancellation_requested',
  SubscriptionCancelled: 'cancelled',
  SubscriptionChargeDateChanged: 'charge_date_changed',
  ArrearsReminderSent: 'reminder',
  ArrearsReminderResent: 'manual_reminder',
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

function entryOf(event: StoredEvent): ArrearsTimelineEntry | null {
  const kind = KINDS[event.type];
  if (!kind) return null;
  const data = event.data;
  const actor = event.metadata.actor;
  return {
    at: event.occurredAt,
    kind,
    period: text(data.period) ?? text(data.episode),
    overdueCount: typeof data.overdueCount === 'number' ? data.overdueCount : null,
    template: text(data.stage),
    detail:
      event.type === 'SubscriptionChargeDateChanged'
        ? `${text(data.from)} → ${text(data.to)}: ${text(data.reason)}`
        : (text(data.catalogueCode) ??
          text(data.forcedReason) ??
          text(data.reason) ??
          text(data.cause) ??
          null),
    actor: actor.kind === 'user' ? actor.id : actor.kind,
  };
}

/**
 * A contract's timeline for the console (issue 15): its charges, declines and cancellation from the
 * subscription's stream and its reminders from its own, in the order they happened. A contract has a
 * few events a month: both streams are read whole.
 */
export async function timelineOf(
  eventStore: EventStore,
  subscriptionId: string,
): Promise<ArrearsTimelineEntry[]> {
  const [subscription, reminders] = await Promise.all([
    eventStore.readStream(subscriptionStream(subscriptionId)),
    eventStore.readStream(arrearsStream(subscriptionId)),
  ]);
  return [...subscription, ...reminders]
    .sort((a, b) => a.globalPosition - b.globalPosition)
    .map(entryOf)
    .filter((entry): entry is ArrearsTimelineEntry => entry !== null);
}
