/**
 * The signed-in session: the token of POST /token and the user it was issued to. Kept in localStorage so
 * a lead opened in a new tab needs no second login; it ends at `expiresAt`, on logout, or on any 401.
 */

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  roles: string[];
  permissions: string[];
  organizationId: string | null;
  mustChangePassword: boolean;
}

export interface Session {
  token: string;
  expiresAt: string;
  user: SessionUser;
}

export const SESSION_KEY = 'cubre.admin.session';

/** The storage the session lives in: a seam for tests (localStorage in the browser). */
export interface SessionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const { token, expiresAt, user } = value as Partial<Session>;
  return (
    typeof token === 'string' &&
    typeof expiresAt === 'string' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'string' &&
    Array.isArray(user.permissions)
  );
}

/** The stored session if it is well formed and not expired at `now`; a stale or broken one is removed. */
export function readSession(storage: SessionStorage, now: Date): Session | null {
  const raw = storage.getItem(SESSION_KEY);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!isSession(parsed) || !(Date.parse(parsed.expiresAt) > now.getTime())) {
    storage.removeItem(SESSION_KEY);
    return null;
  }
  return parsed;
}

/** The answer of POST /token or POST /api/admin/me/password as a session (unknown fields dropped). */
export function sessionOf(answer: unknown): Session {
  if (typeof answer !== 'object' || answer === null) throw new Error('respuesta de sesión inválida');
  const { token, expiresAt, user } = answer as { token?: unknown; expiresAt?: unknown; user?: unknown };
  if (typeof token !== 'string' || typeof expiresAt !== 'string' || typeof user !== 'object' || !user) {
    throw new Error('respuesta de sesión inválida');
  }
  return { token, expiresAt, user: userOf(user) };
}

/** A user as GET /api/admin/me or POST /token describe it. */
export function userOf(value: unknown): SessionUser {
  const user = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  return {
    id: String(user.id ?? ''),
    email: typeof user.email === 'string' ? user.email : '',
    name: typeof user.name === 'string' ? user.name : '',
    roles: strings(user.roles),
    permissions: strings(user.permissions),
    organizationId: typeof user.organizationId === 'string' ? user.organizationId : null,
    mustChangePassword: user.mustChangePassword === true,
  };
}

export function writeSession(storage: SessionStorage, session: Session): void {
  storage.setItem(SESSION_KEY, JSON.stringify(session));
}

/** The stored session with its user replaced (fresh permissions from /api/admin/me). */
export function withUser(session: Session, user: SessionUser): Session {
  return { ...session, user };
}

export function clearSession(storage: SessionStorage): void {
  storage.removeItem(SESSION_KEY);
}
