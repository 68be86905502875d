/**
 * Retries of shared lookups (rules 001-5.10, 001-7.21, 000-7.12, 000-8.05): 3 attempts by default, 1500
 * ms apart for organizations of a type, then a message with the attempt count.
 */

export const DEFAULT_ATTEMPTS = 3;
export const ORGANIZATIONS_RETRY_DELAY_MS = 1500;

export const retryExhaustedMessage = (attempts: number) =>
  `Se ha sobrepasado el limite de intentos (${attempts}), Intente mas tarde.`;

/** Raised when every attempt failed; `cause` is the last failure. */
export class RetryExhaustedError extends Error {
  readonly attempts: number;
  constructor(attempts: number, cause: unknown) {
    super(retryExhaustedMessage(attempts), { cause });
    this.name = 'RetryExhaustedError';
    this.attempts = attempts;
  }
}

export interface RetryOptions {
  attempts?: number;
  delayMs?: number;
  /** Injectable for tests; defaults to a setTimeout wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Whether a failure is worth another attempt (default: all are). A false gives the failure as is. */
  retryable?: (error: unknown) => boolean;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `fn` until it resolves, at most `attempts` times (at least 1), waiting `delayMs` between
 * attempts (not after the last). On exhaustion rejects with 'Se ha sobrepasado el limite de intentos
 * (n), Intente mas tarde.'.
 */
export async function retry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, Math.floor(options.attempts ?? DEFAULT_ATTEMPTS));
  const delayMs = Math.max(0, options.delayMs ?? ORGANIZATIONS_RETRY_DELAY_MS);
  const sleep = options.sleep ?? wait;
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (options.retryable && !options.retryable(error)) throw error;
      last = error;
      if (attempt < attempts) await sleep(delayMs);
    }
  }
  throw new RetryExhaustedError(attempts, last);
}

/** 000-8.05: 'Error al obtener las organizaciones de tipo {types}', several types joined by ', '. */
export function organizationsErrorMessage(types: string | readonly string[]): string {
  return `Error al obtener las organizaciones de tipo ${typeof types === 'string' ? types : types.join(', ')}`;
}
