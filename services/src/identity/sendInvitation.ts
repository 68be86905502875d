import type { CommandMetadata } from '@cubre/schemas';
import type { MailRequester } from '@cubre/schemas/mail/mailRequest';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import {
  INVITATION_TTL_MS,
  invitationExpiryText,
  invitationLinkOf,
  invitationTokenHashOf,
  invitationTokenOf,
} from './invitationLinks';
import { userAggregate } from './registration';
import { userStream } from './userDecider';

/** What sending invitations needs of the mail domain: its port and the console's address (the link's). */
export interface InvitationMail {
  requester: MailRequester;
  consoleUrl: string;
}

export interface InvitationDeps {
  eventStore: EventStore;
  clock: () => Date;
  tokenSecret: Uint8Array;
  mail: InvitationMail;
}

/** The mail of a user's `sequence`-th link: requested once, whoever sends it again. */
export const invitationMailKey = (userId: string, sequence: number) =>
  `user-invitation:${userId}:${sequence}`;

/**
 * Sends a registered user who has no password of their own the invitation e-mail (issue 15): records the
 * link (`UserInvitationIssued`: its token's hash and expiry), then asks the mail domain for the mail, keyed
 * by user and link, so it is retried until sent and sent once. Sending again while the link is alive asks
 * for the same mail (nothing new is sent); after it expired, a new link and a new mail; once accepted,
 * nothing. Safe to repeat after a stop at any point: the link is derived, not drawn (invitationLinks.ts).
 */
export async function sendInvitation(
  deps: InvitationDeps,
  invitation: { userId: string; organizationId: string; organizationName: string; invitedBy: string },
  metadata: CommandMetadata,
): Promise<'sent' | 'accepted'> {
  const stream = userStream(invitation.userId);
  const { state } = await loadAggregate(deps.eventStore, userAggregate, stream);
  if (state.status === 'Empty') throw new Error(`user ${invitation.userId} is not registered`);
  const current = state.invitation;
  if (current?.used) return 'accepted';
  const now = deps.clock();
  const alive = current !== null && Date.parse(current.expiresAt) > now.getTime();
  const sequence = alive ? current.sequence : (current?.sequence ?? 0) + 1;
  const token = invitationTokenOf(deps.tokenSecret, invitation.userId, sequence);
  const issued = await handleCommand(
    deps.eventStore,
    userAggregate,
    stream,
    {
      type: 'IssueInvitation',
      data: {
        userId: invitation.userId,
        organizationId: invitation.organizationId,
        sequence,
        tokenHash: invitationTokenHashOf(token),
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
        invitedBy: invitation.invitedBy,
      },
    },
    { ...metadata, commandId: `${metadata.commandId}:invitation:${sequence}` },
  );
  const issuedState = issued.state;
  if (issuedState.status === 'Empty' || !issuedState.invitation) return 'sent';
  await deps.mail.requester.request(
    {
      key: invitationMailKey(invitation.userId, sequence),
      to: { email: issuedState.email, name: issuedState.name },
      template: 'user_invitation',
      // Users have no language yet; the console's companies are Chilean (a company buys online in Chile).
      locale: 'es',
      country: 'CL',
      data: {
        nombre: issuedState.name,
        organizacion: invitation.organizationName,
        vence: invitationExpiryText(issuedState.invitation.expiresAt),
        enlace: invitationLinkOf(deps.mail.consoleUrl, token),
      },
      subject: { kind: 'user', id: invitation.userId },
    },
    { actor: metadata.actor, correlationId: metadata.correlationId, causationId: metadata.commandId },
  );
  return 'sent';
}
