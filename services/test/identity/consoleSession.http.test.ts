import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { DEMO, login, rulesOf } from './support';

/**
 * Issue 13: the console's session lives in an HttpOnly cookie no script reads, with a CSRF token for
 * unsafe methods; POST /token still serves API clients with a bearer token.
 */
describe('the console session (POST and DELETE /api/admin/session)', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime();
  });
  afterAll(async () => {
    await runtime.dispose();
  });

  /** Signs in as the console does: the session cookie's value and the CSRF token of the answer. */
  async function consoleSignIn(email = 'admin@demo.cl') {
    const response = await postJson(`${runtime.url}/api/admin/session`, { email, password: DEMO });
    expect(response.status).toBe(200);
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('cubre_session='));
    expect(line).toBeDefined();
    const [pair, ...attributes] = line!.split(';').map((part) => part.trim());
    const body = await json(response);
    return { cookie: pair!, attributes, body };
  }

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${runtime.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test('signing in sets an HttpOnly, SameSite=Strict cookie for the admin API; the answer holds no token', async () => {
    const { attributes, body } = await consoleSignIn();
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/api/admin', 'HttpOnly', 'SameSite=Strict', 'Max-Age=28800']),
    );
    // Plain http to 127.0.0.1 (npm start, the tests): no Secure, or the browser would drop it.
    expect(attributes).not.toContain('Secure');
    expect(Object.keys(body).sort()).toEqual(['csrfToken', 'expiresAt', 'user']);
    expect(body.user.email).toBe('admin@demo.cl');
    expect(JSON.stringify(body)).not.toMatch(/eyJ/);
  });

  test('the cookie authenticates reads; an unsafe method without the CSRF token is 403 INVALID_CSRF_TOKEN, with it accepted', async () => {
    const { cookie, body } = await consoleSignIn();
    expect((await call('GET', '/api/admin/users', { Cookie: cookie })).status).toBe(200);
    // A reloaded console asks for its session: the same CSRF token; a signed-out visitor gets null, not a 401.
    const current = await call('GET', '/api/admin/session', { Cookie: cookie });
    expect(current.status).toBe(200);
    expect(await json(current)).toEqual(body);
    const none = await call('GET', '/api/admin/session', {});
    expect(none.status).toBe(200);
    expect(await json(none)).toBeNull();

    const organization = { name: `Empresa CSRF ${Date.now()}` };
    const forged = await call('POST', '/api/admin/organizations', { Cookie: cookie }, organization);
    expect(forged.status).toBe(403);
    expect(await rulesOf(forged)).toEqual(['INVALID_CSRF_TOKEN']);
    const wrong = await call(
      'POST',
      '/api/admin/organizations',
      { Cookie: cookie, 'X-CSRF-Token': `${body.csrfToken.slice(0, -2)}AA` },
      organization,
    );
    expect(wrong.status).toBe(403);
    const accepted = await call(
      'POST',
      '/api/admin/organizations',
      { Cookie: cookie, 'X-CSRF-Token': body.csrfToken },
      organization,
    );
    expect(accepted.status).toBe(201);
  });

  test('signing out clears the cookie and ends the session: the old cookie is then 401', async () => {
    const { cookie, body } = await consoleSignIn('supervisor@demo.cl');
    expect((await call('DELETE', '/api/admin/session', { Cookie: cookie })).status).toBe(403);
    const out = await call('DELETE', '/api/admin/session', {
      Cookie: cookie,
      'X-CSRF-Token': body.csrfToken,
    });
    expect(out.status).toBe(204);
    const cleared = out.headers.getSetCookie().find((line) => line.startsWith('cubre_session='));
    expect(cleared).toMatch(/^cubre_session=;.*Expires=Thu, 01 Jan 1970/);
    const after = await call('GET', '/api/admin/me', { Cookie: cookie });
    expect(after.status).toBe(401);
    expect(await rulesOf(after)).toEqual(['INVALID_TOKEN']);
    expect(await json(await call('GET', '/api/admin/session', { Cookie: cookie }))).toBeNull();
    // Without a session, signing out is still a 204 (the console may sign out twice).
    expect((await call('DELETE', '/api/admin/session', {})).status).toBe(204);
  });

  test('a password change through the cookie renews the cookie session; POST /token still answers a bearer token that needs no CSRF token', async () => {
    const bearer = await json(await login(runtime.url, 'backoffice@demo.cl', DEMO));
    expect(bearer.token).toMatch(/^eyJ/);
    expect(bearer).not.toHaveProperty('tokenId');
    const organization = { name: `Empresa Bearer ${Date.now()}` };
    expect(
      (
        await call(
          'POST',
          '/api/admin/organizations',
          { Authorization: `Bearer ${(await json(await login(runtime.url, 'admin@demo.cl', DEMO))).token}` },
          organization,
        )
      ).status,
    ).toBe(201);

    const { cookie, body } = await consoleSignIn('ejecutivo2@demo.cl');
    const changed = await call(
      'POST',
      '/api/admin/me/password',
      { Cookie: cookie, 'X-CSRF-Token': body.csrfToken },
      { currentPassword: DEMO, newPassword: 'Nueva.2026$' },
    );
    expect(changed.status).toBe(200);
    const renewed = await json(changed);
    expect(Object.keys(renewed).sort()).toEqual(['csrfToken', 'expiresAt', 'user']);
    const next = changed.headers
      .getSetCookie()
      .find((line) => line.startsWith('cubre_session='))!
      .split(';')[0]!;
    expect(next).not.toBe(cookie);
    expect((await call('GET', '/api/admin/me', { Cookie: cookie })).status).toBe(401);
    expect((await call('GET', '/api/admin/me', { Cookie: next })).status).toBe(200);
  });
});
