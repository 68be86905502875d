import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import {
  DEMO,
  createActiveUser,
  login,
  manualClock,
  rulesOf,
  sessionOf,
  signIn,
  type Session,
} from './support';

const DAY = 86_400_000;

describe('sessions and password policy (one runtime on a hand-moved clock)', () => {
  const time = manualClock();
  let runtime: TestRuntime;
  let admin: Session;
  beforeAll(async () => {
    runtime = await startTestRuntime(
      { PASSWORD_MAX_AGE_DAYS: '30', AUTH_TOKEN_TTL_SECONDS: '3600' },
      { clock: time.clock },
    );
    admin = await signIn(runtime.url, 'admin@demo.cl');
  });
  afterAll(async () => {
    await runtime.dispose();
  });

  test('an expired token (past AUTH_TOKEN_TTL_SECONDS) is 401 TOKEN_EXPIRED', async () => {
    const session = await signIn(runtime.url, 'supervisor@demo.cl');
    expect((await session.get('/api/admin/users')).status).toBe(200);
    time.advance(3601 * 1000);
    const expired = await session.get('/api/admin/users');
    expect(expired.status).toBe(401);
    expect(await rulesOf(expired)).toEqual(['TOKEN_EXPIRED']);
    expect(expired.headers.get('www-authenticate')).toMatch(/^Bearer/);
    admin = await signIn(runtime.url, 'admin@demo.cl');
  });

  test('a token issued before a password change is refused (401)', async () => {
    const user = await createActiveUser(admin, { roles: ['SUPERVISOR'] });
    const old = user.session;
    time.advance(2000);
    const changed = await old.post('/api/admin/me/password', {
      currentPassword: user.password,
      newPassword: 'Cambio.26!',
    });
    expect(changed.status).toBe(200);
    const fresh = (await json(changed)).token;
    const refused = await old.get('/api/admin/users');
    expect(refused.status).toBe(401);
    expect(await rulesOf(refused)).toEqual(['TOKEN_EXPIRED']);
    const accepted = await fetch(`${runtime.url}/api/admin/users`, {
      headers: { Authorization: `Bearer ${fresh}` },
    });
    expect(accepted.status).toBe(200);
  });

  test('002-8.02 a new password cannot be any of the last 4 (PASSWORD_IN_HISTORY); the fifth-last is allowed', async () => {
    const user = await createActiveUser(admin, { roles: ['EJECUTIVO'] });
    // History now: Mine.2026$ (current), Temp.2026# (the administrator's).
    let session = user.session;
    let current = user.password;
    const change = async (newPassword: string) => {
      time.advance(1000);
      const response = await session.post('/api/admin/me/password', {
        currentPassword: current,
        newPassword,
      });
      if (response.status === 200) {
        const body = await json(response.clone());
        session = sessionOf(runtime.url, body.token, body.user);
        current = newPassword;
      }
      return response;
    };

    for (const reused of ['Mine.2026$', 'Temp.2026#']) {
      const refused = await change(reused);
      expect(refused.status).toBe(400);
      expect((await json(refused)).errors).toEqual([
        expect.objectContaining({ field: 'newPassword', rule: 'PASSWORD_IN_HISTORY' }),
      ]);
    }
    expect((await change('Segunda.26!')).status).toBe(200);
    expect((await change('Tercera.26!')).status).toBe(200);
    // Last 4: Tercera, Segunda, Mine, Temp.
    expect(await rulesOf(await change('Temp.2026#'))).toEqual(['PASSWORD_IN_HISTORY']);
    expect((await change('Cuarta.26!')).status).toBe(200);
    // Last 4: Cuarta, Tercera, Segunda, Mine: the temporary one has left the history.
    expect((await change('Temp.2026#')).status).toBe(200);
    expect(await rulesOf(await change('Cuarta.26!'))).toEqual(['PASSWORD_IN_HISTORY']);
    const badForm = await change('sinforma');
    expect(await rulesOf(badForm)).toEqual(['INVALID_PASSWORD_FORM']);
  });

  test('002-8.03 a password older than PASSWORD_MAX_AGE_DAYS: every admin route but /me and /me/password is 403 PASSWORD_EXPIRED until changed', async () => {
    time.advance(31 * DAY);
    const response = await login(runtime.url, 'admin@demo.cl', DEMO);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.user.mustChangePassword).toBe(true);
    const session = (path: string, init: RequestInit = {}) =>
      fetch(`${runtime.url}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${body.token}`, 'Content-Type': 'application/json' },
      });
    for (const path of [
      '/api/admin/users',
      '/api/admin/roles',
      '/api/admin/permissions',
      '/api/admin/audit',
    ]) {
      const refused = await session(path);
      expect(refused.status).toBe(403);
      expect(await rulesOf(refused)).toEqual(['PASSWORD_EXPIRED']);
    }
    const me = await session('/api/admin/me');
    expect(me.status).toBe(200);
    expect((await json(me)).mustChangePassword).toBe(true);
    const changed = await session('/api/admin/me/password', {
      method: 'POST',
      body: JSON.stringify({ currentPassword: DEMO, newPassword: 'Renovada.26!' }),
    });
    expect(changed.status).toBe(200);
    const renewed = await json(changed);
    expect(renewed.user.mustChangePassword).toBe(false);
    const after = await fetch(`${runtime.url}/api/admin/users`, {
      headers: { Authorization: `Bearer ${renewed.token}` },
    });
    expect(after.status).toBe(200);
  });
});

describe('login throttling (LOGIN_MAX_FAILURES)', () => {
  const time = manualClock();
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(
      { LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_SECONDS: '60' },
      { clock: time.clock },
    );
  });
  afterAll(async () => {
    await runtime.dispose();
  });

  test('after 3 failures the next attempt is 429 TOO_MANY_ATTEMPTS with Retry-After, even with the right password', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(runtime.url, 'ejecutivo@demo.cl', 'Wrong.2026!')).status).toBe(401);
    }
    const locked = await login(runtime.url, 'ejecutivo@demo.cl', DEMO);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await rulesOf(locked)).toEqual(['TOO_MANY_ATTEMPTS']);

    time.advance(61_000);
    expect((await login(runtime.url, 'ejecutivo@demo.cl', DEMO)).status).toBe(200);
  });
});
