import type { CommandMetadata } from '@cubre/schemas';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { unusablePassword } from './password';
import { registerUser, userAggregate, userEmailAggregate } from './registration';
import { sendInvitation } from './sendInvitation';
import type { IdentitySettings } from './settings';
import { userStream } from './userDecider';
import { userEmailStream } from './userEmailStream';

/** The role a company's buyer gets in the company's organization (seed 002 §6's company administrator). */
export const BUYER_ROLE = 'ADMIN_EMPRESA_CLIENTE';

export type CompanyAdministratorInvited = 'invited' | 'accepted' | 'address-taken' | 'no-mail';

/**
 * The buyer of a company's policy invited as its administrator (issues 14 and 15), by the system: a user
 * `ADMIN_EMPRESA_CLIENTE` of the company's organization, whose id derives from the organization and the
 * address (the same event delivered twice, or replayed, lands on the same user and stores nothing twice),
 * then the invitation e-mail (`sendInvitation`: one link and one mail while it is alive). Read from the
 * address's own stream, not a read model: a reactor must not wait on a projection. An address that
 * already has a user is left alone: the same company's user already is in; another's is staff's to
 * decide (the sale names the contact), and the purchase tells the buyer nothing of other accounts.
 */
export function companyAdministratorInviter(
  deps: { eventStore: EventStore; clock: () => Date },
  identity: IdentitySettings,
) {
  return async (
    invitee: { organizationId: string; organizationName: string; email: string; name: string },
    metadata: CommandMetadata,
  ): Promise<CompanyAdministratorInvited> => {
    if (!identity.invitationMail) return 'no-mail';
    const email = invitee.email.trim().toLowerCase();
    const userId = derivedId('user', `company-administrator:${invitee.organizationId}:${email}`);
    const claim = await loadAggregate(deps.eventStore, userEmailAggregate, userEmailStream(email));
    if (claim.state.claimedBy !== null && claim.state.claimedBy !== userId) return 'address-taken';
    const registered = await loadAggregate(deps.eventStore, userAggregate, userStream(userId));
    const link = registered.state.status === 'Registered' ? registered.state.invitation : null;
    // Invited once: a replay long after never mails a new link (an alive one asks for the same mail).
    if (link?.used) return 'accepted';
    if (link && Date.parse(link.expiresAt) <= deps.clock().getTime()) return 'invited';
    if (registered.state.status === 'Empty') {
      await registerUser(
        deps.eventStore,
        {
          email,
          name: invitee.name,
          roles: [BUYER_ROLE],
          organizationId: invitee.organizationId,
          // Nobody is told it: the invitation's link is the way in.
          password: unusablePassword(),
          mustChangePassword: true,
        },
        metadata,
        { scryptN: identity.scryptN, userId },
      );
    }
    const sent = await sendInvitation(
      { ...deps, tokenSecret: identity.tokenSecret, mail: identity.invitationMail },
      {
        userId,
        organizationId: invitee.organizationId,
        organizationName: invitee.organizationName,
        invitedBy: `system:${metadata.actor.id}`,
      },
      metadata,
    );
    return sent === 'accepted' ? 'accepted' : 'invited';
  };
}
export type InviteCompanyAdministrator = ReturnType<typeof companyAdministratorInviter>;
