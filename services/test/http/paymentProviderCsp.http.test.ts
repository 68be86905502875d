import { cspDirectivesOf } from '../support/contentSecurityPolicy';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';

/**
 * Issue 14, "The payment pages run under the platform's Content-Security-Policy: each provider's browser
 * library allowed by name, nothing else": with Kushki configured, the storefront's pages allow kushki.js's
 * API host and the Sift script it appends; the API and the console keep the strict policy.
 */
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime(
    {},
    { paymentEnv: { PAYMENT_GATEWAY: 'kushki', KUSHKI_PUBLIC_MERCHANT_ID: 'public-id' } },
  );
});
afterAll(async () => runtime?.dispose());

const policyOf = async (path: string) =>
  cspDirectivesOf((await fetch(new URL(path, runtime.url))).headers.get('content-security-policy'));

describe("Kushki's browser library under the CSP (issue 14)", () => {
  test.each(['/Comparar/Seguros-de-Salud', '/Compra-Online/ANY-PRODUCT', '/'])(
    "%s: Kushki's integration API and Sift's script by name, nothing else opened",
    async (path) => {
      const policy = await policyOf(path);
      expect(policy['connect-src']).toEqual(["'self'", 'https://api-uat.kushkipagos.com']);
      expect(policy['script-src']).toEqual(["'self'", 'https://cdn.siftscience.com']);
      expect(policy['frame-src']).toBeUndefined();
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
    },
  );

  test.each(['/api/menu', '/admin/', '/healthz'])('%s: the strict policy, no provider host', async (path) => {
    const policy = await policyOf(path);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
  });
});
