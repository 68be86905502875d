import { randomUUID } from 'node:crypto';
import { MailRequest, type MailRequestMetadata, type MailRequester } from '@cubre/schemas/mail/mailRequest';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { isWrongExpectedRevision, type EventStore } from '@cubre/platform/ports/eventStore';
import { MailDomainEvent, mailDecider, mailIdOf, mailStream } from './mailDecider';

export interface MailRequesterOptions {
  /** Called after a mail was recorded (the scheduler's dispatcher sends it soon, without waiting a minute). */
  onRequested?(mailId: string): void;
}

/**
 * Records a mail once per key: `MailRequested` on `mail-{mailIdOf(key)}` expecting no stream, so two
 * requests of a key (at once included) record it once and the loser is `already-requested`. `notBefore`
 * holds it until then (the lead reminders, at the event's time); the port's callers send at once.
 */
export async function recordMailRequest(
  eventStore: EventStore,
  clock: () => Date,
  mail: MailRequest,
  metadata: MailRequestMetadata,
  options: MailRequesterOptions & { notBefore?: string | null } = {},
): Promise<'requested' | 'already-requested'> {
  const request = MailRequest.parse(mail);
  const mailId = mailIdOf(request.key);
  const now = clock().toISOString();
  try {
    const result = await handleCommand(
      eventStore,
      { decider: mailDecider, eventSchema: MailDomainEvent },
      mailStream(mailId),
      {
        type: 'RequestMail',
        data: { ...request, mailId, requestedAt: now, notBefore: options.notBefore ?? null },
      },
      { ...metadata, commandId: randomUUID(), receivedAt: now },
      { expectedRevision: -1 },
    );
    if (result.events.length === 0) return 'already-requested';
  } catch (error) {
    if (isWrongExpectedRevision(error)) return 'already-requested';
    throw error;
  }
  options.onRequested?.(mailId);
  return 'requested';
}

/**
 * The `MailRequester` port (schemas/src/mail/mailRequest.ts) for the other domains: validates the request
 * (a `ZodError` naming the field when it is not a MailRequest) and records it once per key.
 */
export function mailRequester(
  eventStore: EventStore,
  clock: () => Date,
  options: MailRequesterOptions = {},
): MailRequester {
  return { request: (mail, metadata) => recordMailRequest(eventStore, clock, mail, metadata, options) };
}
