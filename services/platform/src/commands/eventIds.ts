import { createHash } from 'node:crypto';

/**
 * The id of the n-th event a command produced, derived from the command id: a retried command (same
 * Idempotency-Key) produces the same ids, so the event store recognises the retry and stores nothing twice.
 * Shaped as an RFC 4122 version 5 UUID (name-based, SHA-1).
 */
export function eventIdFor(commandId: string, index: number): string {
  const hash = createHash('sha1').update(`cubre:${commandId}:${index}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The id of what a command creates (a lead, a contact message), derived from the command id: random for
 * a plain post, the same for a retry carrying the same Idempotency-Key and body, so the retry lands on the
 * same stream and stores nothing twice. Shaped as a UUID (version 5 layout), as the profile form's ids.
 * Seeding derives ids from a stable name the same way, so a second start lands on the same streams.
 */
export function derivedId(namespace: string, commandId: string): string {
  const hash = createHash('sha1').update(`cubre:${namespace}:${commandId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
