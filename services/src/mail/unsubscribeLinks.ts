import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The path of a reminder's unsubscribe link; `{mailId}` and the signature `firma` follow. */
export const UNSUBSCRIBE_PATH = '/api/correo/baja';

/**
 * A recipient as the suppression list knows it: the SHA-256 of the lower-cased address, so neither the
 * event log nor a URL names the address.
 */
export const recipientHashOf = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export interface UnsubscribeLinks {
  /** The https link a reminder carries (footer and List-Unsubscribe): only its own mail's id, signed. */
  urlOf(mailId: string): string;
  /** Whether a link's signature is ours for this mail (constant time). */
  verify(mailId: string, signature: string): boolean;
}

/**
 * Links signed with HMAC-SHA256 over the mail id: whoever holds a reminder can unsubscribe its recipient,
 * nobody can forge a link for another mail (the id is a UUID derived from the key, the signature a secret's).
 */
export function unsubscribeLinks(publicUrl: string, secret: string): UnsubscribeLinks {
  const signatureOf = (mailId: string) =>
    createHmac('sha256', secret).update(`unsubscribe:${mailId}`).digest('base64url');
  const base = publicUrl.replace(/\/+$/, '');
  return {
    urlOf: (mailId) => `${base}${UNSUBSCRIBE_PATH}/${mailId}?firma=${signatureOf(mailId)}`,
    verify(mailId, signature) {
      const expected = Buffer.from(signatureOf(mailId));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
