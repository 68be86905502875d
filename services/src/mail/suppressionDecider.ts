import { MailRecipientUnsubscribedData } from '@cubre/schemas/mail/suppression';
import { z } from 'zod';
import type { Decider } from '@cubre/platform/core/decider';

export const SuppressionEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MailRecipientUnsubscribed'), data: MailRecipientUnsubscribedData }),
]);
export type SuppressionEvent = z.infer<typeof SuppressionEvent>;

export type SuppressionState = { unsubscribed: false } | { unsubscribed: true; since: string };
export type SuppressionCommand = {
  type: 'Unsubscribe';
  data: z.infer<typeof MailRecipientUnsubscribedData>;
};

/** One recipient's opt-out from the customer reminders: recorded once; asking again records nothing. */
export const suppressionDecider: Decider<SuppressionState, SuppressionCommand, SuppressionEvent> = {
  initialState: () => ({ unsubscribed: false }),
  evolve: (_state, event) => ({ unsubscribed: true, since: event.data.unsubscribedAt }),
  decide: (command, state) =>
    state.unsubscribed ? [] : [{ type: 'MailRecipientUnsubscribed', data: command.data }],
};
