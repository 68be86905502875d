import { z } from 'zod';

/**
 * Who caused a change. Ids only: e-mails, RUTs and names never travel in metadata,
 * because metadata is copied into logs and Kafka headers.
 */
export const Actor = z.strictObject({
  kind: z.enum(['visitor', 'user', 'system']),
  id: z.string().min(1).max(200),
});
export type Actor = z.infer<typeof Actor>;

export const EventMetadata = z.strictObject({
  correlationId: z.string().min(1).max(200),
  /** The command or event this one was caused by; null for the first link of a chain. */
  causationId: z.string().min(1).max(200).nullable(),
  actor: Actor,
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** Stream ids are `<category>-<id>`: the category names the aggregate and the Kafka topic. */
export const StreamId = z
  .string()
  .min(3)
  .max(300)
  .regex(/^[A-Za-z][A-Za-z0-9]*-.+$/, 'stream ids look like <category>-<id>');
export type StreamId = z.infer<typeof StreamId>;

export const EventType = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Z][A-Za-z0-9]*$/, 'event types are PascalCase past-tense names');

/** An event as the event store keeps it and as every consumer receives it. */
export const StoredEvent = z.strictObject({
  /** Stable id chosen by the writer, so that a retried append is recognised and not stored twice. */
  id: z.uuid(),
  type: EventType,
  streamId: StreamId,
  /** 0 for the first event of a stream. */
  revision: z.number().int().nonnegative(),
  /** Position in the whole log; strictly increasing, starts at 1. */
  globalPosition: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
  metadata: EventMetadata,
});
export type StoredEvent = z.infer<typeof StoredEvent>;

/** What a writer hands to the store: the store assigns revision and position. */
export const NewEvent = StoredEvent.pick({
  id: true,
  type: true,
  occurredAt: true,
  data: true,
  metadata: true,
});
export type NewEvent = z.infer<typeof NewEvent>;

/** Narrows the envelope to one event type with a typed payload, for domain event unions. */
export const eventOf = <TType extends string, TData extends z.ZodType>(type: TType, data: TData) =>
  StoredEvent.extend({ type: z.literal(type), data });

export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}
