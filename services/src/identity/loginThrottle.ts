import type { ExpiringState } from '@cubre/platform/ports/expiringState';

/** The longest a key waits, however often it was locked: a day. */
const MAX_LOCK_MS = 86_400_000;
/** A key whose last failure is older than this starts again from its first lock. */
const FORGET_LOCKS_MS = 86_400_000;

export interface ThrottleEntry {
  failures: number;
  lockedUntil: number;
  /** Locks in a row without a success: each one lasts twice the one before. */
  locks: number;
  lastFailure: number;
}

/** One more failure of a key: locked for `lockSeconds` × 2^locks (up to a day) at `maxFailures` in a row. */
export function afterFailure(
  entry: ThrottleEntry | null,
  now: number,
  maxFailures: number,
  lockSeconds: number,
): ThrottleEntry {
  const next = { ...(entry ?? { failures: 0, lockedUntil: 0, locks: 0, lastFailure: now }) };
  if (now - next.lastFailure > FORGET_LOCKS_MS) next.locks = 0;
  if (next.lockedUntil && next.lockedUntil <= now) {
    next.failures = 0;
    next.lockedUntil = 0;
  }
  next.failures += 1;
  next.lastFailure = now;
  if (next.failures >= maxFailures) {
    next.lockedUntil = now + Math.min(lockSeconds * 1000 * 2 ** next.locks, MAX_LOCK_MS);
    next.locks += 1;
  }
  return next;
}

/**
 * Repeated failed logins wait (issue 5, issue 13): after `maxFailures` failures in a row for one key (a
 * trusted device, or the untrusted door of one account, or a client address), that key is refused for
 * `lockSeconds`; every further lock of the same key without a success in between doubles (up to a day),
 * so guessing is slowed at first and then all but blocked. A success clears the key. Which keys a sign-in
 * counts against is the caller's choice (sessionRoutes.ts: the device cookie scheme). The entries live in
 * the state every api instance shares (the rate limits' store), each read-and-written atomically: a second
 * instance neither forgets a lock nor lets an attacker double the tries by spreading them.
 */
export class LoginThrottle {
  constructor(
    private readonly state: ExpiringState,
    private readonly maxFailures: number,
    private readonly lockSeconds: number,
  ) {}

  /** Seconds until the first of `keys` may try again; 0 when none is locked. */
  async retryAfter(keys: string[], now: number): Promise<number> {
    let wait = 0;
    for (const key of keys) {
      const entry = await this.state.get<ThrottleEntry>(entryKey(key), now);
      if (entry && entry.lockedUntil > now)
        wait = Math.max(wait, Math.ceil((entry.lockedUntil - now) / 1000));
    }
    return wait;
  }

  async failed(keys: string[], now: number): Promise<void> {
    for (const key of keys) {
      await this.state.update<ThrottleEntry>(entryKey(key), now, (entry) => {
        const value = afterFailure(entry, now, this.maxFailures, this.lockSeconds);
        // Kept while locked, and while its escalation is remembered.
        return { value, expiresAtMs: Math.max(value.lockedUntil, value.lastFailure + FORGET_LOCKS_MS) };
      });
    }
  }

  async succeeded(keys: string[], now: number): Promise<void> {
    for (const key of keys) await this.state.update(entryKey(key), now, () => null);
  }
}

const entryKey = (key: string) => `login-throttle:${key}`;
