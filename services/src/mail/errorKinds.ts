import type { MailErrorKind } from '@cubre/schemas/mail/events';

/**
 * What kind of failure a nodemailer error is, from its code and SMTP reply code alone: the error's message
 * (and the server's reply) may quote the recipient's address, so neither is kept or logged. A permanent
 * refusal (5xx but authentication) is not retried; everything else is, with backoff.
 */
export function errorKindOf(error: unknown): { kind: MailErrorKind; permanent: boolean } {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
  };
  if (code === 'EAUTH') return { kind: 'auth', permanent: false };
  if (typeof responseCode === 'number' && responseCode >= 500)
    return { kind: 'rejected-permanent', permanent: true };
  if (typeof responseCode === 'number' && responseCode >= 400)
    return { kind: 'rejected-temporary', permanent: false };
  if (code === 'ETIMEDOUT') return { kind: 'timeout', permanent: false };
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS' || code === 'ECONNREFUSED') {
    return { kind: 'connection', permanent: false };
  }
  return { kind: 'unknown', permanent: false };
}
