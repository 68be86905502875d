import type { ReadStore } from '@cubre/platform/ports/readStore';
import {
  SUBSCRIPTIONS_COLLECTION,
  type SubscriptionDocument,
} from '@cubre/projections/subscriptions/projection';
import { eachConcurrently } from '@cubre/platform/core/eachConcurrently';
import type { JobRun } from '../runtime/scheduler';
import { chileDateOf } from './calendar';
import { chargeDueSubscription, type ChargeDeps } from './charging';

export const CHARGE_SUBSCRIPTIONS_JOB = 'charge-subscriptions';
/** Subscriptions read per page; progress is reported once per page (counts, never one event per item). */
export const CHARGE_PAGE = 200;
/** Subscriptions of a page charged at once by default (`JOB_ITEM_CONCURRENCY` sets it): their commits group. */
export const DEFAULT_ITEM_CONCURRENCY = 32;

export type ChargeRunDeps = ChargeDeps & {
  readStore: ReadStore;
  clock: () => Date;
  /** How many of a page's subscriptions are charged at once (each on its own streams and keys). */
  concurrency?: number;
};
export type ChargeRunTotals = {
  due: number;
  approved: number;
  declined: number;
  notDue: number;
  failed: number;
};

/**
 * The charge run (issue 15): every subscription whose next charge (its next operation date, or the retry of
 * an overdue period) is due by today in Chile is charged once. What is due comes from the read model's
 * (nextChargeOn, _id) index, a day at a time in id order, a page at a time: never a scan of all events or
 * documents. The read model may lag: each charge is decided on the subscription's and payment's own streams,
 * so a stale row charges nothing twice. A page's subscriptions are charged a bounded few at a time
 * (`concurrency`), so their durable commits group. A failed item (gateway error, a conflict) is reported and left for
 * the next run.
 */
export async function chargeDueSubscriptions(deps: ChargeRunDeps, run: JobRun): Promise<ChargeRunTotals> {
  const now = deps.clock();
  const today = chileDateOf(now);
  const subscriptions = deps.readStore.collection<SubscriptionDocument>(SUBSCRIPTIONS_COLLECTION);
  const totals: ChargeRunTotals = { due: 0, approved: 0, declined: 0, notDue: 0, failed: 0 };
  totals.due = await subscriptions.count({ nextChargeOn: { $lte: today } });
  await run.setTotal(totals.due);
  const metadata = {
    correlationId: run.runId,
    causationId: null,
    actor: { kind: 'system' as const, id: CHARGE_SUBSCRIPTIONS_JOB },
    receivedAt: now.toISOString(),
  };
  let day: string | null = await firstDueDay(subscriptions, null, today);
  while (day !== null) {
    let after = '';
    for (;;) {
      const page = await subscriptions.find(
        { nextChargeOn: day, _id: { $gt: after } },
        { sort: { nextChargeOn: 1, _id: 1 }, limit: CHARGE_PAGE },
      );
      if (page.length === 0) break;
      let done = 0;
      let failed = 0;
      // A page's subscriptions at once, a bounded few: each is decided on its own streams and keys (no two
      // share one), so their order does not matter, and their appends commit together. The page is done
      // (and reported) only when every one of them is.
      await eachConcurrently(page, deps.concurrency ?? DEFAULT_ITEM_CONCURRENCY, async (doc) => {
        try {
          const outcome = await chargeDueSubscription(deps, { subscriptionId: doc._id, today, metadata });
          if (outcome === 'uncertain') {
            failed++;
            totals.failed++;
            await run.itemFailed(doc._id, 'the gateway did not answer: asked again next run');
            return;
          }
          if (outcome === 'approved') totals.approved++;
          else if (outcome === 'declined') totals.declined++;
          else totals.notDue++;
          done++;
        } catch (error) {
          failed++;
          totals.failed++;
          deps.logger.warn({ err: error, subscriptionId: doc._id }, 'subscription not charged');
          await run.itemFailed(doc._id, error instanceof Error ? error.name : 'error');
        }
      });
      await run.progress(done, failed);
      after = page[page.length - 1]!._id;
    }
    day = await firstDueDay(subscriptions, day, today);
  }
  deps.logger.info({ today, ...totals }, 'charge run done');
  return totals;
}

/** The first day after `after` (or the earliest) with a subscription due, up to today. */
async function firstDueDay(
  subscriptions: ReturnType<ReadStore['collection']>,
  after: string | null,
  today: string,
): Promise<string | null> {
  const [first] = await subscriptions.find(
    { nextChargeOn: after === null ? { $lte: today } : { $gt: after, $lte: today } },
    { sort: { nextChargeOn: 1, _id: 1 }, limit: 1 },
  );
  return typeof first?.nextChargeOn === 'string' ? first.nextChargeOn : null;
}
