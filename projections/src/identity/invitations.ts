import {
  INVITATION_ACCEPTED,
  INVITATION_SENT,
  INVITATIONS_COLLECTION,
  USERS_COLLECTION,
  type InvitationDocument,
  type UserDocument,
} from '@cubre/schemas';
import { derivedId } from '@cubre/platform/commands/eventIds';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { ProjectionEvent } from '@cubre/platform/projections/projection';

/** One invitation per company and address: inviting again is the same invitation. */
export const invitationIdOf = (organizationId: string, email: string) =>
  derivedId('invitation', `${organizationId}:${email.trim().toLowerCase()}`);

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The `invitations` collection: a company administrator's invitations, sent to a free address
 * (`UserRegistered` with `invitedBy`) or to a taken one (`UserEmailInvitationNoticed`: its owner was told),
 * written alike; accepted when the free address's invitee chooses their own password.
 */
export async function applyInvitation(event: ProjectionEvent, store: ReadStore): Promise<void> {
  const invitations = store.collection<InvitationDocument>(INVITATIONS_COLLECTION);
  const data = event.data as Record<string, unknown>;
  if (
    (event.type === 'UserRegistered' && typeof data.invitedBy === 'string' && data.organizationId) ||
    event.type === 'UserEmailInvitationNoticed'
  ) {
    const organizationId = str(data.organizationId);
    const email = str(data.email);
    const id = invitationIdOf(organizationId, email);
    // Invited again: the first invitation stands (and an accepted one stays accepted).
    if (await invitations.findOne({ _id: id })) return;
    await invitations.upsert({
      _id: id,
      organizationId,
      email,
      status: INVITATION_SENT,
      invitedBy: str(data.invitedBy),
      invitedAt: event.occurredAt,
      acceptedAt: null,
    });
    return;
  }
  if (event.type === 'UserPasswordChanged' && data.mustChangePassword === false) {
    const user = await store.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: str(data.userId) });
    if (!user?.organizationId) return;
    const id = invitationIdOf(user.organizationId, user.email);
    const invitation = await invitations.findOne({ _id: id });
    if (!invitation || invitation.status === INVITATION_ACCEPTED) return;
    await invitations.upsert({ ...invitation, status: INVITATION_ACCEPTED, acceptedAt: event.occurredAt });
  }
}

export async function setupInvitations(store: ReadStore): Promise<void> {
  const invitations = store.collection<InvitationDocument>(INVITATIONS_COLLECTION);
  await invitations.createIndex({ organizationId: 1, invitedAt: -1, _id: -1 });
  await invitations.createIndex({ invitedAt: -1, _id: -1 });
  await invitations.createIndex({ status: 1, invitedAt: -1, _id: -1 });
  await invitations.createIndex({ email: 1, _id: 1 });
}
