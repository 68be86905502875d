import { createHash, createHmac } from 'node:crypto';

/**
 * The invitation e-mail's accept link (issue 15). Seven days: a company's people are often invited on a
 * Friday and read their mail after a weekend or a short leave; longer, a forgotten mail in an inbox stays
 * a way in for too long. A company administrator inviting the same person again after it expired issues a
 * new link.
 */
export const INVITATION_TTL_MS = 7 * 86_400_000;

/** The console's page that reads the link (admin-console/src/identity/InvitationPage.tsx). */
export const INVITATION_PATH = '/invitacion';

/** A key of its own for invitation links, derived from the auth secret (the tokens' key signs nothing else). */
const keys = new WeakMap<Uint8Array, Buffer>();
function invitationKey(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('cubre invitation link v1').digest();
    keys.set(secret, key);
  }
  return key;
}

/**
 * The token of a user's `sequence`-th link: `{userId}.{sequence}.{HMAC}`. Derived, not random, so that a
 * process stopped between recording the link and requesting its mail makes the same link when the
 * invitation is sent again: the mail (keyed by user and sequence) is still requested once. Identity keeps
 * only its SHA-256 (`UserInvitationIssued.tokenHash`).
 */
export function invitationTokenOf(secret: Uint8Array, userId: string, sequence: number): string {
  const mac = createHmac('sha256', invitationKey(secret))
    .update(`${userId}\n${sequence}`)
    .digest('base64url');
  return `${userId}.${sequence}.${mac}`;
}

export const invitationTokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The user a well-formed token names (InvitationAcceptBody checked its form). */
export const invitationUserOf = (token: string) => token.split('.')[0]!;

/**
 * The link in the mail. The token is in the fragment: browsers send no fragment to the server nor in a
 * Referer, so it stays out of access logs and other sites.
 */
export const invitationLinkOf = (consoleUrl: string, token: string) =>
  `${consoleUrl.replace(/\/+$/, '')}${INVITATION_PATH}#token=${token}`;

/** The expiry as the mail writes it: the day and time in Chile, where the console's companies are. */
export const invitationExpiryText = (expiresAt: string) =>
  new Intl.DateTimeFormat('es-CL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Santiago',
  }).format(new Date(expiresAt));
