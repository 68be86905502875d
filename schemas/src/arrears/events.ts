import { z } from 'zod';
import { eventOf } from '../events';
import { ARREARS_STAGES, RESUME_TEMPLATES } from './lists';

/**
 * The reminders sent, as events (issue 15), so "exactly once" and the console's timeline are event-sourced:
 * - `arrears-{subscriptionId}`: the arrears mails of one contract (002-4.17), each automatic stage recorded
 *   once per episode (the period whose decline started the arrears); staff's manual sends beside them.
 * - `resumeContracting-{saleId}`: the resume-contracting mails of one sale left unpaid (002-4.18).
 * The mail itself is the mail domain's (`mail-{id of its key}`); these events name its key.
 */
export const ARREARS_CATEGORY = 'arrears';
export const RESUME_CONTRACTING_CATEGORY = 'resumeContracting';
export const ARREARS_CATEGORIES = [ARREARS_CATEGORY, RESUME_CONTRACTING_CATEGORY] as const;

export const arrearsStageSchema = z.enum(ARREARS_STAGES);
export const resumeTemplateSchema = z.enum(RESUME_TEMPLATES);
const MailKey = z.string().min(1).max(300);
const Episode = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'un periodo es yyyy-mm');

/** The job requested a stage's automatic mail (002-4.17). */
export const ArrearsReminderSentData = z.strictObject({
  subscriptionId: z.uuid(),
  episode: Episode,
  stage: arrearsStageSchema,
  overdueCount: z.number().int().nonnegative(),
  mailKey: MailKey,
});
export const ArrearsReminderSent = eventOf('ArrearsReminderSent', ArrearsReminderSentData);

/**
 * Staff sent the current stage again ("Enviar de nuevo"; audited). `takesAutomatic`: the stage's automatic
 * mail had not been requested yet, so this send used its key and the job will not send the stage again.
 */
export const ArrearsReminderResentData = z.strictObject({
  subscriptionId: z.uuid(),
  episode: Episode,
  stage: arrearsStageSchema,
  overdueCount: z.number().int().nonnegative(),
  mailKey: MailKey,
  takesAutomatic: z.boolean(),
  /** The Idempotency-Key's digest: the same request again records nothing more. */
  requestKey: z.string().min(1).max(100),
  reason: z.string().max(500).nullable(),
});
export const ArrearsReminderResent = eventOf('ArrearsReminderResent', ArrearsReminderResentData);

export const ArrearsEvent = z.discriminatedUnion('type', [ArrearsReminderSent, ArrearsReminderResent]);
export type ArrearsEvent = z.infer<typeof ArrearsEvent>;

/** The job requested a resume-contracting mail (002-4.18); `reminder` is the count before it (0, 1, 2). */
export const ResumeReminderSentData = z.strictObject({
  saleId: z.uuid(),
  reminder: z.number().int().min(0).max(2),
  template: resumeTemplateSchema,
  mailKey: MailKey,
});
export const ResumeReminderSent = eventOf('ResumeReminderSent', ResumeReminderSentData);

export const ResumeContractingEvent = z.discriminatedUnion('type', [ResumeReminderSent]);
export type ResumeContractingEvent = z.infer<typeof ResumeContractingEvent>;
