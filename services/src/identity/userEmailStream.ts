import { USER_EMAIL_CATEGORY } from '@cubre/schemas';
import { derivedId } from '@cubre/platform/commands/eventIds';

/**
 * The stream of one e-mail address: named by a UUID derived from it, so the address is not in the id.
 * Apart from the decider, which stays pure (the id is a hash).
 */
export const userEmailStream = (email: string) =>
  `${USER_EMAIL_CATEGORY}-${derivedId('user-email', email.trim().toLowerCase())}`;
