import { USERS_COLLECTION, type StoredEvent, type UserDocument } from '@cubre/schemas';
import type { SaleHistoryEntry } from '@cubre/schemas/payments/adminRecords';
import { categoryOf } from '@cubre/schemas/events';
import { PAYMENT_CATEGORY } from '@cubre/schemas/payments/sales';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { paymentStream } from './paymentDecider';
import { saleStream } from './saleDecider';
import { paymentsOf } from './views';

/**
 * What a history line may show of an event's data: states, codes, ids, amounts, reasons. Never the buyer
 * (name, RUT, e-mail, health), a card token (`paidWith`'s hash is not shown either) or a provider's
 * transaction token and form URL: a field not named here is left out.
 */
const SHOWN = [
  'productCode',
  'amount',
  'billing',
  'paymentMethod',
  'provider',
  'gateway',
  'method',
  'paymentId',
  'catalogueCode',
  'providerCode',
  'chargeId',
  'authorizationCode',
  'kind',
  'reason',
  'staffReason',
  'reversalId',
  'subscriptionId',
  'period',
  'overdueCount',
  'finalPeriod',
  'withPayment',
] as const;

function detailsOf(event: StoredEvent): Record<string, unknown> {
  const data = event.data as Record<string, unknown>;
  const product = data.product as { code?: unknown } | undefined;
  const picked: Record<string, unknown> = {};
  if (typeof product?.code === 'string') picked.productCode = product.code;
  for (const key of SHOWN) if (data[key] !== undefined && data[key] !== null) picked[key] = data[key];
  return picked;
}

/**
 * A sale's history for the console (issue 14): the sale's events and those of every payment tried on it,
 * in the order they were stored, each with who did it (console users by name). Reads the sale's stream and
 * its payments' streams by id (the payments found by the read model's `saleId` index): its cost follows the
 * sale, never the store's size.
 */
export async function saleHistoryOf(
  eventStore: EventStore,
  readStore: ReadStore,
  saleId: string,
): Promise<SaleHistoryEntry[]> {
  const payments = await paymentsOf(readStore).find(
    { saleId },
    { sort: { createdAt: 1, _id: 1 }, limit: 200 },
  );
  const streams = await Promise.all([
    eventStore.readStream(saleStream(saleId)),
    ...payments.map((payment) => eventStore.readStream(paymentStream(payment._id))),
  ]);
  const events = streams.flat().sort((a, b) => a.globalPosition - b.globalPosition);
  const userIds = [
    ...new Set(events.filter((e) => e.metadata.actor.kind === 'user').map((e) => e.metadata.actor.id)),
  ];
  const users =
    userIds.length > 0
      ? await readStore.collection<UserDocument>(USERS_COLLECTION).find({ _id: { $in: userIds } })
      : [];
  const names = new Map(users.map((user) => [user._id, user.name]));
  return events.map((event) => ({
    at: event.occurredAt,
    type: event.type,
    paymentId:
      categoryOf(event.streamId) === PAYMENT_CATEGORY
        ? event.streamId.slice(PAYMENT_CATEGORY.length + 1)
        : null,
    actor: {
      kind: event.metadata.actor.kind,
      id: event.metadata.actor.id,
      name: names.get(event.metadata.actor.id) ?? null,
    },
    details: detailsOf(event),
  }));
}
