import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@cubre/schemas/events';

/** A valid new event for store-level tests; the payload says which one it is. */
export function newEvent(type = 'ThingHappened', data: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    occurredAt: new Date().toISOString(),
    data,
    metadata: {
      correlationId: randomUUID(),
      causationId: null,
      actor: { kind: 'system', id: 'test' },
    },
  };
}

export const newEvents = (count: number, type = 'ThingHappened'): NewEvent[] =>
  Array.from({ length: count }, (_, index) => newEvent(type, { index }));

let streamCounter = 0;
/** A stream id no other test uses, even against a shared server. */
export const uniqueStream = (category = 'thing'): string =>
  `${category}-${Date.now().toString(36)}${(streamCounter++).toString(36)}${randomUUID().slice(0, 8)}`;
