import type { Permission, Principal } from '@cubre/schemas';
import { PASSWORD_EXPIRED_MESSAGE } from '@cubre/schemas';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { HttpProblem } from '@cubre/platform/http/problem';
import { findUserById, passwordExpired, principalFor } from './principals';
import { CSRF_HEADER, csrfMatches, revokedSessionsOf, SESSION_COOKIE } from './consoleSession';
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

export const forbidden = (rule: string, detail: string, field = 'permission') =>
  new HttpProblem(403, 'forbidden', 'Sin permiso', detail, [{ field, rule, message: detail }]);

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
  context: AppContext,
  req: Request,
  options: { allowExpiredPassword?: boolean } = {},
): Promise<Authenticated> {
  const { identity } = context.config;
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
    if (!claims.tokenId || revokedSessionsOf(identity).isRevoked(claims.tokenId)) {
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
  context: AppContext,
  req: Request,
  options: { allowExpiredPassword?: boolean } = {},
): Promise<Principal> {
  return (await authenticateRequest(context, req, options)).principal;
}

/**
 * The server-side guard of every admin route: the caller must hold every permission named (none: any
 * signed-in user). The console hides what a user may not do; this refuses it.
 */
export function requirePermission(context: AppContext, ...permissions: Permission[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    authenticate(context, req)
      .then((principal) => {
        const missing = permissions.filter((permission) => !principal.permissions.has(permission));
        if (missing.length) {
          return next(forbidden('FORBIDDEN', `requiere el permiso ${missing.join(', ')}`));
        }
        res.locals.principal = principal;
        next();
      })
      .catch(next);
  };
}

/** Like requirePermission, with any one of the permissions enough (own leads or all leads, say). */
export function requireAnyPermission(context: AppContext, ...permissions: Permission[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    authenticate(context, req)
      .then((principal) => {
        if (!permissions.some((permission) => principal.permissions.has(permission))) {
          return next(forbidden('FORBIDDEN', `requiere uno de los permisos ${permissions.join(', ')}`));
        }
        res.locals.principal = principal;
        next();
      })
      .catch(next);
  };
}

/** The principal a guard put on the response. */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw new Error('principalOf: the route has no guard');
  return principal;
}

/** The actor of a command made by the signed-in user: an id, never an e-mail (metadata is logged). */
export const actorOf = (res: Response) => ({ kind: 'user' as const, id: principalOf(res).userId });
