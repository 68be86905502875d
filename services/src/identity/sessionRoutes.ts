import {
  DISABLED_USER_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_PASSWORD_FORM_MESSAGE,
  PASSWORD_IN_HISTORY_MESSAGE,
  isPasswordFormValid,
} from '@cubre/schemas';
import { IDENTITY_PROJECTION } from '@cubre/projections/identity/projection';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { IdentityContext } from './settings';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { HttpProblem } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import { WrongExpectedRevisionError } from '@cubre/platform/ports/eventStore';
import {
  CSRF_HEADER,
  csrfMatches,
  csrfTokenOf,
  RevokedSessions,
  SESSION_COOKIE,
  SESSION_COOKIE_PATH,
} from './consoleSession';
import { clearIdentityCookie, readCookie, setIdentityCookie } from './cookies';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_COOKIE_PATH,
  newDeviceCookie,
  trustedDeviceNonce,
} from './deviceCookie';
import { forbidden } from '@cubre/platform/http/guard';
import { authenticate, authenticateRequest } from './authentication';
import { LoginThrottle } from './loginThrottle';
import { decoyHash, hashPassword, inPasswordHistory, verifyPassword } from './password';
import { findUserByEmail, findUserById, passwordExpired, principalFor, sessionUserOf } from './principals';
import { signToken, verifyToken } from './tokens';
import { UserDomainEvent, userDecider, userStream } from './userDecider';

export const user = { decider: userDecider, eventSchema: UserDomainEvent };

/** The console's sign-in and sign-out (its session lives in a cookie, never in a script's reach). */
export const SESSION_PATH = '/api/admin/session';

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

const tooManyAttempts = (wait: number) =>
  new HttpProblem(
    429,
    'too-many-attempts',
    'Demasiados intentos',
    `demasiados intentos fallidos: reintente en ${wait} s`,
    [{ field: 'credentials', rule: 'TOO_MANY_ATTEMPTS', message: `reintente en ${wait} s` }],
    { 'Retry-After': String(wait) },
  );

/**
 * Sign-in (POST /token for API clients, POST /api/admin/session for the console), sign-out (DELETE
 * /api/admin/session), the session's user (GET /api/admin/me) and the password change (POST
 * /api/admin/me/password). Seed 002 §5 and §8: the password rules and their error codes. Issue 13: the
 * device cookies that keep others' failures from locking a person out, and the console's cookie session.
 */
export function sessionRoutes(context: IdentityContext): Router {
  const router = Router();
  const { identity } = context;
  const throttle = new LoginThrottle(
    context.sharedState,
    identity.loginMaxFailures,
    identity.loginLockSeconds,
  );
  const revoked = new RevokedSessions(context.sharedState);

  /**
   * The user whose credentials these are, or the problem to answer. A browser with a valid device cookie
   * for this address counts its failures against that device alone; any other client counts against the
   * account's shared untrusted door and its own address (README.md, "Throttling").
   */
  async function signIn(body: z.infer<typeof LoginBody>, req: Request, res: Response) {
    const now = context.clock();
    const email = body.email.toLowerCase();
    const device = trustedDeviceNonce(identity.tokenSecret, readCookie(req, DEVICE_COOKIE), email);
    const keys = device ? [`device:${device}`] : [`account:${email}`, `ip:${req.ip ?? 'unknown'}`];
    const wait = await throttle.retryAfter(keys, now.getTime());
    if (wait > 0) throw tooManyAttempts(wait);
    const found = await findUserByEmail(context.readStore, email);
    // Same work for an unknown e-mail as for a wrong password: the answer and its timing tell nothing.
    const hash = found
      ? (await loadAggregate(context.eventStore, user, userStream(found._id))).state
      : undefined;
    const stored = hash?.status === 'Registered' ? hash.passwordHash : await decoyHash(identity.scryptN);
    const matches = await verifyPassword(body.password, stored);
    if (!found || !matches) {
      await throttle.failed(keys, now.getTime());
      throw invalidCredentials();
    }
    await throttle.succeeded(keys, now.getTime());
    if (found.status !== 'Activo') throw forbidden('DISABLED_USER', DISABLED_USER_MESSAGE, 'user');
    // A fresh device cookie on every sign-in (OWASP): this browser is trusted for this address from now on.
    setIdentityCookie(req, res, DEVICE_COOKIE, newDeviceCookie(identity.tokenSecret, email), {
      path: DEVICE_COOKIE_PATH,
      maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
    const principal = await principalFor(context.readStore, found);
    context.logger.info({ userId: found._id }, 'signed in');
    res.setHeader('Cache-Control', 'no-store');
    return { found, principal, now };
  }

  /** The console's session cookie for a new token; the answer names its expiry and CSRF token, never it. */
  function startCookieSession(
    req: Request,
    res: Response,
    session: { token: string; expiresAt: string; tokenId: string },
  ) {
    setIdentityCookie(req, res, SESSION_COOKIE, session.token, {
      path: SESSION_COOKIE_PATH,
      maxAgeSeconds: identity.tokenTtlSeconds,
    });
    return { expiresAt: session.expiresAt, csrfToken: csrfTokenOf(identity.tokenSecret, session.tokenId) };
  }

  router.post(
    '/token',
    validated({ body: LoginBody }, async ({ body }, req, res) => {
      const { found, principal, now } = await signIn(body, req, res);
      const { token, expiresAt } = await signToken(
        identity.tokenSecret,
        found._id,
        identity.tokenTtlSeconds,
        now,
      );
      res.json({
        token,
        expiresAt,
        user: sessionUserOf(principal, passwordExpired(found, now, identity.passwordMaxAgeDays)),
      });
    }),
  );

  router.post(
    SESSION_PATH,
    validated({ body: LoginBody }, async ({ body }, req, res) => {
      const { found, principal, now } = await signIn(body, req, res);
      const session = await signToken(identity.tokenSecret, found._id, identity.tokenTtlSeconds, now);
      res.json({
        ...startCookieSession(req, res, session),
        user: sessionUserOf(principal, passwordExpired(found, now, identity.passwordMaxAgeDays)),
      });
    }),
  );

  router.delete(
    SESSION_PATH,
    validated({}, async (_input, req, res) => {
      const token = readCookie(req, SESSION_COOKIE);
      const verified = token ? await verifyToken(identity.tokenSecret, token, context.clock()) : null;
      if (verified?.ok && verified.claims.tokenId) {
        // Only the console that holds the session ends it: another site cannot sign a person out.
        if (!csrfMatches(identity.tokenSecret, verified.claims.tokenId, req.get(CSRF_HEADER))) {
          throw forbidden(
            'INVALID_CSRF_TOKEN',
            `falta el encabezado ${CSRF_HEADER} de la sesión`,
            CSRF_HEADER,
          );
        }
        await revoked.revoke(verified.claims.tokenId, verified.claims.expiresAt, context.clock().getTime());
      }
      clearIdentityCookie(req, res, SESSION_COOKIE, SESSION_COOKIE_PATH);
      res.setHeader('Cache-Control', 'no-store');
      res.status(204).end();
    }),
  );

  // The console's session, if its cookie holds one: how a reloaded console learns who is signed in and its
  // CSRF token (it kept neither). Never 401: a signed-out visitor is an answer, not an error.
  router.get(
    SESSION_PATH,
    validated({}, async (_input, req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      let signedIn;
      try {
        signedIn = readCookie(req, SESSION_COOKIE)
          ? await authenticateRequest(context, req, { allowExpiredPassword: true })
          : null;
      } catch (error) {
        if (!(error instanceof HttpProblem) || (error.status !== 401 && error.status !== 403)) throw error;
        clearIdentityCookie(req, res, SESSION_COOKIE, SESSION_COOKIE_PATH);
        signedIn = null;
      }
      if (!signedIn?.cookieSession) {
        res.json(null);
        return;
      }
      const { principal, cookieSession } = signedIn;
      const doc = await findUserById(context.readStore, principal.userId);
      res.json({
        expiresAt: new Date(cookieSession.expiresAt * 1000).toISOString(),
        csrfToken: csrfTokenOf(identity.tokenSecret, cookieSession.tokenId),
        user: sessionUserOf(principal, passwordExpired(doc!, context.clock(), identity.passwordMaxAgeDays)),
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
    // A session must not test current passwords faster than a sign-in may (README.md, "Password choices").
    context.rateLimits.guard('password'),
    validated({ body: PasswordChangeBody }, async ({ body }, req, res) => {
      const { principal, cookieSession } = await authenticateRequest(context, req, {
        allowExpiredPassword: true,
      });
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
      if (cookieSession) {
        // The old session is refused anyway (issued before the change); the console gets a new one.
        await revoked.revoke(cookieSession.tokenId, cookieSession.expiresAt, now.getTime());
        res.json({ ...startCookieSession(req, res, session), user: sessionUserOf(principal, false) });
        return;
      }
      res.json({ token: session.token, expiresAt: session.expiresAt, user: sessionUserOf(principal, false) });
    }),
  );

  return router;
}
