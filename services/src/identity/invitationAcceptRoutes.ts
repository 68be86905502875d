import { IDENTITY_ERRORS, InvitationAcceptBody, PASSWORD_IN_HISTORY_MESSAGE } from '@cubre/schemas';
import { Router } from 'express';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { HttpProblem } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import { untilVisible } from './adminHttp';
import { invitationTokenHashOf, invitationUserOf } from './invitationLinks';
import { hashPassword, inPasswordHistory } from './password';
import { userAggregate } from './registration';
import type { IdentityContext } from './settings';
import { invitationRefusalOf, userStream, type InvitationRefusal } from './userDecider';

export const INVITATION_ACCEPT_PATH = '/api/admin/invitations/accept';

/** 400 for a link that is not (or no longer) ours, 410 for one that was ours: used or expired. */
const refused = (rule: InvitationRefusal) =>
  new HttpProblem(
    rule === 'INVITATION_INVALID' ? 400 : 410,
    rule === 'INVITATION_INVALID' ? 'validation' : 'gone',
    rule === 'INVITATION_INVALID' ? 'Solicitud inválida' : 'Enlace vencido',
    IDENTITY_ERRORS[rule],
    [{ field: 'token', rule, message: IDENTITY_ERRORS[rule] }],
  );

/**
 * `POST /api/admin/invitations/accept` `{ token, password }` (issue 15): the invitation e-mail's link, opened
 * in the console, sets the password the invitee chose (rules 002-5.05, 002-8.01, 002-8.02), once, before the
 * link expires. No session: the token is the proof. The link is checked before the password is hashed,
 * so a guessed token costs the server nothing. Answers `{ email }`; the console then signs them in.
 */
export function invitationAcceptRoutes(context: IdentityContext): Router {
  const router = Router();
  router.post(
    INVITATION_ACCEPT_PATH,
    // Before anything is read or hashed: past the password family's limit a 429 (README.md, "Password choices").
    context.rateLimits.guard('password'),
    validated({ body: InvitationAcceptBody }, async ({ body }, req, res) => {
      const userId = invitationUserOf(body.token);
      const tokenHash = invitationTokenHashOf(body.token);
      const stream = userStream(userId);
      const { state, revision } = await loadAggregate(context.eventStore, userAggregate, stream);
      const now = context.clock().toISOString();
      const refusal = invitationRefusalOf(state, tokenHash, now);
      if (refusal || state.status === 'Empty') throw refused(refusal ?? 'INVITATION_INVALID');
      if (await inPasswordHistory(body.password, state.passwordHistory)) {
        throw new HttpProblem(400, 'validation', 'Solicitud inválida', PASSWORD_IN_HISTORY_MESSAGE, [
          { field: 'password', rule: 'PASSWORD_IN_HISTORY', message: PASSWORD_IN_HISTORY_MESSAGE },
        ]);
      }
      const passwordHash = await hashPassword(body.password, context.identity.scryptN);
      const result = await handleCommand(
        context.eventStore,
        userAggregate,
        stream,
        { type: 'AcceptInvitation', data: { userId, tokenHash, passwordHash, at: now } },
        commandMetadataOf(req, context.clock(), { kind: 'user', id: userId }),
        // Checked at this revision: two tabs accepting at once end in one password and one 409.
        { expectedRevision: revision },
      );
      // Signing in right after reads the users read model (status, roles): it shows the password.
      await untilVisible(context, stream, result);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ email: state.email });
    }),
  );
  return router;
}
