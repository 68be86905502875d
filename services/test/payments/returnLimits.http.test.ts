import { randomUUID } from 'node:crypto';
import { OneclickGateway } from '@cubre/services/payments/gateway/transbank/oneclickGateway';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { startProviderServer, type ProviderServer } from './gateway/support/providerServer';

/**
 * Issue 14: Transbank's return pages (Webpay Plus's return_url, Oneclick's response_url) are anonymous by
 * nature, and a matching token costs a call to Transbank, so they have a rate-limit family of their own,
 * `returns`, per client (from TRUSTED_PROXIES only) and in total. Refused before the form is read: a
 * refusal stores nothing and asks Transbank nothing.
 */
const LIMIT = 3;
let provider: ProviderServer;
let runtime: TestRuntime;
beforeAll(async () => {
  provider = await startProviderServer();
  runtime = await startTestRuntime(
    { TRUSTED_PROXIES: '127.0.0.1', RATE_LIMIT_RETURNS_PER_CLIENT_HOUR: String(LIMIT) },
    {
      paymentGateway: new OneclickGateway({
        commerceCode: '597055555541',
        childCommerceCode: '597055555542',
        apiKey: 'local-test-api-key-secret',
        environment: provider.url,
        timeoutMs: 5000,
      }),
    },
  );
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
  await provider.close();
});

test("issue 14 Transbank's return page is limited per client (POST and GET together): past the limit a 429 naming the family with Retry-After, nothing stored, Transbank not asked; another client still returns", async () => {
  const head = await runtime.engines.eventStore.headPosition();
  const answered: number[] = [];
  // Each client's address comes from X-Forwarded-For, which counts only because 127.0.0.1 is a trusted proxy.
  const from = (client: string, method: 'POST' | 'GET') =>
    fetch(`${runtime.url}/api/compra-online/oneclick/${randomUUID()}/retorno?TBK_TOKEN=${'a'.repeat(64)}`, {
      method,
      redirect: 'manual',
      headers: { 'X-Forwarded-For': client, 'Content-Type': 'application/x-www-form-urlencoded' },
      ...(method === 'POST' ? { body: `TBK_TOKEN=${'a'.repeat(64)}` } : {}),
    });
  for (const method of ['POST', 'GET', 'POST'] as const) {
    const response = await from('198.51.100.7', method);
    await response.arrayBuffer();
    answered.push(response.status);
  }
  // An unknown payment: refused by its id, never a 5xx, and never past the limit.
  expect(answered.every((status) => status >= 400 && status < 500 && status !== 429)).toBe(true);
  const limited = await from('198.51.100.7', 'GET');
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = await json(limited);
  expect(problem.limit).toEqual({ family: 'returns', scope: 'client', points: LIMIT, windowSeconds: 3600 });
  expect(problem.errors[0]).toMatchObject({ field: 'request', rule: 'rate_limit_client' });
  expect(problem.detail).toContain('regresos desde la página de pago por cliente: 3 por hora');
  expect((await from('198.51.100.7', 'POST')).status).toBe(429);
  // Another buyer behind the same proxy is not held back by the first.
  const other = await from('198.51.100.8', 'POST');
  expect(other.status).not.toBe(429);
  expect(await runtime.engines.eventStore.headPosition()).toBe(head);
  expect(provider.requests).toEqual([]);
});
