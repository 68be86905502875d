/** The operators' token the runtime tests start their processes with (OPS_TOKEN), and a fetch that sends it. */
export const TEST_OPS_TOKEN = 'test-operators-token-0123456789';

export function opsFetch(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${TEST_OPS_TOKEN}` },
  });
}
