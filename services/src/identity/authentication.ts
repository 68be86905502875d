import type { Principal } from '@cubre/schemas';
import { PASSWORD_EXPIRED_MESSAGE } from '@cubre/schemas';
import type { Request } from 'express';
import type { IdentityContext } from './settings';
import { forbidden, type Authenticator } from '@cubre/platform/http/guard';
import { HttpProblem } from '@cubre/platform/http/problem';
import { findUserById, passwordExpired, principalFor } from './principals';
import { CSRF_HEADER, csrfMatches, RevokedSessions, SESSION_COOKIE } from './consoleSession';
import { readCookie } from './cookies';
import { verifyToken } from './tokens';

const unauthorized = (rule: string, detail: string) =>
  new HttpProblem(
    401,
    'unauthorized',
    'No autenticado',
    detail,
    [{ field: 'Authorization', rule, message: detail }],
    { 'WWW-Authenticate': 'Bearer realm="cubre-admin"' },
  );

/** How a request was signed in: the console's cookie session (its token id and expiry) or a bearer token. */
export interface Authenticated {
  principal: Principal;
  cookieSession: { tokenId: string; expiresAt: number } | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who calls: the bearer token (API clients), else the console's session cookie (issue 13), is verified
 * (signature, algorithm, issuer, audience, expiry), then the user is read from the `users` read model, so
 * a disabled user, a changed password or an edited role takes effect on the next request rather than when
 * the token expires. A cookie session must not have been signed out, and an unsafe method it authenticates
 * must carry its CSRF token (consoleSession.ts); a bearer token needs none, no browser sends it unasked.
 */
export async function authenticateRequest(
  context: IdentityContext,
  req: Request,
  options: { allowExpiredPassword?: boolean } = {},
): Promise<Authenticated> {
  const { identity } = context;
  const header = req.get('Authorization');
  const cookie = header ? null : readCookie(req, SESSION_COOKIE);
  const match = header ? /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]*)$/.exec(header.trim()) : null;
  const token = match?.[1] ?? cookie;
  if (!token) throw unauthorized('INVALID_TOKEN', 'falta el token (Authorization: Bearer …) o la sesión');
  const now = context.clock();
  const verified = await verifyToken(identity.tokenSecret, token, now);
  if (!verified.ok) {
    throw verified.failure === 'TOKEN_EXPIRED'
      ? unauthorized('TOKEN_EXPIRED', 'la sesión expiró: ingrese de nuevo')
      : unauthorized('INVALID_TOKEN', 'token inválido');
  }
  const { claims } = verified;
  let cookieSession: Authenticated['cookieSession'] = null;
  if (cookie) {
    if (
      !claims.tokenId ||
      (await new RevokedSessions(context.sharedState).isRevoked(claims.tokenId, now.getTime()))
    ) {
      throw unauthorized('INVALID_TOKEN', 'la sesión terminó: ingrese de nuevo');
    }
    if (
      !SAFE_METHODS.has(req.method) &&
      !csrfMatches(identity.tokenSecret, claims.tokenId, req.get(CSRF_HEADER))
    ) {
      throw forbidden('INVALID_CSRF_TOKEN', `falta el encabezado ${CSRF_HEADER} de la sesión`, CSRF_HEADER);
    }
    cookieSession = { tokenId: claims.tokenId, expiresAt: claims.expiresAt };
  }
  const user = await findUserById(context.readStore, claims.userId);
  if (!user) throw unauthorized('INVALID_TOKEN', 'token inválido');
  if (claims.issuedAt < Math.floor(Date.parse(user.passwordChangedAt) / 1000)) {
    throw unauthorized('TOKEN_EXPIRED', 'la contraseña cambió: ingrese de nuevo');
  }
  if (user.status !== 'Activo') throw forbidden('DISABLED_USER', 'usuario deshabilitado', 'user');
  if (!options.allowExpiredPassword && passwordExpired(user, now, identity.passwordMaxAgeDays)) {
    throw forbidden('PASSWORD_EXPIRED', PASSWORD_EXPIRED_MESSAGE, 'password');
  }
  return { principal: await principalFor(context.readStore, user), cookieSession };
}

/** The caller of an admin route (authenticateRequest without how they signed in). */
export async function authenticate(
  context: IdentityContext,
  req: Request,
  options: { allowExpiredPassword?: boolean } = {},
): Promise<Principal> {
  return (await authenticateRequest(context, req, options)).principal;
}

/** Identity's answer to the platform's question of who calls (the runtime puts it on the app's context). */
export const identityAuthenticator = (context: IdentityContext): Authenticator => ({
  authenticate: (req, options) => authenticate(context, req, options),
});
