import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { signIn } from '../identity/support';

/** What the attack suite (fuzz.http.test.ts) found, each kept as its own regression test (issue 13). */
let runtime: TestRuntime;
let token: string;
beforeAll(async () => {
  runtime = await startTestRuntime();
  ({ token } = await signIn(runtime.url, 'admin@demo.cl'));
});
afterAll(async () => {
  await runtime.dispose();
});

const status = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  colour: '#a66939',
  requiresSubStatus: false,
  requiresFailureReason: false,
  order: 900,
  active: true,
  ...extra,
});

describe('found by the attack suite (issue 13)', () => {
  test('once an admin took the last lead-status id (999999), a create without id is a 409 naming id, not a 500', async () => {
    const auth = { Authorization: `Bearer ${token}` };
    const last = await postJson(
      `${runtime.url}/api/admin/lead-statuses`,
      status('Último', { id: 999_999 }),
      auth,
    );
    expect(last.status).toBe(201);
    const next = await postJson(`${runtime.url}/api/admin/lead-statuses`, status('Siguiente'), auth);
    expect(next.status).toBe(409);
    expect(next.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await json(next)).errors).toEqual([
      {
        field: 'id',
        rule: 'max',
        message: 'no quedan ids de lead-statuses después de 999999: indique el id',
      },
    ]);
    // An id the admin names still works.
    const named = await postJson(
      `${runtime.url}/api/admin/lead-statuses`,
      status('Con id', { id: 777 }),
      auth,
    );
    expect(named.status).toBe(201);
  });
});
