/** The longest a key waits, however often it was locked: a day. */
const MAX_LOCK_MS = 86_400_000;
/** A key whose last failure is older than this starts again from its first lock. */
const FORGET_LOCKS_MS = 86_400_000;

interface Entry {
  failures: number;
  lockedUntil: number;
  /** Locks in a row without a success: each one lasts twice the one before. */
  locks: number;
  lastFailure: number;
}

/**
 * Repeated failed logins wait (issue 5, issue 13): after `maxFailures` failures in a row for one key (a
 * trusted device, or the untrusted door of one account, or a client address), that key is refused for
 * `lockSeconds`; every further lock of the same key without a success in between doubles (up to a day),
 * so guessing is slowed at first and then all but blocked. A success clears the key. Which keys a sign-in
 * counts against is the caller's choice (sessionRoutes.ts: the device cookie scheme). In-process: each api
 * instance counts on its own, which bounds guessing per instance (README.md says so).
 */
export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxFailures: number,
    private readonly lockSeconds: number,
  ) {}

  /** Seconds until the first of `keys` may try again; 0 when none is locked. */
  retryAfter(keys: string[], now: number): number {
    let wait = 0;
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && entry.lockedUntil > now)
        wait = Math.max(wait, Math.ceil((entry.lockedUntil - now) / 1000));
    }
    return wait;
  }

  failed(keys: string[], now: number): void {
    for (const key of keys) {
      const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0, locks: 0, lastFailure: now };
      if (now - entry.lastFailure > FORGET_LOCKS_MS) entry.locks = 0;
      if (entry.lockedUntil && entry.lockedUntil <= now) {
        entry.failures = 0;
        entry.lockedUntil = 0;
      }
      entry.failures += 1;
      entry.lastFailure = now;
      if (entry.failures >= this.maxFailures) {
        const lockMs = Math.min(this.lockSeconds * 1000 * 2 ** entry.locks, MAX_LOCK_MS);
        entry.lockedUntil = now + lockMs;
        entry.locks += 1;
      }
      this.entries.set(key, entry);
    }
    if (this.entries.size > 100_000) this.forgetStale(now);
  }

  succeeded(keys: string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  /** Under a flood of keys, the unlocked ones go first (their escalation is forgotten with them). */
  private forgetStale(now: number) {
    for (const [key, entry] of this.entries) if (entry.lockedUntil < now) this.entries.delete(key);
  }
}
