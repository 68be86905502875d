import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const R = 8;
const P = 1;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    // maxmem above 128·N·r, the memory scrypt needs (Node's default cap is 32 MiB).
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * scrypt, Node's built-in memory-hard hash: `scrypt$N$r$p$salt$hash`. The parameters travel with the hash,
 * so raising the cost later leaves old hashes verifiable.
 */
export async function hashPassword(password: string, n: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash nobody's password matches: login spends the same time on an unknown e-mail as on a known one. */
let decoy: Promise<string> | undefined;
export const decoyHash = (n: number) => (decoy ??= hashPassword(randomBytes(12).toString('hex'), n));

/** Rule 002-8.02: whether the password is one of these hashes (the last 4, the current one included). */
export async function inPasswordHistory(password: string, history: readonly string[]): Promise<boolean> {
  for (const hash of history) if (await verifyPassword(password, hash)) return true;
  return false;
}

/**
 * An invitee's password until they choose theirs through the invitation e-mail: random, told to nobody
 * (issue 15). It has a valid form, so it is hashed and kept like any other.
 */
export const unusablePassword = () => `Aa1!${randomBytes(6).toString('base64url').slice(0, 8)}`;
