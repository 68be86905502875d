import { createHash } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const LINK_LENGTH = 8;

/**
 * The short link for a comparator path: base62 of a SHA-256 of the path, so the same comparison always
 * gets the same link and no counter is shared between servers. 8 characters give 62^8 ≈ 2.2·10^14 codes;
 * a collision is resolved by the next attempt (a different salt).
 */
export function linkCodeFor(path: string, attempt = 0): string {
  const digest = createHash('sha256')
    .update(attempt === 0 ? path : `${attempt}:${path}`)
    .digest();
  let code = '';
  for (let i = 0; i < LINK_LENGTH; i++) code += ALPHABET[digest[i]! % 62];
  return code;
}
