/**
 * One answer per idempotency key (Stripe's rule): the same key with the same request answers the first
 * result, also while the first call is still running (a double click waits for it); the same key with
 * another request is refused. Kept in memory, bounded in count and time (24 h): it guards one process
 * against double submits; the durable guarantee belongs to the Payment aggregate's event stream.
 */
export type IdempotencyOutcome<T> = { kind: 'first' | 'replay'; result: T } | { kind: 'conflict' };

type Entry = { fingerprint: string; result: Promise<unknown>; at: number };

export class IdempotencyLedger {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: { maxEntries: number; ttlMs: number; now: () => number } = {
      maxEntries: 10_000,
      ttlMs: 24 * 60 * 60 * 1000,
      now: Date.now,
    },
  ) {}

  async run<T>(key: string, request: unknown, call: () => Promise<T>): Promise<IdempotencyOutcome<T>> {
    this.forgetExpired();
    const fingerprint = stableJson(request);
    const known = this.entries.get(key);
    if (known) {
      if (known.fingerprint !== fingerprint) return { kind: 'conflict' };
      return { kind: 'replay', result: (await known.result) as T };
    }
    const result = call();
    this.entries.set(key, { fingerprint, result, at: this.options.now() });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    try {
      return { kind: 'first', result: await result };
    } catch (error) {
      // A call that threw decided nothing: the key may be used again.
      this.entries.delete(key);
      throw error;
    }
  }

  private forgetExpired(): void {
    const limit = this.options.now() - this.options.ttlMs;
    for (const [key, entry] of this.entries) {
      if (entry.at > limit) break;
      this.entries.delete(key);
    }
  }
}

/** JSON with sorted keys, so two equal requests give one fingerprint whatever their key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
