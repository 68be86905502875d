import type { CommandMetadata, RoleCode } from '@cubre/schemas';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { handleCommand, loadAggregate, type CommandResult } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import { WrongExpectedRevisionError, type EventStore } from '@cubre/platform/ports/eventStore';
import { hashPassword } from './password';
import { UserDomainEvent, userDecider, userStream, type RegisterUser, type UserState } from './userDecider';
import { UserEmailDomainEvent, userEmailDecider } from './userEmailDecider';
import { userEmailStream } from './userEmailStream';

export const userAggregate = { decider: userDecider, eventSchema: UserDomainEvent };
export const userEmailAggregate = { decider: userEmailDecider, eventSchema: UserEmailDomainEvent };

/**
 * A claim older than this whose user was never registered was abandoned (the process stopped between the
 * claim and the registration): a new registration may take the address over. Younger, it may be a
 * registration still under way.
 */
export const ABANDONED_CLAIM_MS = 60_000;

export interface NewUser {
  email: string;
  name: string;
  roles: RoleCode[];
  organizationId: string | null;
  /** Plain; its form was checked by the caller. Hashed here, never stored or logged as is. */
  password: string;
  mustChangePassword: boolean;
  /** The company administrator who invited them (issue 13). */
  invitedBy?: string;
}

export const alreadyExists = () =>
  new CommandRejected('ya existe un usuario con ese correo electrónico', 'USER_ALREADY_EXISTS', 409, 'email');

/**
 * Registers a user through the commands: claims the address (one user per address, even when two
 * creations race), then registers the user. The user's id derives from the command id, so a retried
 * request (same Idempotency-Key) lands on the same user and stores nothing twice. Used by POST
 * /api/admin/users, the demo seed and `npm run admin:create`.
 */
export async function registerUser(
  store: EventStore,
  user: NewUser,
  metadata: CommandMetadata,
  options: { scryptN: number; userId?: string; passwordHash?: string },
): Promise<{ userId: string; result: CommandResult<UserState> }> {
  const userId = options.userId ?? derivedId('user', metadata.commandId);
  const email = user.email.trim().toLowerCase();
  const passwordHash = options.passwordHash ?? (await hashPassword(user.password, options.scryptN));
  const register: RegisterUser = {
    type: 'RegisterUser',
    data: {
      userId,
      email,
      name: user.name,
      roles: user.roles,
      organizationId: user.organizationId,
      passwordHash,
      mustChangePassword: user.mustChangePassword,
      ...(user.invitedBy ? { invitedBy: user.invitedBy } : {}),
    },
  };
  // Refused before the address is claimed, so a refused registration leaves no claim behind.
  userDecider.decide(register, userDecider.initialState()).forEach((event) => UserDomainEvent.parse(event));

  const claimStream = userEmailStream(email);
  const claim = await loadAggregate(store, userEmailAggregate, claimStream);
  let replacing: string | undefined;
  const claimant = claim.state.claimedBy;
  if (claimant !== null && claimant !== userId) {
    // The claim's own event: notices to the owner may follow it on the same stream.
    const claimedAt = Date.parse(
      claim.events.findLast((event) => event.type === 'UserEmailClaimed')!.occurredAt,
    );
    const registered = (await store.readStream(userStream(claimant))).length > 0;
    if (!registered && Date.parse(metadata.receivedAt) - claimedAt > ABANDONED_CLAIM_MS) replacing = claimant;
  }
  try {
    await handleCommand(
      store,
      userEmailAggregate,
      claimStream,
      { type: 'ClaimUserEmail', data: { email, userId }, replacing },
      // Its own command id: the claim's event id must differ from the registration's.
      { ...metadata, commandId: `${metadata.commandId}:email` },
      { expectedRevision: claim.revision },
    );
  } catch (error) {
    // Somebody claimed the address between our read and our append.
    if (error instanceof WrongExpectedRevisionError) throw alreadyExists();
    throw error;
  }

  const result = await handleCommand(store, userAggregate, userStream(userId), register, metadata);
  return { userId, result };
}
