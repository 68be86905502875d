import { z } from 'zod';
import { Country } from '../catalogue/common';
import type { Actor } from '../events';

/**
 * The mails the product sends (issue 15): arrears by overdue count (002-4.17), resume-contracting
 * reminders (002-4.18), the lead reminders the console schedules (LLAMADA, REUNION: 002-3.25) and the
 * assignment notice whose failure is CODE001 (002-8.06).
 */
export const MAIL_TEMPLATES = [
  'mora_1',
  'mora_2',
  'mora_3',
  'retomar_contratacion_1',
  'retomar_contratacion_2',
  'retomar_contratacion_3',
  'lead_reminder',
  'lead_assigned',
] as const;
export const MailTemplate = z.enum(MAIL_TEMPLATES, {
  error: `template es uno de: ${MAIL_TEMPLATES.join(', ')}`,
});
export type MailTemplate = z.infer<typeof MailTemplate>;

export const MAIL_LOCALES = ['es', 'en', 'pt'] as const;
export const MailLocale = z.enum(MAIL_LOCALES);
export type MailLocale = z.infer<typeof MailLocale>;

/** What a mail is about, so the console links it to its contract, sale or lead. */
export const MailSubject = z.strictObject({
  kind: z.enum(['subscription', 'sale', 'lead']),
  id: z.string().min(1).max(200),
});
export type MailSubject = z.infer<typeof MailSubject>;

export const MailRequest = z.strictObject({
  /**
   * Exactly once per key: a mail requested again under the same key is not sent again. Keys name the
   * contract and the stage (`arrears:{subscriptionId}:{period}:mora_1`), never personal data.
   */
  key: z.string().min(1).max(300),
  to: z.strictObject({ email: z.email().max(254), name: z.string().max(200).optional() }),
  template: MailTemplate,
  locale: MailLocale,
  country: Country,
  /** The values the template fills in (names, amounts already formatted, dates, links). */
  data: z.record(z.string().max(60), z.union([z.string().max(2000), z.number()])),
  subject: MailSubject,
});
export type MailRequest = z.infer<typeof MailRequest>;

export type MailRequestMetadata = { actor: Actor; correlationId: string; causationId: string | null };

/**
 * The mail domain's port for the others: record a mail to send (the dispatcher sends it, retries it, and
 * never sends one key twice). `already-requested` when the key was requested before, by anyone.
 */
export interface MailRequester {
  request(mail: MailRequest, metadata: MailRequestMetadata): Promise<'requested' | 'already-requested'>;
}
