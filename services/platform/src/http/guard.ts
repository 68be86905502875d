import type { Principal } from '@cubre/schemas/identity/documents';
import type { Permission } from '@cubre/schemas/identity/permissions';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from './app';
import type { Authenticator } from './authenticator';
import { HttpProblem } from './problem';

export const forbidden = (rule: string, detail: string, field = 'permission') =>
  new HttpProblem(403, 'forbidden', 'Sin permiso', detail, [{ field, rule, message: detail }]);

/** Guards a route with a judge of the caller's permissions: what is missing, or null when nothing is. */
function guard(context: AppContext, refusal: (principal: Principal) => string | null): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    context.authenticator
      .authenticate(req)
      .then((principal) => {
        const refused = refusal(principal);
        if (refused) return next(forbidden('FORBIDDEN', refused));
        res.locals.principal = principal;
        next();
      })
      .catch(next);
  };
}

/**
 * The server-side guard of every admin route: the caller must hold every permission named (none: any
 * signed-in user). The console hides what a user may not do; this refuses it.
 */
export function requirePermission(context: AppContext, ...permissions: Permission[]): RequestHandler {
  return guard(context, (principal) => {
    const missing = permissions.filter((permission) => !principal.permissions.has(permission));
    return missing.length ? `requiere el permiso ${missing.join(', ')}` : null;
  });
}

/** Like requirePermission, with any one of the permissions enough (own leads or all leads, say). */
export function requireAnyPermission(context: AppContext, ...permissions: Permission[]): RequestHandler {
  return guard(context, (principal) =>
    permissions.some((permission) => principal.permissions.has(permission))
      ? null
      : `requiere uno de los permisos ${permissions.join(', ')}`,
  );
}

/** The principal a guard put on the response. */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw new Error('principalOf: the route has no guard');
  return principal;
}

/** The actor of a command made by the signed-in user: an id, never an e-mail (metadata is logged). */
export const actorOf = (res: Response) => ({ kind: 'user' as const, id: principalOf(res).userId });

/** The authenticator of an app without identity (a platform test's): nobody signs in, every guard says 401. */
export const nobodySignsIn: Authenticator = {
  authenticate: () =>
    Promise.reject(
      new HttpProblem(401, 'unauthorized', 'No autenticado', 'este servicio no tiene ingreso', [
        { field: 'Authorization', rule: 'INVALID_TOKEN', message: 'este servicio no tiene ingreso' },
      ]),
    ),
};

export type { Authenticator } from './authenticator';
