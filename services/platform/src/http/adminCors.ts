import type { NextFunction, Request, Response } from 'express';

const ADMIN_PATHS = /^\/(api\/admin(\/|$)|token$)/;
const EXPOSED = 'Content-Range, ETag, Location, Retry-After';
const ALLOWED_HEADERS = 'Authorization, Content-Type, If-Match, Range, Idempotency-Key';

/**
 * CORS for the admin API (issue 5): a console served from one of the site's origins (PUBLIC_ORIGINS) may
 * call it, and reads `Content-Range` (ra-data-simple-rest takes the total from it) and `ETag`. The console
 * the app serves at /admin is same-origin and needs none of this. No credentials mode is allowed: the
 * console's session cookie (SameSite=Strict, with X-CSRF-Token) serves only a same-origin console, and a
 * cross-origin caller sends a bearer token in Authorization.
 */
export function adminCors(publicOrigins: readonly string[]) {
  const allowed = new Set(publicOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!ADMIN_PATHS.test(req.path)) return next();
    const origin = req.get('Origin');
    res.vary('Origin');
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    }
    if (req.method !== 'OPTIONS') return next();
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
    }
    res.status(204).end();
  };
}
