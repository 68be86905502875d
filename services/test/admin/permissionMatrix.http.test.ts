import { ROLE_CODES, type Permission, type RoleCode } from '@cubre/schemas';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';

/**
 * Issue 5's permission matrix: every admin route against every role, each answer checked against the
 * permission the route declares here and the permissions the role holds now (GET /api/admin/me). A user
 * without it gets 403 from the server whatever the console shows; a user with it never gets 401 or 403.
 * Requests that pass the guard aim at nothing (unknown ids, bodies that fail validation), so the matrix
 * changes no data. Plus a company administrator reaching for another company's records.
 */
const NOBODY = '00000000-0000-5000-8000-000000000000';
type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  needs: Permission[];
  any?: boolean;
};
const LEAD_READ: Permission[] = ['lead:read', 'lead:read-all'];
const ANSWER = (answer: 'accept' | 'decline'): Permission[] => [
  `policy-employee:process-activation:${answer}`,
  `policy-employee:process-cancellation:${answer}`,
];
const EMPLOYEE = `no-such-policy.${NOBODY}`;
/** 002-6.03 policies, 002-6.04 employees, 002-6.05 bulk loads, 002-6.11 the processes' answers. */
const GROUP_INSURANCE_ROUTES: Route[] = [
  { method: 'GET', path: '/api/admin/policies', needs: ['policy:read'] },
  { method: 'GET', path: '/api/admin/policies/no-such-policy', needs: ['policy:read'] },
  { method: 'POST', path: '/api/admin/policies', body: {}, needs: ['policy:create'] },
  { method: 'GET', path: '/api/admin/employees', needs: ['employee:read'] },
  { method: 'GET', path: '/api/admin/employees/export', needs: ['employee:export'] },
  { method: 'GET', path: `/api/admin/employees/${EMPLOYEE}`, needs: ['employee:read'] },
  { method: 'GET', path: `/api/admin/employees/${EMPLOYEE}/history`, needs: ['employee:read-history'] },
  {
    method: 'POST',
    path: `/api/admin/employees/${EMPLOYEE}/accept`,
    body: {},
    needs: ANSWER('accept'),
    any: true,
  },
  {
    method: 'POST',
    path: `/api/admin/employees/${EMPLOYEE}/decline`,
    body: {},
    needs: ANSWER('decline'),
    any: true,
  },
  {
    method: 'POST',
    path: `/api/admin/employees/${EMPLOYEE}/cancel`,
    body: {},
    needs: ['policy-employee:active:process-cancellation'],
  },
  { method: 'GET', path: '/api/admin/bulk-loads', needs: ['bulk-load:read'] },
  { method: 'GET', path: `/api/admin/bulk-loads/${NOBODY}`, needs: ['bulk-load:read'] },
  { method: 'GET', path: `/api/admin/bulk-loads/${NOBODY}/report`, needs: ['bulk-load:read'] },
  { method: 'GET', path: `/api/admin/bulk-loads/${NOBODY}/file`, needs: ['bulk-load:read'] },
  { method: 'GET', path: '/api/admin/bulk-load-problems', needs: ['bulk-load:read'] },
  {
    method: 'GET',
    path: '/api/admin/bulk-loads/template?kind=activation&format=csv',
    needs: ['bulk-load:bulk-activation', 'bulk-load:bulk-cancellation', 'bulk-load:read'],
    any: true,
  },
  {
    method: 'POST',
    path: '/api/admin/bulk-loads',
    body: {},
    needs: ['bulk-load:bulk-activation', 'bulk-load:bulk-cancellation'],
    any: true,
  },
  { method: 'POST', path: `/api/admin/bulk-loads/${NOBODY}/commit`, body: {}, needs: ['bulk-load:process'] },
  { method: 'POST', path: `/api/admin/bulk-loads/${NOBODY}/undo`, body: {}, needs: ['bulk-load:process'] },
  {
    method: 'POST',
    path: `/api/admin/bulk-loads/${NOBODY}/accept`,
    body: {},
    needs: ANSWER('accept'),
    any: true,
  },
  {
    method: 'POST',
    path: `/api/admin/bulk-loads/${NOBODY}/decline`,
    body: {},
    needs: ANSWER('decline'),
    any: true,
  },
];
/**
 * Issue 14's online sales and payments and issue 15's subscriptions: reading them is the seed's
 * payment:read, their CSV files payment:export, recording a payment's outcome and moving a subscription's
 * charge payment:create, voiding or refunding payment:delete, cancelling subscription:cancel.
 */
const MONEY_ROUTES: Route[] = [
  { method: 'GET', path: '/api/admin/sales', needs: ['payment:read'] },
  { method: 'GET', path: `/api/admin/sales/${NOBODY}`, needs: ['payment:read'] },
  { method: 'GET', path: `/api/admin/sales/${NOBODY}/history`, needs: ['payment:read'] },
  { method: 'GET', path: '/api/admin/sales/export', needs: ['payment:export'] },
  { method: 'GET', path: '/api/admin/payments', needs: ['payment:read'] },
  { method: 'GET', path: `/api/admin/payments/${NOBODY}`, needs: ['payment:read'] },
  { method: 'GET', path: '/api/admin/payments/export', needs: ['payment:export'] },
  { method: 'POST', path: `/api/admin/payments/${NOBODY}/resultado`, body: {}, needs: ['payment:create'] },
  { method: 'POST', path: `/api/admin/payments/${NOBODY}/anulaciones`, body: {}, needs: ['payment:delete'] },
  { method: 'POST', path: `/api/admin/payments/${NOBODY}/devoluciones`, body: {}, needs: ['payment:delete'] },
  { method: 'GET', path: '/api/admin/subscriptions', needs: ['payment:read'] },
  { method: 'GET', path: `/api/admin/subscriptions/${NOBODY}`, needs: ['payment:read'] },
  {
    method: 'POST',
    path: `/api/admin/subscriptions/${NOBODY}/fecha-de-cobro`,
    body: {},
    needs: ['payment:create'],
  },
  {
    method: 'POST',
    path: `/api/admin/subscriptions/${NOBODY}/cobros-forzados`,
    body: {},
    needs: ['payment:create'],
  },
  {
    method: 'POST',
    path: `/api/admin/subscriptions/${NOBODY}/solicitud-cancelacion`,
    body: {},
    needs: ['subscription:cancel'],
  },
  {
    method: 'POST',
    path: `/api/admin/subscriptions/${NOBODY}/cancelacion`,
    body: {},
    needs: ['subscription:cancel'],
  },
];
const ROUTES: Route[] = [
  { method: 'GET', path: '/api/admin/users', needs: ['user:read'] },
  { method: 'GET', path: `/api/admin/users/${NOBODY}`, needs: ['user:read'] },
  { method: 'POST', path: '/api/admin/users', body: {}, needs: ['user:create'] },
  { method: 'PUT', path: `/api/admin/users/${NOBODY}`, body: {}, needs: ['user:update'] },
  { method: 'GET', path: '/api/admin/roles', needs: ['role:read'] },
  { method: 'GET', path: '/api/admin/roles/EJECUTIVO', needs: ['role:read'] },
  {
    method: 'PUT',
    path: '/api/admin/roles/EJECUTIVO',
    body: { permissions: ['no:such'] },
    needs: ['role:update'],
  },
  { method: 'GET', path: '/api/admin/permissions', needs: ['role:read'] },
  { method: 'GET', path: '/api/admin/audit', needs: ['role:read'] },
  { method: 'GET', path: '/api/admin/organizations', needs: ['admin:organization:read'] },
  { method: 'GET', path: '/api/admin/organizations/no-such-company', needs: ['admin:organization:read'] },
  { method: 'POST', path: '/api/admin/organizations', body: {}, needs: ['admin:organization:create'] },
  {
    method: 'PUT',
    path: '/api/admin/organizations/no-such-company',
    body: {},
    needs: ['admin:organization:update'],
  },
  ...['lead-statuses', 'lead-sub-statuses', 'failure-reasons', 'lead-transitions'].flatMap(
    (resource): Route[] => [
      { method: 'GET', path: `/api/admin/${resource}`, needs: ['lead-catalogue:read'] },
      { method: 'GET', path: `/api/admin/${resource}/999`, needs: ['lead-catalogue:read'] },
      { method: 'POST', path: `/api/admin/${resource}`, body: {}, needs: ['lead-catalogue:update'] },
      {
        method: 'PUT',
        path: `/api/admin/${resource}/999`,
        body: { revision: 'x' },
        needs: ['lead-catalogue:update'],
      },
      { method: 'DELETE', path: `/api/admin/${resource}/999`, needs: ['lead-catalogue:update'] },
    ],
  ),
  { method: 'GET', path: '/api/admin/leads', needs: LEAD_READ, any: true },
  { method: 'GET', path: `/api/admin/leads/${NOBODY}`, needs: LEAD_READ, any: true },
  { method: 'GET', path: `/api/admin/leads/${NOBODY}/history`, needs: ['lead:read-history'] },
  { method: 'GET', path: '/api/admin/lead-counts', needs: LEAD_READ, any: true },
  { method: 'GET', path: '/api/admin/agenda', needs: LEAD_READ, any: true },
  { method: 'POST', path: '/api/admin/leads/assign', body: {}, needs: ['lead:assign'] },
  { method: 'POST', path: `/api/admin/leads/${NOBODY}/assign`, body: {}, needs: ['lead:assign'] },
  { method: 'POST', path: `/api/admin/leads/${NOBODY}/status`, body: {}, needs: ['lead:update-status'] },
  { method: 'POST', path: `/api/admin/leads/${NOBODY}/notes`, body: {}, needs: ['lead:note'] },
  { method: 'POST', path: `/api/admin/leads/${NOBODY}/events`, body: {}, needs: ['lead:schedule'] },
  // Group insurance (issue 16; 002-6.03, 002-6.04, 002-6.05, 002-6.11).
  ...GROUP_INSURANCE_ROUTES,
  // Online sales and payments (issue 14), subscriptions (issue 15).
  ...MONEY_ROUTES,
];

let runtime: TestRuntime;
let adminToken: string;
const sessions = new Map<RoleCode, { token: string; permissions: Set<string> }>();
const PASSWORD = 'Matriz.2026!';

const call = (route: Route, token?: string) =>
  fetch(`${runtime.url}${route.path}`, {
    method: route.method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(route.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
  });

/** A user holding exactly one role, signed in with a password of their own (an admin's is temporary). */
async function sessionFor(role: RoleCode) {
  const email = `${role.toLowerCase().replace(/_/g, '.')}@matriz.cl`;
  const organizationId =
    role.startsWith('ADMIN_EMPRESA') || role.endsWith('QPCLIENTS') ? 'constructora-andes' : null;
  const created = await postJson(
    `${runtime.url}/api/admin/users`,
    { email, name: `Usuario ${role}`, roles: [role], organizationId, password: 'Temporal.1!' },
    { Authorization: `Bearer ${adminToken}` },
  );
  expect(created.status).toBe(201);
  const first = await json(await postJson(`${runtime.url}/token`, { email, password: 'Temporal.1!' }));
  const changed = await json(
    await postJson(
      `${runtime.url}/api/admin/me/password`,
      { currentPassword: 'Temporal.1!', newPassword: PASSWORD },
      { Authorization: `Bearer ${first.token}` },
    ),
  );
  return { token: changed.token as string, permissions: new Set<string>(changed.user.permissions) };
}

beforeAll(async () => {
  runtime = await startTestRuntime();
  adminToken = (
    await json(await postJson(`${runtime.url}/token`, { email: 'admin@demo.cl', password: 'Demo.2026!' }))
  ).token;
  for (const role of ROLE_CODES) sessions.set(role, await sessionFor(role));
}, 120_000);
afterAll(async () => {
  await runtime.dispose();
});

describe('every admin route against every role', () => {
  test.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s refuses without a token (401) and follows each role's permissions",
    async (_name, route) => {
      expect((await call(route)).status).toBe(401);
      const mismatches: string[] = [];
      for (const role of ROLE_CODES) {
        const session = sessions.get(role)!;
        const allowed = route.any
          ? route.needs.some((p) => session.permissions.has(p))
          : route.needs.every((p) => session.permissions.has(p));
        const status = (await call(route, session.token)).status;
        const ok = allowed ? ![401, 403, 500].includes(status) : status === 403;
        if (!ok) mismatches.push(`${role}: ${status} (${allowed ? 'allowed' : 'not allowed'})`);
      }
      expect(mismatches).toEqual([]);
    },
  );

  test("issue 14 by default only ADMIN and ADMINISTRADOR export sales and payments (payment:export), record a payment's outcome, void or refund it, move or force a subscription's charge and cancel it; payment:read opens the lists", async () => {
    const answeredBy = async (route: Route) => {
      const roles: RoleCode[] = [];
      for (const role of ROLE_CODES) {
        const status = (await call(route, sessions.get(role)!.token)).status;
        if (status !== 403) roles.push(role);
      }
      return roles;
    };
    for (const route of MONEY_ROUTES.filter((r) => !r.needs.includes('payment:read'))) {
      expect({ route: route.path, roles: await answeredBy(route) }).toEqual({
        route: route.path,
        roles: ['ADMIN', 'ADMINISTRADOR'],
      });
    }
    // Staff who work what sales produce, a company's administrators (their scope reads none) and a CLIENT
    // (their own purchases) open the lists; lead work alone does not.
    const readers = await answeredBy(MONEY_ROUTES[0]!);
    expect(readers).toEqual(
      expect.arrayContaining([
        'ADMIN',
        'ADMINISTRADOR',
        'BACKOFFICE',
        'POSTVENTA',
        'CLIENT',
        'ADMIN_EMPRESA_CLIENTE',
      ]),
    );
    for (const role of ['EJECUTIVO', 'SUPERVISOR', 'REFERIDOR', 'ADMIN_PARTNER'] as RoleCode[])
      expect(readers).not.toContain(role);
  });

  test('002-6.02 the executive may not open roles or permissions, and the API refuses them too', async () => {
    const { token } = await json(
      await postJson(`${runtime.url}/token`, { email: 'ejecutivo@demo.cl', password: 'Demo.2026!' }),
    );
    for (const path of ['/api/admin/roles', '/api/admin/permissions']) {
      const response = await fetch(`${runtime.url}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(403);
      expect((await json(response)).errors[0]).toMatchObject({ rule: 'FORBIDDEN' });
    }
  });
});

describe("a company administrator and another company's data", () => {
  test('sees only their own organization and its users; the other company is a 404', async () => {
    const { token } = await json(
      await postJson(`${runtime.url}/token`, { email: 'empresa@demo.cl', password: 'Demo.2026!' }),
    );
    const headers = { Authorization: `Bearer ${token}` };
    const organizations = await json(await fetch(`${runtime.url}/api/admin/organizations`, { headers }));
    expect(organizations.map((o: any) => o.id)).toEqual(['constructora-andes']);
    expect((await fetch(`${runtime.url}/api/admin/organizations/transportes-sur`, { headers })).status).toBe(
      404,
    );
    const users = await json(await fetch(`${runtime.url}/api/admin/users?range=[0,99]`, { headers }));
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u: any) => u.organizationId === 'constructora-andes')).toBe(true);
    const other = await json(
      await fetch(
        `${runtime.url}/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: 'empresa2@demo.cl' }))}`,
        { headers },
      ),
    );
    expect(other).toEqual([]);
  });
});

describe('tokens', () => {
  test('a tampered, unsigned or foreign-key token gets 401 on every route', async () => {
    const [header, payload, signature] = adminToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: NOBODY })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [
      `${header}.${forged}.${signature}`,
      `${none}.${payload}.`,
      `${header}.${payload}.${'A'.repeat(43)}`,
    ]) {
      for (const route of ROUTES)
        expect([route.path, (await call(route, token)).status]).toEqual([route.path, 401]);
    }
  });
});
