/**
 * Per-client token buckets: each client may burst `capacity` requests and then `perMinute` a minute.
 * The comparator is the site's most expensive call and scrapers hammer it (seed 000 §8: a 401 tells a
 * visitor the system thinks they are a robot). Memory is bounded: idle full buckets are forgotten.
 */
export function createRateLimiter(options: { perMinute: number; capacity: number; maxClients?: number }) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const maxClients = options.maxClients ?? 100_000;
  const perMs = options.perMinute / 60_000;

  function refill(client: string, now: number) {
    const bucket = buckets.get(client) ?? { tokens: options.capacity, at: now };
    bucket.tokens = Math.min(options.capacity, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    return bucket;
  }

  return {
    /** Takes one token; false when the client has none left. */
    take(client: string, now = Date.now()): boolean {
      if (options.perMinute <= 0) return true;
      const bucket = refill(client, now);
      if (!buckets.has(client)) {
        if (buckets.size >= maxClients) {
          for (const [key, value] of buckets) if (value.tokens >= options.capacity - 1) buckets.delete(key);
          if (buckets.size >= maxClients) buckets.delete(buckets.keys().next().value as string);
        }
        buckets.set(client, bucket);
      }
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
    /** A full bucket again: what the "Soy humano!" check grants. */
    reset(client: string, now = Date.now()) {
      buckets.set(client, { tokens: options.capacity, at: now });
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
