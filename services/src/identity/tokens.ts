import { errors, jwtVerify, SignJWT } from 'jose';
import { randomUUID, webcrypto } from 'node:crypto';

const ISSUER = 'cubre';
const AUDIENCE = 'cubre-admin';

/**
 * The secret as a WebCrypto key, imported once: jose imports raw bytes on every call, which was 4% of
 * the server's CPU under the lead-list benchmark's load (its CPU profile).
 */
const keys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

export interface TokenClaims {
  userId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  /** The token's own id (JWT `jti`): what a signed-out console session is revoked by. */
  tokenId: string | null;
}

/** A signed, expiring session token (JWT, HS256) that names the user; permissions are read per request. */
export async function signToken(
  secret: Uint8Array,
  userId: string,
  ttlSeconds: number,
  now: Date,
): Promise<{ token: string; expiresAt: string; tokenId: string }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const tokenId = randomUUID();
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(tokenId)
    .sign(await hmacKey(secret));
  return { token, expiresAt: new Date(expiresAt * 1000).toISOString(), tokenId };
}

export type TokenFailure = 'TOKEN_EXPIRED' | 'INVALID_TOKEN';

/** Verifies signature, algorithm, issuer, audience and expiry; `now` is the app's clock. */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<{ ok: true; claims: TokenClaims } | { ok: false; failure: TokenFailure }> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    return {
      ok: true,
      claims: {
        userId: payload.sub!,
        issuedAt: payload.iat!,
        expiresAt: payload.exp!,
        tokenId: typeof payload.jti === 'string' ? payload.jti : null,
      },
    };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, failure: 'TOKEN_EXPIRED' };
    return { ok: false, failure: 'INVALID_TOKEN' };
  }
}
