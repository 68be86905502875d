import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(async () => {
  await runtime.dispose();
});

const login = (email: string, password: string) => postJson(`${runtime.url}/token`, { email, password });

describe('sign-in (POST /token)', () => {
  test('a demo user signs in with Demo.2026! and reads their permissions from /api/admin/me', async () => {
    const response = await login('ejecutivo@demo.cl', 'Demo.2026!');
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.user).toMatchObject({
      email: 'ejecutivo@demo.cl',
      roles: ['EJECUTIVO'],
      mustChangePassword: false,
    });
    expect(body.user.permissions).toContain('lead:read');
    expect(body.user.permissions).not.toContain('role:update');
    expect(JSON.stringify(body)).not.toMatch(/scrypt/);
    const me = await fetch(`${runtime.url}/api/admin/me`, {
      headers: { Authorization: `Bearer ${body.token}` },
    });
    expect(me.status).toBe(200);
    expect((await json(me)).email).toBe('ejecutivo@demo.cl');
  });

  test("002-8.04 a wrong password and an unknown user both answer 'Credenciales inválidas.'", async () => {
    for (const [email, password] of [
      ['supervisor@demo.cl', 'Wrong.2026!'],
      ['nadie@demo.cl', 'Demo.2026!'],
    ] as const) {
      const response = await login(email, password);
      expect(response.status).toBe(401);
      const body = await json(response);
      expect(body.errors[0]).toMatchObject({
        rule: 'INVALID_CREDENTIALS',
        message: 'Credenciales inválidas.',
      });
    }
  });

  test('a missing, tampered or unsigned token gets 401', async () => {
    const { token } = await json(await login('admin@demo.cl', 'Demo.2026!'));
    const [header, payload] = token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: 'someone-else', iss: 'cubre', aud: 'cubre-admin', iat: 1, exp: 9999999999 })).toString('base64url')}.${token.split('.')[2]}`;
    for (const authorization of [undefined, `Bearer ${unsigned}`, `Bearer ${tampered}`, 'Bearer nonsense']) {
      const response = await fetch(`${runtime.url}/api/admin/me`, {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(response.status).toBe(401);
    }
  });
});
