import { z } from 'zod';
import { eventOf } from '../events';
import { MailRequest } from './mailRequest';

/**
 * A mail's life as events (issue 15), stream `mail-{mailId}` where the id is derived from the request's key:
 * requested once per key, claimed by one dispatcher before the transport is called, then sent or failed
 * (retried with backoff, or given up). The recipient's address lives in `MailRequested` only; the other
 * events carry ids, counts and error kinds, never personal data.
 */
export const MAIL_CATEGORY = 'mail';

export const MailId = z.uuid({ error: 'el identificador de un correo es un UUID' });

export const MailRequestedData = MailRequest.extend({
  mailId: MailId,
  requestedAt: z.iso.datetime({ offset: true }),
  /** Not sent before this moment (a lead reminder at its time); absent: as soon as possible. */
  notBefore: z.iso.datetime({ offset: true }).nullable().optional(),
});
export const MailRequested = eventOf('MailRequested', MailRequestedData);

/**
 * A dispatcher took the mail for one attempt (appended with the revision it read: only one wins). The
 * lease says until when: past it the claimer is taken as dead and the mail may be claimed again.
 */
export const MailClaimedData = z.strictObject({
  mailId: MailId,
  attempt: z.number().int().positive(),
  claimId: z.string().min(1).max(100),
  claimedAt: z.iso.datetime({ offset: true }),
  leaseUntil: z.iso.datetime({ offset: true }),
});
export const MailClaimed = eventOf('MailClaimed', MailClaimedData);

export const MailSentData = z.strictObject({
  mailId: MailId,
  attempt: z.number().int().positive(),
  /** The Message-ID header, derived from the key: a resend after a crash carries the same one. */
  messageId: z.string().min(1).max(300),
  sentAt: z.iso.datetime({ offset: true }),
});
export const MailSent = eventOf('MailSent', MailSentData);

/**
 * The mail as the first claim rendered it (appended with that claim): what the server received and the
 * console shows, as sent, even after the templates change. Later attempts send these same words.
 */
export const MailRenderedData = z.strictObject({
  mailId: MailId,
  subject: z.string().max(1000),
  text: z.string().max(100_000),
  html: z.string().max(200_000),
  /** The unsubscribe link (List-Unsubscribe), on the customer's reminders only. */
  unsubscribe: z.string().max(1000).nullable(),
});
export const MailRendered = eventOf('MailRendered', MailRenderedData);

/** Why an attempt failed, as a kind (never the server's text, which may quote the address). */
export const MAIL_ERROR_KINDS = [
  'connection',
  'timeout',
  'auth',
  'rejected-temporary',
  'rejected-permanent',
  'render',
  'lease-expired',
  'unknown',
] as const;
export const MailErrorKind = z.enum(MAIL_ERROR_KINDS);
export type MailErrorKind = z.infer<typeof MailErrorKind>;

export const MailFailedData = z.strictObject({
  mailId: MailId,
  attempt: z.number().int().positive(),
  errorKind: MailErrorKind,
  failedAt: z.iso.datetime({ offset: true }),
  /** When the dispatcher may try again; null when it gives up (attempts spent or a permanent refusal). */
  retryAt: z.iso.datetime({ offset: true }).nullable(),
});
export const MailFailed = eventOf('MailFailed', MailFailedData);

/** Staff asked to try a mail that failed for good once more (console "Reintentar"; audited by its actor). */
export const MailRetryRequestedData = z.strictObject({
  mailId: MailId,
  requestedAt: z.iso.datetime({ offset: true }),
});
export const MailRetryRequested = eventOf('MailRetryRequested', MailRetryRequestedData);

/**
 * The recipient unsubscribed from the customer reminders before this mail went out: it is never sent
 * (README, "Unsubscribe"). Terminal, like MailSent.
 */
export const MailSuppressedData = z.strictObject({
  mailId: MailId,
  suppressedAt: z.iso.datetime({ offset: true }),
});
export const MailSuppressed = eventOf('MailSuppressed', MailSuppressedData);

export const MailEvent = z.discriminatedUnion('type', [
  MailRequested,
  MailClaimed,
  MailRendered,
  MailSent,
  MailFailed,
  MailRetryRequested,
  MailSuppressed,
]);
export type MailEvent = z.infer<typeof MailEvent>;
