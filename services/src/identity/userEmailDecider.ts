import { UserEmailClaimedData, UserEmailInvitationNoticedData } from '@cubre/schemas';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';

export const UserEmailDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('UserEmailClaimed'), data: UserEmailClaimedData }),
  z.object({ type: z.literal('UserEmailInvitationNoticed'), data: UserEmailInvitationNoticedData }),
]);
export type UserEmailDomainEvent = z.infer<typeof UserEmailDomainEvent>;

export type ClaimUserEmail = {
  type: 'ClaimUserEmail';
  data: UserEmailDomainEvent['data'];
  /**
   * The user an abandoned claim named: a claim whose user was never registered (the process stopped
   * between the two appends) may be taken over; the handler decides it was abandoned, the decider only
   * checks that it is the claim the handler saw.
   */
  replacing?: string;
};

/** Tells the owner of a claimed address that a company administrator tried to create a user with it. */
export type NoticeInvitation = {
  type: 'NoticeInvitation';
  data: Extract<UserEmailDomainEvent, { type: 'UserEmailInvitationNoticed' }>['data'];
};

export type UserEmailState = { claimedBy: string | null };

/**
 * One address, one user (issue 5): a user is registered only after its address was claimed on this
 * stream, whose revision check makes two racing creations with one address end in one user and a 409.
 */
export const userEmailDecider: Decider<
  UserEmailState,
  ClaimUserEmail | NoticeInvitation,
  UserEmailDomainEvent
> = {
  initialState: () => ({ claimedBy: null }),
  evolve: (state, event) => (event.type === 'UserEmailClaimed' ? { claimedBy: event.data.userId } : state),
  decide(command, state) {
    if (command.type === 'NoticeInvitation') {
      // Only the address's owner is told: a notice for anybody else would be a message to a stranger.
      if (state.claimedBy !== command.data.userId) return [];
      return [{ type: 'UserEmailInvitationNoticed', data: command.data }];
    }
    if (state.claimedBy === command.data.userId) return [];
    if (state.claimedBy === null || state.claimedBy === command.replacing) {
      return [{ type: 'UserEmailClaimed', data: command.data }];
    }
    throw new CommandRejected(
      'ya existe un usuario con ese correo electrónico',
      'USER_ALREADY_EXISTS',
      409,
      'email',
    );
  },
};
