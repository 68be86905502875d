/**
 * Small values every api process of a deployment shares, each with an expiry (issue 13): the sign-in
 * throttle's failures and locks, and the console sessions signed out before their expiry. Kept where the
 * rate limits keep their counters (DATA_DIR's rate-limits.sqlite, or MongoDB), so a second api instance
 * neither forgets a lock nor accepts a signed-out cookie. Expiry is the caller's clock (tests move it); the
 * store deletes expired entries, so what attackers can grow is bounded by time, not memory.
 */
export interface ExpiringState {
  /** The value under `key`, or null when absent or expired at `nowMs`. */
  get<T>(key: string, nowMs: number): Promise<T | null>;
  /**
   * Reads and writes one key atomically for every process sharing the store: `update` gets the current value
   * (null when absent or expired) and answers the next one with its expiry, or null to delete it.
   */
  update<T>(
    key: string,
    nowMs: number,
    update: (current: T | null) => { value: T; expiresAtMs: number } | null,
  ): Promise<T | null>;
}
