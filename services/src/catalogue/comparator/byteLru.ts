/**
 * What one entry costs besides its value's own bytes: the Map's slot, the key (a SHA-256 in hex and a few
 * characters, at two bytes a character), the entry's small objects and the headers of its typed arrays or
 * buffers. An over-estimate on purpose: the budget is a ceiling.
 */
export const ENTRY_OVERHEAD_BYTES = 512;

/**
 * A cache bounded in bytes, not entries (issue 13: 500 entries of 1.1–1.9 MB each took a server past its
 * heap). Each value comes with its size, counted by the caller from typed arrays and buffers (exact) plus
 * ENTRY_OVERHEAD_BYTES; the least recently used entries go first until a new one fits. A value larger
 * than the whole budget is not kept. A budget of 0 keeps nothing.
 */
export class ByteLru<V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private used = 0;

  constructor(readonly budgetBytes: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` as `bytes` bytes (plus the entry overhead), evicting the least recently used first. */
  set(key: string, value: V, bytes: number): void {
    const cost = bytes + ENTRY_OVERHEAD_BYTES;
    this.delete(key);
    if (cost > this.budgetBytes) return;
    for (const [oldest, entry] of this.entries) {
      if (this.used + cost <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
    this.entries.set(key, { value, bytes: cost });
    this.used += cost;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  /** Bytes held now, overheads included: never more than `budgetBytes`. */
  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }
}
