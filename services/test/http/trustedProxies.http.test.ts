import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';

/**
 * Issue 13, "Who the client is": X-Forwarded-For counts only from a configured proxy (TRUSTED_PROXIES),
 * so a client cannot rotate its own address past the per-client limits.
 */
const LIMIT = 5;
let direct: TestRuntime;
let proxied: TestRuntime;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: String(LIMIT) }),
    startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUSTED_PROXIES: '127.0.0.0/8' }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.dispose(), proxied?.dispose()]);
});

/** The statuses of `count` compare calls, each claiming another client address. */
async function rotating(runtime: TestRuntime, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await postJson(
      `${runtime.url}/api/insurance/compare/metadata`,
      { organizationTypes: ['ISAPRE'] },
      { 'X-Forwarded-For': `203.0.113.${i + 1}` },
    );
    statuses.push(response.status);
    await response.arrayBuffer();
  }
  return statuses;
}

describe('the client address comes only from configured proxies (issue 13)', () => {
  test('without TRUSTED_PROXIES a rotated X-Forwarded-For is ignored: the socket is one client, held to its limit', async () => {
    const statuses = await rotating(direct, LIMIT + 3);
    expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([401, 401, 401]);
  });

  test('behind a configured proxy its X-Forwarded-For names the client: other clients, other allowances', async () => {
    const statuses = await rotating(proxied, LIMIT + 3);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  test('a TRUSTED_PROXIES entry that is not an address or a range stops the start, naming the variable', async () => {
    await expect(startTestRuntime({ TRUSTED_PROXIES: 'loopback, example.com' })).rejects.toThrow(
      /TRUSTED_PROXIES/,
    );
  });
});
