import { SUBSCRIPTIONS_CATEGORIES } from '@cubre/schemas/subscriptions/events';
import { Router } from 'express';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { PaymentGateway } from '../payments';
import type { ScheduledJob } from '../runtime/scheduler';
import { subscriptionAdminRoutes } from './adminRoutes';
import { CHILE_TIME_ZONE } from './calendar';
import { CHARGE_SUBSCRIPTIONS_JOB, chargeDueSubscriptions } from './chargeRun';
import type { RetrySchedule } from './retryPolicy';

/**
 * Monthly subscriptions and their recurring charges (issue 15, seed 002 §3, §4): the subscription a monthly
 * sale's payment starts (payments calls `subscriptionStarter` through its port), the daily charge run, its
 * retries and arrears, and the console's `subscriptions` resource. Decisions: README.md beside this file.
 */
export const subscriptionsModule = (options: {
  gateway: PaymentGateway;
  retrySchedule: RetrySchedule;
}): HttpModule & { categories: string[] } => ({
  name: 'subscriptions',
  categories: [...SUBSCRIPTIONS_CATEGORIES],
  routes(context: AppContext) {
    const router = Router();
    router.use(subscriptionAdminRoutes(context, options));
    return router;
  },
});

/** The `charge-subscriptions` job of the scheduler role (cron in Chile's time zone). */
export const chargeSubscriptionsJob = (deps: {
  schedule: string;
  eventStore: EventStore;
  readStore: ReadStore;
  gateway: PaymentGateway;
  clock: () => Date;
  logger: Logger;
  retrySchedule: RetrySchedule;
  /** A page's subscriptions charged at once (JOB_ITEM_CONCURRENCY). */
  concurrency?: number;
}): ScheduledJob => ({
  name: CHARGE_SUBSCRIPTIONS_JOB,
  schedule: deps.schedule,
  timeZone: CHILE_TIME_ZONE,
  run: async (run) => {
    await chargeDueSubscriptions(deps, run);
  },
});

export { subscriptionStarter } from './start';
export { automaticChargesRecorder } from './automaticCharges';
export { subscriptionSaleStatesReactor } from './saleStates';
export { chargeDueSubscriptions, CHARGE_SUBSCRIPTIONS_JOB } from './chargeRun';
export { nextOperationDate, chileDateOf } from './calendar';
export { DEFAULT_OPERATION_DAY, type OperationDayOf } from './operationDays';
export { DEFAULT_RETRY_SCHEDULE, parseRetryDays, type RetrySchedule } from './retryPolicy';
