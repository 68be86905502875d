import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { DEMO, manualClock, rulesOf } from './support';

/**
 * Issue 13: others' wrong passwords do not lock a person out (OWASP's device cookies). The runtime trusts
 * the loopback address as a proxy, so each call says which client address it comes from.
 */
describe('sign-in throttling with device cookies (LOGIN_MAX_FAILURES 5, LOGIN_LOCK_SECONDS 900)', () => {
  const time = manualClock();
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime(
      { LOGIN_MAX_FAILURES: '5', LOGIN_LOCK_SECONDS: '900', TRUSTED_PROXIES: '127.0.0.1' },
      { clock: time.clock },
    );
  });
  afterAll(async () => {
    await runtime.dispose();
  });

  /** POST /token from `address`, with a device cookie when given. */
  const signInFrom = (address: string, email: string, password: string, device?: string) =>
    postJson(
      `${runtime.url}/token`,
      { email, password },
      { 'X-Forwarded-For': address, ...(device ? { Cookie: `cubre_device=${device}` } : {}) },
    );

  /** The value and attributes of a Set-Cookie of the answer, by cookie name. */
  function setCookie(response: Response, name: string): { value: string; attributes: string[] } | null {
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
    if (!line) return null;
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    return { value: pair!.slice(name.length + 1), attributes };
  }

  test('five wrong passwords from anywhere do not lock out a browser that signed in before; clients without its device cookie wait', async () => {
    const before = await signInFrom('198.51.100.7', 'admin@demo.cl', DEMO);
    expect(before.status).toBe(200);
    const device = setCookie(before, 'cubre_device');
    expect(device).not.toBeNull();
    expect(device!.attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${180 * 86_400}`]),
    );

    // An attacker guesses from five addresses: the account's door for untrusted clients closes.
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInFrom(`203.0.113.${attempt + 1}`, 'admin@demo.cl', 'Wrong.2026!')).status).toBe(401);
    }
    const untrusted = await signInFrom('192.0.2.50', 'admin@demo.cl', DEMO);
    expect(untrusted.status).toBe(429);
    expect(await rulesOf(untrusted)).toEqual(['TOO_MANY_ATTEMPTS']);
    expect(Number(untrusted.headers.get('retry-after'))).toBe(900);

    // The administrator's browser, from yet another address, signs in.
    const trusted = await signInFrom('192.0.2.60', 'admin@demo.cl', DEMO, device!.value);
    expect(trusted.status).toBe(200);
    expect((await json(trusted)).user.email).toBe('admin@demo.cl');
    // Each sign-in gives the browser a fresh device cookie.
    expect(setCookie(trusted, 'cubre_device')!.value).not.toBe(device!.value);
  });

  test('a device cookie counts only for the address it was issued to, and a tampered one for nobody', async () => {
    const supervisor = await signInFrom('198.51.100.8', 'supervisor@demo.cl', DEMO);
    const device = setCookie(supervisor, 'cubre_device')!.value;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInFrom('203.0.113.20', 'ejecutivo@demo.cl', 'Wrong.2026!')).status).toBe(401);
    }
    // The supervisor's browser is no trusted device of the executive's account.
    expect((await signInFrom('198.51.100.8', 'ejecutivo@demo.cl', DEMO, device)).status).toBe(429);
    const [version, login, nonce, mac] = device.split('.');
    const forged = [version, Buffer.from('ejecutivo@demo.cl').toString('base64url'), nonce, mac].join('.');
    expect(login).not.toBe(forged.split('.')[1]);
    expect((await signInFrom('198.51.100.8', 'ejecutivo@demo.cl', DEMO, forged)).status).toBe(429);
  });

  test('a trusted device that guesses is locked on its own; every further lock of the untrusted door lasts twice as long', async () => {
    const signedIn = await signInFrom('198.51.100.9', 'backoffice@demo.cl', DEMO);
    const device = setCookie(signedIn, 'cubre_device')!.value;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInFrom('198.51.100.9', 'backoffice@demo.cl', 'Wrong.2026!', device)).status).toBe(
        401,
      );
    }
    expect((await signInFrom('198.51.100.9', 'backoffice@demo.cl', DEMO, device)).status).toBe(429);
    // Its guessing did not close the account's other door.
    expect((await signInFrom('192.0.2.70', 'backoffice@demo.cl', DEMO)).status).toBe(200);

    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInFrom('203.0.113.30', 'ejecutivo2@demo.cl', 'Wrong.2026!')).status).toBe(401);
    }
    expect((await signInFrom('192.0.2.71', 'ejecutivo2@demo.cl', DEMO)).headers.get('retry-after')).toBe(
      '900',
    );
    time.advance(901_000);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInFrom('203.0.113.31', 'ejecutivo2@demo.cl', 'Wrong.2026!')).status).toBe(401);
    }
    expect((await signInFrom('192.0.2.72', 'ejecutivo2@demo.cl', DEMO)).headers.get('retry-after')).toBe(
      '1800',
    );
  });

  test('the cookie is Secure when the request came over https (through a trusted proxy)', async () => {
    const response = await postJson(
      `${runtime.url}/token`,
      { email: 'supervisor@demo.cl', password: DEMO },
      { 'X-Forwarded-For': '198.51.100.10', 'X-Forwarded-Proto': 'https' },
    );
    expect(response.status).toBe(200);
    expect(setCookie(response, 'cubre_device')!.attributes).toContain('Secure');
  });
});
