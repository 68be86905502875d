import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ExpiringState } from './expiringState';

/**
 * Where the rate limits keep their counters (issue 13): one store that every api process of a deployment
 * shares, so running several processes does not multiply each client's allowance. Counters expire with
 * their window and the store deletes them, so memory does not grow with the number of clients.
 */
export interface RateLimitStore {
  readonly engine: 'sqlite' | 'mongodb';
  /** A fixed-window limiter of `points` per `durationSeconds` whose keys start with `keyPrefix`. */
  limiter(options: { keyPrefix: string; points: number; durationSeconds: number }): RateLimiterAbstract;
  /** The sign-in throttle's and the signed-out sessions' shared state, in the same store. */
  readonly state: ExpiringState;
  close(): Promise<void>;
}
