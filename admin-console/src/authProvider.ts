import { HttpError, type AuthProvider } from 'react-admin';
import { canAccess } from './access';
import { httpClient } from './httpClient';
import { CSRF_HEADER, isProblemBody, problemMessage, problemRules, retryAfterSeconds } from './httpLogic';
import { consoleSession, sessionOf, userOf, withUser, type Session, type SessionUser } from './session';

/** Where a user whose password expired is sent: every other admin route answers 403 PASSWORD_EXPIRED. */
export const CHANGE_PASSWORD_PATH = '/change-password';

/** Sign-in (POST), the current session (GET) and sign-out (DELETE): the session cookie's own resource. */
const SESSION_URL = '/api/admin/session';

const now = () => new Date();
const stored = () => consoleSession.get(now());

let restoring: Promise<Session | null> | null = null;
/**
 * The session the server's cookie holds, asked for once when the page has none in memory (a reload, a new
 * tab): GET /api/admin/session answers null rather than 401 for a signed-out visitor.
 */
function restoreSession(): Promise<Session | null> {
  const session = stored();
  if (session) return Promise.resolve(session);
  restoring ??= fetch(SESSION_URL, { headers: { Accept: 'application/json' }, cache: 'no-store' })
    .then(async (response) => {
      const json: unknown = response.ok ? await response.json() : null;
      if (!json) return null;
      const restored = sessionOf(json);
      consoleSession.set(restored);
      return restored;
    })
    .catch(() => null)
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

/** How long the permissions of GET /api/admin/me are trusted before asking again. */
const PERMISSIONS_TTL_MS = 30_000;
let meRequest: { at: number; promise: Promise<SessionUser> } | null = null;

/** The user with their current permissions (a role edited meanwhile shows within PERMISSIONS_TTL_MS). */
export function fetchMe(force = false): Promise<SessionUser> {
  const at = Date.now();
  if (!force && meRequest && at - meRequest.at < PERMISSIONS_TTL_MS) return meRequest.promise;
  const promise = httpClient('/api/admin/me').then(({ json }) => {
    const session = stored();
    // /me answers even while the password is expired, with the flag: the session follows it.
    const user = userOf(json);
    if (session) consoleSession.set(withUser(session, user));
    return user;
  });
  promise.catch(() => {
    if (meRequest?.promise === promise) meRequest = null;
  });
  meRequest = { at, promise };
  return promise;
}

/** The session of a sign-in or password-change answer, or the sentence to show when the server refused. */
async function postJson(url: string, body: object, csrfToken?: string): Promise<Session> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  if (!response.ok) {
    let message = problemMessage(json, 'ra.auth.sign_in_error');
    const wait = retryAfterSeconds(response.headers.get('Retry-After'), now());
    if (response.status === 429 && wait !== null) message = `${message} (${wait} s)`;
    throw new HttpError(message, response.status, { problem: json });
  }
  return sessionOf(json);
}

/** POST /api/admin/me/password: the new password, and the new session the server answers with. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<Session> {
  const session = stored();
  const next = await postJson('/api/admin/me/password', { currentPassword, newPassword }, session?.csrfToken);
  consoleSession.set(next);
  meRequest = null;
  return next;
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;

const problemOf = (error: unknown): unknown => {
  const body = (error as { body?: unknown })?.body;
  return isProblemBody(body) && 'problem' in body ? (body as { problem: unknown }).problem : body;
};

export const authProvider: AuthProvider = {
  async login({ username, email, password }: { username?: string; email?: string; password: string }) {
    const session = await postJson(SESSION_URL, { email: email ?? username, password });
    consoleSession.set(session);
    meRequest = null;
    return session.user.mustChangePassword ? { redirectTo: CHANGE_PASSWORD_PATH } : { redirectTo: '/' };
  },

  async logout() {
    // The server ends the session and clears its cookie; the CSRF token shows the console asked for it.
    const session = await restoreSession();
    consoleSession.clear();
    meRequest = null;
    await fetch(SESSION_URL, {
      method: 'DELETE',
      headers: session ? { [CSRF_HEADER]: session.csrfToken } : {},
    }).catch(() => undefined);
  },

  async checkAuth() {
    if (!(await restoreSession())) throw { message: 'ra.auth.auth_check_error' };
  },

  async checkError(error: unknown) {
    const status = statusOf(error);
    if (status === 401) {
      consoleSession.clear();
      meRequest = null;
      throw { message: 'ra.notification.logged_out' };
    }
    if (status === 403 && problemRules(problemOf(error)).includes('PASSWORD_EXPIRED')) {
      const session = stored();
      if (session) consoleSession.set(withUser(session, { ...session.user, mustChangePassword: true }));
      throw { redirectTo: CHANGE_PASSWORD_PATH, logoutUser: false, message: false };
    }
    // 403 FORBIDDEN and everything else: the page shows the problem's message; the session stays.
  },

  async getIdentity() {
    const session = await restoreSession();
    if (!session) throw new Error('ra.auth.auth_check_error');
    return { ...session.user, fullName: session.user.name || session.user.email };
  },

  async getPermissions() {
    const session = await restoreSession();
    if (!session) return [];
    if (session.user.mustChangePassword) return session.user.permissions;
    return (await fetchMe()).permissions;
  },

  async canAccess({ resource, action }: { resource: string; action: string }) {
    const session = await restoreSession();
    if (!session || session.user.mustChangePassword) return false;
    const { permissions } = await fetchMe();
    return canAccess(permissions, resource, action);
  },
};

/** The signed-in user as the page knows it, for screens that need it synchronously (the forced password change). */
export const storedUser = (): SessionUser | null => stored()?.user ?? null;
