import { ARREARS_CATEGORIES } from '@cubre/schemas/arrears';
import type { HttpModule } from '@cubre/platform/http/app';
import { mailRequester } from '../mail';
import { Router } from 'express';
import { arrearsAdminRoutes } from './adminRoutes';
import { policyNoticeRoutes } from './policyNoticeRoutes';
import { sendReminders, type ReminderDeps } from './sendReminders';

/**
 * Arrears and resume-contracting reminders (issue 15; 002-4.17, 002-4.18): the `send-reminders` job and
 * the console's `arrears` resource. Decisions: README.md beside this file.
 */
export const arrearsModule: HttpModule & { categories: string[] } = {
  name: 'arrears',
  categories: [...ARREARS_CATEGORIES],
  // The mail port on the request's own stores and clock (the scheduler's job gets its own).
  routes: (context) =>
    Router()
      .use(arrearsAdminRoutes(context, mailRequester(context.eventStore, context.clock)))
      .use(policyNoticeRoutes(context)),
};

/** The scheduler's `send-reminders` job, on its cron in Chile's time zone. */
export const sendRemindersJob = (deps: ReminderDeps, schedule: string) => ({
  name: 'send-reminders',
  schedule,
  timeZone: 'America/Santiago',
  run: async (run: Parameters<typeof sendReminders>[1]) => {
    await sendReminders(deps, run);
  },
});

export { sendReminders, remindContract, type ReminderDeps, type ReminderRun } from './sendReminders';
