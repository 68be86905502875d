import {
  DISABLED_USER_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_PASSWORD_FORM_MESSAGE,
  PASSWORD_IN_HISTORY_MESSAGE,
  isPasswordFormValid,
} from '@cubre/schemas';
import { IDENTITY_PROJECTION } from '@cubre/projections/identity/projection';
import { Router } from 'express';
import { z } from 'zod';
import { handleCommand, loadAggregate } from '../platform/commands/commandHandler';
import type { AppContext } from '../platform/http/app';
import { commandMetadataOf } from '../platform/http/commandMetadata';
import { HttpProblem } from '../platform/http/problem';
import { validated } from '../platform/http/validate';
import { WrongExpectedRevisionError } from '../platform/ports/eventStore';
import { authenticate, forbidden } from './guard';
import { LoginThrottle } from './loginThrottle';
import { decoyHash, hashPassword, inPasswordHistory, verifyPassword } from './password';
import { findUserByEmail, findUserById, passwordExpired, principalFor, sessionUserOf } from './principals';
import { signToken } from './tokens';
import { UserDomainEvent, userDecider, userStream } from './userDecider';

export const user = { decider: userDecider, eventSchema: UserDomainEvent };

const LoginBody = z.strictObject({
  email: z.string().trim().min(1, 'campo requerido').max(254),
  password: z.string().min(1, 'campo requerido').max(200),
});

const PasswordChangeBody = z.strictObject({
  currentPassword: z.string().min(1, 'campo requerido').max(200),
  newPassword: z.string().min(1, 'campo requerido').max(200),
});

const invalidCredentials = () =>
  new HttpProblem(401, 'unauthorized', 'No autenticado', INVALID_CREDENTIALS_MESSAGE, [
    { field: 'credentials', rule: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS_MESSAGE },
  ]);

const passwordProblem = (rule: string, message: string) =>
  new HttpProblem(400, 'validation', 'Solicitud inválida', message, [
    { field: 'newPassword', rule, message },
  ]);

/**
 * Sign-in (POST /token), the session's user (GET /api/admin/me) and the password change
 * (POST /api/admin/me/password). Seed 002 §5 and §8: the password rules and their error codes.
 */
export function sessionRoutes(context: AppContext): Router {
  const router = Router();
  const { identity } = context.config;
  const throttle = new LoginThrottle(identity.loginMaxFailures, identity.loginLockSeconds);

  router.post(
    '/token',
    validated({ body: LoginBody }, async ({ body }, req, res) => {
      const now = context.clock();
      const email = body.email.toLowerCase();
      const keys = [`email:${email}`, `ip:${req.ip ?? 'unknown'}`];
      const wait = throttle.retryAfter(keys, now.getTime());
      if (wait > 0) {
        throw new HttpProblem(
          429,
          'too-many-attempts',
          'Demasiados intentos',
          `demasiados intentos fallidos: reintente en ${wait} s`,
          [{ field: 'credentials', rule: 'TOO_MANY_ATTEMPTS', message: `reintente en ${wait} s` }],
          { 'Retry-After': String(wait) },
        );
      }
      const found = await findUserByEmail(context.readStore, email);
      // Same work for an unknown e-mail as for a wrong password: the answer and its timing tell nothing.
      const hash = found
        ? (await loadAggregate(context.eventStore, user, userStream(found._id))).state
        : undefined;
      const stored = hash?.status === 'Registered' ? hash.passwordHash : await decoyHash(identity.scryptN);
      const matches = await verifyPassword(body.password, stored);
      if (!found || !matches) {
        throw (throttle.failed(keys, now.getTime()), invalidCredentials());
      }
      throttle.succeeded(keys);
      if (found.status !== 'Activo') throw forbidden('DISABLED_USER', DISABLED_USER_MESSAGE, 'user');
      const principal = await principalFor(context.readStore, found);
      const session = await signToken(identity.tokenSecret, found._id, identity.tokenTtlSeconds, now);
      context.logger.info({ userId: found._id }, 'signed in');
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        ...session,
        user: sessionUserOf(principal, passwordExpired(found, now, identity.passwordMaxAgeDays)),
      });
    }),
  );

  router.get(
    '/api/admin/me',
    validated({}, async (_input, req, res) => {
      const principal = await authenticate(context, req, { allowExpiredPassword: true });
      const doc = await findUserById(context.readStore, principal.userId);
      res.setHeader('Cache-Control', 'no-store');
      res.json(sessionUserOf(principal, passwordExpired(doc!, context.clock(), identity.passwordMaxAgeDays)));
    }),
  );

  router.post(
    '/api/admin/me/password',
    validated({ body: PasswordChangeBody }, async ({ body }, req, res) => {
      const principal = await authenticate(context, req, { allowExpiredPassword: true });
      const streamId = userStream(principal.userId);
      const { state, revision } = await loadAggregate(context.eventStore, user, streamId);
      if (state.status !== 'Registered') throw invalidCredentials();
      if (!(await verifyPassword(body.currentPassword, state.passwordHash))) {
        throw new HttpProblem(400, 'validation', 'Solicitud inválida', INVALID_CREDENTIALS_MESSAGE, [
          { field: 'currentPassword', rule: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS_MESSAGE },
        ]);
      }
      if (!isPasswordFormValid(body.newPassword)) {
        throw passwordProblem('INVALID_PASSWORD_FORM', INVALID_PASSWORD_FORM_MESSAGE);
      }
      if (await inPasswordHistory(body.newPassword, state.passwordHistory)) {
        throw passwordProblem('PASSWORD_IN_HISTORY', PASSWORD_IN_HISTORY_MESSAGE);
      }
      const now = context.clock();
      const passwordHash = await hashPassword(body.newPassword, identity.scryptN);
      let result;
      try {
        result = await handleCommand(
          context.eventStore,
          user,
          streamId,
          {
            type: 'ChangeUserPassword',
            data: { userId: principal.userId, passwordHash, mustChangePassword: false },
          },
          commandMetadataOf(req, now, { kind: 'user', id: principal.userId }),
          // The history was checked against this revision: a concurrent change is a conflict, not a skip.
          { expectedRevision: revision },
        );
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) {
          throw new HttpProblem(409, 'conflict', 'Conflicto', 'la contraseña cambió mientras tanto');
        }
        throw error;
      }
      await context.visibility.waitUntilVisible(
        { globalPosition: result.globalPosition, streamId },
        [IDENTITY_PROJECTION],
        context.config.readYourWritesTimeoutMs,
      );
      const session = await signToken(identity.tokenSecret, principal.userId, identity.tokenTtlSeconds, now);
      res.setHeader('Cache-Control', 'no-store');
      res.json({ ...session, user: sessionUserOf(principal, false) });
    }),
  );

  return router;
}
