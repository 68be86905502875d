import { ORGANIZATION_CATEGORY, PERMISSIONS, SEED_PERMISSIONS } from '@cubre/schemas';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { createActiveUser, freshEmail, listQuery, rulesOf, signIn, type Session } from './support';

let runtime: TestRuntime;
let admin: Session;
beforeAll(async () => {
  runtime = await startTestRuntime();
  admin = await signIn(runtime.url, 'admin@demo.cl');
});
afterAll(async () => {
  await runtime.dispose();
});

describe('roles: the role-to-permission mapping editor', () => {
  test('002-6.01 002-6.02 lists every role with its permissions; one role with its ETag', async () => {
    const list = await admin.get(`/api/admin/roles${listQuery({ sort: ['id', 'ASC'], range: [0, 99] })}`);
    expect(list.status).toBe(200);
    const rows = await json(list);
    expect(list.headers.get('content-range')).toBe(`roles 0-${rows.length - 1}/${rows.length}`);
    const ids = rows.map((row: { id: string }) => row.id);
    for (const role of [
      'ADMIN',
      'CLIENT',
      'REFERIDOR',
      'ADMIN_QPACCESS',
      'EJECUTIVO',
      'SUPERVISOR',
      'POSTVENTA',
    ]) {
      expect(ids).toContain(role);
    }
    const one = await admin.get('/api/admin/roles/EJECUTIVO');
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe('"0"');
    expect(await json(one)).toMatchObject({ id: 'EJECUTIVO', name: 'Ejecutivo', revision: 0 });
    const withPermission = await json(
      await admin.get(`/api/admin/roles${listQuery({ filter: { permission: 'role:update' } })}`),
    );
    expect(withPermission.map((row: { id: string }) => row.id).sort()).toEqual(['ADMIN', 'ADMINISTRADOR']);
  });

  test('002-8.05 an unknown role is 404 ROLE_NOT_FOUND; roles are not created or deleted (405)', async () => {
    const unknown = await admin.get('/api/admin/roles/SUPERHEROE');
    expect(unknown.status).toBe(404);
    expect(await rulesOf(unknown)).toEqual(['ROLE_NOT_FOUND']);
    expect((await admin.delete('/api/admin/roles/EJECUTIVO')).status).toBe(405);
    expect((await admin.post('/api/admin/roles', { id: 'NUEVO', permissions: [] })).status).toBe(405);
  });

  test('an edit takes effect on the next request of every user of the role; a stale one is 409', async () => {
    const executive = await signIn(runtime.url, 'ejecutivo@demo.cl');
    expect((await executive.get('/api/admin/users')).status).toBe(403);
    const before = await json(await admin.get('/api/admin/roles/EJECUTIVO'));
    const granted = await admin.put(
      '/api/admin/roles/EJECUTIVO',
      { ...before, permissions: [...before.permissions, 'user:read'] },
      { 'If-Match': `"${before.revision}"` },
    );
    expect(granted.status).toBe(200);
    expect(granted.headers.get('etag')).toBe(`"${before.revision + 1}"`);
    expect((await json(granted)).permissions).toContain('user:read');
    expect((await executive.get('/api/admin/users')).status).toBe(200);
    expect((await json(await executive.get('/api/admin/me'))).permissions).toContain('user:read');

    const stale = await admin.put(
      '/api/admin/roles/EJECUTIVO',
      { ...before },
      { 'If-Match': `"${before.revision}"` },
    );
    expect(stale.status).toBe(409);
    const restored = await admin.put('/api/admin/roles/EJECUTIVO', {
      permissions: before.permissions,
      revision: before.revision + 1,
    });
    expect(restored.status).toBe(200);
    expect((await executive.get('/api/admin/users')).status).toBe(403);
  });

  test('an unknown permission is a 400 naming it', async () => {
    const response = await admin.put('/api/admin/roles/EJECUTIVO', {
      permissions: ['lead:read', 'lead:fly'],
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toEqual([
      expect.objectContaining({ field: 'permissions.1', rule: 'NOT_FOUND' }),
    ]);
  });

  test('002-8.05 removing role:update from ADMIN is refused (409 NOT_EDITABLE): nobody is locked out', async () => {
    const current = await json(await admin.get('/api/admin/roles/ADMIN'));
    const response = await admin.put('/api/admin/roles/ADMIN', {
      permissions: current.permissions.filter((permission: string) => permission !== 'role:update'),
    });
    expect(response.status).toBe(409);
    expect(await rulesOf(response)).toEqual(['NOT_EDITABLE']);
    const still = await json(await admin.get('/api/admin/roles/ADMIN'));
    expect(still.permissions).toContain('role:update');
  });

  test('role:read is needed to read and role:update to edit', async () => {
    const supervisor = await signIn(runtime.url, 'supervisor@demo.cl');
    expect((await supervisor.get('/api/admin/roles')).status).toBe(403);
    expect((await supervisor.get('/api/admin/permissions')).status).toBe(403);
    expect((await supervisor.get('/api/admin/audit')).status).toBe(403);
    const access = await createActiveUser(admin, { roles: ['ADMIN_QPACCESS'] });
    expect((await access.session.get('/api/admin/roles')).status).toBe(200);
    const edit = await access.session.put('/api/admin/roles/CLIENT', { permissions: [] });
    expect(edit.status).toBe(403);
    expect((await json(edit)).detail).toContain('role:update');
  });
});

describe('permissions: the read-only catalogue', () => {
  test('002-6.03 lists every permission with its group and whether the seed names it', async () => {
    const response = await admin.get(`/api/admin/permissions${listQuery({ range: [0, 999] })}`);
    expect(response.status).toBe(200);
    const rows = await json(response);
    expect(rows).toHaveLength(PERMISSIONS.length);
    expect(response.headers.get('content-range')).toBe(
      `permissions 0-${PERMISSIONS.length - 1}/${PERMISSIONS.length}`,
    );
    expect(rows).toContainEqual({ id: 'policy:upload-file', group: 'policy', seed: true });
    expect(rows).toContainEqual({ id: 'admin:insurer:update-cutting-day', group: 'admin', seed: true });
    expect(rows).toContainEqual({ id: 'lead:read-all', group: 'lead', seed: false });
    expect(rows.filter((row: { seed: boolean }) => row.seed)).toHaveLength(SEED_PERMISSIONS.length);
  });

  test('sorts, pages and filters by group, seed and id', async () => {
    const page = await admin.get(
      `/api/admin/permissions${listQuery({ sort: ['id', 'DESC'], range: [0, 4] })}`,
    );
    const ids = (await json(page)).map((row: { id: string }) => row.id);
    expect(ids).toEqual([...PERMISSIONS].sort().reverse().slice(0, 5));
    expect(page.headers.get('content-range')).toBe(`permissions 0-4/${PERMISSIONS.length}`);
    const bulk = await json(
      await admin.get(`/api/admin/permissions${listQuery({ filter: { group: 'bulk-load' } })}`),
    );
    expect(bulk.map((row: { id: string }) => row.id).sort()).toEqual([
      'bulk-load:bulk-activation',
      'bulk-load:bulk-cancellation',
      'bulk-load:process',
      'bulk-load:read',
    ]);
    const ours = await json(
      await admin.get(`/api/admin/permissions${listQuery({ filter: { seed: false }, range: [0, 999] })}`),
    );
    expect(ours.every((row: { seed: boolean }) => !row.seed)).toBe(true);
    const many = await json(
      await admin.get(`/api/admin/permissions${listQuery({ filter: { id: ['role:read', 'user:read'] } })}`),
    );
    expect(many.map((row: { id: string }) => row.id).sort()).toEqual(['role:read', 'user:read']);
    expect((await admin.get('/api/admin/permissions/contact-us:create')).status).toBe(200);
    expect((await admin.put('/api/admin/permissions/contact-us:create', {})).status).toBe(405);
  });
});

describe('organizations', () => {
  test('create, read, update with If-Match; a stale one is 409; never deleted (405)', async () => {
    const created = await admin.post('/api/admin/organizations', {
      name: 'Minera Ñuble S.A.',
      rut: '96.512.190-5',
    });
    expect(created.status).toBe(201);
    const record = await json(created);
    expect(record).toMatchObject({ name: 'Minera Ñuble S.A.', rut: '96.512.190-5', revision: 0 });
    expect(created.headers.get('location')).toBe(`/api/admin/organizations/${record.id}`);
    const found = await json(
      await admin.get(`/api/admin/organizations${listQuery({ filter: { q: 'nuble' } })}`),
    );
    expect(found.map((row: { id: string }) => row.id)).toEqual([record.id]);

    const updated = await admin.put(
      `/api/admin/organizations/${record.id}`,
      { ...record, name: 'Minera Ñuble SpA' },
      { 'If-Match': '"0"' },
    );
    expect(updated.status).toBe(200);
    expect(await json(updated)).toMatchObject({ name: 'Minera Ñuble SpA', revision: 1 });
    const stale = await admin.put(
      `/api/admin/organizations/${record.id}`,
      { name: 'Otra' },
      { 'If-Match': '"0"' },
    );
    expect(stale.status).toBe(409);
    expect((await admin.delete(`/api/admin/organizations/${record.id}`)).status).toBe(405);
    const unknown = await admin.get('/api/admin/organizations/no-existe');
    expect(unknown.status).toBe(404);
    expect(await rulesOf(unknown)).toEqual(['NOT_FOUND']);
  });

  test('a company administrator neither creates organizations nor edits another company', async () => {
    const company = await signIn(runtime.url, 'empresa@demo.cl');
    expect((await company.post('/api/admin/organizations', { name: 'Propia SpA' })).status).toBe(403);
    expect((await company.put('/api/admin/organizations/transportes-sur', { name: 'X' })).status).toBe(403);
  });
});

describe('audit: who changed what', () => {
  test('user, role and organization changes are listed newest first with their actor, never a password hash', async () => {
    const email = freshEmail('auditado');
    const created = await json(
      await admin.post('/api/admin/users', {
        email,
        name: 'Auditado',
        roles: ['EJECUTIVO'],
        password: 'Temp.2026#',
      }),
    );
    await admin.put(`/api/admin/users/${created.id}`, { password: 'Otra.2026#' });
    const response = await admin.get(
      `/api/admin/audit${listQuery({ filter: { streamId: `user-${created.id}` }, range: [0, 99] })}`,
    );
    expect(response.status).toBe(200);
    const rows = await json(response);
    expect(rows.map((row: { type: string }) => row.type)).toEqual(['UserPasswordChanged', 'UserRegistered']);
    for (const row of rows) {
      expect(row.actor).toEqual({ kind: 'user', id: admin.user.id });
      expect(row).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          streamId: `user-${created.id}`,
          occurredAt: expect.any(String),
        }),
      );
    }
    expect(rows[1].data).toMatchObject({ email, roles: ['EJECUTIVO'], mustChangePassword: true });
    const everything = await json(await admin.get(`/api/admin/audit${listQuery({ range: [0, 999] })}`));
    expect(JSON.stringify(everything)).not.toMatch(/passwordHash|scrypt\$/);

    const roles = await json(
      await admin.get(`/api/admin/audit${listQuery({ filter: { category: 'role' } })}`),
    );
    expect(roles.length).toBeGreaterThan(0);
    expect(roles[0]).toMatchObject({ type: 'RolePermissionsSet', category: 'role' });
    const byAdmin = await json(
      await admin.get(
        `/api/admin/audit${listQuery({ filter: { actorId: admin.user.id }, range: [0, 999] })}`,
      ),
    );
    expect(byAdmin.every((row: { actor: { id: string } }) => row.actor.id === admin.user.id)).toBe(true);
    const one = await admin.get(`/api/admin/audit/${rows[0].id}`);
    expect(await json(one)).toEqual(rows[0]);
    expect((await admin.delete(`/api/admin/audit/${rows[0].id}`)).status).toBe(405);
  });

  test('the lead catalogues are audited too (leadStatus, leadSubStatus, failureReason, leadTransition)', async () => {
    const categories = ['leadStatus', 'leadSubStatus', 'failureReason', 'leadTransition'];
    let last = { globalPosition: 0, streamId: '' };
    for (const [index, category] of categories.entries()) {
      const streamId = `${category}-9999${index}`;
      const appended = await runtime.engines.eventStore.append(streamId, [
        {
          id: crypto.randomUUID(),
          type: 'AuditProbeDefined',
          occurredAt: new Date().toISOString(),
          data: { record: { id: 90 + index }, passwordHash: 'scrypt$1$1$1$a$b' },
          metadata: { correlationId: 'test', causationId: null, actor: { kind: 'user', id: admin.user.id } },
        },
      ]);
      last = { globalPosition: appended.globalPosition, streamId };
    }
    await runtime.runner!.waitUntilVisible(last, ['identity']);
    const rows = await json(
      await admin.get(
        `/api/admin/audit${listQuery({ filter: { type: 'AuditProbeDefined' }, range: [0, 9] })}`,
      ),
    );
    expect(rows.map((row: { category: string }) => row.category).sort()).toEqual([...categories].sort());
    expect(rows[0].data).toEqual({ record: { id: 93 } });
  });

  test('company administrators see only their company in the audit', async () => {
    const company = await signIn(runtime.url, 'empresa@demo.cl');
    const rows = await json(await company.get(`/api/admin/audit${listQuery({ range: [0, 999] })}`));
    expect(rows.length).toBeGreaterThan(0);
    const users = await json(
      await admin.get(
        `/api/admin/users${listQuery({ filter: { organizationId: 'constructora-andes' }, range: [0, 999] })}`,
      ),
    );
    const allowed = new Set([
      `${ORGANIZATION_CATEGORY}-constructora-andes`,
      ...users.map((user: { id: string }) => `user-${user.id}`),
    ]);
    expect(rows.filter((row: { streamId: string }) => !allowed.has(row.streamId))).toEqual([]);
  });
});
