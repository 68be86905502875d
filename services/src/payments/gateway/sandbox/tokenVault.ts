import { randomBytes } from 'node:crypto';
import type { Money } from '@cubre/schemas/payments/money';
import type { CardScenario } from './testCards';

/**
 * The sandbox's card tokens: an opaque token stands for what the charge needs to know (the test card's
 * scenario, the last four digits, the amount it was made for), never the card number, which dies with the
 * tokenizer's request. Bounded in bytes (oldest tokens go first) and in time; a token is used once.
 */
export type CardToken = { scenario: CardScenario; last4: string; amount?: Money; expiresAt: number };

type Stored = CardToken & { bytes: number };

export type TokenVaultOptions = { maxBytes: number; ttlMs: number; now: () => number };

export class TokenVault {
  private readonly tokens = new Map<string, Stored>();
  private bytes = 0;
  private readonly options: TokenVaultOptions;

  constructor(options: Partial<TokenVaultOptions> = {}) {
    // Kushki's card tokens live 30 minutes; 256 KiB holds about 1,500 of them.
    this.options = { maxBytes: 256 * 1024, ttlMs: 30 * 60 * 1000, now: Date.now, ...options };
  }

  issue(token: Omit<CardToken, 'expiresAt'>): string {
    this.forgetExpired();
    const id = `sbx_${randomBytes(24).toString('base64url')}`;
    const stored: Stored = { ...token, expiresAt: this.options.now() + this.options.ttlMs, bytes: 0 };
    stored.bytes = id.length * 2 + JSON.stringify(stored).length * 2;
    this.tokens.set(id, stored);
    this.bytes += stored.bytes;
    for (const [oldest, entry] of this.tokens) {
      if (this.bytes <= this.options.maxBytes) break;
      this.drop(oldest, entry);
    }
    return id;
  }

  /** The token's content, once: a second take answers undefined, like an expired or unknown token. */
  take(id: string): CardToken | undefined {
    const stored = this.tokens.get(id);
    if (!stored) return undefined;
    this.drop(id, stored);
    if (stored.expiresAt <= this.options.now()) return undefined;
    const { bytes: _bytes, ...token } = stored;
    return token;
  }

  get size(): { tokens: number; bytes: number } {
    return { tokens: this.tokens.size, bytes: this.bytes };
  }

  private forgetExpired(): void {
    const now = this.options.now();
    for (const [id, entry] of this.tokens) if (entry.expiresAt <= now) this.drop(id, entry);
  }

  private drop(id: string, entry: Stored): void {
    this.tokens.delete(id);
    this.bytes -= entry.bytes;
  }
}
