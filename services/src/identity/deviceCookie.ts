import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's "Slow Down Online Guessing Attacks with Device Cookies" (issue 13): a browser that signed in
 * carries `{login, nonce}` signed with the server's auth secret. A sign-in presenting a valid one for the
 * address it signs in as is counted against that device alone, so nobody else's failures lock it out.
 */
export const DEVICE_COOKIE = 'cubre_device';
/** Sent with every request of the site: /token and /api/admin/session both read it. */
export const DEVICE_COOKIE_PATH = '/';
/** Half a year: a person who signs in at least that often is never locked out by others. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 86_400;

/** A key of its own for device cookies, derived from the auth secret (the tokens' key signs nothing else). */
const keys = new WeakMap<Uint8Array, Buffer>();
function deviceKey(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('cubre device cookie v1').digest();
    keys.set(secret, key);
  }
  return key;
}

const macOf = (secret: Uint8Array, login: string, nonce: string) =>
  createHmac('sha256', deviceKey(secret)).update(`${login}\n${nonce}`).digest();

/** A new device cookie's value for `login` (lower-case address): `v1.{login}.{nonce}.{mac}`, base64url. */
export function newDeviceCookie(secret: Uint8Array, login: string): string {
  const nonce = randomBytes(16).toString('base64url');
  const mac = macOf(secret, login, nonce).toString('base64url');
  return `v1.${Buffer.from(login).toString('base64url')}.${nonce}.${mac}`;
}

/** The nonce of a device cookie that is well signed and was issued to `login`; null otherwise. */
export function trustedDeviceNonce(secret: Uint8Array, value: string | null, login: string): string | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return null;
  const [, encodedLogin, nonce, mac] = parts as [string, string, string, string];
  if (Buffer.from(encodedLogin, 'base64url').toString() !== login || !/^[\w-]{22}$/.test(nonce)) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(secret, login, nonce);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
