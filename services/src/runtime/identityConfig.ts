import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IdentityConfig } from '../platform/http/app';
import type { RuntimeConfig } from './config';

/**
 * The token key: AUTH_SECRET when set (every api instance shares it), else a random key kept in
 * DATA_DIR/auth-secret (owner-only), so the embedded runtime's tokens survive a restart.
 */
function tokenSecretOf(config: RuntimeConfig): Uint8Array {
  if (config.AUTH_SECRET) return new TextEncoder().encode(config.AUTH_SECRET);
  const file = join(config.DATA_DIR, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function identityConfigOf(config: RuntimeConfig): IdentityConfig {
  return {
    tokenSecret: tokenSecretOf(config),
    tokenTtlSeconds: config.AUTH_TOKEN_TTL_SECONDS,
    passwordMaxAgeDays: config.PASSWORD_MAX_AGE_DAYS,
    scryptN: config.PASSWORD_SCRYPT_N,
    loginMaxFailures: config.LOGIN_MAX_FAILURES,
    loginLockSeconds: config.LOGIN_LOCK_SECONDS,
    demoUsers: config.DEMO_USERS ? config.DEMO_USERS === 'on' : process.env.NODE_ENV !== 'production',
  };
}
