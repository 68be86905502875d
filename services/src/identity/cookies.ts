import type { Request, Response } from 'express';

/**
 * The identity cookies (issue 13): HttpOnly, so no script reads them; SameSite=Strict, so no other site's
 * page sends them; Secure, so they never travel in clear — except to a console on this very machine over
 * plain http (`npm start`, the tests: http://localhost or 127.0.0.1), where a browser would drop a Secure
 * cookie set over http and nothing leaves the machine. A deployment is https, or a proxy in
 * TRUSTED_PROXIES says it was (X-Forwarded-Proto), so every other request gets Secure.
 */
export function cookieSecure(req: Request): boolean {
  if (req.secure) return true;
  return !LOOPBACK_HOSTS.has(req.hostname.replace(/^\[|\]$/g, ''));
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

/** The value of one cookie of the request (the first of that name), or null. */
export function readCookie(req: Request, name: string): string | null {
  const header = req.get('Cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(value.replace(/^"(.*)"$/, '$1'));
    } catch {
      return null;
    }
  }
  return null;
}

export function setIdentityCookie(
  req: Request,
  res: Response,
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number },
): void {
  res.cookie(name, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure(req),
    path: options.path,
    maxAge: options.maxAgeSeconds * 1000,
  });
}

export function clearIdentityCookie(req: Request, res: Response, name: string, path: string): void {
  res.clearCookie(name, { httpOnly: true, sameSite: 'strict', secure: cookieSecure(req), path });
}
