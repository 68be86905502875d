import { z } from 'zod';
import { Country } from '../catalogue/common';
import type { Actor } from '../events';
import { MAIL_LOCALES, MAIL_TEMPLATES } from './lists';

export { MAIL_TEMPLATES, MAIL_LOCALES };
export const MailTemplate = z.enum(MAIL_TEMPLATES, {
  error: `template es uno de: ${MAIL_TEMPLATES.join(', ')}`,
});
export type MailTemplate = z.infer<typeof MailTemplate>;

export const MailLocale = z.enum(MAIL_LOCALES);
export type MailLocale = z.infer<typeof MailLocale>;

/** What a mail is about, so the console links it to its contract, sale, lead or console user. */
export const MailSubject = z.strictObject({
  kind: z.enum(['subscription', 'sale', 'lead', 'user']),
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
