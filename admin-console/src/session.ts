/**
 * The signed-in session as the console knows it (issue 13): the token itself is in an HttpOnly cookie the
 * server set, which no script reads. The page keeps, in memory only, who is signed in, until when, and the
 * session's CSRF token (sent as `X-CSRF-Token` on unsafe calls). A reload or a new tab asks the server
 * (GET /api/admin/session) instead of reading storage.
 */
import type { SessionUser } from '@cubre/schemas/identity/requests';

/** The user as the server answers it (schemas/src/identity/requests.ts). */
export type { SessionUser };

export interface Session {
  expiresAt: string;
  csrfToken: string;
  user: SessionUser;
}

/** The answer of POST or GET /api/admin/session, or of POST /api/admin/me/password (unknown fields dropped). */
export function sessionOf(answer: unknown): Session {
  if (typeof answer !== 'object' || answer === null) throw new Error('respuesta de sesión inválida');
  const { expiresAt, csrfToken, user } = answer as {
    expiresAt?: unknown;
    csrfToken?: unknown;
    user?: unknown;
  };
  if (typeof expiresAt !== 'string' || typeof csrfToken !== 'string' || typeof user !== 'object' || !user) {
    throw new Error('respuesta de sesión inválida');
  }
  return { expiresAt, csrfToken, user: userOf(user) };
}

/** A user as GET /api/admin/me or the session answers describe it. */
export function userOf(value: unknown): SessionUser {
  const user = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  return {
    id: String(user.id ?? ''),
    email: typeof user.email === 'string' ? user.email : '',
    name: typeof user.name === 'string' ? user.name : '',
    // Codes the console does not know are kept: it only ever asks whether one it knows is there.
    roles: strings(user.roles) as SessionUser['roles'],
    permissions: strings(user.permissions) as SessionUser['permissions'],
    organizationId: typeof user.organizationId === 'string' ? user.organizationId : null,
    mustChangePassword: user.mustChangePassword === true,
  };
}

/** The session with its user replaced (fresh permissions from /api/admin/me). */
export function withUser(session: Session, user: SessionUser): Session {
  return { ...session, user };
}

/** One page's session, in memory: gone with the page, and past `expiresAt` it is no session. */
export class SessionHolder {
  private session: Session | null = null;

  get(now: Date): Session | null {
    if (this.session && !(Date.parse(this.session.expiresAt) > now.getTime())) this.session = null;
    return this.session;
  }

  set(session: Session): void {
    this.session = session;
  }

  clear(): void {
    this.session = null;
  }
}

/** The console's session. */
export const consoleSession = new SessionHolder();
