import { CONTACT_REQUEST_CATEGORY, ContactRequestedData } from '@cubre/schemas';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import { canonicalJson } from '@cubre/platform/core/canonicalJson';

/** Stream of one contact-form message: `contactRequest-{contactId}`. */
export { CONTACT_REQUEST_CATEGORY };
export const contactRequestStream = (contactId: string) => `${CONTACT_REQUEST_CATEGORY}-${contactId}`;

export const ContactRequestDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ContactRequested'), data: ContactRequestedData }),
]);
export type ContactRequestDomainEvent = z.infer<typeof ContactRequestDomainEvent>;

export type RequestContact = { type: 'RequestContact'; data: ContactRequestedData };
export type ContactRequestCommand = RequestContact;

export type ContactRequestState = { status: 'Empty' } | { status: 'Received'; data: ContactRequestedData };

/**
 * A message sent through the contact form (POST /api/contactos, rule 000-7.20). It is its own stream
 * category: the back-office reads it in the `contacts` collection and may turn it into a lead. The same
 * message retried records nothing; a contact id belongs to one message.
 */
export const contactRequestDecider: Decider<
  ContactRequestState,
  ContactRequestCommand,
  ContactRequestDomainEvent
> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(_state, event) {
    switch (event.type) {
      case 'ContactRequested':
        return { status: 'Received', data: event.data };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestContact': {
        if (state.status === 'Empty') return [{ type: 'ContactRequested', data: command.data }];
        if (canonicalJson(state.data) === canonicalJson(command.data)) return [];
        throw new CommandRejected('el mensaje ya existe con otros datos', 'contact_exists', 409, 'id');
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};
