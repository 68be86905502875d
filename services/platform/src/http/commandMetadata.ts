import { createHash, randomUUID } from 'node:crypto';
import type { Actor } from '@cubre/schemas/events';
import type { CommandMetadata } from '@cubre/schemas/commands';
import type { Request } from 'express';
import { HttpProblem } from './problem';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * Metadata of a command received over HTTP. With an `Idempotency-Key`, the command id (and so every event
 * id) is derived from it, the route and the body, so a client's retry stores nothing twice. The body is part
 * of it so that the same key sent with another body is another command on every event store alike
 * (EventStoreDB only recognises event ids within one stream).
 */
export function commandMetadataOf(req: Request, receivedAt: Date, actor: Actor): CommandMetadata {
  const key = req.get('Idempotency-Key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new HttpProblem(400, 'validation', 'Solicitud inválida', 'Idempotency-Key inválida', [
      { field: 'Idempotency-Key', rule: 'format', message: 'de 8 a 100 letras, dígitos o . _ : -' },
    ]);
  }
  return {
    commandId: key
      ? `${req.method} ${req.baseUrl}${req.path} ${key} ${createHash('sha1')
          .update(JSON.stringify(req.body ?? null))
          .digest('base64url')}`
      : randomUUID(),
    correlationId: String(req.id),
    causationId: null,
    actor,
    receivedAt: receivedAt.toISOString(),
  };
}

const RANDOM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Whether a command id is one `commandMetadataOf` drew at random (no Idempotency-Key): such a command was
 * never stored before, so its events are new and the stream it creates is almost always new too
 * (`expectNewStream` of the command handler). A keyed id (`POST /path key hash`) may be a client's retry.
 */
export const isFreshCommandId = (commandId: string) => RANDOM_ID.test(commandId);

/** Storefront visitors are anonymous (seed 000 §6): no personal data goes into the actor. */
export const anonymousVisitor: Actor = { kind: 'visitor', id: 'anonymous' };
