/**
 * Repeated failed logins wait (issue 5): after `maxFailures` failures in a row for one key (an e-mail, or a
 * client address), that key is refused for `lockSeconds`. A success clears the key. In-process: each api
 * instance counts on its own, which bounds guessing per instance (README.md says so).
 */
export class LoginThrottle {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();

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
      const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0 };
      if (entry.lockedUntil && entry.lockedUntil <= now) entry.failures = 0;
      entry.failures += 1;
      entry.lockedUntil = entry.failures >= this.maxFailures ? now + this.lockSeconds * 1000 : 0;
      this.entries.set(key, entry);
    }
    if (this.entries.size > 100_000) this.forgetExpired(now);
  }

  succeeded(keys: string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  private forgetExpired(now: number) {
    for (const [key, entry] of this.entries) if (entry.lockedUntil < now) this.entries.delete(key);
  }
}
