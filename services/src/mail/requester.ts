import { randomUUID } from 'node:crypto';
import { MailRequest, type MailRequester } from '@cubre/schemas/mail/mailRequest';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { isWrongExpectedRevision, type EventStore } from '@cubre/platform/ports/eventStore';
import { MailDomainEvent, mailDecider, mailIdOf, mailStream } from './mailDecider';

export interface MailRequesterOptions {
  /** Called after a mail was recorded (the scheduler's dispatcher sends it soon, without waiting a minute). */
  onRequested?(mailId: string): void;
}

/**
 * The `MailRequester` port (schemas/src/mail/mailRequest.ts): validates the request (a `ZodError` naming the
 * field when it is not a MailRequest) and appends `MailRequested` to `mail-{mailIdOf(key)}` expecting no
 * stream, so a key is requested once whoever asks, twice at once included: the loser is `already-requested`.
 */
export function mailRequester(
  eventStore: EventStore,
  clock: () => Date,
  options: MailRequesterOptions = {},
): MailRequester {
  return {
    async request(mail, metadata) {
      const request = MailRequest.parse(mail);
      const mailId = mailIdOf(request.key);
      const now = clock().toISOString();
      try {
        const result = await handleCommand(
          eventStore,
          { decider: mailDecider, eventSchema: MailDomainEvent },
          mailStream(mailId),
          { type: 'RequestMail', data: { ...request, mailId, requestedAt: now } },
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
    },
  };
}
