/**
 * The arrears vocabularies (issue 15; 002-4.17, 002-4.18) as plain lists without zod, so the console and
 * the projection import them at no cost.
 */

/** 002-4.17: the arrears mails by overdue count: 0 → mora_1, 4 → mora_2, 8 → mora_3 (002-9 "Arrears steps 0, 4, 8"). */
export const ARREARS_STAGES = ['mora_1', 'mora_2', 'mora_3'] as const;
export type ArrearsStage = (typeof ARREARS_STAGES)[number];
export const ARREARS_STAGE_THRESHOLDS: Readonly<Record<ArrearsStage, number>> = {
  mora_1: 0,
  mora_2: 4,
  mora_3: 8,
};

/** The console's stage filter: the highest stage sent in the current (or last) arrears episode, or none. */
export const ARREARS_STAGE_FILTERS = ['none', ...ARREARS_STAGES] as const;
export type ArrearsStageFilter = (typeof ARREARS_STAGE_FILTERS)[number];

/** 002-4.18: resume-contracting reminders, sent at reminder counts 0, 1, 2. */
export const RESUME_TEMPLATES = [
  'retomar_contratacion_1',
  'retomar_contratacion_2',
  'retomar_contratacion_3',
] as const;
export type ResumeTemplate = (typeof RESUME_TEMPLATES)[number];

/**
 * Days after a sale was left unpaid (its last start, payment attempt or failure) when each resume-contracting
 * reminder is due (services/src/arrears/README.md): a day, three days, a week.
 */
export const RESUME_DELAY_DAYS = [1, 3, 7] as const;
/** A reminder more than this late (the scheduler was down, or the sale predates the job) is not sent. */
export const RESUME_STALE_AFTER_DAYS = 14;

/** What a timeline entry of the console's arrears page is. */
export const ARREARS_TIMELINE_KINDS = [
  'subscribed',
  'charged',
  'declined',
  'reminder',
  'manual_reminder',
  'cancellation_requested',
  'cancelled',
  'charge_date_changed',
] as const;
export type ArrearsTimelineKind = (typeof ARREARS_TIMELINE_KINDS)[number];
