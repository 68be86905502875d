import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cspDirectivesOf } from '../support/contentSecurityPolicy';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';

/**
 * Issue 12, "Security headers and framing" and "Responses sent uncompressed": every answer of the
 * storefront, the console and the API carries the policy, over real HTTP.
 */
let runtime: TestRuntime;
let framed: TestRuntime;
beforeAll(async () => {
  [runtime, framed] = await Promise.all([
    // Behind a TLS-terminating proxy on the same machine: the proxy is configured as trusted.
    startTestRuntime({ TRUSTED_PROXIES: '127.0.0.1' }),
    startTestRuntime({ FRAME_ANCESTORS: 'https://socio.example.cl, https://otro.example.com/ruta' }),
  ]);
});
afterAll(async () => {
  await Promise.all([runtime?.dispose(), framed?.dispose()]);
});

/** A raw GET, so the test sees the headers and bytes as sent (fetch would decompress). */
function get(base: string, path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, base);
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const sent = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

const PAGES = ['/Comparar/Seguros-de-Salud', '/admin/', '/api/menu', '/api/no-such-route'];

describe('security headers on every answer (issue 12)', () => {
  test.each(PAGES)('%s: a policy with no inline script, no plug-ins, no framing', async (path) => {
    const answer = await get(runtime.url, path);
    const policy = cspDirectivesOf(answer.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  test.each(PAGES)('%s: nosniff and a referrer that leaves the site as its origin only', async (path) => {
    const answer = await get(runtime.url, path);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['x-powered-by']).toBeUndefined();
  });

  test('Strict-Transport-Security only on answers sent over https', async () => {
    expect((await get(runtime.url, '/api/menu')).headers['strict-transport-security']).toBeUndefined();
    // The trusted proxy says the visitor used https.
    const secure = await get(runtime.url, '/api/menu', { 'x-forwarded-proto': 'https' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // A client nobody trusts cannot say so: the same header straight to a server trusting no proxy.
    const claimed = await get(framed.url, '/api/menu', { 'x-forwarded-proto': 'https' });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  test('FRAME_ANCESTORS names the partners that may frame the site; X-Frame-Options then stands aside', async () => {
    const answer = await get(framed.url, '/Comparar/Seguros-de-Salud');
    const policy = cspDirectivesOf(answer.headers['content-security-policy']);
    expect(policy['frame-ancestors']).toEqual(['https://socio.example.cl', 'https://otro.example.com']);
    expect(answer.headers['x-frame-options']).toBeUndefined();
  });

  test('a FRAME_ANCESTORS entry that is not an origin stops the start, naming the variable', async () => {
    await expect(startTestRuntime({ FRAME_ANCESTORS: 'javascript:alert(1)' })).rejects.toThrow(
      /FRAME_ANCESTORS/,
    );
  });
});

describe('compressed answers (issue 12)', () => {
  test('JSON above the threshold is compressed as the client asks (gzip or brotli), and reads back the same', async () => {
    const plain = await get(runtime.url, '/api/profile-form/form');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await get(runtime.url, '/api/profile-form/form', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    const brotli = await get(runtime.url, '/api/profile-form/form', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(plain.body.toString());
  });

  test('small answers go as they are: compressing them costs more than it saves', async () => {
    const small = await get(runtime.url, '/healthz', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
