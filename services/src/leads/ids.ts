import { createHash } from 'node:crypto';

/**
 * The id of what a command creates (a lead, a contact message), derived from the command id: random for
 * a plain post, the same for a retry carrying the same Idempotency-Key and body, so the retry lands on the
 * same stream and stores nothing twice. Shaped as a UUID (version 5 layout), as the profile form's ids.
 */
export function derivedId(namespace: string, commandId: string): string {
  const hash = createHash('sha1').update(`cubre:${namespace}:${commandId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (text: string) => UUID.test(text);
