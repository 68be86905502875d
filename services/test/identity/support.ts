import { json } from '../support/http';
import { postJson } from '../support/testRuntime';

/** The password every demo user has (services/src/identity/seed.ts). */
export const DEMO = 'Demo.2026!';

/** A clock a test moves by hand: the runtime's `clock` hook reads it. */
export function manualClock(start = Date.now()) {
  let now = start;
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Calls one runtime's API as one signed-in user. */
export interface Session {
  url: string;
  token: string;
  user: { id: string; email: string; permissions: string[]; mustChangePassword: boolean };
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  put(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  delete(path: string, headers?: Record<string, string>): Promise<Response>;
}

export const login = (url: string, email: string, password: string) =>
  postJson(`${url}/token`, { email, password });

/** Calls `url`'s API with `token` (an empty one: anonymously). */
export function sessionOf(url: string, token: string, user: Session['user']): Session {
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    url,
    token,
    user,
    get: (path, headers) => send('GET', path, undefined, headers),
    post: (path, body, headers) => send('POST', path, body, headers),
    put: (path, body, headers) => send('PUT', path, body, headers),
    delete: (path, headers) => send('DELETE', path, undefined, headers),
  };
}

export async function signIn(url: string, email: string, password = DEMO): Promise<Session> {
  const response = await login(url, email, password);
  if (response.status !== 200) {
    throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  }
  const body = await json(response);
  return sessionOf(url, body.token, body.user);
}

/** A list call's query string: ra-data-simple-rest's sort, range and filter. */
export function listQuery(options: { sort?: [string, string]; range?: [number, number]; filter?: object }) {
  const params = new URLSearchParams();
  if (options.sort) params.set('sort', JSON.stringify(options.sort));
  if (options.range) params.set('range', JSON.stringify(options.range));
  if (options.filter) params.set('filter', JSON.stringify(options.filter));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The rules a problem answer names. */
export const rulesOf = async (response: Response): Promise<string[]> =>
  ((await json(response)).errors ?? []).map((error: { rule: string }) => error.rule);

let counter = 0;
/** An address nobody else in the run has. */
export const freshEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++counter}@prueba.cl`;

/**
 * A user created by `admin` with a temporary password, who then signs in and chooses their own (the
 * temporary one must be changed first): a session that may use the API.
 */
export async function createActiveUser(
  admin: Session,
  fields: { roles: string[]; organizationId?: string | null; name?: string; email?: string },
): Promise<{ session: Session; id: string; email: string; password: string }> {
  const email = fields.email ?? freshEmail(fields.roles[0]!.toLowerCase());
  const created = await admin.post('/api/admin/users', {
    email,
    name: fields.name ?? 'Usuario de Prueba',
    roles: fields.roles,
    organizationId: fields.organizationId,
    password: 'Temp.2026#',
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const { id } = await json(created);
  const first = await signIn(admin.url, email, 'Temp.2026#');
  const changed = await first.post('/api/admin/me/password', {
    currentPassword: 'Temp.2026#',
    newPassword: 'Mine.2026$',
  });
  if (changed.status !== 200) throw new Error(`password change answered ${changed.status}`);
  const body = await json(changed);
  return { session: sessionOf(admin.url, body.token, body.user), id, email, password: 'Mine.2026$' };
}
