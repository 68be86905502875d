/**
 * A scheduled call or meeting's reminder comes strictly before it (rule 002-3.25's events; LeadEventScheduled's
 * `remindAt`: "when to remind the executive; before `at`"): a reminder at the event's own time would never
 * be due. The server refuses a later one (`remind_before`) and the console's form says so before sending,
 * both with this rule. Pure and without zod: the console bundles it at no cost.
 */
export const reminderComesBefore = (at: string, remindAt: string | null): boolean =>
  remindAt === null || Date.parse(remindAt) < Date.parse(at);
