import { randomUUID } from 'node:crypto';
import { MAIL_SUPPRESSION_CATEGORY } from '@cubre/schemas/mail/suppression';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { SuppressionEvent, suppressionDecider } from './suppressionDecider';
import { recipientHashOf } from './unsubscribeLinks';

/** Stream of one recipient's opt-out: `mailSuppression-{sha256 of the address}`. */
export const suppressionStream = (email: string) => `${MAIL_SUPPRESSION_CATEGORY}-${recipientHashOf(email)}`;

/** Whether the address unsubscribed from the reminders: one read of one short stream, by its id. */
export async function isUnsubscribed(eventStore: EventStore, email: string): Promise<boolean> {
  return (await eventStore.readStream(suppressionStream(email), { maxCount: 1 })).length > 0;
}

/** Records the opt-out once; `already` when the address had unsubscribed before. */
export async function unsubscribeRecipient(
  eventStore: EventStore,
  input: { email: string; mailId: string; via: 'one-click' | 'page'; now: Date },
): Promise<'unsubscribed' | 'already'> {
  const at = input.now.toISOString();
  const result = await handleCommand(
    eventStore,
    { decider: suppressionDecider, eventSchema: SuppressionEvent },
    suppressionStream(input.email),
    {
      type: 'Unsubscribe',
      data: {
        recipientHash: recipientHashOf(input.email),
        mailId: input.mailId,
        unsubscribedAt: at,
        via: input.via,
      },
    },
    {
      commandId: randomUUID(),
      correlationId: input.mailId,
      causationId: null,
      actor: { kind: 'visitor', id: 'unsubscribe-link' },
      receivedAt: at,
    },
  );
  return result.events.length > 0 ? 'unsubscribed' : 'already';
}
