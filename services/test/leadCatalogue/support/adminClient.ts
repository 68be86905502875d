import { json } from '../../support/http';
import { startTestRuntime, type TestRuntime } from '../../support/testRuntime';
import { sessionOf, signIn as signInAt } from '../../identity/support';

export { listQuery } from '../../identity/support';

/** The demo users of the identity seed, by what they may do with the lead catalogues. */
export const DEMO = {
  /** SUPERVISOR: lead-catalogue:read and lead-catalogue:update. */
  supervisor: 'supervisor@demo.cl',
  /** EJECUTIVO: lead-catalogue:read only. */
  ejecutivo: 'ejecutivo@demo.cl',
  admin: 'admin@demo.cl',
} as const;

/** The real runtime (startTestRuntime already uses the cheapest password hash: demo users sign in fast). */
export const startCatalogueRuntime = (): Promise<TestRuntime> => startTestRuntime();

export interface AdminClient {
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  put(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  del(path: string, headers?: Record<string, string>): Promise<Response>;
}

const NOBODY = { id: '', email: '', permissions: [], mustChangePassword: false };

/** Calls /api/admin/{path} as whoever the token is (none: anonymous): identity's session, on that prefix. */
export function adminClient(runtime: TestRuntime, token?: string): AdminClient {
  const session = sessionOf(runtime.url, token ?? '', NOBODY);
  const at = (path: string) => `/api/admin/${path}`;
  return {
    get: (path, headers) => session.get(at(path), headers),
    post: (path, body, headers) => session.post(at(path), body, headers),
    put: (path, body, headers) => session.put(at(path), body, headers),
    del: (path, headers) => session.delete(at(path), headers),
  };
}

/** Signs a demo user in (POST /token) and answers a client carrying their token. */
export async function signIn(runtime: TestRuntime, email: string): Promise<AdminClient> {
  return adminClient(runtime, (await signInAt(runtime.url, email)).token);
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
