import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ExpiringState } from '@cubre/platform/ports/expiringState';

/**
 * The console's session (issue 13): the signed token lives in an HttpOnly cookie that no script reads,
 * sent only to the admin API. Cookies travel by themselves, so every unsafe request they authenticate
 * must also carry the session's CSRF token in `X-CSRF-Token`: a custom header no other site can send
 * (CORS allows it to nobody with credentials), holding a value only the console was given (in the answer
 * of the sign-in and of GET /api/admin/me), kept in the page's memory.
 */
export const SESSION_COOKIE = 'cubre_session';
export const SESSION_COOKIE_PATH = '/api/admin';
export const CSRF_HEADER = 'X-CSRF-Token';

const keys = new WeakMap<Uint8Array, Buffer>();
function csrfKey(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('cubre csrf token v1').digest();
    keys.set(secret, key);
  }
  return key;
}

/** The CSRF token of the session whose token id is `tokenId`: nothing to store, the secret re-derives it. */
export const csrfTokenOf = (secret: Uint8Array, tokenId: string): string =>
  createHmac('sha256', csrfKey(secret)).update(tokenId).digest('base64url');

export function csrfMatches(secret: Uint8Array, tokenId: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(csrfTokenOf(secret, tokenId));
  const sent = Buffer.from(given);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * Sessions ended by a sign-out before their expiry, remembered until then in the state every api instance
 * shares (the rate limits' store): another instance refuses a copied cookie as soon as the sign-out answered.
 */
export class RevokedSessions {
  constructor(private readonly state: ExpiringState) {}

  async revoke(tokenId: string, expiresAtSeconds: number, nowMs: number): Promise<void> {
    await this.state.update(revokedKey(tokenId), nowMs, () => ({
      value: true,
      expiresAtMs: expiresAtSeconds * 1000,
    }));
  }

  async isRevoked(tokenId: string, nowMs: number): Promise<boolean> {
    return (await this.state.get<boolean>(revokedKey(tokenId), nowMs)) === true;
  }
}

const revokedKey = (tokenId: string) => `session-revoked:${tokenId}`;
