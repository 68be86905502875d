import { z } from 'zod';
import { eventOf } from '../events';
import { MailId } from './events';

/**
 * The customer reminders' opt-out (issue 15, README of services/src/mail, "Unsubscribe"): one stream per
 * recipient, `mailSuppression-{recipientHash}`, where the hash is the SHA-256 of the lower-cased address,
 * so the event log names no address. The dispatcher reads that stream before sending a reminder.
 */
export const MAIL_SUPPRESSION_CATEGORY = 'mailSuppression';

export const RecipientHash = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'el resumen SHA-256 del correo, en hexadecimal');

export const MailRecipientUnsubscribedData = z.strictObject({
  recipientHash: RecipientHash,
  /** The mail whose link was followed: the console finds its contract and template. */
  mailId: MailId,
  unsubscribedAt: z.iso.datetime({ offset: true }),
  /** A mail client's one-click POST (RFC 8058) or the confirmation page's button. */
  via: z.enum(['one-click', 'page']),
});
export const MailRecipientUnsubscribed = eventOf('MailRecipientUnsubscribed', MailRecipientUnsubscribedData);
