import type { IdentitySettings } from '../identity';
import type { RuntimeConfig } from './config';
import { dataDirSecret } from './dataDirSecret';

/**
 * The token key: AUTH_SECRET when set (every api instance shares it), else a random key kept in
 * DATA_DIR/auth-secret (owner-only), so the embedded runtime's tokens survive a restart.
 */
function tokenSecretOf(config: RuntimeConfig): Uint8Array {
  if (config.AUTH_SECRET) return new TextEncoder().encode(config.AUTH_SECRET);
  return new TextEncoder().encode(dataDirSecret(config.DATA_DIR, 'auth-secret'));
}

export function identityConfigOf(config: RuntimeConfig): IdentitySettings {
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
