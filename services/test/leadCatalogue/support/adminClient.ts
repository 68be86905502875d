import { json } from '../../support/http';
import { startTestRuntime, type TestRuntime } from '../../support/testRuntime';

/** The demo users of the identity seed, by what they may do with the lead catalogues. */
export const DEMO = {
  /** SUPERVISOR: lead-catalogue:read and lead-catalogue:update. */
  supervisor: 'supervisor@demo.cl',
  /** EJECUTIVO: lead-catalogue:read only. */
  ejecutivo: 'ejecutivo@demo.cl',
  admin: 'admin@demo.cl',
} as const;
const DEMO_PASSWORD = 'Demo.2026!';

/** The real runtime (startTestRuntime already uses the cheapest password hash: demo users sign in fast). */
export const startCatalogueRuntime = (): Promise<TestRuntime> => startTestRuntime();

export interface AdminClient {
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  put(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  del(path: string, headers?: Record<string, string>): Promise<Response>;
}

/** Calls /api/admin/{path} as whoever the token is (none: anonymous). */
export function adminClient(runtime: TestRuntime, token?: string): AdminClient {
  const call = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${runtime.url}/api/admin/${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (path, headers) => call('GET', path, undefined, headers),
    post: (path, body, headers) => call('POST', path, body, headers),
    put: (path, body, headers) => call('PUT', path, body, headers),
    del: (path, headers) => call('DELETE', path, undefined, headers),
  };
}

/** Signs a demo user in (POST /token) and answers a client carrying their token. */
export async function signIn(runtime: TestRuntime, email: string): Promise<AdminClient> {
  const response = await fetch(`${runtime.url}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return adminClient(runtime, (await json(response)).token);
}

/** The problem+json body of a refusal, after checking its content type. */
export async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await json(response)) as {
    status: number;
    type: string;
    title: string;
    detail?: string;
    errors: { field: string; rule: string; message: string }[];
  };
}

/** `?sort=…&range=…&filter=…` as ra-data-simple-rest builds it. */
export function listQuery(params: { sort?: [string, string]; range?: [number, number]; filter?: object }) {
  const search = new URLSearchParams();
  if (params.sort) search.set('sort', JSON.stringify(params.sort));
  if (params.range) search.set('range', JSON.stringify(params.range));
  if (params.filter) search.set('filter', JSON.stringify(params.filter));
  const text = search.toString();
  return text ? `?${text}` : '';
}
